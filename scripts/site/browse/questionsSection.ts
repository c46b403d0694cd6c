import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import { CloudActExposure, InfrastructureKind } from "../../schema/vocabularies.js";
import { html, type Html } from "./html.js";

/** What an answer of each shape holds, when it is not a vocabulary. */
const SHAPE_WORDS: Record<BuyerQuestion["shape"]["kind"], string> = {
  boolean: "true or false",
  country: "an ISO 3166-1 alpha-2 country code",
  currency: "an ISO 4217 currency code",
  url: "the address of the list",
  number: "a number, in pricing.currency",
  days: "a whole number of days (0: not stored), or until_deleted",
  token: "one value of the vocabulary below",
  tokens: "a list of values of the vocabulary below",
  locations: "a list of countries (with city and role)",
  certifications: "a list of certifications, each achieved or in progress",
  infrastructure: "a list of links, each with name, kind, the country of its ultimate parent and whether it is used only if chosen",
};

function vocabularyTable(question: BuyerQuestion): Html | null {
  const shape = question.shape;
  if (shape.kind !== "token" && shape.kind !== "tokens") return null;
  return html`<div class="scroll"><table>
<caption><code>${question.path.join(".")}</code>: ${shape.vocabulary.about}</caption>
<thead><tr><th scope="col">Value</th><th scope="col">Shown as</th><th scope="col">Visas som</th><th scope="col">Meaning</th></tr></thead>
<tbody>${shape.vocabulary.tokens.map((token) => {
    const term = shape.vocabulary.terms[token]!;
    return html`<tr><th scope="row"><code>${token}</code></th><td>${term.en}</td><td lang="sv">${term.sv}</td><td>${term.meaning}</td></tr>`;
  })}</tbody>
</table></div>`;
}

/**
 * The buyer questions and the allowed value of each, from the registry and its vocabularies: the methodology
 * page prints what the schema enforces, so the two cannot drift apart.
 */
export function questionsSection(): Html {
  return html`<h2 id="questions">Buyer questions and their values</h2>
<p>Each buyer question has a typed answer: a boolean, a code or a value from a small vocabulary, so that filters, spreadsheets and agents can compare providers on it. The researcher's own sentence is kept beside the value in <code>display</code> (or in the note). A source that fits no value is never forced into the nearest one: the Fact stays <code>unknown</code>, with the sentence kept and the reason in its note.</p>
<div class="scroll"><table>
<caption>The buyer questions, the field that answers each, and the kind of value</caption>
<thead><tr><th scope="col">Question</th><th scope="col">Fråga</th><th scope="col">Field</th><th scope="col">Value</th><th scope="col">Asked of</th></tr></thead>
<tbody>${BUYER_QUESTIONS.map(
    (question) =>
      html`<tr><th scope="row">${question.label.en}</th><td lang="sv">${question.label.sv}</td><td><code>${question.path.join(".")}</code></td><td>${SHAPE_WORDS[question.shape.kind]}${question.derived ? " (derived)" : ""}</td><td>${question.of ? [...question.of].join(", ") : "all categories"}</td></tr>`,
  )}</tbody>
</table></div>
${BUYER_QUESTIONS.map(vocabularyTable)}
<h2 id="who-can-reach-the-data">Who can reach the data: the rule</h2>
<p><code>sovereignty.cloud_act_exposure</code> answers whether a US entity in the provider's control chain could be compelled under the US CLOUD Act to hand over customer data. It is never typed by hand: the build derives it from the Facts it rests on, names them in <code>derived_from</code> and in its note with their values, statuses and dates, and gives it the weakest status among them. Cite those Facts with their sources.</p>
<ol>
<li>Self-hosted software (<code>data_residency_guarantee</code> is <code>customer_controlled</code>): <code>customer_hosted</code>.</li>
<li>The contracting entity (<code>ownership.country_hq</code>) or its ultimate parent (<code>ownership.ownership_jurisdiction</code>) is in the US: <code>ownership</code>.</li>
<li>The infrastructure list (<code>sovereignty.infrastructure</code>) names a cloud or model provider, used by default, whose ultimate parent is in the US: <code>infrastructure</code>. A colocation landlord does not count: it houses hardware, it does not hold data.</li>
<li>The ownership chain is outside the US (a non-US seat, and a non-US ultimate parent or no controller outside the EU/EEA) and the infrastructure list is complete (<code>partial: false</code>) with no US entry used by default: <code>optional_upstream</code> when a US entry is reached only if the customer chooses it, otherwise <code>none_found</code>.</li>
<li>Anything else: <code>unknown</code>, with the links still to research named in the note.</li>
</ol>
<p>The kinds of infrastructure link: ${InfrastructureKind.tokens.map((token, index) => html`${index ? "; " : ""}<code>${token}</code>: ${InfrastructureKind.terms[token].meaning}`)}</p>
<p>"${CloudActExposure.terms.none_found.en}" is what the researched chain shows, not a guarantee: a sub-processor missing from a list marked complete, or a change of owner since the sources were read, would change it.</p>`;
}
