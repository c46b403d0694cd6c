import { FRAMEWORK, OBJECTIVES, SEAL_LEVELS } from "../../schema/sovereigntyFramework.js";
import { html, prose, type Html } from "./markup.js";
import { MESSAGES, type Lang } from "./messages.js";
import { fieldLabel } from "./words.js";

/**
 * The methodology page's account of the Commission's framework, printed from the mapping the pages use
 * (scripts/schema/sovereigntyFramework.ts): the levels and objectives in the framework's words, which Facts
 * speak to which objective, the rules that decide a ceiling, what is not recorded, and the source.
 */
export function sovereigntyMethod(lang: Lang): Html {
  const w = MESSAGES[lang].sovMethod;
  const quoted = (text: string) => (lang === "en" ? html`<q>${text}</q>` : html`${text}`);
  return html`<h2 id="sovereignty-framework">${w.heading}</h2>
<p>${prose(w.intro, lang)}</p>
<h3 id="seal-levels">${w.levels}</h3>
<dl class="seal">${SEAL_LEVELS.map((seal) => html`<dt>SEAL-${seal.level} ${seal.name[lang]}</dt><dd>${quoted(seal.definition[lang])}</dd>`)}</dl>
<h3 id="sov-objectives">${w.objectives}</h3>
<div class="scroll" tabindex="0" role="region" aria-label="${w.objectives}"><table>
<caption>${w.objectives}</caption>
<thead><tr>${w.columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${OBJECTIVES.map(
    (objective) =>
      html`<tr><th scope="row">${objective.id} ${objective.name[lang]}</th><td>${quoted(objective.definition[lang])}</td><td>${objective.facts.map((path, index) => html`${index ? ", " : ""}${fieldLabel(path, lang)} (<code>${path}</code>)`)}</td><td>${
        objective.rules.length
          ? objective.rules.map((rule) => html`<strong>SEAL ≤ ${rule.atMost}</strong>: ${rule.rule[lang]} ${rule.because[lang]}`)
          : html`<span class="muted">${w.noRule}</span>`
      }</td><td>${objective.missing[lang]}</td></tr>`,
  )}</tbody>
</table></div>
<p>${w.source}: ${FRAMEWORK.publisher[lang]}, <cite lang="en">${FRAMEWORK.title}</cite>, version ${FRAMEWORK.version} (${FRAMEWORK.published}), <a href="${FRAMEWORK.url}" rel="noopener">${FRAMEWORK.url}</a>. ${lang === "sv" ? w.translation : ""}</p>`;
}
