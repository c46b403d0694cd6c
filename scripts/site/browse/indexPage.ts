import type { Provider, Status } from "../../schema/index.js";
import type { Answer } from "./answers.js";
import { questionByKey } from "../../schema/buyerQuestions.js";
import type { RecordSummary } from "../summary.js";
import { STATUS_LABEL } from "./facts.js";
import { html, page, type Html } from "./html.js";

const CATEGORY_LABEL: Record<Provider["category"], string> = {
  inference_api: "Inference API",
  gateway_router: "Gateway / router",
  platform_assistant: "Platform / assistant",
  compute_gpu: "Compute / GPU",
};

export function categoryLabel(category: Provider["category"]): string {
  return CATEGORY_LABEL[category];
}

/** The buyer's questions shown as columns, by registry key (also the URL's `sort` and `known` values). */
const COLUMNS = ["dc", "dpa", "training", "cloud_act", "iso27001", "openai", "price"] as const;
const QUESTIONS = COLUMNS.map((key) => [key, questionByKey(key)!.label.en] as const);

/** A cell that always shows the status its answer rests on; a missing answer reads "not researched". */
function answerCell(answer: Answer | undefined): Html {
  if (!answer || answer.text === null) return html`<td data-sort=""><span class="muted">not researched</span></td>`;
  const status = answer.status ?? "unknown";
  return html`<td data-sort="${answer.number ?? answer.text.en}" data-status="${status}">${answer.text.en} <span class="badge badge-${status}">${STATUS_LABEL[status]}</span></td>`;
}

export function indexPage(providers: readonly RecordSummary[], status: Status): string {
  const countries = [...new Set(providers.map((record) => record.country).filter((c): c is string => Boolean(c)))].sort();
  const datacenterCountries = [...new Set(providers.flatMap((record) => record.answers.dc?.keys ?? []))].sort();
  const categories = Object.keys(CATEGORY_LABEL) as Provider["category"][];
  const rows = providers.map((record) => {
    const { country, coverage, answers } = record;
    const known = QUESTIONS.filter(([key]) => answers[key]?.text).map(([key]) => key);
    return html`<tr data-category="${record.category}" data-country="${country ?? ""}" data-dc="${(answers.dc?.keys ?? []).join(" ")}" data-known="${known.join(" ")}" data-search="${`${record.name} ${record.id} ${record.legalName ?? ""}`.toLowerCase()}">
<th scope="row" data-sort="${record.name.toLowerCase()}"><a href="providers/${record.id}.html">${record.name}</a></th>
<td>${categoryLabel(record.category)}</td>
<td>${country ?? html`<span class="muted">not researched</span>`}</td>
<td class="num" data-sort="${coverage.applicable ? coverage.researched / coverage.applicable : 0}">${coverage.researched} of ${coverage.applicable}</td>
${QUESTIONS.map(([key]) => answerCell(answers[key]))}
<td>${record.newestVerified ?? html`<span class="muted">never</span>`}</td>
<td><a href="api/data/${record.id}/index.json" aria-label="JSON of ${record.name}">JSON</a></td>
</tr>`;
  });
  const body = html`<h1>European AI infrastructure providers</h1>
<p>${status.providers_total} providers, dataset version <strong>${status.dataset_version}</strong>, newest verification ${status.last_verified ?? "none"}, review queue ${status.review_queue ?? 0}.
Every value in this dataset carries its own status, source, source date and verification date: open a provider to see them. The whole dataset is at <a href="api/data/index.json">api/data (JSON)</a>, one row per provider for spreadsheets at <a href="api/providers.csv">api/providers.csv</a> (each answer with its status and source date), every Fact as a spreadsheet row at <a href="api/data.csv">api/data.csv</a>, and what changed at <a href="api/changes.json">api/changes.json</a> and in the <a href="feed.xml">Atom feed</a>.</p>
<form id="filters" class="filters" role="search" hidden>
<div><label for="filter-category">Category</label>
<select id="filter-category" name="category"><option value="">All categories</option>${categories.map((c) => html`<option value="${c}">${categoryLabel(c)}</option>`)}</select></div>
<div><label for="filter-country">HQ country</label>
<select id="filter-country" name="country"><option value="">All countries</option>${countries.map((c) => html`<option value="${c}">${c}</option>`)}</select></div>
<div><label for="filter-dc">Data centre in</label>
<select id="filter-dc" name="dc"><option value="">Any country</option>${datacenterCountries.map((c) => html`<option value="${c}">${c}</option>`)}</select></div>
<div><label for="filter-known">Researched</label>
<select id="filter-known" name="known"><option value="">Any</option>${QUESTIONS.map(([key, label]) => html`<option value="${key}">${label}</option>`)}</select></div>
<div><label for="filter-text">Search</label>
<input id="filter-text" name="q" type="search" autocomplete="off" placeholder="Name or id"></div>
</form>
<p id="shown" aria-live="polite">${providers.length} of ${providers.length} providers shown.</p>
<div class="scroll"><table id="providers">
<caption>Providers and the answers buyers compare, each with the status it rests on. "Own statement" (claimed) is the provider's word; "not researched" never means "no". Researched counts the fields that apply to the category. Select a column heading to sort.</caption>
<thead><tr><th scope="col" data-key="name">Provider</th><th scope="col" data-key="category">Category</th><th scope="col" data-key="country">HQ country</th><th scope="col" data-key="researched">Researched</th>${QUESTIONS.map(([key, label]) => html`<th scope="col" data-key="${key}">${label}</th>`)}<th scope="col" data-key="verified">Last verified</th><th scope="col" data-key="data">Data</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
  return page({ title: "European AI infrastructure providers — evidence dataset", root: "", body, script: true });
}
