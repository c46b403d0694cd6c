import type { Provider, Status } from "../../schema/index.js";
import { questionByKey } from "../../schema/buyerQuestions.js";
import type { RecordSummary } from "../summary.js";
import { HEADLINE, type Answer } from "./answers.js";
import { answerFilters, filterAttributes, type AnswerFilter } from "./filters.js";
import { Html, html, page } from "./html.js";
import { MESSAGES, type Lang, type Messages } from "./messages.js";


const ratio = (record: RecordSummary) => (record.coverage.applicable ? record.coverage.researched / record.coverage.applicable : 0);

/** Most researched first, then by name: the first screen shows the records a buyer can decide on. */
export function byResearch(a: RecordSummary, b: RecordSummary): number {
  return ratio(b) - ratio(a) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id);
}

function badge(status: string, t: Messages): Html {
  return html`<span class="badge badge-${status}">${t.status[status as keyof Messages["status"]] ?? status}</span>`;
}

function answerItem(record: RecordSummary, key: string, t: Messages): Html {
  const question = questionByKey(key)!;
  const answer: Answer | undefined = record.answers[key];
  const label = question.label[t.lang];
  const anchor = `providers/${record.id}.html#fact-${question.path.join("-")}`;
  if (!answer?.text) return html`<div><dt>${label}</dt><dd class="muted">${t.notResearched}</dd></div>`;
  const where = answer.derived ? t.derivedShort : [answer.source, answer.verified].filter(Boolean).join(" · ");
  return html`<div><dt>${label}</dt><dd>${answer.text[t.lang]} ${badge(answer.status ?? "unknown", t)} <a class="src" href="${anchor}">${where || t.source}</a></dd></div>`;
}

function resultItem(record: RecordSummary, filters: readonly AnswerFilter[], t: Messages): Html {
  const search = `${record.name} ${record.id} ${record.legalName ?? ""}`.toLowerCase();
  const attributes = new Html(filterAttributes(record, filters));
  const price = record.answers.price;
  return html`<li class="card" id="p-${record.id}" data-id="${record.id}" data-name="${record.name.toLowerCase()}" data-category="${record.category}" data-researched="${ratio(record).toFixed(4)}" data-search="${search}"${price?.keys[0] ? html` data-currency="${price.keys[0]}"` : ""} ${attributes}>
<div class="card-head"><h3><a href="providers/${record.id}.html">${record.name}</a></h3><label class="pick"><input type="checkbox" name="compare" value="${record.id}"> ${t.index.compare}</label></div>
<p class="meta">${t.category[record.category]} · ${t.index.hq} ${record.country ?? t.notResearched} · ${t.index.researched(record.coverage.researched, record.coverage.applicable)}</p>
<dl class="answers">${HEADLINE.map((key) => answerItem(record, key, t))}</dl>
</li>`;
}

function filterFieldset(filter: AnswerFilter, t: Messages, currencies: readonly string[]): Html {
  const label = filter.question.label[t.lang];
  const keep = html`<label class="keep"><input type="checkbox" name="keep" value="${filter.key}"> ${t.index.keepUnknown}</label>`;
  const count = html`<span class="count" data-count-for="${filter.key}"></span>`;
  if (filter.kind === "max") {
    const isPrice = filter.key === "price";
    return html`<fieldset data-filter="${filter.key}"><legend>${label}</legend>
<label>${t.index.priceMax} <input type="number" name="${filter.key}" min="0" step="any" inputmode="decimal"></label>
${isPrice ? html`<label>${t.index.currency} <select name="cur"><option value="">${t.index.anyCurrency}</option>${currencies.map((code) => html`<option value="${code}">${code}</option>`)}</select></label>` : ""}
${keep}${count}</fieldset>`;
  }
  return html`<fieldset data-filter="${filter.key}"><legend>${label}</legend>
<div class="options">${filter.options.map((option) => html`<label><input type="checkbox" name="${filter.key}" value="${option.value}"> ${option.label[t.lang]}</label>`)}</div>
${keep}${count}</fieldset>`;
}

/** Where the cards go: the page is written around them, card by card (indexPageParts). */
const CARDS = "\u0000cards\u0000";

/** The page in parts, each provider's card on its own: at 10,000 providers it is 19 MB, which as one string took 150 MB to build. */
export function* indexPageParts(providers: readonly RecordSummary[], status: Status, lang: Lang = "en"): Generator<string> {
  const t = MESSAGES[lang];
  const filters = answerFilters(providers);
  const currencies = [...new Set(providers.flatMap((record) => record.answers.price?.keys ?? []))].sort();
  const categories = Object.keys(t.category) as Provider["category"][];
  const ordered = [...providers].sort(byResearch);
  const primary = filters.filter((filter) => filter.primary);
  const more = filters.filter((filter) => !filter.primary);
  const labels = JSON.stringify(t.script);
  const body = html`<h1>${t.index.heading}</h1>
<p>${t.index.intro(status.providers_total, status.dataset_version, status.last_verified ?? "—", status.review_queue ?? 0)}</p>
<p>${t.index.downloads} <a href="api/data/index.json">api/data (JSON)</a> · <a href="api/providers.json">api/providers.json</a> · <a href="api/providers.csv">api/providers.csv</a> · <a href="api/data.csv">api/data.csv</a> · <a href="api/prices.csv">api/prices.csv</a> · <a href="api/changes.json">api/changes.json</a> · <a href="feed.xml">Atom</a></p>
<div class="browse">
<section id="results" aria-labelledby="results-h">
<div class="results-head"><h2 id="results-h">${t.index.results}</h2><a class="jump" href="#filters">${t.index.jumpToFilters}</a>
<label class="sort">${t.index.sort} <select id="sort" name="sort"><option value="researched">${t.index.sortResearched}</option><option value="name">${t.index.sortName}</option>${currencies.map((code) => html`<option value="price:${code}">${t.index.sortPrice(code)}</option>`)}</select></label></div>
<p id="shown" aria-live="polite">${t.script.shown.replace("{n}", String(providers.length)).replace("{total}", String(providers.length))}</p>
<noscript><p>${t.index.noScript}</p></noscript>
<p class="muted">${t.index.compareHelp} ${t.notResearchedNote}</p>
<ol id="providers" class="cards">
${new Html(CARDS)}
</ol>
<div id="compare-bar" class="compare-bar" hidden><a id="compare-link" href="compare.html">${t.index.compareSelected}</a></div>
</section>
<section id="filters" class="filters-panel" aria-labelledby="filters-h">
<h2 id="filters-h">${t.index.filters}</h2>
<p class="muted">${t.index.filtersHelp}</p>
<form id="filter-form" role="search" hidden>
<button type="button" id="clear-filters">${t.index.clear}</button>
<label class="search">${t.index.searchLabel} <input id="filter-text" name="q" type="search" autocomplete="off" placeholder="${t.index.search}"></label>
<fieldset data-filter="category"><legend>${t.provider.categoryLabel}</legend><div class="options">${categories.map((category) => html`<label><input type="checkbox" name="category" value="${category}"> ${t.category[category]}</label>`)}</div><span class="count" data-count-for="category"></span></fieldset>
${primary.map((filter) => filterFieldset(filter, t, currencies))}
<details class="more-filters"><summary>${lang === "en" ? "More questions" : "Fler frågor"}</summary>
${more.map((filter) => filterFieldset(filter, t, currencies))}
</details>
</form>
</section>
</div>
<script type="application/json" id="messages">${new Html(labels.replace(/</g, "\\u003c"))}</script>`;
  const [before, after] = page({ lang, title: t.index.title, path: "index.html", body, scripts: ["index.js"] }).split(CARDS);
  yield before!;
  for (const record of ordered) yield resultItem(record, filters, t).text;
  yield after!;
}

export function indexPage(providers: readonly RecordSummary[], status: Status, lang: Lang = "en"): string {
  return [...indexPageParts(providers, status, lang)].join("");
}
