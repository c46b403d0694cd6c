import { Attribution } from "../../schema/evidenceRules.js";
import { html, type Html } from "./markup.js";
import { MESSAGES, type Lang } from "./messages.js";

/**
 * What every label means, as a comparison and a procurement pack print it: the statuses, whose statement a
 * claimed Fact is, and that "not researched" is never a no.
 */
export function legendHtml(lang: Lang, hiddenUntilLoaded = false): Html {
  const t = MESSAGES[lang];
  const meaning = (token: (typeof Attribution.tokens)[number]) => (lang === "en" ? Attribution.terms[token].meaning : Attribution.terms[token].meaningSv);
  const entries: Array<[string, string, string]> = [
    ["confirmed", t.status.confirmed, t.legend.confirmed],
    ...Attribution.tokens.map((token): [string, string, string] => ["claimed", Attribution.terms[token][lang], meaning(token)]),
    ["planned", t.status.planned, t.legend.planned],
    ["unknown", t.status.unknown, t.legend.unknown],
    ["not_applicable", t.status.not_applicable, t.legend.notApplicable],
  ];
  return html`<section id="legend" class="legend" aria-labelledby="legend-h"${hiddenUntilLoaded ? " hidden" : ""}>
<h2 id="legend-h">${t.legend.heading}</h2>
<dl>${entries.map(([status, label, text]) => html`<div><dt><span class="badge badge-${status}">${label}</span></dt><dd>${text}</dd></div>`)}</dl>
</section>`;
}
