import { BUYER_QUESTIONS, type BuyerQuestion } from "./buyerQuestions.js";
import type { FactStatus } from "./fact.js";
import { factAt, isResearched, type FactLike } from "./factPath.js";

/**
 * A buyer question's answer on one record, typed: what the pages, the CSV, MCP and the filters read. The
 * value is the Fact's own (a token, a code, a boolean, a list); `text` says it in a language; `keys` are the
 * values a filter matches it by. An answer that is missing or unknown is "not researched", never "no".
 */
export type Lang = "en" | "sv";

export interface TypedAnswer {
  question: BuyerQuestion;
  /** Null when the field is missing or unknown: not researched. */
  status: FactStatus | null;
  value: unknown;
  fact: FactLike | undefined;
  /** The values a filter matches (tokens, codes, "true"/"false", "listed"); empty when not researched. */
  keys: string[];
  /** A number to compare and sort by (a price, a count of days), when the answer is one. */
  number: number | null;
}

/** The few words a typed answer is said with, beyond its vocabulary's labels; the compare page's script uses them too. */
export const ANSWER_WORDS = {
  en: { yes: "yes", no: "no", notApplicable: "not applicable", partial: "partial list", inProgress: "in progress", ifChosen: "if chosen", untilDeleted: "until deleted", notStored: "not stored", days: "days", parentUnknown: "parent not established", incorporatedIn: "incorporated in" },
  sv: { yes: "ja", no: "nej", notApplicable: "ej tillämplig", partial: "ofullständig lista", inProgress: "pågår", ifChosen: "om vald", untilDeleted: "tills de raderas", notStored: "sparas inte", days: "dagar", parentUnknown: "ägare ej fastställd", incorporatedIn: "registrerat i" },
} as const satisfies Record<Lang, Record<string, string>>;

type Location = { country: string };
type Certification = { name: string; achieved: boolean };
type Link = { name: string; kind: string; jurisdiction: string | null; seat?: string; optional?: boolean };

const unique = (items: readonly string[]) => [...new Set(items)];

/** The filter keys of a value, by the question's shape. */
function keysOf(question: BuyerQuestion, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  switch (question.shape.kind) {
    case "boolean":
      return [String(value)];
    case "tokens":
      return Array.isArray(value) ? value.map(String) : [];
    case "locations":
      return Array.isArray(value) ? unique((value as Location[]).map((item) => item.country)).sort() : [];
    case "certifications":
      return Array.isArray(value) ? (value as Certification[]).filter((item) => item.achieved).map((item) => item.name) : [];
    case "infrastructure":
      return Array.isArray(value) ? unique((value as Link[]).flatMap((item) => (item.jurisdiction ? [item.jurisdiction] : []))).sort() : [];
    case "url":
      return ["listed"];
    default:
      return [String(value)];
  }
}

/** The answer to one question on one record. */
export function answerOf(record: object, question: BuyerQuestion): TypedAnswer {
  const fact = factAt(record, question.path);
  if (!isResearched(fact) || fact!.value === null || fact!.value === undefined) {
    const status = fact?.status === "not_applicable" ? "not_applicable" : null;
    return { question, status, value: null, fact, keys: [], number: null };
  }
  const value = fact!.value;
  const number = typeof value === "number" ? value : null;
  return { question, status: fact!.status as FactStatus, value, fact, keys: keysOf(question, value), number };
}

/** Every question's answer on a record, in the registry's order. */
export function answersOf(record: object, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): TypedAnswer[] {
  return questions.map((question) => answerOf(record, question));
}

/** A typed value as a person reads it, in one language; lists joined with ", ". */
export function valueText(question: BuyerQuestion, value: unknown, lang: Lang, partial = false): string {
  const shape = question.shape;
  const words = ANSWER_WORDS[lang];
  const tail = partial ? ` (${words.partial})` : "";
  switch (shape.kind) {
    case "boolean":
      return value === true ? words.yes : value === false ? words.no : String(value);
    case "token": {
      const term = shape.vocabulary.terms[String(value)];
      return term ? term[lang] : String(value);
    }
    case "tokens":
      return (Array.isArray(value) ? value : [value]).map((token) => shape.vocabulary.terms[String(token)]?.[lang] ?? String(token)).join(", ");
    case "days":
      if (value === "until_deleted") return words.untilDeleted;
      if (value === 0) return words.notStored;
      return `${String(value)} ${words.days}`;
    case "locations":
      return keysOf(question, value).join(", ") + tail;
    case "certifications":
      return (value as Certification[]).map((item) => (item.achieved ? item.name : `${item.name} (${words.inProgress})`)).join(", ") + tail;
    case "infrastructure":
      return (
        (value as Link[])
          .map((item) => `${item.name} (${item.jurisdiction ?? words.parentUnknown}${item.seat ? `, ${words.incorporatedIn} ${item.seat}` : ""}${item.optional ? `, ${words.ifChosen}` : ""})`)
          .join(", ") + tail
      );
    default:
      return String(value);
  }
}

/** The answer as a person reads it; null when not researched. */
export function answerText(answer: TypedAnswer, lang: Lang): string | null {
  if (answer.status === "not_applicable") return ANSWER_WORDS[lang].notApplicable;
  if (answer.status === null) return null;
  return valueText(answer.question, answer.value, lang, answer.fact?.partial === true);
}

/** The answer as one spreadsheet or filter cell: booleans as true/false, lists joined with ";". */
export function typedCell(answer: TypedAnswer): string {
  if (answer.status === null || answer.status === "not_applicable") return "";
  const { value, question } = answer;
  if (question.shape.kind === "infrastructure")
    return (value as Link[]).map((item) => `${item.name}:${item.kind}:${item.jurisdiction ?? "unknown"}${item.seat ? `:seat=${item.seat}` : ""}${item.optional ? ":optional" : ""}`).join(";");
  if (question.shape.kind === "certifications") return (value as Certification[]).map((item) => (item.achieved ? item.name : `${item.name} (in progress)`)).join(";");
  if (Array.isArray(value)) return answer.keys.join(";");
  return String(value);
}

/** What a filter wants of one question: any of some values, a yes/no, or at most a number (in a currency). */
export type Wanted = { anyOf: readonly (string | boolean)[] } | { max: number; currency?: string };

export type Match = { kind: "yes" } | { kind: "no" } | { kind: "undecided"; reason: string };

const NOT_RESEARCHED: Match = { kind: "undecided", reason: "not researched" };

/**
 * Whether a record's answer meets what a filter wants. Missing evidence is never a "no": a field not
 * researched, a list that is only a sample, a price in another currency (never converted) leave it undecided.
 */
export function matchAnswer(record: object, answer: TypedAnswer, wanted: Wanted): Match {
  if (answer.status === "not_applicable") return { kind: "no" };
  if (answer.status === null) return NOT_RESEARCHED;
  const shape = answer.question.shape.kind;
  if ("max" in wanted) {
    if (answer.value === "until_deleted") return { kind: "no" };
    if (answer.number === null) return { kind: "undecided", reason: "not a number" };
    if (wanted.currency !== undefined) {
      const currency = factAt(record, ["pricing", "currency"]);
      if (!isResearched(currency)) return { kind: "undecided", reason: "currency not researched" };
      if (currency!.value !== wanted.currency) return { kind: "undecided", reason: `priced in ${String(currency!.value)}; prices are never converted` };
    }
    return answer.number <= wanted.max ? { kind: "yes" } : { kind: "no" };
  }
  const keys = new Set(answer.keys.map((key) => key.toLowerCase()));
  const hits = wanted.anyOf.filter((item) => keys.has(String(item).toLowerCase()));
  if (shape === "certifications") {
    // Every certification asked for must be held; names are matched loosely ("27001" finds "ISO/IEC 27001").
    const held = [...keys];
    const missing = wanted.anyOf.filter((item) => !held.some((name) => name.includes(String(item).toLowerCase())));
    if (missing.length === 0) return { kind: "yes" };
    return answer.fact?.partial === false ? { kind: "no" } : { kind: "undecided", reason: `the list is not marked complete, so ${missing.join(", ")} may be missing from it` };
  }
  if (hits.length > 0) return { kind: "yes" };
  if ((shape === "locations" || shape === "infrastructure") && answer.fact?.partial !== false) {
    return { kind: "undecided", reason: "the list is not marked complete (partial), so the value may be missing from it" };
  }
  return { kind: "no" };
}
