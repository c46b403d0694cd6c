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
  title: string;
  /** Relative path from this page to the site root, e.g. "" or "../". */
  root: string;
  body: Html;
  script?: boolean;
}

export function page({ title, root, body, script }: PageOptions): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${root}assets/style.css">
<link rel="icon" href="${root}assets/favicon.svg" type="image/svg+xml">
${script ? html`<script src="${root}assets/browse.js" defer></script>` : ""}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a href="${root}index.html">Providers</a> · <a href="${root}methodology.html">Methodology</a> · <a href="${root}api/status.json">Status (JSON)</a> · <a href="${root}api/openapi.json">OpenAPI</a> · <a href="${root}llms.txt">llms.txt</a></nav></header>
<main id="main">
${body}
</main>
<footer><p>Data licence: <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Quote every value with its status and verification date.</p></footer>
</body>
</html>`.text}\n`;
}
