import type { FactStatus, Model, Provider } from "../../schema/index.js";
import { formatSourceDate } from "../../schema/primitives.js";
import { factsOf, type FactLike } from "../../schema/facts.js";
import type { RecordSummary } from "../summary.js";
import type { ChangeEntry } from "../../history/shapes.js";
import { describeChange } from "../api/feed.js";
import { describeValue } from "./facts.js";
import { Html, html, page, rootOf, safeHref, siteOf } from "./html.js";
import { LANG_PREFIX, MESSAGES, type Lang, type Messages } from "./messages.js";
import { questionByPath } from "../../schema/buyerQuestions.js";
import { valueText } from "../../schema/answers.js";
import { factAt, stringValueOf } from "../../schema/factPath.js";


/** A field's label: the buyer question's where it is one, else the catalogue's, else the member's own name. */
function labelOf(block: string, member: string | undefined, t: Messages): string {
  const dotted = member ? `${block}.${member}` : block;
  const question = questionByPath(dotted);
  if (question) return question.label[t.lang];
  const key = member ?? block;
  return t.provider.fields[key] ?? t.provider.blocks[key] ?? key.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** A value in words, in the page's language: a vocabulary's label, yes/no, a list as it reads. */
function valueWords(dotted: string, fact: FactLike, t: Messages): string {
  const status = String(fact.status);
  if (status === "unknown" || fact.value === null || fact.value === undefined) return t.notResearched;
  const question = questionByPath(dotted);
  if (question) return valueText(question, fact.value, t.lang);
  if (fact.value === true) return t.yes;
  if (fact.value === false) return t.no;
  return describeValue(fact.value, status);
}

function badge(status: unknown, t: Messages): Html {
  const known = typeof status === "string" && status in t.status;
  const label = known ? t.status[status as FactStatus] : String(status);
  return html`<span class="badge badge-${known ? status : "other"}">${label}</span>`;
}

/** The site a source lives on, which is what a reader needs to judge it; the kind of source follows. */
function sourceCell(fact: FactLike, t: Messages): Html {
  const href = safeHref(fact.source_url);
  if (Array.isArray(fact.derived_from)) return html`<span class="muted">${t.derivedFrom(fact.derived_from.map(String).join(", "))}</span>`;
  if (!href) return html`<span class="muted">${t.provider.none}</span>`;
  const host = siteOf(href);
  const kind = typeof fact.source_type === "string" ? fact.source_type.replace(/_/g, " ") : null;
  return html`<a href="${href}" rel="nofollow noopener">${host}</a>${kind ? html`<br><span class="muted">${kind}</span>` : ""}`;
}

/** Where a page is published and what its citations point to. */
export interface PageContext {
  baseUrl: string;
  /**
   * The record's permanent copy (/archive/records/<sha256>.json, the same bytes as /api/data/<id>) and the
   * dataset version since which it is unchanged, when the archive knows it: a citation that a change of
   * another record never rewrites.
   */
  cite: { address: string; since: string | null };
  lang?: Lang;
  /** The newest changes to this record, from the change feed. */
  recentChanges?: readonly ChangeEntry[];
}

/** A sentence a reader can paste: value, status, both dates, source, licence, the record's permanent copy and a link here. */
export function citation(record: Provider, label: string, fact: FactLike, anchor: string, context: PageContext, dotted = ""): string {
  const t = MESSAGES[context.lang ?? "en"];
  const status = t.status[fact.status as FactStatus] ?? String(fact.status);
  const value = valueWords(dotted, fact, t) + (typeof fact.display === "string" ? ` ("${fact.display}")` : "");
  const dates = [
    typeof fact.verified_at === "string" ? t.verified(fact.verified_at) : t.notVerified,
    typeof fact.source_date === "string" ? t.sourceDated(formatSourceDate(fact.source_date)) : t.undatedSource,
  ].join(", ");
  const source = typeof fact.source_url === "string" ? `, ${t.source}: ${fact.source_url}` : "";
  return `${record.name}, ${label}: ${value} (${status}; ${dates}${source}). ${t.provider.citeRecord(context.cite.since)} ${context.cite.address}, ${context.baseUrl}/${LANG_PREFIX[t.lang]}providers/${record.id}.html#${anchor}`;
}

/** The source watch's word on the cited page: a reader should not take the value as current until it is re-read. */
function watchMark(fact: FactLike, t: Messages): Html | "" {
  const watch = (fact as { source_watch?: { state?: unknown; since?: unknown } }).source_watch;
  const words = t.provider.watch as Record<string, string>;
  if (!watch || typeof watch.since !== "string" || !(typeof watch.state === "string" && watch.state in words)) return "";
  const verified = typeof fact.verified_at === "string" ? t.provider.watchOn(fact.verified_at) : "";
  return html`<br><strong class="source-watch">${words[watch.state]}${watch.state === "changed" ? verified : ""} (${t.provider.seen(watch.since.slice(0, 10))})</strong>`;
}

/** When someone looked, and how old what they looked at was: a reader needs both to cite a value. */
function datesCell(fact: FactLike, t: Messages): Html {
  const verified = typeof fact.verified_at === "string" ? `${fact.verified_at}${fact.verified_by ? ` (${String(fact.verified_by)})` : ""}` : html`<span class="muted">${t.notVerified}</span>`;
  const researched = fact.status !== "unknown" && !Array.isArray(fact.derived_from);
  const stated = (fact as { source_date_basis?: unknown }).source_date_basis === "stated_in_file" ? (t.lang === "en" ? " (the file's own date)" : " (filens eget datum)") : "";
  const sourceDate =
    typeof fact.source_date === "string" ? html`<br>${t.sourceDated(formatSourceDate(fact.source_date))}${stated}` : researched ? html`<br><span class="muted">${t.undatedSource}</span>` : "";
  const corroborated =
    typeof fact.corroborated_at === "string" ? html`<br><span class="muted">${t.provider.corroborated(fact.corroborated_at)}${fact.corroborated_by === "registry" ? t.provider.byRegister : fact.corroborated_by && fact.corroborated_by !== "scraper" ? ` (${String(fact.corroborated_by)})` : ""}</span>` : "";
  return html`${verified}${sourceDate}${corroborated}${watchMark(fact, t)}`;
}

function factRow(record: Provider, dotted: string, label: string, fact: FactLike, anchor: string, context: PageContext, t: Messages): Html {
  const status = String(fact.status);
  const value = valueWords(dotted, fact, t);
  const display = typeof fact.display === "string" ? html`<br><span class="display">“${fact.display}”</span>` : "";
  const partial = fact.partial === true && Array.isArray(fact.value) ? html`<br><span class="partial">${t.partialList}</span>` : "";
  const cite = status === "unknown" ? "" : html`<details class="cite"><summary>${t.provider.cite}</summary><p>${citation(record, label, fact, anchor, context, dotted)}</p></details>`;
  return html`<tr id="${anchor}">
<th scope="row"><a href="#${anchor}" class="anchor">${label}</a></th>
<td data-label="${t.provider.value}">${status === "unknown" ? html`<span class="muted">${value}</span>` : value}${display}${partial}</td>
<td data-label="${t.provider.statusHeader}">${badge(fact.status, t)}</td>
<td data-label="${t.provider.verifiedHeader}">${datesCell(fact, t)}</td>
<td data-label="${t.provider.sourceHeader}">${sourceCell(fact, t)}${cite}</td>
<td data-label="${t.provider.note}" data-note>${fact.note ?? ""}</td>
</tr>`;
}

function factTable(title: string, rows: Html[], t: Messages): Html {
  return html`<section>
<h2>${title}</h2>
<table class="facts">
<thead><tr><th scope="col">${t.provider.field}</th><th scope="col">${t.provider.value}</th><th scope="col">${t.provider.statusHeader}</th><th scope="col">${t.provider.verifiedHeader}</th><th scope="col">${t.provider.sourceHeader}</th><th scope="col">${t.provider.note}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

function modelsTable(record: Provider, t: Messages): Html {
  const models = record.models;
  if (!models) return html``;
  const currency = stringValueOf(factAt(record, ["pricing", "currency"]));
  const list: Model[] = Array.isArray(models.value) ? models.value : [];
  const price = (n: number | undefined) => (typeof n === "number" ? `${n} ${currency ?? ""}`.trim() : "");
  return html`<section>
<h2>${t.provider.models}</h2>
<div class="scroll" tabindex="0" role="region" aria-label="${t.provider.models}"><table id="fact-models"><caption>${t.provider.modelsCaption}: ${badge(models.status, t)} ${models.verified_at ? t.verified(models.verified_at) : t.notVerified}, ${typeof models.source_date === "string" ? t.sourceDated(formatSourceDate(models.source_date)) : t.undatedSource}${models.partial ? html`; <span class="partial">${t.partialList}</span>` : models.partial === false ? `; ${t.completeList}` : ""}. ${currency ? t.provider.pricesIn(currency) : t.provider.pricesPer}</caption>
<thead><tr>${t.provider.modelColumns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${list.map(
    (model) => html`<tr><th scope="row">${model.name}</th><td>${model.type ?? ""}</td><td>${model.category ?? ""}</td><td class="num">${model.context_tokens ?? ""}</td><td class="num">${price(model.input_price)}</td><td class="num">${price(model.output_price)}</td><td>${model.version ?? ""}</td></tr>`,
  )}</tbody>
</table></div>
<p>${t.provider.sourceHeader}: ${sourceCell(models, t)}${models.note ? html` — ${models.note}` : ""}</p>
</section>`;
}

export function providerPage(record: Provider, summary: RecordSummary, context: PageContext): string {
  const lang = context.lang ?? "en";
  const t = MESSAGES[lang];
  const counts = summary.factsByStatus;
  const blocks = new Map<string, Html[]>();
  for (const [path, fact] of factsOf(record)) {
    const [block, member] = path.map(String) as [string, string | undefined];
    if (block === "models") continue;
    const rows = blocks.get(block) ?? [];
    rows.push(factRow(record, path.map(String).join("."), labelOf(block, member, t), fact, `fact-${path.map(String).join("-")}`, context, t));
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
  const root = rootOf(lang, `providers/${record.id}.html`);
  const body = html`<p><a href="../index.html">${t.provider.all}</a></p>
<h1>${record.name}</h1>
${contested ? html`<div class="contested" role="note"><strong>${t.provider.disputed}</strong> ${contested.reason} (<a href="${safeHref(contested.source_url) ?? "#"}" rel="nofollow noopener">${t.source}</a>)</div>` : ""}
<dl class="summary">
<dt>${t.provider.categoryLabel}</dt><dd>${t.category[record.category]}${record.category_note ? html` — ${record.category_note}` : ""}</dd>
${record.legal_name ? html`<dt>${t.provider.legalName}</dt><dd>${record.legal_name}</dd>` : ""}
<dt>${t.provider.website}</dt><dd>${href ? html`<a href="${href}" rel="nofollow noopener">${record.website}</a>` : record.website}</dd>
<dt>${t.provider.researched}</dt><dd>${t.provider.researchedOf(summary.coverage.researched, summary.coverage.applicable)}</dd>
<dt>${t.provider.facts}</dt><dd>${t.provider.factsCount(counts.confirmed ?? 0, counts.claimed ?? 0, counts.planned ?? 0, summary.coverage.applicable - summary.coverage.researched)}</dd>
<dt>${t.provider.updated}</dt><dd>${record.record_updated_at}${record.last_full_review ? `, ${t.provider.lastReview(record.last_full_review)}` : ""}</dd>
<dt>${t.provider.data}</dt><dd><a href="${root}api/data/${record.id}/index.json">${t.provider.asJson}</a> (${t.provider.apiPath} <code>/api/data/${record.id}</code>) · <a href="../compare.html?ids=${record.id}">${t.nav.compare}</a></dd>
</dl>
<p class="muted">${t.notResearchedNote}</p>
${singles.length ? factTable(t.provider.overview, singles.flatMap(([, rows]) => rows), t) : ""}
${grouped.map(([block, rows]) => factTable(t.provider.blocks[block] ?? labelOf(block, undefined, t), rows, t))}
${modelsTable(record, t)}
${context.recentChanges?.length ? html`<section id="changes"><h2>${t.provider.recentChanges}</h2><ul>${context.recentChanges.map((entry) => html`<li><time datetime="${entry.date}">${entry.date}</time> <span lang="en">${describeChange(entry)}</span> <small>(${entry.dataset_version ? `${entry.dataset_version}, ` : ""}commit <code>${entry.commit}</code>)</small></li>`)}</ul><p><a href="${root}feed.xml">${t.provider.feed}</a> · <a href="${root}api/changes.json">${t.provider.allChanges}</a></p></section>` : ""}
${record._models_api ? html`<section><h2>${t.provider.scraper}</h2><p>${record._models_api.live_count} · <code>${record._models_api.endpoint}</code> · ${record._models_api.checked_at}. −: ${record._models_api.missing_in_seed.join(", ") || "—"}. +: ${record._models_api.gone_from_api.join(", ") || "—"}.</p></section>` : ""}`;
  return page({ lang, title: t.provider.title(record.name), path: `providers/${record.id}.html`, body });
}
