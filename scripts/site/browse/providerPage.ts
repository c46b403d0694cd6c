import type { Model, Provider } from "../../schema/index.js";
import { factsOf, type FactLike } from "../../schema/facts.js";
import { formatNumber, type QuestionView } from "../../schema/answers.js";
import { questionByPath } from "../../schema/buyerQuestions.js";
import { factAt, stringValueOf } from "../../schema/factPath.js";
import { Availability } from "../../schema/vocabularies.js";
import type { RecordSummary } from "../summary.js";
import type { ChangeEntry } from "../../history/shapes.js";
import { describeChange } from "../api/feed.js";
import { EXPOSURE_TERMS } from "../recordAnswers.js";
import { answerWords } from "./answerCell.js";
import { badge, correctionLink, datesText, quoteHtml, seenText, sourceHtml, statusText, validityText, type CorrectionTarget, type EvidenceWords } from "./factEvidence.js";
import { describeValue } from "./facts.js";
import { Html, html, linkerOf, page, rootOf, safeHref } from "./html.js";
import { LANG_PREFIX, MESSAGES, type Lang, type Messages } from "./messages.js";
import { sovSection } from "./sovereigntyView.js";
import { evidenceWords, fieldLabel } from "./words.js";

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
  /** The repository's web address, for the correction links; without it, none. */
  repository?: string | null;
}

const OUTPUT_PRICE: QuestionView = { key: "price_output", path: ["pricing", "price_per_1m_output_tokens"], shape: { kind: "number" } };

/** A value in words, in the page's language: a buyer question's answer, a vocabulary's label, yes/no, a price with its currency; as markup and as text. */
export function valueWords(record: Provider, dotted: string, fact: FactLike, t: Messages): { html: Html; text: string } {
  const lang = t.lang;
  const plain = (text: string) => ({ html: html`${text}`, text });
  if (fact.status === "unknown" || fact.value === null || fact.value === undefined) return { html: html`<span class="muted">${t.notResearched}</span>`, text: t.notResearched };
  const question = questionByPath(dotted) ?? (dotted === "pricing.price_per_1m_output_tokens" ? OUTPUT_PRICE : undefined);
  if (question) {
    const said = answerWords(record, question, { lang, exposure: EXPOSURE_TERMS });
    return { html: said.html ?? html``, text: said.text ?? "" };
  }
  if (dotted === "availability_status" && typeof fact.value === "string") return plain(Availability.terms[fact.value as keyof typeof Availability.terms]?.[lang] ?? fact.value);
  if (fact.value === true) return plain(t.yes);
  if (fact.value === false) return plain(t.no);
  if (typeof fact.value === "number") {
    const currency = dotted.startsWith("pricing.") ? stringValueOf(factAt(record, ["pricing", "currency"])) : null;
    return plain(`${formatNumber(fact.value, lang)}${currency ? ` ${currency}` : ""}`);
  }
  const text = describeValue(fact.value, String(fact.status), lang);
  return { html: html`<span translate="no">${text}</span>`, text };
}

/** Researchers' notes are English data: marked so on the Swedish pages, with `code` spans as code. */
export function noteHtml(text: unknown, lang: Lang): Html | "" {
  if (typeof text !== "string" || text === "") return "";
  const parts = text.split(/`([^`]+)`/).map((part, index) => (index % 2 ? html`<code>${part}</code>` : html`${part}`));
  return lang === "en" ? html`${parts}` : html`<span lang="en" translate="no">${parts}</span>`;
}

/** A sentence a reader can paste: value, status, both dates, source, licence, the record's permanent copy and a link here. */
export function citation(record: Provider, label: string, value: string, fact: FactLike, anchor: string, context: PageContext, words: EvidenceWords): string {
  const t = MESSAGES[context.lang ?? "en"];
  const display = typeof fact.display === "string" ? ` ("${fact.display}")` : "";
  const source = typeof fact.source_url === "string" ? `, ${t.source}: ${fact.source_url}` : "";
  return `${record.name}, ${label}: ${value}${display} (${statusText(fact, words)}; ${datesText(fact, words)}${source}). ${t.provider.citeRecord(context.cite.since)} ${context.cite.address}, ${context.baseUrl}/${LANG_PREFIX[t.lang]}providers/${record.id}.html#${anchor}`;
}

/** The source watch's word on the cited page: a reader should not take the value as current until it is re-read. */
function watchMark(fact: FactLike, t: Messages): Html | "" {
  const watch = (fact as { source_watch?: { state?: unknown; since?: unknown } }).source_watch;
  const words = t.provider.watch as Record<string, string>;
  if (!watch || typeof watch.since !== "string" || !(typeof watch.state === "string" && watch.state in words)) return "";
  const verified = typeof fact.verified_at === "string" ? t.provider.watchOn(fact.verified_at) : "";
  return html`<br><strong class="source-watch">${words[watch.state]}${watch.state === "changed" ? verified : ""} (${t.provider.seen(watch.since.slice(0, 10))})</strong>`;
}

/** When someone looked, how old what they looked at was, and who else saw the same value. */
function datesCell(fact: FactLike, t: Messages, words: EvidenceWords): Html {
  const corroborated =
    typeof fact.corroborated_at === "string" ? html`<br><span class="muted">${t.provider.corroborated(fact.corroborated_at)}${fact.corroborated_by === "registry" ? t.provider.byRegister : fact.corroborated_by && fact.corroborated_by !== "scraper" ? ` (${String(fact.corroborated_by)})` : ""}</span>` : "";
  const validity = validityText(fact, words);
  return html`${fact.status === "unknown" ? html`<span class="muted">${datesText(fact, words)}</span>` : datesText(fact, words)}${validity ? html`<br>${validity}` : ""}${corroborated}${watchMark(fact, t)}`;
}

function factRow(record: Provider, dotted: string, label: string, fact: FactLike, anchor: string, context: PageContext, t: Messages, words: EvidenceWords): Html {
  const { html: value, text: valueText } = valueWords(record, dotted, fact, t);
  const display = typeof fact.display === "string" ? html`<br><span class="display" translate="no">“${fact.display}”</span>` : "";
  const partial = fact.partial === true && Array.isArray(fact.value) ? html`<br><span class="partial">${t.partialList}</span>` : "";
  const cite = fact.status === "unknown" ? "" : html`<details class="cite"><summary>${t.provider.cite}</summary><p translate="no">${citation(record, label, valueText, fact, anchor, context, words)}</p></details>`;
  const target: CorrectionTarget = { repository: context.repository ?? null, provider: record.id, providerName: record.name, field: dotted, fieldLabel: label, seen: seenText(valueText, fact, words) };
  const report = correctionLink(target, words);
  // The provider page prints its sources by site; the pack and the comparison print every full address.
  const source = Array.isArray(fact.derived_from) ? "" : sourceHtml(fact, words, false);
  return html`<tr id="${anchor}">
<th scope="row"><a href="#${anchor}" class="anchor">${label}</a></th>
<td data-label="${t.provider.value}">${value}${display}${partial}${quoteHtml(fact, words)}</td>
<td data-label="${t.provider.statusHeader}">${badge(fact, words)}</td>
<td data-label="${t.provider.verifiedHeader}">${datesCell(fact, t, words)}</td>
<td data-label="${t.provider.sourceHeader}">${source || html`<span class="muted">${t.provider.none}</span>`}${cite}${report ? html`<br>${report}` : ""}</td>
<td data-label="${t.provider.note}" data-note>${noteHtml(fact.note, t.lang)}</td>
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

function modelsTable(record: Provider, t: Messages, words: EvidenceWords): Html {
  const models = record.models;
  if (!models) return html``;
  const lang = t.lang;
  const currency = stringValueOf(factAt(record, ["pricing", "currency"]));
  const list: Model[] = Array.isArray(models.value) ? models.value : [];
  const price = (n: number | undefined) => (typeof n === "number" ? `${formatNumber(n, lang, 2)} ${currency ?? ""}`.trim() : "");
  const dated = list.some((model) => model.valid_from || model.valid_until);
  const partial = models.partial ? html`; <span class="partial">${t.partialList}</span>` : models.partial === false ? `; ${t.completeList}` : "";
  return html`<section>
<h2>${t.provider.models}</h2>
<div class="scroll" tabindex="0" role="region" aria-label="${t.provider.models}"><table id="fact-models"><caption>${t.provider.modelsCaption}: ${badge(models, words)} ${datesText(models, words)}${partial}. ${currency ? t.provider.pricesIn(currency) : t.provider.pricesPer}</caption>
<thead><tr>${t.provider.modelColumns.map((column) => html`<th scope="col">${column}</th>`)}${dated ? html`<th scope="col">${t.provider.validColumn}</th>` : ""}</tr></thead>
<tbody>${list.map(
    (model) =>
      html`<tr><th scope="row" translate="no">${model.name}</th><td>${model.type ?? ""}</td><td>${model.category ?? ""}</td><td class="num">${typeof model.context_tokens === "number" ? formatNumber(model.context_tokens, lang) : ""}</td><td class="num">${price(model.input_price)}</td><td class="num">${price(model.output_price)}</td><td translate="no">${model.version ?? ""}</td>${dated ? html`<td>${validityText(model, words)}</td>` : ""}</tr>`,
  )}</tbody>
</table></div>
<p>${t.provider.sourceHeader}: ${sourceHtml(models, words) || t.provider.none}${models.note ? html` — ${noteHtml(models.note, lang)}` : ""}</p>
${quoteHtml(models, words)}
</section>`;
}

export function providerPage(record: Provider, summary: RecordSummary, context: PageContext): string {
  const lang = context.lang ?? "en";
  const t = MESSAGES[lang];
  const words = evidenceWords(lang);
  const path = `providers/${record.id}.html`;
  const to = linkerOf(lang, path);
  const counts = summary.factsByStatus;
  const blocks = new Map<string, Html[]>();
  for (const [factPath, fact] of factsOf(record)) {
    const [block] = factPath.map(String) as [string, string | undefined];
    if (block === "models") continue;
    const dotted = factPath.map(String).join(".");
    const rows = blocks.get(block) ?? [];
    rows.push(factRow(record, dotted, fieldLabel(dotted, lang), fact, `fact-${factPath.map(String).join("-")}`, context, t, words));
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
  const root = rootOf(lang, path);
  const body = html`<p><a href="${to("index.html")}">${t.provider.all}</a></p>
<h1>${record.name}</h1>
${contested ? html`<div class="contested" role="note"><strong>${t.provider.disputed}</strong> ${noteHtml(contested.reason, lang)} (<a href="${safeHref(contested.source_url) ?? "#"}" rel="nofollow noopener">${t.source}</a>)</div>` : ""}
<dl class="summary">
<dt>${t.provider.categoryLabel}</dt><dd>${t.category[record.category]}${record.category_note ? html` — ${noteHtml(record.category_note, lang)}` : ""}</dd>
${record.legal_name ? html`<dt>${t.provider.legalName}</dt><dd translate="no">${record.legal_name}</dd>` : ""}
<dt>${t.provider.website}</dt><dd>${href ? html`<a href="${href}" rel="nofollow noopener">${record.website}</a>` : record.website}</dd>
<dt>${t.provider.researched}</dt><dd>${t.provider.researchedOf(summary.coverage.researched, summary.coverage.applicable)}</dd>
<dt>${t.provider.facts}</dt><dd>${t.provider.factsCount(counts.confirmed ?? 0, counts.claimed ?? 0, counts.planned ?? 0, summary.coverage.applicable - summary.coverage.researched)}</dd>
<dt>${t.provider.updated}</dt><dd>${record.record_updated_at}${record.last_full_review ? `, ${t.provider.lastReview(record.last_full_review)}` : ""}</dd>
<dt>${t.provider.data}</dt><dd><a href="${to(`pack.html?id=${record.id}`)}">${t.provider.packLink}</a> · <a href="${root}api/data/${record.id}/index.json">${t.provider.asJson}</a> (${t.provider.apiPath} <code>/api/data/${record.id}</code>) · <a href="${to(`compare.html?ids=${record.id}`)}">${t.nav.compare}</a></dd>
</dl>
<p class="muted">${t.notResearchedNote}</p>
${singles.length ? factTable(t.provider.overview, singles.flatMap(([, rows]) => rows), t) : ""}
${grouped.map(([block, rows]) => factTable(t.provider.blocks[block] ?? fieldLabel(block, lang), rows, t))}
${modelsTable(record, t, words)}
${sovSection(record, lang, t.sov, words, "sovereignty-objectives", to("methodology.html#sovereignty-framework"))}
${context.recentChanges?.length ? html`<section id="changes"><h2>${t.provider.recentChanges}</h2><ul>${context.recentChanges.map((entry) => html`<li><time datetime="${entry.date}">${entry.date}</time> <span lang="en">${describeChange(entry)}</span> <small>(${entry.dataset_version ? `${entry.dataset_version}, ` : ""}commit <code>${entry.commit}</code>)</small></li>`)}</ul><p><a href="${root}feed.xml">${t.provider.feed}</a> · <a href="${root}api/changes.json">${t.provider.allChanges}</a></p></section>` : ""}
${record._models_api ? html`<section><h2>${t.provider.scraper}</h2><p>${record._models_api.live_count} · <code>${record._models_api.endpoint}</code> · ${record._models_api.checked_at}. −: ${record._models_api.missing_in_seed.join(", ") || "—"}. +: ${record._models_api.gone_from_api.join(", ") || "—"}.</p></section>` : ""}`;
  return page({ lang, title: t.provider.title(record.name), path, body });
}
