/** How a Fact is quoted: value, status, verification date and source date on one line, or "not researched". */
import { createHash } from "node:crypto";
import { isFact, type FactLike } from "../schema/facts.js";
import { formatSourceDate, withoutHiddenCharacters } from "../schema/primitives.js";
import type { Provider } from "../schema/index.js";
import { questionByPath } from "../schema/buyerQuestions.js";
import { provenCurrencyOf } from "../schema/prices.js";
import { evidenceOf, evidenceWords, statusWords, type FactEvidence } from "./evidence.js";

/**
 * A Fact as a tool hands it out: the record's own Fact (provenance intact), one line that quotes it, and beside
 * it whose statement it is, the source's own words and, for the derived answer, its grade and deciding link.
 */
export interface CitedFact extends FactEvidence {
  /** Dotted path in the record, e.g. compliance.gdpr_dpa_available. */
  path: string;
  /** False when the record has no Fact here or its status is unknown: not researched, which never means "no". */
  researched: boolean;
  /** The value with its status, verification date and source date: the words to repeat, never a bare value. */
  quote: string;
  /** The Fact exactly as the record holds it; null when the record has none. */
  fact: Record<string, unknown> | null;
}

/** The Fact at a dotted path, if the record holds one there. */
export function factAtPath(record: Provider, dotted: string): FactLike | undefined {
  let node: unknown = record;
  for (const key of dotted.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return isFact(node) ? node : undefined;
}

/** Values come from data (or a remote site): one line each, so a value cannot pose as another line of the answer. */
const oneLine = (text: string, max = 160) => {
  const flat = withoutHiddenCharacters(text).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** How many items of a long list are named before "… and N more". */
const LIST_SHOWN = 8;

function listItem(item: unknown): string {
  if (!isObject(item)) return oneLine(String(item), 60);
  // A data-centre location: country, then city and role.
  if (typeof item.country === "string") {
    const details = [item.city, item.role].filter((part): part is string => typeof part === "string").map((part) => oneLine(part, 60));
    return details.length ? `${oneLine(item.country, 8)} (${details.join(", ")})` : oneLine(item.country, 8);
  }
  // A certification: whether it is held is the point, so it is always said.
  if (typeof item.name === "string" && typeof item.achieved === "boolean") return `${oneLine(item.name, 80)} (${item.achieved ? "achieved" : "not achieved"})`;
  // A model: its prices, when listed, answer "what does it cost".
  if (typeof item.name === "string") {
    const prices = [typeof item.input_price === "number" ? `in ${item.input_price}` : null, typeof item.output_price === "number" ? `out ${item.output_price}` : null].filter(Boolean);
    return prices.length ? `${oneLine(item.name, 80)} (${prices.join(" / ")})` : oneLine(item.name, 80);
  }
  return oneLine(JSON.stringify(item), 60);
}

/** A price's currency, named with it so a number is never read in the wrong unit; only where the price's source proves it. */
function currencyOf(record: Provider, fact: FactLike): string {
  const currency = record.pricing?.currency;
  if (!currency || currency.status === "unknown" || typeof currency.value !== "string") return "(currency not researched)";
  return provenCurrencyOf(record, fact) ?? "(currency not proven by this price's source)";
}

/** A vocabulary token with what it means, so an assistant never has to guess what "opt_out" promises. */
function tokenWords(dotted: string, value: unknown): string | null {
  const question = questionByPath(dotted);
  const shape = question?.shape;
  if (!shape || (shape.kind !== "token" && shape.kind !== "tokens")) return null;
  const tokens = Array.isArray(value) ? value : [value];
  return tokens.map((token) => `${String(token)} (${shape.vocabulary.terms[String(token)]?.meaning ?? "not in the vocabulary"})`).join(", ");
}

function valueWords(record: Provider, dotted: string, fact: FactLike): string {
  const value = fact.value;
  if (value === null || value === undefined) return "no value stated";
  const token = tokenWords(dotted, value);
  if (token) return token;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") {
    if (dotted === "pricing.price_per_1m_input_tokens") return `${value} ${currencyOf(record, fact)} per 1M input tokens`;
    if (dotted === "pricing.price_per_1m_output_tokens") return `${value} ${currencyOf(record, fact)} per 1M output tokens`;
    return String(value);
  }
  if (typeof value === "string") return JSON.stringify(oneLine(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return "an empty list";
    const shown = value.slice(0, LIST_SHOWN).map(listItem).join("; ");
    const more = value.length > LIST_SHOWN ? `; … and ${value.length - LIST_SHOWN} more` : "";
    const unit = dotted === "models" && value.some((item) => isObject(item) && ("input_price" in item || "output_price" in item)) ? `, prices per 1M tokens in ${currencyOf(record, fact)}` : "";
    return `${value.length} listed${unit}: ${shown}${more}`;
  }
  return oneLine(JSON.stringify(value));
}

/** verified_at and source_date are two different ages: both are always said, and absent is not the same as null. */
function datesOf(fact: FactLike): string {
  const verified =
    typeof fact.verified_at === "string"
      ? `verified ${fact.verified_at}${typeof fact.verified_by === "string" ? ` (${fact.verified_by})` : ""}`
      : fact.verified_at === null
        ? "never verified"
        : "verification date not recorded";
  const sourceDate = typeof fact.source_date === "string" ? `source dated ${formatSourceDate(fact.source_date)}` : fact.source_date === null ? "undated source" : "source date not recorded";
  return `${verified}, ${sourceDate}`;
}

/** The one line a tool answers with for a field: value, status and both dates, or "not researched". */
export function quoteFact(record: Provider, dotted: string, fact: FactLike | undefined): string {
  if (!fact) return "not researched (the record has no Fact for this field; this is not a 'no')";
  const status = String(fact.status);
  if (status === "unknown") return "not researched (status unknown; this is not a 'no')";
  const partial = fact.partial === true ? " (partial list: a sample, so a missing item is not evidence of absence)" : fact.partial === false ? " (complete list)" : "";
  const display = typeof fact.display === "string" ? ` ("${oneLine(fact.display, 200)}")` : "";
  const value = status === "not_applicable" ? "" : `${valueWords(record, dotted, fact)}${display}${partial} — `;
  if (Array.isArray(fact.derived_from)) return `${value}${statusWords(fact)}; derived from ${fact.derived_from.map(String).join(", ")} (quote those Facts with their sources)${evidenceWords(fact)}`;
  const source = typeof fact.source_url === "string" ? `; source ${fact.source_url}` : "; no source link";
  return `${value}${statusWords(fact)}; ${datesOf(fact)}${source}${evidenceWords(fact)}`;
}

export function citeFact(record: Provider, dotted: string): CitedFact {
  const fact = factAtPath(record, dotted);
  return {
    path: dotted,
    researched: fact !== undefined && fact.status !== "unknown",
    quote: quoteFact(record, dotted, fact),
    ...evidenceOf(fact),
    fact: fact ? { ...(fact as Record<string, unknown>) } : null,
  };
}

/** "Name (id), category", with the dispute when the record's identity or operating state is contested. */
export function providerHeading(record: Provider): string {
  const contested = record._contested ? ` — CONTESTED: ${oneLine(record._contested.reason)}` : "";
  return `${oneLine(record.name, 80)} (${record.id}), ${record.category}${contested}`;
}

/**
 * Where one record stays, byte for byte, for good: /archive/records/<sha256>.json, named by the SHA-256 of its
 * published bytes (the compact JSON /api/data/<id> serves, with its newline). The provider pages cite the same
 * address, so an answer and a page about the same record cite alike, and a change of another record changes neither.
 */
export function recordAddress(record: Provider): string {
  return `/archive/records/${createHash("sha256").update(`${JSON.stringify(record)}\n`).digest("hex")}.json`;
}

/**
 * The licence asks for a citation with the version: every answer that quotes Facts ends with it. The version pins
 * the data (it is derived from it), and the site keeps that version's dataset at its archive path for good, as
 * llms.txt says; an answer about one provider also names that record's own permanent copy.
 */
export function citationLine(version: string, license: string | undefined, record?: Provider): string {
  const shown = oneLine(version, 40);
  const own = record ? ` This provider's record as quoted stays at ${recordAddress(record)} (the same bytes as /api/data/${record.id} now).` : "";
  return `Cite as: European AI infrastructure evidence dataset, version ${shown}, ${license ? oneLine(license, 40) : "CC BY 4.0"}, with each Fact's status, verification date and source date. That version's dataset stays on the site at /archive/${encodeURIComponent(shown)}.json.${own}`;
}
