import type { Status } from "../../schema/index.js";
import { MEANING_RULES } from "../describe/openapi.js";
import { html, page } from "./html.js";

export function methodologyPage(status: Status, baseUrl: string): string {
  const body = html`<h1>Methodology</h1>
<p>This dataset records, for every statement about a European AI-infrastructure provider, how we know it: a status, the source where the value can be seen, the kind of source, and the date someone last opened that source and saw the value.</p>
<h2>Meaning rules</h2>
<ol>${MEANING_RULES.map((rule) => html`<li>${rule.replace(/^\d+\.\s*/, "").replace(/`/g, "")}</li>`)}</ol>
<h2>Status discipline</h2>
<div class="scroll"><table>
<caption>How a status is chosen when the dataset is filled</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Shown as</th><th scope="col">When</th></tr></thead>
<tbody>
<tr><th scope="row">confirmed</th><td>confirmed</td><td>Product and technical specs seen on the provider's own pages or documentation. Sovereignty (including data-centre locations) only from documentation, terms, a certificate or a register; compliance only when a DPA, terms, certificate or register entry was opened. Never from press or third-party pages.</td></tr>
<tr><th scope="row">claimed</th><td>own statement</td><td>Sovereignty and compliance marketing; anything seen only in the press or on a third-party page. Not checked against a register or a binding document.</td></tr>
<tr><th scope="row">planned</th><td>planned</td><td>A stated goal not yet reached, such as a certification in progress.</td></tr>
<tr><th scope="row">unknown</th><td>not researched</td><td>Not researched. Never "no".</td></tr>
<tr><th scope="row">not_applicable</th><td>not applicable</td><td>The field does not apply to this provider.</td></tr>
</tbody>
</table></div>
<p>A verification date is set only when someone opened the source on that day and saw the value. Facts checked against a stored copy of a page say so in their note. Two records that cite the same source for the same field carry the same status.</p>
<h2>Two dates on every Fact</h2>
<p><strong>verified_at</strong> is the day someone looked. <strong>source_date</strong> is how old the thing they looked at was: for a repository file the day of its last change (at the pinned commit, or in the docs repository the page is built from, when its text matches what was seen), for a page its own "updated", "effective" or publication date: a day (YYYY-MM-DD), or a month (YYYY-MM, shown as "source dated October 2025") when the page states only a month ("Stand: Oktober 2025"), never padded to a day; a year alone dates nothing. Repository dates are computed from the history (<code>npm run source-dates</code>, kept in <code>data/source-dates.json</code>), never typed; where a history cannot be read the date stays null. null is shown as "undated source". Dates sort as strings: a month sorts before every day in it. A fresh verification of a 2021 article is still a 2021 article: cite both dates. A value whose only source has been superseded is recorded as not researched rather than as a stale claim. Facts verified more than ${status.stale_after_days ?? 180} days before a build count as stale (${status.stale_facts ?? 0} now).</p>
<h2>Partial lists</h2>
<p>A list (models, data-centre locations, certifications, sectors, SDKs) marked <code>partial: true</code> is a sample of what the source shows or of what the provider offers. A model or country missing from it is not evidence that the provider lacks it. <code>partial: false</code> marks the provider's complete list as the source gives it.</p>
<h2>Prices</h2>
<p>Every price is in the record's <code>pricing.currency</code>; <code>pricing.vat_included</code> says whether VAT is in it. The provider-level <code>price_per_1m_input_tokens</code> and <code>price_per_1m_output_tokens</code> are the lowest listed per-1M-token price of a text-generation model on the provider's own price list, and <code>pricing.reference_model</code> names that model. They are never converted between currencies: compare providers only in the same currency and VAT treatment. Routers state in <code>pricing.pass_through</code> whether upstream prices are passed through and what fee is added.</p>
<h2>Who the provider is</h2>
<p><code>ownership.country_hq</code> is the seat of the entity a customer contracts with, as its imprint, terms, privacy policy or the company register gives it: for an EU customer of Microsoft's cloud that is Microsoft Ireland Operations Ltd, so IE. The country of the ultimate parent, which routing services and many lists call "headquarters", is carried by <code>ownership_jurisdiction</code> (whose law the owner answers to, US for Microsoft) and <code>foreign_parent</code> (true when the provider is controlled from outside the EU/EEA); the note names the ultimate parent. Records of one company (same <code>org_number</code> or legal name) give one answer: the validator refuses two records of one company with different <code>country_hq</code> or <code>foreign_parent</code>, or with <code>ownership_jurisdiction</code> answered in one and unknown in another. Where a company register answers (<code>npm run registry</code>), its answer is published as <code>_registry</code> and an agreeing <code>org_number</code> is marked <code>corroborated_by: registry</code>.</p>
<h2>Merge rule</h2>
<p>The dataset combines a manually verified seed with automatic scraper corroboration and top-up. When the scraper sees the same value, the Fact gets a corroboration date. When the seed has no value, the scraper's value is added with <code>verified_by: scraper</code>. On conflict the manually verified value wins and the deviation is put in the <a href="api/review-queue.json">review queue</a> for a person to settle. The source watch (<code>npm run sources</code>) puts a Fact there too when its cited page changed after the Fact was verified (<code>source_changed</code>), is gone (<code>source_gone</code>) or moved to another site (<code>source_moved</code>), and proposes a date it found on an undated Fact's page (<code>source_date_found</code>); the company register does when it flags the company (<code>registry_mismatch</code>). Nothing a machine finds overwrites a person's Fact.</p>
<h2>Freshness</h2>
<p>Before citing, read <a href="api/status.json">the status</a> (API path <code>/api/status</code>): dataset version <strong>${status.dataset_version}</strong>, ${status.providers_total} providers, newest verification ${status.last_verified ?? "none"}, oldest ${status.oldest_verified ?? "none"}, ${status.review_queue ?? 0} entries in the review queue, generated ${status.generated_at ?? "unknown"}.</p>
<h2>The API</h2>
<ul>
<li><code>GET ${baseUrl}/api/data</code> — the whole dataset, for questions about several providers or the market.</li>
<li><code>GET ${baseUrl}/api/data/{id}</code> — one provider, for questions about a named provider; 404 with an Error body for an unknown id.</li>
<li><code>GET ${baseUrl}/api/status</code> — freshness and coverage.</li>
</ul>
<p>The interface is described in <a href="api/openapi.json">OpenAPI 3.1</a>; seed files follow <a href="api/provider.schema.json">this JSON Schema</a>.</p>
<h2>Licence and how to cite</h2>
<p>The data is licensed <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Cite it as: "European AI infrastructure evidence dataset, version ${status.dataset_version}, CC BY 4.0", and quote each value with its status, verification date and source date, for example: "EU data residency: yes (own statement, verified 2026-11-22, source dated 2026-06-01)".</p>
<p>The version is derived from the data itself: the day of the newest date in it, then the first twelve hex digits of the SHA-256 of the published dataset. The same data always has the same version, and any change of a published value, status, date or source gives a new one, so a citation of a version names exactly the data its reader saw. Each version's dataset stays at <a href="archive/${status.dataset_version}.json">/archive/${status.dataset_version}.json</a>, byte for byte as it was published; <a href="archive/index.json">/archive/index.json</a> lists every version with the date and commit of its data. The CSV files are described column by column in <a href="datapackage.json">datapackage.json</a> (Frictionless Data Package), and the dataset for open-data portals in <a href="api/dcat-ap.jsonld">DCAT-AP</a>.</p>`;
  return page({ title: "Methodology — European AI infrastructure evidence", root: "", body });
}
