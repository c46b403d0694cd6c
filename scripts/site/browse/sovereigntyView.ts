import type { Lang } from "../../schema/answers.js";
import { factAt } from "../../schema/factPath.js";
import { FRAMEWORK, SEAL_LEVELS, sovereigntyView, type ObjectiveView } from "../../schema/sovereigntyFramework.js";
import { statusText, type EvidenceWords } from "./factEvidence.js";
import { fill, html, prose, type Html } from "./markup.js";

/**
 * The European Commission's sovereignty objectives as a view of one record's evidence: on the provider page,
 * the procurement pack and the comparison (whose script renders it with these same functions).
 */
export interface SovWords {
  heading: string;
  intro: string;
  atMost: string;
  atMostOn: string;
  noLevel: string;
  speaks: string;
  none: string;
  missing: string;
  rule: string;
  objective: string;
  evidence: string;
  source: string;
  more: string;
}

/** What the evidence decides for one objective: a ceiling with its rule and the status it rests on, or no level. */
export function ceilingHtml(record: object, view: ObjectiveView, lang: Lang, words: SovWords, evidence: EvidenceWords): Html {
  const ceiling = view.ceiling;
  if (!ceiling) return html`<span class="muted">${words.noLevel}</span>`;
  const seal = SEAL_LEVELS[ceiling.atMost]!;
  const fact = factAt(record, ceiling.path.split(".") as [string, string]);
  return html`<strong>${fill(words.atMost, { level: seal.level, name: seal.name[lang] })}</strong>, ${fill(words.atMostOn, { status: fact ? statusText(fact, evidence) : ceiling.status })}. ${words.rule} ${ceiling.rule.rule[lang]} ${ceiling.rule.because[lang]}`;
}

/** The Facts of the record that speak to an objective, by label. */
export function speaksHtml(view: ObjectiveView, words: SovWords, evidence: EvidenceWords): Html {
  return html`${words.speaks} ${view.researched.length ? view.researched.map((path) => evidence.fields[path] ?? path).join(", ") : words.none}.`;
}

/** One objective as a comparison cell: the decided ceiling (or none) and the Facts that speak to it. */
export function sovCell(record: object, view: ObjectiveView, lang: Lang, words: SovWords, evidence: EvidenceWords): Html {
  return html`${ceilingHtml(record, view, lang, words, evidence)}<br><span class="small">${speaksHtml(view, words, evidence)}</span>`;
}

export const sovLabel = (view: ObjectiveView, lang: Lang) => `${view.objective.id} ${view.objective.name[lang]}`;

/**
 * The whole view for one record: a table of the eight objectives, with what the dataset does not record. Given
 * the methodology's address, the table leaves that to the methodology page (a provider page is read on screen;
 * a pack is filed whole).
 */
export function sovSection(record: object, lang: Lang, words: SovWords, evidence: EvidenceWords, id = "sovereignty-objectives", methodology?: string): Html {
  const views = sovereigntyView(record);
  const intro = fill(words.intro, { version: FRAMEWORK.version, published: FRAMEWORK.published });
  return html`<section id="${id}" class="sov" aria-labelledby="${id}-h">
<h2 id="${id}-h">${words.heading}</h2>
<p>${prose(intro, lang)}</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="${id}-h"><table class="sov-table">
<thead><tr><th scope="col">${words.objective}</th><th scope="col">${words.evidence}</th></tr></thead>
<tbody>${views.map(
    (view) =>
      html`<tr><th scope="row">${sovLabel(view, lang)}</th><td>${ceilingHtml(record, view, lang, words, evidence)}<br>${speaksHtml(view, words, evidence)}${methodology ? "" : html`<br><span class="muted">${words.missing} ${view.objective.missing[lang]}.</span>`}</td></tr>`,
  )}</tbody>
</table></div>
${methodology ? html`<p class="small">${words.more} <a href="${methodology}">${words.heading}</a></p>` : ""}
<p class="small">${prose(fill(words.source, { title: FRAMEWORK.title, version: FRAMEWORK.version, publisher: FRAMEWORK.publisher[lang] }), lang)}: <a href="${FRAMEWORK.url}" rel="noopener">${FRAMEWORK.url}</a></p>
</section>`;
}
