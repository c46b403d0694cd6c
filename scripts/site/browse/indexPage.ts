import type { Provider, Status } from "../../schema/index.js";
import { questionByKey } from "../../schema/buyerQuestions.js";
import type { RecordSummary } from "../summary.js";
import { HEADLINE, type Answer } from "../recordAnswers.js";
import { answerFilters, filterAttributes, type AnswerFilter } from "./filters.js";
import { Html, html, jsonBlock, linkerOf, page, rootOf } from "./html.js";
import { fill, withData } from "./markup.js";
import { LANG_PREFIX, MESSAGES, type Lang, type Messages } from "./messages.js";
import { evidenceWords } from "./words.js";

const ratio = (record: RecordSummary) => (record.coverage.applicable ? record.coverage.researched / record.coverage.applicable : 0);

/** Most researched first, then by name: the first screen shows the records a buyer can decide on. */
export function byResearch(a: RecordSummary, b: RecordSummary): number {
  return ratio(b) - ratio(a) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id);
}

/** A card's badge: a claimed answer says whose statement it is, as everywhere else. */
function badge(answer: Answer, t: Messages): Html {
  const status = answer.status ?? "unknown";
  const words = evidenceWords(t.lang);
  const label = status === "claimed" && answer.attribution ? words.attribution[answer.attribution]! : t.status[status];
  return html`<span class="badge badge-${status}">${label}</span>`;
}

function answerItem(record: RecordSummary, key: string, t: Messages, to: (target: string) => string): Html {
  const question = questionByKey(key)!;
  const answer: Answer | undefined = record.answers[key];
  const label = question.label[t.lang];
  const anchor = to(`providers/${record.id}.html#fact-${question.path.join("-")}`);
  if (!answer?.text) return html`<div><dt>${label}</dt><dd class="muted">${answer?.state === "not_applicable" ? t.status.not_applicable : t.notResearched}</dd></div>`;
  const link = answer.link?.[t.lang];
  const where = answer.derived
    ? t.derivedShort
    : [answer.source, answer.verified ? fill(t.index.verifiedOn, { date: answer.verified }) : null].filter(Boolean).join(" · ");
  return html`<div><dt>${label}</dt><dd>${withData(answer.text[t.lang], answer.data)}${link ? html` <span class="deciding"${link.english ? html` lang="en"` : ""}>${link.text}</span>` : ""} ${badge(answer, t)} <a class="src" href="${anchor}">${where || t.source}</a></dd></div>`;
}

function resultItem(record: RecordSummary, filters: readonly AnswerFilter[], t: Messages, to: (target: string) => string): Html {
  const search = `${record.name} ${record.id} ${record.legalName ?? ""}`.toLowerCase();
  const attributes = new Html(filterAttributes(record, filters));
  const currency = record.answers.price?.currency;
  return html`<li class="card" id="p-${record.id}" data-id="${record.id}" data-name="${record.name.toLowerCase()}" data-category="${record.category}" data-researched="${ratio(record).toFixed(4)}" data-search="${search}"${currency ? html` data-currency="${currency}"` : ""} ${attributes}>
<div class="card-head"><h3><a href="${to(`providers/${record.id}.html`)}">${record.name}</a></h3><label class="pick"><input type="checkbox" name="compare" value="${record.id}"> ${t.index.compare}</label></div>
<p class="meta">${t.category[record.category]} · ${t.index.hq} ${record.country ?? t.notResearched} · ${t.index.researched(record.coverage.researched, record.coverage.applicable)}</p>
<dl class="answers">${HEADLINE.map((key) => answerItem(record, key, t, to))}</dl>
</li>`;
}

function filterFieldset(filter: AnswerFilter, t: Messages, currencies: readonly string[]): Html {
  const label = filter.question.label[t.lang];
  const keep = html`<label class="keep"><input type="checkbox" name="keep" value="${filter.key}"> ${t.index.keepUnknown}</label>`;
  const count = html`<span class="count" data-count-for="${filter.key}"></span>`;
  const kind = filter.question.shape.kind;
  if (filter.kind === "max") {
    const isPrice = filter.key === "price";
    return html`<fieldset data-filter="${filter.key}" data-kind="${kind}"><legend>${label}</legend>
<label>${t.index.priceMax} <input type="number" name="${filter.key}" min="0" step="any" inputmode="decimal"></label>
${isPrice ? html`<label>${t.index.currency} <select name="cur"><option value="">${t.index.anyCurrency}</option>${currencies.map((code) => html`<option value="${code}">${code}</option>`)}</select></label>` : ""}
${keep}${count}</fieldset>`;
  }
  return html`<fieldset data-filter="${filter.key}" data-kind="${kind}"><legend>${label}</legend>
<div class="options">${filter.options.map((option) => html`<label><input type="checkbox" name="${filter.key}" value="${option.value}"> ${option.label[t.lang]}</label>`)}</div>
${keep}${count}</fieldset>`;
}

/** Where the cards go: the page is written around them, card by card (indexPageParts). */
const CARDS = "\u0000cards\u0000";

/** The page in parts, each provider's card on its own: at 10,000 providers it is 19 MB, which as one string took 150 MB to build. */
export function* indexPageParts(providers: readonly RecordSummary[], status: Status, lang: Lang = "en", baseUrl = ""): Generator<string> {
  const t = MESSAGES[lang];
  const to = linkerOf(lang, "index.html");
  const root = rootOf(lang, "index.html");
  const filters = answerFilters(providers);
  const currencies = [...new Set(providers.flatMap((record) => (record.answers.price?.currency ? [record.answers.price.currency] : [])))].sort();
  const categories = Object.keys(t.category) as Provider["category"][];
  const ordered = [...providers].sort(byResearch);
  const primary = filters.filter((filter) => filter.primary);
  const more = filters.filter((filter) => !filter.primary);
  const data = { words: t.script, version: status.dataset_version };
  const everyProvider = fill(t.script.citeText, { count: providers.length, total: providers.length, filters: t.script.noFilters, version: status.dataset_version, url: `${baseUrl}/${LANG_PREFIX[lang]}`, date: status.generated_at?.slice(0, 10) ?? "" });
  const body = html`<h1>${t.index.heading}</h1>
<p>${t.index.intro(status.providers_total, status.dataset_version, status.last_verified ?? "—", status.review_queue ?? 0)}</p>
<div class="browse">
<section id="results" aria-labelledby="results-h">
<div class="results-head"><h2 id="results-h">${t.index.results}</h2><a class="jump" href="#filters">${t.index.jumpToFilters}</a>
<label class="sort">${t.index.sort} <select id="sort" name="sort"><option value="researched">${t.index.sortResearched}</option><option value="name">${t.index.sortName}</option>${currencies.map((code) => html`<option value="price:${code}">${t.index.sortPrice(code)}</option>`)}</select></label></div>
<p id="active-filters" class="active-filters" hidden><strong id="active-count"></strong> <a href="#filters">${t.index.jumpToFilters}</a> · <button type="button" id="clear-active" class="link">${t.index.clear}</button></p>
<p id="shown" aria-live="polite">${t.script.shown.replace("{n}", String(providers.length)).replace("{total}", String(providers.length))}</p>
<noscript><p>${t.index.noScript}</p></noscript>
<p class="muted">${t.index.compareHelp} ${t.notResearchedNote}</p>
<ol id="providers" class="cards">
${new Html(CARDS)}
</ol>
<div id="compare-bar" class="compare-bar" hidden><a id="compare-link" href="${to("compare.html")}">${t.index.compareSelected}</a></div>
<details class="cite cite-list" id="cite-list"><summary>${t.index.citeList}</summary><p class="small">${t.index.citeListHelp}</p><p id="cite-list-text">${everyProvider}</p></details>
</section>
<section id="filters" class="filters-panel" aria-labelledby="filters-h">
<h2 id="filters-h">${t.index.filters}</h2>
<p class="muted">${t.index.filtersHelp}</p>
<form id="filter-form" role="search" hidden>
<button type="button" id="clear-filters">${t.index.clear}</button>
<label class="search">${t.index.searchLabel} <input id="filter-text" name="q" type="search" autocomplete="off" placeholder="${t.index.search}"></label>
<fieldset data-filter="category"><legend>${t.provider.categoryLabel}</legend><div class="options">${categories.map((category) => html`<label><input type="checkbox" name="category" value="${category}"> ${t.category[category]}</label>`)}</div><span class="count" data-count-for="category"></span></fieldset>
${primary.map((filter) => filterFieldset(filter, t, currencies))}
<details class="more-filters"><summary>${t.index.moreQuestions}</summary>
${more.map((filter) => filterFieldset(filter, t, currencies))}
</details>
</form>
</section>
</div>
<section id="downloads" aria-labelledby="downloads-h"><h2 id="downloads-h">${t.index.downloadsHeading}</h2>
<p>${t.index.downloads} ${["api/data/index.json", "api/providers.json", "api/providers.csv", "api/data.csv", "api/prices.csv", "api/changes.json", "feed.xml"].map((file, index) => html`${index ? " · " : ""}<a href="${root}${file}"><code>${file.replace("/index.json", "")}</code></a>`)}</p></section>
<script type="application/json" id="index-data">${jsonBlock(data)}</script>`;
  const [before, after] = page({ lang, title: t.index.title, path: "index.html", body, scripts: ["index.js"] }).split(CARDS);
  yield before!;
  for (const record of ordered) yield resultItem(record, filters, t, to).text;
  yield after!;
}

export function indexPage(providers: readonly RecordSummary[], status: Status, lang: Lang = "en", baseUrl = ""): string {
  return [...indexPageParts(providers, status, lang, baseUrl)].join("");
}
