import { Attribution, FIELD_FAMILIES, QUOTE_REQUIRED_FROM, SourceType, attributionOf } from "../../schema/evidenceRules.js";
import { TEXT_LIMITS } from "../../schema/fact.js";
import { html, type Html } from "./html.js";
import { prose } from "./markup.js";
import type { Lang } from "./messages.js";

/**
 * What a source can prove, printed from the table the validator enforces (scripts/schema/evidenceRules.ts):
 * the kinds of source and whose statement each carries, which kinds may confirm which fields, and the rule
 * that a decisive Fact carries the source's own words.
 */
export function evidenceSection(lang: Lang): Html {
  const en = lang === "en";
  const meaning = (term: { meaning: string; meaningSv: string }) => (en ? term.meaning : term.meaningSv);
  const sourceRows = SourceType.tokens.map((token) => {
    const who = attributionOf({ source_type: token })!;
    return html`<tr><th scope="row"><code>${token}</code></th><td>${SourceType.terms[token][lang]}</td><td>${meaning(SourceType.terms[token])}</td><td>${Attribution.terms[who][lang]}</td></tr>`;
  });
  const familyRows = FIELD_FAMILIES.map(
    (family) =>
      html`<tr><th scope="row">${family.label[lang]}</th><td>${family.members.length ? family.members.map((member, index) => html`${index ? ", " : ""}<code>${member}</code>`) : en ? "every other field" : "alla övriga fält"}</td><td>${[...family.confirmedFrom].map((token, index) => html`${index ? ", " : ""}<code>${token}</code>`)}</td><td>${family.why[lang]}</td></tr>`,
  );
  const captionSources = en ? "Kinds of source, and whose statement a claimed Fact from each is" : "Slag av källa, och vems uppgift ett claimed-uppgift från var och en är";
  const captionFamilies = en ? "Which kinds of source may confirm which fields (any other kind gives at most claimed)" : "Vilka slag av källa som får bekräfta vilka fält (varje annat slag ger högst claimed)";
  return html`<h3 id="sources">${en ? "Whose statement: the kinds of source" : "Vems uppgift: slagen av källa"}</h3>
<p>${prose(
    en
      ? "The API keeps the spec's five statuses. A claimed Fact is shown by whose statement it is, read from its source_type: the provider's own statement, a press report, a third party's report, a register's or an authority's record, or derived by the build. Only the first is \"own statement\"."
      : "API:t behåller specifikationens fem statusar. En claimed-uppgift visas efter vems uppgift den är, läst ur dess source_type: leverantörens egen uppgift, en uppgift i press, en uppgift från tredje part, en uppgift ur ett register eller från en myndighet, eller härledd av bygget. Bara den första är \"egen uppgift\".",
    lang,
  )}</p>
<div class="scroll" tabindex="0" role="region" aria-label="${captionSources}"><table>
<caption>${captionSources}</caption>
<thead><tr><th scope="col"><code>source_type</code></th><th scope="col">${en ? "Shown as" : "Visas som"}</th><th scope="col">${en ? "Meaning" : "Betydelse"}</th><th scope="col">${en ? "Whose statement" : "Vems uppgift"}</th></tr></thead>
<tbody>${sourceRows}</tbody>
</table></div>
<h3 id="status-table">${en ? "What may confirm what" : "Vad som får bekräfta vad"}</h3>
<div class="scroll" tabindex="0" role="region" aria-label="${captionFamilies}"><table>
<caption>${captionFamilies}</caption>
<thead><tr><th scope="col">${en ? "Fields" : "Fält"}</th><th scope="col">${en ? "Members" : "Medlemmar"}</th><th scope="col">${en ? "Confirmed only from" : "Bekräftas bara av"}</th><th scope="col">${en ? "Why" : "Varför"}</th></tr></thead>
<tbody>${familyRows}</tbody>
</table></div>
<p>${
    en
      ? html`Press and third-party pages confirm nothing. A privacy policy names the controller, so it may confirm who contracts and where it is registered, but not a promise about customer content. The validator refuses a confirmed Fact from any other kind of source, naming the file, record, JSON path and rule.`
      : html`Press och tredjepartssidor bekräftar ingenting. En integritetspolicy anger personuppgiftsansvarig och får därför bekräfta vem som är avtalspart och var den är registrerad, men inte ett löfte om kundens innehåll. Valideringen avvisar en bekräftad uppgift från varje annat slag av källa och anger fil, post, JSON-sökväg och regel.`
  }</p>
<h3 id="quotes">${en ? "The source's own words" : "Källans egna ord"}</h3>
<p>${
    en
      ? html`A Fact that decides an answer — every buyer question, the ownership chain and every price — carries <code>quote</code>: the words of the source that support the value, verbatim and in the source's language (at most ${TEXT_LIMITS.quote} characters; an omission is marked …), and where it helps <code>locator</code>: the section, clause, heading or table row. A value its quote does not support is not entered. The validator refuses such a Fact verified on or after ${QUOTE_REQUIRED_FROM} without one; <code>npm run report</code> counts those read before. The quote is also what the source watch looks for on its next visit (<code>npm run sources</code>): a quote no longer found becomes a review entry naming the Fact (<code>quote_missing</code>), and <code>npm run quotes -- --from &lt;copy&gt;</code> checks quotes against a local copy of a pinned repository before they are committed.`
      : html`En uppgift som avgör ett svar — varje köparfråga, ägarkedjan och varje pris — bär <code>quote</code>: källans ord som stöder värdet, ordagrant och på källans språk (högst ${TEXT_LIMITS.quote} tecken; en utelämning markeras …), och där det hjälper <code>locator</code>: avsnitt, klausul, rubrik eller tabellrad. Ett värde som citatet inte stöder förs inte in. Valideringen avvisar en sådan uppgift som verifierats ${QUOTE_REQUIRED_FROM} eller senare utan citat; <code>npm run report</code> räknar dem som lästes tidigare. Citatet är också vad källbevakningen letar efter vid nästa besök (<code>npm run sources</code>): ett citat som inte längre hittas blir en post i granskningskön som namnger uppgiften (<code>quote_missing</code>), och <code>npm run quotes -- --from &lt;kopia&gt;</code> kontrollerar citat mot en lokal kopia av ett fäst kodförråd innan de checkas in.`
  }</p>`;
}
