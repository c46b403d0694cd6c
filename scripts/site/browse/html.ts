import { LANG_PREFIX, MESSAGES, otherLang, type Lang } from "./messages.js";
import { html, type Html } from "./markup.js";

export { escapeHtml, Html, html, jsonBlock } from "./markup.js";
export { safeHref, siteOf } from "../../schema/answers.js";

export interface PageOptions {
  lang: Lang;
  title: string;
  /** Where the page sits in its language's tree, e.g. "index.html" or "providers/berget-ai.html". */
  path: string;
  body: Html;
  /** Page scripts under assets/, besides the one every page loads. */
  scripts?: readonly string[];
  /** Absolute links from the site's own path (the 404 page, served at any address). */
  rootOverride?: string;
}

/** The relative way from a page in `lang` at `path` up to the site root. */
export function rootOf(lang: Lang, path: string): string {
  const depth = (LANG_PREFIX[lang] + path).split("/").length - 1;
  return "../".repeat(depth);
}

/**
 * Links from a page to pages of its own language, written through the site root ("../sv/providers/x.html" on
 * the Swedish index): a Swedish page a host also serves at another address (`/SV`, `//sv`) still leads into the
 * Swedish site, never into the English one.
 */
export function linkerOf(lang: Lang, path: string): (target: string) => string {
  const home = `${rootOf(lang, path)}${LANG_PREFIX[lang]}`;
  return (target) => `${home}${target}`;
}

export function page({ lang, title, path, body, scripts = [], rootOverride }: PageOptions): string {
  const t = MESSAGES[lang];
  const root = rootOverride ?? rootOf(lang, path);
  const other = otherLang(lang);
  const here = (target: Lang) => `${root}${LANG_PREFIX[target]}${path}`;
  const home = `${root}${LANG_PREFIX[lang]}`;
  return `<!doctype html>\n${html`<html lang="${lang}" data-page="${path}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${root}assets/style.css">
<link rel="icon" href="${root}assets/favicon.svg" type="image/svg+xml">
<link rel="alternate" hreflang="${other}" href="${here(other)}">
<script src="${root}assets/site.js" defer></script>
${scripts.map((script) => html`<script src="${root}assets/${script}" defer></script>`)}
</head>
<body>
<a class="skip" href="#main">${t.skip}</a>
<header><nav aria-label="${t.nav.label}"><a href="${home}index.html">${t.nav.providers}</a> · <a href="${home}compare.html">${t.nav.compare}</a> · <a href="${home}prices.html">${t.nav.prices}</a> · <a href="${home}methodology.html">${t.nav.methodology}</a> · <a href="${root}api/status.json">${t.nav.status}</a> · <a href="${root}api/openapi.json">${t.nav.openapi}</a> · <a href="${root}llms.txt">${t.nav.llms}</a>
<a class="lang-switch" href="${here(other)}" hreflang="${other}" lang="${other}" data-keep-query>${t.switchTo}</a></nav></header>
<main id="main">
${body}
</main>
<footer><p>${t.footer}</p></footer>
</body>
</html>`.text}\n`;
}
