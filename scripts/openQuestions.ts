import { deriveWithGaps } from "./derive/cloudActExposure.js";
import { answers, asks, HEADLINE_QUESTIONS, type BuyerQuestion } from "./schema/buyerQuestions.js";
import { factAt, pathKey, type FactPath } from "./schema/factPath.js";
import type { Provider } from "./schema/index.js";

/**
 * The headline questions a record leaves open, and for each the Fact a reader would fill and what its note says was
 * searched. An open question is a research target until its sources were read and found wanting: this list is
 * where a maintainer sees which is which, and what a closing note names when a coverage target is missed.
 */

export const NORDIC_COUNTRIES: ReadonlySet<string> = new Set(["SE", "NO", "DK", "FI", "IS"]);

/** A record of the Nordic market: its HQ, or one of its data centres, in SE, NO, DK, FI or IS. */
export function isNordicRecord(record: Provider): boolean {
  const hq = factAt(record, ["ownership", "country_hq"])?.value;
  if (typeof hq === "string" && NORDIC_COUNTRIES.has(hq)) return true;
  const locations = factAt(record, ["sovereignty", "datacenter_locations"])?.value;
  return Array.isArray(locations) && locations.some((location) => NORDIC_COUNTRIES.has(String((location as { country?: unknown })?.country)));
}

export interface OpenFact {
  /** The Fact that would answer the question, or a link the derived answer waits for. */
  path: string;
  /** What the derived answer needs of it, in the rule's words; absent for a question answered by this Fact itself. */
  needed?: string;
  /** The sentence of its note that says what was searched; null when none does. */
  searched: string | null;
}

export interface OpenQuestion {
  key: string;
  facts: OpenFact[];
}

export interface OpenRecord {
  id: string;
  category: string;
  nordic: boolean;
  open: OpenQuestion[];
}

/** Words a note uses when it records a search that found nothing (in the dataset's notes, English). */
const SEARCH_WORDS = /\b(search(?:ed|es)?|looked for|no source (?:found|seen)|not found|were not found|was not found|none found|not (?:among the )?stored)\b/i;
const MAX_SEARCH_CHARS = 300;

/** The first sentence of a note that records a search, cut to a readable length; null when none does. */
export function searchRecordedIn(note: unknown): string | null {
  if (typeof note !== "string") return null;
  const sentences = note.split(/(?<=[.;])\s+(?=[A-Z"'(])/);
  const sentence = sentences.find((candidate) => SEARCH_WORDS.test(candidate));
  if (!sentence) return null;
  return sentence.length > MAX_SEARCH_CHARS ? `${sentence.slice(0, MAX_SEARCH_CHARS - 1)}…` : sentence;
}

/** The block and member a derived rule's missing link names ("ownership.country_hq from the provider's own …"). */
const DOTTED_PATH = /\b(ownership|sovereignty|compliance|pricing)\.([a-z0-9_]+)/;
const INFRASTRUCTURE: FactPath = ["sovereignty", "infrastructure"];

function openFact(record: Provider, path: FactPath, needed?: string): OpenFact {
  return { path: pathKey(path), ...(needed === undefined ? {} : { needed }), searched: searchRecordedIn(factAt(record, path)?.note) };
}

/** The Facts an open question waits for: its own, or for the derived answer the links the rule still misses. */
function factsOfQuestion(record: Provider, question: BuyerQuestion): OpenFact[] {
  if (!question.derived) return [openFact(record, question.path)];
  const { missing } = deriveWithGaps(record);
  const facts = missing.map((needed) => {
    const named = needed.match(DOTTED_PATH);
    return openFact(record, named ? [named[1]!, named[2]!] : INFRASTRUCTURE, needed);
  });
  // Every input present and still undecided: the rule waits for the complete list.
  return facts.length > 0 ? facts : [openFact(record, INFRASTRUCTURE, "sovereignty.infrastructure as a complete list")];
}

/** Every record's open headline questions, records with none left out, in id order. */
export function openQuestionsOf(providers: readonly Provider[], questions: readonly BuyerQuestion[] = HEADLINE_QUESTIONS): OpenRecord[] {
  const records: OpenRecord[] = [];
  for (const record of [...providers].sort((a, b) => a.id.localeCompare(b.id))) {
    const open = questions.filter((question) => asks(question, record.category) && !answers(question, record)).map((question) => ({ key: question.key, facts: factsOfQuestion(record, question) }));
    if (open.length > 0) records.push({ id: record.id, category: record.category, nordic: isNordicRecord(record), open });
  }
  return records;
}

/** Whether every Fact an open question waits for carries a recorded search. */
export const searchedThrough = (question: OpenQuestion): boolean => question.facts.every((fact) => fact.searched !== null);

/** The list as text: a summary line, then per record each open question and what was searched. */
export function formatOpenQuestions(records: readonly OpenRecord[], scope: string): string {
  const questions = records.flatMap((record) => record.open);
  const searched = questions.filter(searchedThrough).length;
  const lines = [`Open headline questions (${scope}): ${questions.length} on ${records.length} records; every input's search recorded: ${searched}; not recorded: ${questions.length - searched}`, ""];
  for (const record of records) {
    lines.push(`${record.id} (${record.category}${record.nordic ? ", Nordic" : ""})`);
    for (const question of record.open) {
      for (const [index, fact] of question.facts.entries()) {
        const label = index === 0 ? question.key.padEnd(15) : " ".repeat(15);
        const what = fact.needed ?? fact.path;
        lines.push(`  ${label} ${what}`);
        lines.push(`  ${" ".repeat(15)}   ${fact.searched === null ? "no search recorded" : `searched: ${fact.searched}`}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
