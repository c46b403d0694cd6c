import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import type { RecordSummary } from "../summary.js";
import { escapeHtml } from "./html.js";
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

/** How many certification names are offered: the most frequent ones. */
const MOST_FREQUENT = 12;

const same = (text: string): Record<Lang, string> => ({ en: text, sv: text });

function optionsOf(question: BuyerQuestion, records: readonly RecordSummary[]): FilterOption[] {
  const shape = question.shape;
  switch (shape.kind) {
    case "boolean":
      return [
        { value: "true", label: { en: "yes", sv: "ja" } },
        { value: "false", label: { en: "no", sv: "nej" } },
      ];
    case "token":
    case "tokens":
      return shape.vocabulary.tokens.map((token) => ({ value: token, label: { en: shape.vocabulary.terms[token]!.en, sv: shape.vocabulary.terms[token]!.sv } }));
    case "url":
      return [{ value: "listed", label: { en: "published", sv: "publicerad" } }];
    default: {
      const counts = new Map<string, number>();
      for (const record of records) for (const key of record.answers[question.key]?.keys ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
      const keys = [...counts.keys()];
      const chosen = shape.kind === "certifications" ? keys.sort((a, b) => counts.get(b)! - counts.get(a)! || a.localeCompare(b)).slice(0, MOST_FREQUENT) : keys;
      return chosen.sort((a, b) => a.localeCompare(b)).map((key) => ({ value: key, label: same(key) }));
    }
  }
}

export function answerFilters(records: readonly RecordSummary[], questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): AnswerFilter[] {
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

/** The data attributes a result carries for the filters: the answer's keys (| between), a number, a sample mark. */
export function filterAttributes(record: RecordSummary, filters: readonly AnswerFilter[]): string {
  const parts: string[] = [];
  for (const filter of filters) {
    const answer = record.answers[filter.key];
    if (!answer || answer.status === null) continue;
    parts.push(`data-a-${filter.key}="${escapeHtml(answer.keys.join("|"))}"`);
    if (answer.number !== null) parts.push(`data-n-${filter.key}="${answer.number}"`);
    if (answer.partial) parts.push(`data-p-${filter.key}=""`);
  }
  return parts.join(" ");
}
