import { asks, BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import type { Provider } from "../../schema/index.js";
import { factAt } from "../../schema/factPath.js";
import type { RecordSummary } from "../summary.js";
import { EXPOSURE_TERMS } from "../recordAnswers.js";
import { answerCell, answerWords, type CellContext } from "./answerCell.js";
import { answerRows } from "./comparePage.js";
import { datesText } from "./factEvidence.js";
import { html, linkerOf, page, rootOf } from "./html.js";
import { legendHtml } from "./legend.js";
import { LANG_PREFIX, MESSAGES } from "./messages.js";
import { noteHtml, type PageContext } from "./providerPage.js";
import { sovSection } from "./sovereigntyView.js";
import { evidenceWords } from "./words.js";

/** Where a provider's procurement pack lives, in its language's tree. */
export const packPath = (id: string) => `providers/${id}/pack.html`;

/**
 * A provider's procurement pack: a printable page with every buyer answer asked of its category, each with
 * its status, both dates, its source and the source's own words; the derived answers with the Facts they rest
 * on and the rule's own account of them; the Commission's sovereignty objectives; the legend and a citation.
 */
export function packPage(record: Provider, summary: RecordSummary, context: PageContext): string {
  const lang = context.lang ?? "en";
  const t = MESSAGES[lang];
  const path = packPath(record.id);
  const to = linkerOf(lang, path);
  const evidence = evidenceWords(lang);
  const cells: CellContext = { lang, evidence, exposure: EXPOSURE_TERMS, repository: context.repository ?? null };
  const asked = new Set(BUYER_QUESTIONS.filter((question) => asks(question, record.category)).map((question) => question.key));
  const rows = answerRows(lang).filter((row) => asked.has(row.key) || (row.key === "price_output" && asked.has("price")));
  const derived = BUYER_QUESTIONS.filter((question) => question.derived && asked.has(question.key));
  const url = `${context.baseUrl}/${LANG_PREFIX[lang]}${path}`;
  const body = html`<p class="screen-only"><a href="${to(`providers/${record.id}.html`)}">${record.name}</a> · <a href="${to("index.html")}">${t.provider.all}</a></p>
<h1>${t.pack.heading(record.name)}</h1>
<p>${t.pack.intro}</p>
<dl class="summary">
<dt>${t.provider.categoryLabel}</dt><dd>${t.category[record.category]}</dd>
${record.legal_name ? html`<dt>${t.provider.legalName}</dt><dd translate="no">${record.legal_name}</dd>` : ""}
<dt>${t.provider.website}</dt><dd>${record.website}</dd>
<dt>${t.provider.researched}</dt><dd>${t.provider.researchedOf(summary.coverage.researched, summary.coverage.applicable)}</dd>
<dt>${t.provider.updated}</dt><dd>${record.record_updated_at}</dd>
</dl>
<section aria-labelledby="answers-h"><h2 id="answers-h">${t.pack.answers}</h2>
<table class="pack">
<thead><tr><th scope="col">${t.compare.question}</th><th scope="col">${t.provider.value}</th></tr></thead>
<tbody>${rows.map((row) => html`<tr id="fact-${row.path.join("-")}"><th scope="row">${row.label}</th><td>${answerCell(record, row, cells)}</td></tr>`)}</tbody>
</table></section>
${derived.length ? html`<section aria-labelledby="derived-h"><h2 id="derived-h">${t.pack.derived}</h2>${derived.map((question) => {
    const fact = factAt(record, question.path);
    const said = answerWords(record, question, cells);
    return html`<h3>${question.label[lang]}</h3><p>${said.html ?? t.notResearched}</p>${fact ? html`<p>${datesText(fact, evidence)}.</p><p>${t.pack.why} ${noteHtml(fact.note, lang)}</p>` : ""}`;
  })}</section>` : ""}
${sovSection(record, lang, t.sov, evidence, "pack-sovereignty")}
${legendHtml(lang)}
<section aria-labelledby="cite-h"><h2 id="cite-h">${t.pack.citation}</h2>
<p class="citation">${t.pack.citationText(record.name, context.version, url)}</p>
<p class="citation" data-today="${t.pack.printed}"></p>
<p class="screen-only"><a href="${rootOf(lang, path)}api/data/${record.id}/index.json">${t.provider.asJson}</a> · <a href="${to(`providers/${record.id}.html`)}">${t.pack.record}</a></p></section>`;
  return page({ lang, title: t.pack.title(record.name), path, body });
}
