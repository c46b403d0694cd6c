import { factAt } from "../../../schema/factPath.js";
import { answerCell, answerWords, type CellContext } from "../answerCell.js";
import { datesText } from "../factEvidence.js";
import { fill, html, type Html } from "../markup.js";
import { sovSection } from "../sovereigntyView.js";
import { loadRecord, SLUG, type AnnexData, type Loaded } from "./annex.js";
import { readData, today } from "./dom.js";

/**
 * A provider's procurement pack, rendered from its record in the API: every buyer question asked of its
 * category with the answer and its evidence, the derived answers with the Facts they rest on and the rule's own
 * account, the Commission's sovereignty objectives, the citation with the dataset version and the print date.
 */
export interface PackData extends AnnexData {
  words: {
    heading: string;
    answers: string;
    derived: string;
    why: string;
    record: string;
    citation: string;
    citationText: string;
    printed: string;
    pickOne: string;
    notResearched: string;
    question: string;
    value: string;
    loading: string;
    failed: string;
    category: string;
    legalName: string;
    website: string;
    updated: string;
  };
}

const out = document.getElementById("pack");
if (out && document.getElementById("pack-data")) void start(out);

async function start(out: HTMLElement): Promise<void> {
  const data = readData<PackData>("pack-data");
  const words = data.words;
  const id = (new URLSearchParams(location.search).get("id") ?? "").trim();
  const note = document.getElementById("pack-note")!;
  if (!SLUG.test(id)) {
    note.textContent = words.pickOne;
    return;
  }
  out.textContent = words.loading;
  const record = await loadRecord(data, id);
  if ("failed" in record) {
    out.textContent = "";
    note.textContent = fill(words.failed, { id: String(record.failed), reason: String(record.reason) });
    return;
  }
  const heading = fill(words.heading, { name: record.name });
  document.title = `${heading} — ${document.title.split(" — ").slice(1).join(" — ")}`;
  document.getElementById("pack-heading")!.textContent = heading;
  const back = document.getElementById("pack-record");
  if (back) {
    back.setAttribute("href", `${data.home}providers/${record.id}.html`);
    back.textContent = words.record;
  }
  out.innerHTML = pack(record, data).text;
  document.getElementById("legend")?.removeAttribute("hidden");
}

function pack(record: Loaded, data: PackData): Html {
  const words = data.words;
  const context: CellContext = { lang: data.lang, evidence: data.evidence, exposure: data.exposure, repository: data.repository };
  const rows = data.rows.filter((row) => row.of === null || row.of.includes(record.category));
  const url = `${data.baseUrl}/${data.lang === "en" ? "" : `${data.lang}/`}pack.html?id=${record.id}`;
  const derived = rows.filter((row) => row.derived);
  return html`<dl class="summary">
<dt>${words.category}</dt><dd>${data.categories[record.category] ?? record.category}</dd>
${typeof record.legal_name === "string" ? html`<dt>${words.legalName}</dt><dd translate="no">${record.legal_name}</dd>` : ""}
${typeof record.website === "string" ? html`<dt>${words.website}</dt><dd>${record.website}</dd>` : ""}
${typeof record.record_updated_at === "string" ? html`<dt>${words.updated}</dt><dd>${record.record_updated_at}</dd>` : ""}
</dl>
<section aria-labelledby="answers-h"><h2 id="answers-h">${words.answers}</h2>
<table class="pack">
<thead><tr><th scope="col">${words.question}</th><th scope="col">${words.value}</th></tr></thead>
<tbody>${rows.map((row) => html`<tr id="fact-${row.path.join("-")}"><th scope="row">${row.label}</th><td>${answerCell(record, row, context)}</td></tr>`)}</tbody>
</table></section>
${derived.length ? html`<section aria-labelledby="derived-h"><h2 id="derived-h">${words.derived}</h2>${derived.map((row) => {
    const fact = factAt(record, row.path);
    const said = answerWords(record, row, context);
    return html`<h3>${row.label}</h3><p>${said.html ?? words.notResearched}</p>${fact ? html`<p>${datesText(fact, data.evidence)}.</p>${typeof fact.note === "string" ? html`<p>${words.why} <span lang="en" translate="no">${fact.note}</span></p>` : ""}` : ""}`;
  })}</section>` : ""}
${sovSection(record, data.lang, data.sov, data.evidence, "pack-sovereignty")}
<section aria-labelledby="cite-h"><h2 id="cite-h">${words.citation}</h2>
<p class="citation">${fill(words.citationText, { name: record.name, version: data.version, url })}</p>
<p class="citation">${fill(words.printed, { date: today() })}</p>
<p class="screen-only"><a href="${data.root}api/data/${record.id}/index.json">JSON</a> · <a href="${data.home}providers/${record.id}.html">${words.record}</a></p></section>`;
}
