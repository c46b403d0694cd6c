import { answerOf, answerText, exposureText, type ExposureTerms, type Lang, type QuestionView } from "../../schema/answers.js";
import { evidenceCell, seenText, type EvidenceWords } from "./factEvidence.js";
import { html, withData, type Html } from "./markup.js";

/**
 * One buyer answer of one record as a cell of the comparison and of the procurement pack: the answer in words
 * (who can reach the data with its grade and the link that decided it), then its evidence. The build renders
 * the pack with it and the comparison's script renders the comparison with it, so both read alike.
 */
export interface CellContext {
  lang: Lang;
  evidence: EvidenceWords;
  exposure: ExposureTerms;
  /** The repository's web address, for the correction link; null: no link. */
  repository: string | null;
}

/** A question with its label in the page's language. */
export type LabelledQuestion = QuestionView & { label: string };

export const EXPOSURE_PATH = "sovereignty.cloud_act_exposure";

/** The answer in words, as markup: a deciding link that stays in the build's English is marked so. */
export function answerWords(record: object, question: QuestionView, context: Pick<CellContext, "lang" | "exposure">): { html: Html | null; text: string | null } {
  const answer = answerOf(record, question);
  const text = answerText(answer, context.lang);
  if (text === null || !answer.fact || question.path.join(".") !== EXPOSURE_PATH) return { html: text === null ? null : withData(text, [answer.context.model]), text };
  const said = exposureText(answer.fact, text, context.lang, context.exposure);
  if (said.link === null) return { html: html`${said.text}`, text: said.text };
  return { html: html`${said.text} <span class="deciding"${said.english ? html` lang="en"` : ""}>${said.link}</span>`, text: `${said.text} ${said.link}` };
}

export function answerCell(record: { id: string; name: string }, question: LabelledQuestion, context: CellContext): Html {
  const answer = answerOf(record, question);
  const words = answerWords(record, question, context);
  const target = { repository: context.repository, provider: record.id, providerName: record.name, field: question.path.join("."), fieldLabel: question.label, seen: seenText(words.text ?? "", answer.fact, context.evidence) };
  return evidenceCell(answer.fact, words.html ?? "", context.evidence, target);
}
