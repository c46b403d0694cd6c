import { html, page } from "./html.js";
import { LANG_PREFIX, MESSAGES, type Lang } from "./messages.js";

/**
 * The page people get for a mistyped page address, one per language: the Swedish one answers under /sv/. It may
 * be served at any path, so its links start from the site's own path (taken from the base URL), not from where
 * it happens to be shown.
 */
export function notFoundPage(baseUrl: string, lang: Lang = "en"): string {
  const root = `${new URL(baseUrl).pathname.replace(/\/+$/, "")}/`;
  const t = MESSAGES[lang];
  const home = `${root}${LANG_PREFIX[lang]}`;
  const body = html`<h1>${t.notFound.heading}</h1>
<p>${t.notFound.text}</p>
<ul>
<li><a href="${home}index.html">${t.notFound.providers}</a></li>
<li><a href="${home}methodology.html">${t.notFound.methodology}</a></li>
<li>${t.notFound.api} <a href="${root}api/data/index.json">/api/data</a>, <a href="${root}api/status.json">/api/status</a>, <a href="${root}api/openapi.json">OpenAPI</a></li>
</ul>
<p class="muted">${t.notFound.programs}</p>`;
  return page({ lang, title: t.notFound.title, path: "not-found.html", body, rootOverride: root });
}
