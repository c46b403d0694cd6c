import type { Provider, Status } from "../../schema/index.js";
import type { RecordSummary } from "../../records/summary.js";
import { html, page } from "./html.js";

const CATEGORY_LABEL: Record<Provider["category"], string> = {
  inference_api: "Inference API",
  gateway_router: "Gateway / router",
  platform_assistant: "Platform / assistant",
  compute_gpu: "Compute / GPU",
};

export function categoryLabel(category: Provider["category"]): string {
  return CATEGORY_LABEL[category];
}

export function indexPage(providers: readonly RecordSummary[], status: Status): string {
  const countries = [...new Set(providers.map((record) => record.country).filter((c): c is string => Boolean(c)))].sort();
  const categories = Object.keys(CATEGORY_LABEL) as Provider["category"][];
  const rows = providers.map((record) => {
    const { country, availability, factsByStatus } = record;
    return html`<tr data-category="${record.category}" data-country="${country ?? ""}" data-search="${`${record.name} ${record.id} ${record.legalName ?? ""}`.toLowerCase()}">
<th scope="row"><a href="providers/${record.id}.html">${record.name}</a></th>
<td>${categoryLabel(record.category)}</td>
<td>${country ?? html`<span class="muted">not researched</span>`}</td>
<td>${availability ?? html`<span class="muted">not researched</span>`}</td>
<td class="num">${factsByStatus.confirmed ?? 0}</td>
<td class="num">${factsByStatus.claimed ?? 0}</td>
<td class="num">${factsByStatus.unknown ?? 0}</td>
<td>${record.newestVerified ?? html`<span class="muted">never</span>`}</td>
<td><a href="api/data/${record.id}/index.json" aria-label="JSON of ${record.name}">JSON</a></td>
</tr>`;
  });
  const body = html`<h1>European AI infrastructure providers</h1>
<p>${status.providers_total} providers, dataset version <strong>${status.dataset_version}</strong>, newest verification ${status.last_verified ?? "none"}, review queue ${status.review_queue ?? 0}.
Every value in this dataset carries its own status, source and verification date: open a provider to see them. The whole dataset is at <a href="api/data/index.json">api/data (JSON)</a>.</p>
<form id="filters" class="filters" role="search" hidden>
<div><label for="filter-category">Category</label>
<select id="filter-category"><option value="">All categories</option>${categories.map((c) => html`<option value="${c}">${categoryLabel(c)}</option>`)}</select></div>
<div><label for="filter-country">HQ country</label>
<select id="filter-country"><option value="">All countries</option>${countries.map((c) => html`<option value="${c}">${c}</option>`)}</select></div>
<div><label for="filter-text">Search</label>
<input id="filter-text" type="search" autocomplete="off" placeholder="Name or id"></div>
</form>
<p id="shown" aria-live="polite">${providers.length} of ${providers.length} providers shown.</p>
<table id="providers">
<caption>Providers, with the number of Facts by status. "Own statement" (claimed) is the provider's word; "not researched" (unknown) never means "no".</caption>
<thead><tr><th scope="col">Provider</th><th scope="col">Category</th><th scope="col">HQ country</th><th scope="col">Availability</th><th scope="col">Confirmed</th><th scope="col">Own statement</th><th scope="col">Not researched</th><th scope="col">Last verified</th><th scope="col">Data</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page({ title: "European AI infrastructure providers — evidence dataset", root: "", body, script: true });
}
