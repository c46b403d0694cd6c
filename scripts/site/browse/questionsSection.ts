import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import { CloudActExposure, InfrastructureKind } from "../../schema/vocabularies.js";
import { html, type Html } from "./html.js";
import type { Lang } from "./messages.js";

/** What an answer of each shape holds, when it is not a vocabulary. */
const SHAPE_WORDS: Record<Lang, Record<BuyerQuestion["shape"]["kind"], string>> = {
  en: {
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
  },
  sv: {
    boolean: "true eller false",
    country: "en landskod enligt ISO 3166-1 alpha-2",
    currency: "en valutakod enligt ISO 4217",
    url: "adressen till listan",
    number: "ett tal, i pricing.currency",
    days: "ett helt antal dagar (0: sparas inte), eller until_deleted",
    token: "ett värde ur vokabulären nedan",
    tokens: "en lista med värden ur vokabulären nedan",
    locations: "en lista med länder (med ort och roll)",
    certifications: "en lista med certifieringar, var och en uppnådd eller pågående",
    infrastructure: "en lista med länkar, var och en med namn, slag, landet för dess yttersta ägare och om den bara används när kunden väljer den",
  },
};

function vocabularyTable(question: BuyerQuestion, lang: Lang): Html | null {
  const shape = question.shape;
  if (shape.kind !== "token" && shape.kind !== "tokens") return null;
  const caption = `${question.path.join(".")}: ${question.label[lang]}`;
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${caption}"><table>
<caption><code>${question.path.join(".")}</code>: ${lang === "en" ? shape.vocabulary.about : question.label.sv}</caption>
<thead><tr><th scope="col">${lang === "en" ? "Value" : "Värde"}</th><th scope="col">Shown as</th><th scope="col">Visas som</th><th scope="col">${lang === "en" ? "Meaning" : "Betydelse"}</th></tr></thead>
<tbody>${shape.vocabulary.tokens.map((token) => {
    const term = shape.vocabulary.terms[token]!;
    return html`<tr><th scope="row"><code>${token}</code></th><td lang="en">${term.en}</td><td lang="sv">${term.sv}</td><td>${lang === "en" ? term.meaning : term.meaningSv}</td></tr>`;
  })}</tbody>
</table></div>`;
}

const WORDS = {
  en: {
    heading: "Buyer questions and their values",
    intro:
      "Each buyer question has a typed answer: a boolean, a code or a value from a small vocabulary, so that filters, spreadsheets and agents can compare providers on it. The researcher's own sentence is kept beside the value in display (or in the note). A source that fits no value is never forced into the nearest one: the Fact stays unknown, with the sentence kept and the reason in its note.",
    caption: "The buyer questions, the field that answers each, and the kind of value",
    columns: ["Question", "Fråga", "Field", "Value", "Asked of"],
    derived: " (derived)",
    all: "all categories",
    rule: "Who can reach the data: the rule",
    ruleIntro:
      "sovereignty.cloud_act_exposure answers whether a US entity in the provider's control chain could be compelled under the US CLOUD Act to hand over customer data. It is never typed by hand: the build derives it from the Facts it rests on, names them in derived_from and in its note with their values, statuses and dates, and gives it the weakest status among them. Cite those Facts with their sources.",
    steps: [
      "Self-hosted software (data_residency_guarantee is customer_controlled): customer_hosted.",
      "The contracting entity (ownership.country_hq) or its ultimate parent (ownership.ownership_jurisdiction) is in the US: ownership.",
      "The infrastructure list (sovereignty.infrastructure) names a cloud or model provider, used by default, whose ultimate parent is in the US: infrastructure. A colocation landlord does not count: it houses hardware, it does not hold data.",
      "The ownership chain is outside the US (a non-US seat, and a non-US ultimate parent or no controller outside the EU/EEA) and the infrastructure list is complete (partial: false) with no US entry used by default: optional_upstream when a US entry is reached only if the customer chooses it, otherwise none_found.",
      "Anything else: unknown, with the links still to research named in the note.",
    ],
    kinds: "The kinds of infrastructure link:",
    caveat: "is what the researched chain shows, not a guarantee: a sub-processor missing from a list marked complete, or a change of owner since the sources were read, would change it.",
  },
  sv: {
    heading: "Köparfrågor och deras värden",
    intro:
      "Varje köparfråga har ett typat svar: ett sanningsvärde, en kod eller ett värde ur en liten vokabulär, så att filter, kalkylblad och agenter kan jämföra leverantörer på det. Forskarens egen mening sparas bredvid värdet i display (eller i anteckningen). En källa som inte passar något värde tvingas aldrig in i det närmaste: faktat förblir unknown, med meningen kvar och skälet i anteckningen.",
    caption: "Köparfrågorna, fältet som besvarar var och en, och slaget av värde",
    columns: ["Question", "Fråga", "Fält", "Värde", "Ställs till"],
    derived: " (härledd)",
    all: "alla kategorier",
    rule: "Vem kan nå datan: regeln",
    ruleIntro:
      "sovereignty.cloud_act_exposure besvarar om en amerikansk aktör i leverantörens kontrollkedja skulle kunna tvingas enligt den amerikanska CLOUD Act att lämna ut kunddata. Det skrivs aldrig in för hand: byggsteget härleder det ur de fakta det vilar på, namnger dem i derived_from och i anteckningen med värden, status och datum, och ger det den svagaste statusen bland dem. Citera de faktana med sina källor.",
    steps: [
      "Programvara i egen drift (data_residency_guarantee är customer_controlled): customer_hosted.",
      "Avtalsparten (ownership.country_hq) eller dess yttersta ägare (ownership.ownership_jurisdiction) finns i USA: ownership.",
      "Infrastrukturlistan (sovereignty.infrastructure) namnger ett moln eller en modellleverantör, som används som standard, vars yttersta ägare finns i USA: infrastructure. En samlokaliseringsvärd räknas inte: den hyser hårdvara, den håller inte data.",
      "Ägarkedjan ligger utanför USA (ett säte utanför USA, och en yttersta ägare utanför USA eller ingen kontroll utanför EU/EES) och infrastrukturlistan är fullständig (partial: false) utan amerikansk post som används som standard: optional_upstream när en amerikansk post bara nås om kunden väljer den, annars none_found.",
      "Allt annat: unknown, med de länkar som återstår att undersöka namngivna i anteckningen.",
    ],
    kinds: "Slagen av infrastrukturlänk:",
    caveat: "är vad den undersökta kedjan visar, ingen garanti: ett underbiträde som saknas i en lista märkt fullständig, eller ett ägarbyte sedan källorna lästes, skulle ändra det.",
  },
};

/**
 * The buyer questions and the allowed value of each, from the registry and its vocabularies: the methodology
 * page prints what the schema enforces, so the two cannot drift apart.
 */
export function questionsSection(lang: Lang): Html {
  const w = WORDS[lang];
  return html`<h2 id="questions">${w.heading}</h2>
<p>${w.intro}</p>
<div class="scroll" tabindex="0" role="region" aria-label="${w.caption}"><table>
<caption>${w.caption}</caption>
<thead><tr>${w.columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${BUYER_QUESTIONS.map(
    (question) =>
      html`<tr><th scope="row" lang="en">${question.label.en}</th><td lang="sv">${question.label.sv}</td><td><code>${question.path.join(".")}</code></td><td>${SHAPE_WORDS[lang][question.shape.kind]}${question.derived ? w.derived : ""}</td><td>${question.of ? [...question.of].join(", ") : w.all}</td></tr>`,
  )}</tbody>
</table></div>
${BUYER_QUESTIONS.map((question) => vocabularyTable(question, lang))}
<h2 id="who-can-reach-the-data">${w.rule}</h2>
<p>${w.ruleIntro}</p>
<ol>${w.steps.map((step) => html`<li>${step}</li>`)}</ol>
<p>${w.kinds} ${InfrastructureKind.tokens.map((token, index) => html`${index ? "; " : ""}<code>${token}</code>: ${lang === "en" ? InfrastructureKind.terms[token].meaning : InfrastructureKind.terms[token].meaningSv}`)}</p>
<p>"${CloudActExposure.terms.none_found[lang]}" ${w.caveat}</p>`;
}
