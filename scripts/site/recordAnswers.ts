import { answerFacts, answersOf, answerText, exposureText, siteOf, type AnswerFacts, type Lang, type TypedAnswer } from "../schema/answers.js";
import { BUYER_QUESTIONS, HEADLINE_QUESTIONS, type BuyerQuestion } from "../schema/buyerQuestions.js";
import { attributionOf, type Attribution } from "../schema/evidenceRules.js";
import type { FactStatus } from "../schema/index.js";
import { CloudActExposure, InfrastructureKind, UsPartyRole } from "../schema/vocabularies.js";

/**
 * One buyer answer as the pages keep it for every record: what the filters read (AnswerFacts), and for the
 * answers a result card shows, the words in both languages and where they come from. Small, because the build
 * keeps it for every record (RecordSummary) instead of the record itself.
 */
export interface Answer extends AnswerFacts {
  /** Null when the field is missing or unknown: not researched, never "no". */
  status: FactStatus | null;
  /** Whose statement the Fact is (read from its source type), for the answers a card shows; null otherwise. */
  attribution: Attribution | null;
  /** The answer in words, in both languages; null when not researched or not shown on the list (HEADLINE). */
  text: Record<Lang, string> | null;
  /** The link that decided a derived answer, in words; `english` when it had to stay in the build's English. */
  link: Record<Lang, { text: string; english: boolean }> | null;
  /** Data values inside the words (the model a price is for), which stay as recorded. */
  data: string[];
  /** The site the value was read on, and the day; null for a derived answer, none, or one not shown. */
  source: string | null;
  verified: string | null;
  derived: boolean;
}

/** Every buyer question's answer by the question's key. */
export type BuyerAnswers = Record<string, Answer>;

/**
 * The answers the provider list shows with each result, with their source; the others are kept only for the
 * filters, so a record's summary holds no text it never shows.
 */
export const HEADLINE: readonly string[] = HEADLINE_QUESTIONS.map((entry) => entry.key);
const SHOWN: ReadonlySet<string> = new Set(HEADLINE);


/** The vocabularies the answer "who can reach the data" is said with. */
export const EXPOSURE_TERMS = { roles: UsPartyRole.terms, kinds: InfrastructureKind.terms } as const;

const both = (say: (lang: Lang) => string): Record<Lang, string> => ({ en: say("en"), sv: say("sv") });

function pageAnswer(answer: TypedAnswer<BuyerQuestion>): Answer {
  const shown = SHOWN.has(answer.question.key);
  const fact = answer.fact;
  const researched = answer.status !== null;
  const derived = Array.isArray(fact?.derived_from);
  let text = shown && researched ? both((lang) => answerText(answer, lang)!) : null;
  let link: Answer["link"] = null;
  if (text && fact && answer.question.shape.kind === "token" && answer.question.shape.vocabulary === CloudActExposure) {
    const said = { en: exposureText(fact, text.en, "en", EXPOSURE_TERMS), sv: exposureText(fact, text.sv, "sv", EXPOSURE_TERMS) };
    text = both((lang) => said[lang].text);
    link = said.en.link === null ? null : { en: { text: said.en.link, english: false }, sv: { text: said.sv.link!, english: said.sv.english } };
  }
  const facts = answerFacts(answer);
  // Every property written out in one literal, not spread: V8 keeps a spread-then-extended object in dictionary
  // mode, about twice the size, and the build keeps 21 of these for every record (160 MB at 10,000 providers).
  return {
    kind: facts.kind,
    state: facts.state,
    keys: facts.keys,
    maybe: facts.maybe,
    number: facts.number,
    complete: facts.complete,
    currency: facts.currency,
    status: answer.status,
    attribution: shown && researched && fact ? attributionOf(fact) : null,
    text,
    link,
    data: text && answer.context.model ? [answer.context.model] : [],
    source: shown && researched && !derived ? siteOf(fact?.source_url) : null,
    verified: shown && researched && typeof fact?.verified_at === "string" ? fact.verified_at : null,
    derived,
  };
}

/** The answers a buyer compares providers on, each with the status of the Fact it comes from. */
export function buyerAnswers(record: object): BuyerAnswers {
  const answers: BuyerAnswers = {};
  for (const answer of answersOf(record, BUYER_QUESTIONS)) answers[answer.question.key] = pageAnswer(answer);
  return answers;
}
