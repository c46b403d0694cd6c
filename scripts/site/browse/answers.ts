import { answersOf, answerText, type Lang, type TypedAnswer } from "../../schema/answers.js";
import type { FactStatus } from "../../schema/index.js";
import { factAt, stringValueOf } from "../../schema/factPath.js";
import { HEADLINE_QUESTIONS } from "../../schema/buyerQuestions.js";
import { siteOf } from "./html.js";

/**
 * One buyer answer as a page keeps it for every record: the status it rests on, the filter keys, a number
 * to sort by, the text in both languages, and where its source is. Small, because the build keeps it for
 * every record (RecordSummary) instead of the record itself.
 */
export interface Answer {
  /** Null when the field is missing or unknown: not researched, never "no". */
  status: FactStatus | null;
  keys: string[];
  /** A list that is only a sample: a key missing from it is not a "no". */
  partial: boolean;
  number: number | null;
  /** The answer in words, in both languages; null when not researched or not shown on the list (HEADLINE). */
  text: Record<Lang, string> | null;
  /** The site the value was read on, and the day; null for a derived answer, none, or one not shown. */
  source: string | null;
  verified: string | null;
  derived: boolean;
}

/** Every buyer question's answer by the question's key. */
export type BuyerAnswers = Record<string, Answer>;

/**
 * The answers the provider list shows with each result, with their source; the others are kept only as
 * filter keys, so a record's summary holds no text it never shows.
 */
export const HEADLINE: readonly string[] = HEADLINE_QUESTIONS.map((entry) => entry.key);
const SHOWN: ReadonlySet<string> = new Set(HEADLINE);

const LANGS: Lang[] = ["en", "sv"];

function pageAnswer(answer: TypedAnswer): Answer {
  const shown = SHOWN.has(answer.question.key);
  const en = shown ? answerText(answer, "en") : null;
  const fact = answer.fact;
  return {
    status: answer.status,
    keys: answer.keys,
    partial: fact?.partial === true,
    number: answer.number,
    text: en === null ? null : (Object.fromEntries(LANGS.map((lang) => [lang, answerText(answer, lang)!])) as Record<Lang, string>),
    source: shown && answer.status !== null ? siteOf(fact?.source_url) : null,
    verified: shown && answer.status !== null && typeof fact?.verified_at === "string" ? fact.verified_at : null,
    derived: Array.isArray((fact as { derived_from?: unknown } | undefined)?.derived_from),
  };
}

/** The lowest per-token price as a buyer compares it: the figure, its currency and VAT, and the model it is for. */
function priceAnswer(record: object, answer: TypedAnswer): Answer {
  if (answer.status === null || answer.number === null) return pageAnswer(answer);
  const currency = stringValueOf(factAt(record, ["pricing", "currency"])) ?? "";
  const output = factAt(record, ["pricing", "price_per_1m_output_tokens"])?.value;
  const model = stringValueOf(factAt(record, ["pricing", "reference_model"]));
  const vat = factAt(record, ["pricing", "vat_included"]);
  const vatValue = vat && vat.status !== "unknown" ? vat.value : null;
  const figure = `${answer.number} ${currency}`.trim() + (typeof output === "number" ? ` / ${output}` : "");
  const words: Record<Lang, string> = {
    en: figure + (vatValue === true ? " incl. VAT" : vatValue === false ? " excl. VAT" : "") + (model ? ` (${model})` : ""),
    sv: figure + (vatValue === true ? " inkl. moms" : vatValue === false ? " exkl. moms" : "") + (model ? ` (${model})` : ""),
  };
  return { ...pageAnswer(answer), keys: currency ? [currency] : [], text: words };
}

/** The answers a buyer compares providers on, each with the status of the Fact it comes from. */
export function buyerAnswers(record: object): BuyerAnswers {
  const answers: BuyerAnswers = {};
  for (const answer of answersOf(record)) answers[answer.question.key] = answer.question.key === "price" ? priceAnswer(record, answer) : pageAnswer(answer);
  return answers;
}
