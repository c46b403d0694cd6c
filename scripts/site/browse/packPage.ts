import type { Status } from "../../schema/index.js";
import { annexData } from "./comparePage.js";
import { html, jsonBlock, linkerOf, page } from "./html.js";
import { legendHtml } from "./legend.js";
import { MESSAGES, type Lang } from "./messages.js";

/**
 * /pack.html?id=…: a provider's procurement pack, printable: every buyer answer asked of its category with its
 * status, both dates, its source and the source's own words; the derived answers with the Facts they rest on and
 * the rule's account; the Commission's sovereignty objectives; the legend and a citation. One page per language:
 * its script reads the record from the API and renders it with the functions the build renders the provider
 * pages with (a page per provider would double what a build writes for what the API already holds).
 */
export function packPage(status: Status, lang: Lang, repository: string | null, baseUrl: string): string {
  const t = MESSAGES[lang];
  const to = linkerOf(lang, "pack.html");
  const data = { ...annexData(lang, "pack.html", status, baseUrl, repository), words: { ...t.pack, notResearched: t.notResearched, question: t.compare.question, value: t.provider.value, loading: t.script.loading, failed: t.script.failed, category: t.provider.categoryLabel, legalName: t.provider.legalName, website: t.provider.website, updated: t.provider.updated, all: t.provider.all } };
  const body = html`<p class="screen-only"><a id="pack-record" href="${to("index.html")}">${t.provider.all}</a></p>
<h1 id="pack-heading">${t.pack.title.split(" — ")[0]}</h1>
<p>${t.pack.intro}</p>
<p id="pack-note" role="status"></p>
<div id="pack"></div>
${legendHtml(lang, true)}
<noscript><p>${t.pack.noScript}</p><p><a href="${to("index.html")}">${t.nav.providers}</a></p></noscript>
<script type="application/json" id="pack-data">${jsonBlock(data)}</script>`;
  return page({ lang, title: t.pack.title, path: "pack.html", body, scripts: ["pack.js"] });
}
