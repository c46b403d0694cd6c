import type { FactStatus, Model, Provider } from "../../schema/index.js";
import { formatSourceDate } from "../../schema/primitives.js";
import { factsOf, type FactLike } from "../../schema/facts.js";
import type { RecordSummary } from "../summary.js";
import type { ChangeEntry } from "../../history/shapes.js";
import { describeChange } from "../api/feed.js";
import { STATUS_LABEL, describeValue } from "./facts.js";
import { Html, html, page, safeHref } from "./html.js";
import { categoryLabel } from "./indexPage.js";


const BLOCK_TITLES: Record<string, string> = {
  availability_status: "Availability",
  ownership: "Ownership and control",
  sovereignty: "Sovereignty",
  compliance: "Compliance",
  pricing: "Pricing",
  api: "API",
  mcp_support: "MCP support",
  own_weights: "Own model weights",
  contract: "Contract",
  onboarding: "Onboarding",
  models: "Models",
};

const FIELD_LABELS: Record<string, string> = {
  country_hq: "HQ country",
  ownership_jurisdiction: "Ownership jurisdiction",
  foreign_parent: "Controlled from outside the EU/EEA",
  org_number: "Registration number",
  cloud_act_exposure: "US CLOUD Act exposure",
  gdpr_dpa_available: "GDPR DPA available",
  eu_ai_act_status: "EU AI Act status",
  iso_27001: "ISO 27001",
  nis2_dora_relevance: "NIS2 / DORA relevance",
  subprocessors_list_url: "Subprocessors list",
  price_per_1m_input_tokens: "Lowest price per 1M input tokens (text model)",
  price_per_1m_output_tokens: "Its price per 1M output tokens",
  reference_model: "Model of the lowest price",
  vat_included: "Prices include VAT",
  pass_through: "Upstream prices passed through",
  pricing_page_url: "Pricing page",
  openai_compatible: "OpenAI compatible",
  base_url: "Base URL",
  sdks: "SDKs",
  docs_url: "Documentation",
  sla_uptime: "SLA uptime",
  signup_url: "Sign-up page",
};

const humanise = (key: string) => FIELD_LABELS[key] ?? key.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

function badge(status: unknown): Html {
  const known = typeof status === "string" && status in STATUS_LABEL;
  const label = known ? STATUS_LABEL[status as FactStatus] : String(status);
  return html`<span class="badge badge-${known ? status : "other"}">${label}</span>`;
}

/** The site a source lives on, which is what a reader needs to judge it; the kind of source follows. */
function sourceCell(fact: FactLike): Html {
  const href = safeHref(fact.source_url);
  if (!href) return html`<span class="muted">none</span>`;
  const host = new URL(href).hostname.replace(/^www\./, "");
  const kind = typeof fact.source_type === "string" ? fact.source_type.replace(/_/g, " ") : null;
  return html`<a href="${href}" rel="nofollow noopener">${host}</a>${kind ? html`<br><span class="muted">${kind}</span>` : ""}`;
}

/** Where a page is published and which dataset version it shows, for citations. */
export interface PageContext {
  baseUrl: string;
  version: string;
  /** The newest changes to this record, from the change feed. */
  recentChanges?: readonly ChangeEntry[];
}

/** A sentence a reader can paste: value, status, both dates, source, dataset version, licence and a link here. */
export function citation(record: Provider, label: string, fact: FactLike, anchor: string, context: PageContext): string {
  const status = STATUS_LABEL[fact.status as FactStatus] ?? String(fact.status);
  const value = typeof fact.display === "string" ? fact.display : describeValue(fact.value, String(fact.status));
  const dates = [
    typeof fact.verified_at === "string" ? `verified ${fact.verified_at}` : "not verified",
    typeof fact.source_date === "string" ? `source dated ${formatSourceDate(fact.source_date)}` : "undated source",
  ].join(", ");
  const source = typeof fact.source_url === "string" ? `, source: ${fact.source_url}` : "";
  return `${record.name}, ${label}: ${value} (${status}; ${dates}${source}). European AI infrastructure evidence dataset, version ${context.version} (${context.baseUrl}/archive/${context.version}.json), CC BY 4.0, ${context.baseUrl}/providers/${record.id}.html#${anchor}`;
}

const WATCH_WORDS = { changed: "source changed since it was verified", gone: "source gone", moved: "source moved to another site" } as const;

/** The source watch's word on the cited page: a reader should not take the value as current until it is re-read. */
function watchMark(fact: FactLike): Html | "" {
  const watch = (fact as { source_watch?: { state?: unknown; since?: unknown } }).source_watch;
  if (!watch || typeof watch.since !== "string" || !(typeof watch.state === "string" && watch.state in WATCH_WORDS)) return "";
  const words = WATCH_WORDS[watch.state as keyof typeof WATCH_WORDS];
  const verified = typeof fact.verified_at === "string" ? ` on ${fact.verified_at}` : "";
  return html`<br><strong class="source-watch">${words}${watch.state === "changed" ? verified : ""} (seen ${watch.since.slice(0, 10)})</strong>`;
}

/** When someone looked, and how old what they looked at was: a reader needs both to cite a value. */
function datesCell(fact: FactLike): Html {
  const verified = typeof fact.verified_at === "string" ? `${fact.verified_at}${fact.verified_by ? ` (${String(fact.verified_by)})` : ""}` : html`<span class="muted">not verified</span>`;
  const researched = fact.status !== "unknown";
  const sourceDate =
    typeof fact.source_date === "string" ? html`<br>source dated ${formatSourceDate(fact.source_date)}` : researched ? html`<br><span class="muted">undated source</span>` : "";
  const corroborated = typeof fact.corroborated_at === "string" ? html`<br><span class="muted">corroborated ${fact.corroborated_at}${fact.corroborated_by === "registry" ? " by the company register" : ""}</span>` : "";
  return html`${verified}${sourceDate}${corroborated}${watchMark(fact)}`;
}

const PARTIAL_NOTE = "partial list: a sample, so an item missing from it is not evidence that the provider lacks it";

function factRow(record: Provider, label: string, fact: FactLike, anchor: string, context: PageContext): Html {
  const status = String(fact.status);
  const shown = typeof fact.display === "string" ? fact.display : describeValue(fact.value, status);
  const partial = fact.partial === true && Array.isArray(fact.value) ? html`<br><span class="partial">${PARTIAL_NOTE}</span>` : "";
  const cite = status === "unknown" ? "" : html`<details class="cite"><summary>Cite</summary><p>${citation(record, label, fact, anchor, context)}</p></details>`;
  return html`<tr id="${anchor}">
<th scope="row"><a href="#${anchor}" class="anchor">${label}</a></th>
<td data-label="Value">${status === "unknown" ? html`<span class="muted">${shown}</span>` : shown}${partial}</td>
<td data-label="Status">${badge(fact.status)}</td>
<td data-label="Verified">${datesCell(fact)}</td>
<td data-label="Source">${sourceCell(fact)}${cite}</td>
<td data-label="Note">${fact.note ?? ""}</td>
</tr>`;
}

function factTable(title: string, rows: Html[]): Html {
  return html`<section>
<h2>${title}</h2>
<table class="facts">
<thead><tr><th scope="col">Field</th><th scope="col">Value</th><th scope="col">Status</th><th scope="col">Verified</th><th scope="col">Source</th><th scope="col">Note</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

function modelsTable(record: Provider): Html {
  const models = record.models;
  if (!models) return html``;
  const currency = record.pricing?.currency?.value ?? "";
  const list: Model[] = Array.isArray(models.value) ? models.value : [];
  const price = (n: number | undefined) => (typeof n === "number" ? `${n} ${currency}`.trim() : "");
  return html`<section>
<h2>Models</h2>
<div class="scroll"><table id="fact-models"><caption>Models and their Fact: ${badge(models.status)} ${models.verified_at ? `verified ${models.verified_at}` : "not verified"}, ${typeof models.source_date === "string" ? `source dated ${formatSourceDate(models.source_date)}` : "undated source"}${models.partial ? html`; <span class="partial">${PARTIAL_NOTE}</span>` : models.partial === false ? "; the provider's complete list" : ""}. Prices per 1 million tokens${record.pricing?.currency?.value ? ` in ${record.pricing.currency.value}` : ""}.</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Category</th><th scope="col">Context tokens</th><th scope="col">Input price</th><th scope="col">Output price</th><th scope="col">Version</th></tr></thead>
<tbody>${list.map(
    (model) => html`<tr><th scope="row">${model.name}</th><td>${model.type ?? ""}</td><td>${model.category ?? ""}</td><td class="num">${model.context_tokens ?? ""}</td><td class="num">${price(model.input_price)}</td><td class="num">${price(model.output_price)}</td><td>${model.version ?? ""}</td></tr>`,
  )}</tbody>
</table></div>
<p>Source: ${sourceCell(models)}${models.note ? html` — ${models.note}` : ""}</p>
</section>`;
}

export function providerPage(record: Provider, summary: RecordSummary, context: PageContext): string {
  const counts = summary.factsByStatus;
  const blocks = new Map<string, Html[]>();
  for (const [path, fact] of factsOf(record)) {
    const [block, member] = path.map(String) as [string, string | undefined];
    if (block === "models") continue;
    const rows = blocks.get(block) ?? [];
    rows.push(factRow(record, member ? humanise(member) : BLOCK_TITLES[block] ?? humanise(block), fact, `fact-${path.map(String).join("-")}`, context));
    blocks.set(block, rows);
  }
  // Top-level Facts (availability, MCP support, own weights) share one table; blocks get one each.
  const isSingleFact = (block: string) => {
    const member = (record as Record<string, unknown>)[block];
    return typeof member === "object" && member !== null && "status" in member;
  };
  const singles = [...blocks.entries()].filter(([block]) => isSingleFact(block));
  const grouped = [...blocks.entries()].filter(([block]) => !isSingleFact(block));
  const contested = record._contested;
  const href = safeHref(record.website);
  const body = html`<p><a href="../index.html">All providers</a></p>
<h1>${record.name}</h1>
${contested ? html`<div class="contested" role="note"><strong>Disputed record:</strong> ${contested.reason} (<a href="${safeHref(contested.source_url) ?? "#"}" rel="nofollow noopener">source</a>)</div>` : ""}
<dl class="summary">
<dt>Category</dt><dd>${categoryLabel(record.category)}${record.category_note ? html` — ${record.category_note}` : ""}</dd>
${record.legal_name ? html`<dt>Legal name</dt><dd>${record.legal_name}</dd>` : ""}
<dt>Website</dt><dd>${href ? html`<a href="${href}" rel="nofollow noopener">${record.website}</a>` : record.website}</dd>
<dt>Researched</dt><dd>${summary.coverage.researched} of ${summary.coverage.applicable} fields that apply to this category</dd>
<dt>Facts</dt><dd>${counts.confirmed ?? 0} confirmed, ${counts.claimed ?? 0} own statement, ${counts.planned ?? 0} planned; ${summary.coverage.applicable - summary.coverage.researched} applicable fields not researched</dd>
<dt>Record updated</dt><dd>${record.record_updated_at}${record.last_full_review ? `, last full review ${record.last_full_review}` : ""}</dd>
<dt>Data</dt><dd><a href="../api/data/${record.id}/index.json">This record as JSON</a> (API path <code>/api/data/${record.id}</code>)</dd>
</dl>
<p class="muted">A field that is missing or marked "not researched" has not been looked into; it never means "no".</p>
${singles.length ? factTable("Overview", singles.flatMap(([, rows]) => rows)) : ""}
${grouped.map(([block, rows]) => factTable(BLOCK_TITLES[block] ?? humanise(block), rows))}
${modelsTable(record)}
${context.recentChanges?.length ? html`<section id="changes"><h2>Recent changes</h2><ul>${context.recentChanges.map((entry) => html`<li><time datetime="${entry.date}">${entry.date}</time> ${describeChange(entry)} <small>(${entry.dataset_version ? `typed label ${entry.dataset_version}, ` : ""}commit <code>${entry.commit}</code>)</small></li>`)}</ul><p><a href="../feed.xml">Atom feed</a> · <a href="../api/changes.json">all changes (JSON)</a></p></section>` : ""}
${record._models_api ? html`<section><h2>Models list as last seen by the scraper</h2><p>${record._models_api.live_count} models listed at <code>${record._models_api.endpoint}</code> on ${record._models_api.checked_at}. Not in the seed: ${record._models_api.missing_in_seed.join(", ") || "none"}. Gone from the API: ${record._models_api.gone_from_api.join(", ") || "none"}.</p></section>` : ""}`;
  return page({ title: `${record.name} — evidence record`, root: "../", body });
}
