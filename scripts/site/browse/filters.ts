import { ANSWER_WORDS, EU_EEA_KEY, ONE_COUNTRY_EU, ONE_COUNTRY_OTHER } from "../../schema/answers.js";
import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import type { RecordSummary } from "../summary.js";
import { escapeHtml } from "./markup.js";
import type { Lang } from "./messages.js";

/**
 * The index page's filters, derived from the registry of buyer questions: a question with a boolean,
 * a vocabulary, a country or a list of names is filtered by ticking the answers accepted; a number by an
 * upper bound. The options of countries and names come from the data itself.
 */
export interface FilterOption {
  value: string;
  label: Record<Lang, string>;
}

export interface AnswerFilter {
  key: string;
  question: BuyerQuestion;
  kind: "options" | "max";
  options: FilterOption[];
  /** Shown open at the top; the others wait under "more". */
  primary: boolean;
}

/** How many certification schemes are offered: the most frequent ones. */
const MOST_FREQUENT = 12;

const same = (text: string): Record<Lang, string> => ({ en: text, sv: text });
const words = (key: keyof (typeof ANSWER_WORDS)["en"]): Record<Lang, string> => ({ en: ANSWER_WORDS.en[key], sv: ANSWER_WORDS.sv[key] });

function optionsOf(question: BuyerQuestion, records: readonly RecordSummary[]): FilterOption[] {
  const shape = question.shape;
  switch (shape.kind) {
    case "boolean":
      return [
        { value: "true", label: words("yes") },
        { value: "false", label: words("no") },
      ];
    case "token":
    case "tokens":
      // "One country" is offered by its scope: one country inside the EU/EEA is not one outside it.
      return shape.vocabulary.tokens.flatMap((token) =>
        token === "one_country"
          ? [
              { value: ONE_COUNTRY_EU, label: words("oneEuCountry") },
              { value: ONE_COUNTRY_OTHER, label: words("oneOtherCountry") },
            ]
          : [{ value: token, label: { en: shape.vocabulary.terms[token]!.en, sv: shape.vocabulary.terms[token]!.sv } }],
      );
    case "url":
      return [{ value: "listed", label: { en: "published", sv: "publicerad" } }];
    default: {
      const counts = new Map<string, number>();
      for (const record of records) for (const key of record.answers[question.key]?.keys ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
      const anywhere = counts.delete(EU_EEA_KEY);
      const keys = [...counts.keys()];
      const chosen = shape.kind === "certifications" ? keys.sort((a, b) => counts.get(b)! - counts.get(a)! || a.localeCompare(b)).slice(0, MOST_FREQUENT) : keys;
      const options = chosen.sort((a, b) => a.localeCompare(b)).map((key) => ({ value: key, label: same(key) }));
      return anywhere ? [{ value: EU_EEA_KEY, label: words("anywhereEu") }, ...options] : options;
    }
  }
}

const FILTERS = new WeakMap<readonly RecordSummary[], AnswerFilter[]>();

/** The filters of a list of records; the index and the comparison of both languages ask for the same list's, once. */
export function answerFilters(records: readonly RecordSummary[], questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): AnswerFilter[] {
  if (questions !== BUYER_QUESTIONS) return filtersOf(records, questions);
  const known = FILTERS.get(records);
  if (known) return known;
  const filters = filtersOf(records, questions);
  FILTERS.set(records, filters);
  return filters;
}

function filtersOf(records: readonly RecordSummary[], questions: readonly BuyerQuestion[]): AnswerFilter[] {
  const filters = questions
    .filter((question) => !question.notFiltered)
    .map((question): AnswerFilter => {
      const max = question.shape.kind === "number" || question.shape.kind === "days";
      return { key: question.key, question, kind: max ? "max" : "options", options: max ? [] : optionsOf(question, records), primary: question.primary !== undefined };
    })
    .filter((filter) => filter.kind === "max" || filter.options.length > 0);
  const rank = (filter: AnswerFilter) => filter.question.primary ?? Number.MAX_SAFE_INTEGER;
  return filters.sort((a, b) => rank(a) - rank(b));
}

/**
 * The data attributes a result carries for the filters, read back in the browser into the same AnswerFacts the
 * build judges by: the keys (| between), the keys the evidence leaves open, a number, a complete list, not applicable.
 */
export function filterAttributes(record: RecordSummary, filters: readonly AnswerFilter[]): string {
  const parts: string[] = [];
  for (const filter of filters) {
    const answer = record.answers[filter.key];
    if (!answer) continue;
    if (answer.state === "not_applicable") parts.push(`data-na-${filter.key}=""`);
    if (answer.state !== "answered") continue;
    parts.push(`data-a-${filter.key}="${escapeHtml(answer.keys.join("|"))}"`);
    if (answer.maybe.length) parts.push(`data-m-${filter.key}="${escapeHtml(answer.maybe.join("|"))}"`);
    if (answer.number !== null) parts.push(`data-n-${filter.key}="${answer.number}"`);
    if (answer.complete) parts.push(`data-c-${filter.key}=""`);
  }
  return parts.join(" ");
}
