import { sovereigntyView } from "../../../schema/sovereigntyFramework.js";
import { answerCell, type CellContext } from "../answerCell.js";
import { fill, html, type Html } from "../markup.js";
import { sovCell, sovLabel } from "../sovereigntyView.js";
import { loadRecord, SLUG, type AnnexData, type Loaded } from "./annex.js";
import { listOf, readData, today } from "./dom.js";

/**
 * The comparison: reads each provider named in ?ids= from the API (the same files every host serves) and writes
 * every buyer question side by side, each answer with its status, both dates, its source and the source's own
 * words, then the Commission's sovereignty objectives; what the page needs to word them travels in its data
 * block. The rest of the address is the filters that produced the shortlist: the print records them.
 */
export interface CompareData extends AnnexData {
  words: {
    pickTwo: string;
    tooMany: string;
    loading: string;
    failed: string;
    question: string;
    caption: string;
    citation: string;
    printed: string;
    shortlist: string;
    noShortlist: string;
    pack: string;
  };
  /** The list's filters, for saying in words which produced the shortlist. */
  filters: Array<{ key: string; label: string; options: Record<string, string> }>;
}

type Failed = { failed: string; reason: string };

const out = document.getElementById("comparison");
if (out && document.getElementById("compare-data")) void start(out);

/** The filters of the address in words: "DPA offered: yes; Data-centre countries: anywhere in the EU/EEA". */
export function shortlistWords(params: URLSearchParams, data: Pick<CompareData, "filters" | "words">): string | null {
  const parts: string[] = [];
  for (const filter of data.filters) {
    const raw = params.get(filter.key);
    if (raw === null || raw === "") continue;
    const values = listOf(raw).map((value) => filter.options[value] ?? value);
    const currency = filter.key === "price" && params.get("cur") ? ` ${params.get("cur")}` : "";
    parts.push(`${filter.label}: ${Object.keys(filter.options).length ? values.join(", ") : `≤ ${raw}${currency}`}`);
  }
  if (params.get("q")) parts.push(`“${params.get("q")}”`);
  return parts.length ? parts.join("; ") : null;
}

async function start(out: HTMLElement): Promise<void> {
  const data = readData<CompareData>("compare-data");
  const words = data.words;
  const params = new URLSearchParams(location.search);
  let ids = listOf(params.get("ids"))
    .map((id) => id.trim())
    .filter((id) => SLUG.test(id));
  ids = ids.filter((id, index) => ids.indexOf(id) === index);
  const note = document.getElementById("compare-note")!;
  if (ids.length < 2) {
    note.textContent = words.pickTwo;
    return;
  }
  if (ids.length > 4) {
    note.textContent = words.tooMany;
    ids = ids.slice(0, 4);
  }
  out.textContent = words.loading;
  const records = await Promise.all(ids.map((id) => loadRecord(data, id)));
  const loaded = records.filter((record): record is Loaded => !("failed" in record));
  const failed = records.filter((record): record is Failed => "failed" in record);
  const parts: Html[] = failed.map((record) => html`<p class="error">${fill(words.failed, { id: record.failed, reason: record.reason })}</p>`);
  if (loaded.length > 0) {
    document.title = `${loaded.map((record) => record.name).join(" · ")} — ${document.title}`;
    parts.push(table(loaded, data));
    const shortlist = shortlistWords(params, data);
    parts.push(html`<p class="annex-meta">${shortlist ? fill(words.shortlist, { filters: shortlist }) : words.noShortlist}</p>`);
    parts.push(html`<p class="annex-meta citation">${fill(words.citation, { version: data.version })} ${fill(words.printed, { date: today(), url: location.href })}</p>`);
  }
  out.innerHTML = parts.map((part) => part.text).join("");
  document.getElementById("legend")?.removeAttribute("hidden");
}

function table(records: Loaded[], data: CompareData): Html {
  const context: CellContext = { lang: data.lang, evidence: data.evidence, exposure: data.exposure, repository: data.repository };
  const views = records.map((record) => sovereigntyView(record));
  const head = html`<tr><th scope="col">${data.words.question}</th>${records.map(
    (record) =>
      html`<th scope="col"><a href="${data.home}providers/${record.id}.html">${record.name}</a><br><span class="muted">${data.categories[record.category] ?? record.category}</span><br><a class="small screen-only" href="${data.home}pack.html?id=${record.id}">${data.words.pack}</a></th>`,
  )}</tr>`;
  const rows = data.rows.map((question) => html`<tr><th scope="row">${question.label}</th>${records.map((record) => html`<td>${answerCell(record, question, context)}</td>`)}</tr>`);
  const sov = views[0]!.map(
    (first, index) =>
      html`<tr class="sov-row"><th scope="row">${sovLabel(first, data.lang)}</th>${records.map((record, at) => html`<td>${sovCell(record, views[at]![index]!, data.lang, data.sov, data.evidence)}</td>`)}</tr>`,
  );
  return html`<div class="scroll compare-scroll" tabindex="0" role="region" aria-label="${data.words.caption}"><table class="compare" id="compare-table">
<caption>${data.words.caption}</caption>
<thead>${head}</thead>
<tbody>${rows}<tr class="group"><th scope="rowgroup" colspan="${records.length + 1}">${data.sov.heading}</th></tr>${sov}</tbody>
</table></div>`;
}
