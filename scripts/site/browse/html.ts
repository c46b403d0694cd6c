import { LANG_PREFIX, MESSAGES, otherLang, type Lang } from "./messages.js";
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;
const SPECIAL_ALL = /[&<>"']/g;

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (ch) => ENTITIES[ch]!) : text;
}

/** A tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(value);
}

/** The site a link leads to, which is what a reader needs to judge a source: its host without www. */
export function siteOf(url: unknown): string | null {
  const href = safeHref(url);
  return href ? new URL(href).hostname.replace(/^www\./, "") : null;
}

/** Only http(s) links are ever written into an href; anything else becomes plain text. */
export function safeHref(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

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

export function page({ lang, title, path, body, scripts = [], rootOverride }: PageOptions): string {
  const t = MESSAGES[lang];
  const root = rootOverride ?? rootOf(lang, path);
  const other = otherLang(lang);
  const here = (target: Lang) => `${root}${LANG_PREFIX[target]}${path}`;
  const home = `${root}${LANG_PREFIX[lang]}`;
  return `<!doctype html>\n${html`<html lang="${lang}">
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
