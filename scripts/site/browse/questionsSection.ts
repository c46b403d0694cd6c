import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import { CloudActExposure, InfrastructureKind, UsPartyRole } from "../../schema/vocabularies.js";
import { html, type Html } from "./html.js";
import { prose } from "./markup.js";
import { MESSAGES, type Lang } from "./messages.js";

/** What an answer of each shape holds, when it is not a vocabulary. */

function vocabularyTable(question: BuyerQuestion, lang: Lang): Html | null {
  const shape = question.shape;
  if (shape.kind !== "token" && shape.kind !== "tokens") return null;
  const caption = `${question.path.join(".")}: ${question.label[lang]}`;
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${caption}"><table>
<caption><code>${question.path.join(".")}</code>: ${lang === "en" ? shape.vocabulary.about : question.label.sv}</caption>
<thead><tr>${MESSAGES[lang].methodology.valueColumns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${shape.vocabulary.tokens.map((token) => {
    const term = shape.vocabulary.terms[token]!;
    return html`<tr><th scope="row"><code>${token}</code></th><td lang="en">${term.en}</td><td lang="sv">${term.sv}</td><td>${prose(lang === "en" ? term.meaning : term.meaningSv, lang)}</td></tr>`;
  })}</tbody>
</table></div>`;
}


/**
 * The buyer questions and the allowed value of each, from the registry and its vocabularies: the methodology
 * page prints what the schema enforces, so the two cannot drift apart.
 */
export function questionsSection(lang: Lang): Html {
  const w = MESSAGES[lang].methodology;
  return html`<h2 id="questions">${w.heading}</h2>
<p>${prose(w.intro, lang)}</p>
<div class="scroll" tabindex="0" role="region" aria-label="${w.caption}"><table>
<caption>${w.caption}</caption>
<thead><tr>${w.columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${BUYER_QUESTIONS.map(
    (question) =>
      html`<tr><th scope="row" lang="en">${question.label.en}</th><td lang="sv">${question.label.sv}</td><td><code>${question.path.join(".")}</code></td><td>${w.shapes[question.shape.kind]}${question.derived ? w.derived : ""}</td><td>${question.of ? [...question.of].join(", ") : w.all}</td></tr>`,
  )}</tbody>
</table></div>
${BUYER_QUESTIONS.map((question) => vocabularyTable(question, lang))}
<h2 id="who-can-reach-the-data">${w.rule}</h2>
<p>${prose(w.ruleIntro, lang)}</p>
<ol>${w.steps.map((step) => html`<li>${prose(step, lang)}</li>`)}</ol>
<p>${w.kinds} ${InfrastructureKind.tokens.map((token, index) => html`${index ? "; " : ""}<code>${token}</code>: ${lang === "en" ? InfrastructureKind.terms[token].meaning : InfrastructureKind.terms[token].meaningSv}`)}</p>
<p>${prose(w.grades, lang)}</p>
<ul>${UsPartyRole.tokens.map((token) => html`<li><code>${token}</code> (${UsPartyRole.terms[token][lang]}): ${lang === "en" ? UsPartyRole.terms[token].meaning : UsPartyRole.terms[token].meaningSv}</li>`)}</ul>
<p>"${CloudActExposure.terms.none_found[lang]}" ${prose(w.caveat, lang)}</p>`;
}
