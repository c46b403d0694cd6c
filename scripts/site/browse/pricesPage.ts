import type { PriceRow, Status } from "../../schema/index.js";
import { formatNumber } from "../../schema/answers.js";
import { datesText, validityText } from "./factEvidence.js";
import { Html, html, linkerOf, page, rootOf, safeHref, siteOf } from "./html.js";
import { MESSAGES, type Lang, type Messages } from "./messages.js";
import { evidenceWords } from "./words.js";

function vatWords(row: PriceRow, t: Messages): string {
  return row.vat_included === true ? t.prices.vatIncluded : row.vat_included === false ? t.prices.vatExcluded : t.prices.vatUnknown;
}

/** The same order as `localeCompare` (the default locale), without building a collator for each comparison. */
const collator = new Intl.Collator();

function sortedRows(rows: readonly PriceRow[]): PriceRow[] {
  return [...rows].sort((a, b) => (a.input_per_1m ?? Infinity) - (b.input_per_1m ?? Infinity) || collator.compare(a.provider_name, b.provider_name) || collator.compare(a.model, b.model));
}

function priceRow(row: PriceRow, t: Messages, to: (target: string) => string, attributionOfRow: (row: PriceRow) => string | null): Html {
  const words = evidenceWords(t.lang);
  const amount = (value: number | null) => (value === null ? "—" : formatNumber(value, t.lang, 2));
  const href = safeHref(row.source_url);
  const validity = validityText(row, words);
  const host = siteOf(href);
  return html`<tr data-model="${row.model.toLowerCase()}">
<td data-sort="${row.provider_name.toLowerCase()}"><a href="${to(`providers/${row.provider_id}.html`)}">${row.provider_name}</a></td>
<td data-sort="${row.model.toLowerCase()}"><span translate="no">${row.model}</span>${row.model_category && row.model_category !== "text" ? html` <span class="muted">(${row.model_category})</span>` : ""}</td>
<td class="num" data-sort="${row.input_per_1m ?? ""}">${amount(row.input_per_1m)}</td>
<td class="num" data-sort="${row.output_per_1m ?? ""}">${amount(row.output_per_1m)}</td>
<td>${vatWords(row, t)}</td>
<td><span class="badge badge-${row.status}">${row.status === "claimed" && attributionOfRow(row) ? words.attribution[attributionOfRow(row)!] : t.status[row.status]}</span></td>
<td>${datesText(row, words)}${validity ? html`<br>${validity}` : ""}</td>
<td>${href ? html`<a href="${href}" rel="nofollow noopener">${host}</a>` : t.provider.none}${row.corroborated_by ? html`<br><span class="muted">= ${row.corroborated_by}</span>` : ""}</td>
</tr>`;
}

/** Where a table's rows go: the page is written around them, row by row (pricesPageParts). */
const ROWS = "\u0000rows\u0000";

function priceTable(currency: string | null, t: Messages): Html {
  const title = currency ? t.prices.inCurrency(currency) : t.prices.noCurrency;
  const id = `prices-${currency ?? "unknown"}`;
  return html`<section aria-labelledby="${id}-h"><h2 id="${id}-h">${title}</h2>
<div class="scroll" tabindex="0" role="region" aria-labelledby="${id}-h"><table class="prices" id="${id}">
<thead><tr><th scope="col" data-sortable>${t.prices.provider}</th><th scope="col" data-sortable>${t.prices.model}</th><th scope="col" class="num" data-sortable>${t.prices.input}</th><th scope="col" class="num" data-sortable>${t.prices.output}</th><th scope="col">${t.prices.vat}</th><th scope="col">${t.provider.statusHeader}</th><th scope="col">${t.prices.dates}</th><th scope="col">${t.provider.sourceHeader}</th></tr></thead>
<tbody>${new Html(ROWS)}</tbody>
</table></div></section>`;
}

/**
 * One table per currency, so no sort ever ranks two currencies in one column; never converted. The page in parts,
 * each row on its own: at 10,000 providers it has 150,000 rows (80 MB), which as one string took 600 MB to build.
 */
export function* pricesPageParts(rows: readonly PriceRow[], status: Status, lang: Lang, attributionOfRow: (row: PriceRow) => string | null = () => null): Generator<string> {
  const t = MESSAGES[lang];
  const currencies = [...new Set(rows.map((row) => row.currency))].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
  const providers = new Set(rows.map((row) => row.provider_id)).size;
  const to = linkerOf(lang, "prices.html");
  const root = rootOf(lang, "prices.html");
  const body = html`<h1>${t.prices.heading}</h1>
<p>${t.prices.intro}</p>
<p>${t.prices.count(rows.length, providers)} ${t.prices.download} <a href="${root}api/prices.json">api/prices.json</a> · <a href="${root}api/prices.csv">api/prices.csv</a>. ${t.compare.citation(status.dataset_version)}</p>
<form id="model-filter" role="search" hidden><label>${t.prices.filter} <input type="search" name="model" autocomplete="off"></label></form>
${currencies.map((currency) => priceTable(currency, t))}`;
  const [first, ...rest] = page({ lang, title: t.prices.title, path: "prices.html", body, scripts: ["prices.js"] }).split(ROWS);
  yield first!;
  for (const [index, part] of rest.entries()) {
    for (const row of sortedRows(rows.filter((row) => row.currency === currencies[index]))) yield priceRow(row, t, to, attributionOfRow).text;
    yield part;
  }
}

export function pricesPage(rows: readonly PriceRow[], status: Status, lang: Lang, attributionOfRow: (row: PriceRow) => string | null = () => null): string {
  return [...pricesPageParts(rows, status, lang, attributionOfRow)].join("");
}
