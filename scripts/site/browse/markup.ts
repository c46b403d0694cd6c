/**
 * Markup that escapes what it is given: the one way the pages write HTML, on the server and in the pages' own
 * scripts (which render the comparison with the same functions the server renders the procurement pack with).
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const SPECIAL = /[&<>"']/;
const SPECIAL_ALL = /[&<>"']/g;

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (ch) => ENTITIES[ch]!) : text;
}

/** Markup already escaped: the tagged template below passes it through. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A tagged template that escapes every interpolated value unless it is already `Html`; lists are joined, null and false vanish. */
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

/** JSON for a data block inside a page: never closes the script element it sits in. */
export const jsonBlock = (value: unknown) => new Html(JSON.stringify(value).replace(/</g, "\\u003c"));

/** Fills "{name}" placeholders of a catalogue template. */
export const fill = (template: string, values: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Text with the data values in it (a model's name, a company's) marked: they stay as recorded, never translated. */
export function withData(text: string, data: readonly (string | null | undefined)[]): Html {
  const values = data.filter((value): value is string => typeof value === "string" && value !== "" && text.includes(value));
  if (values.length === 0) return html`${text}`;
  const pattern = new RegExp(`(${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`);
  return html`${text.split(pattern).map((part, index) => (index % 2 ? html`<span translate="no">${part}</span>` : part))}`;
}

/** JSON names in running text (`source_date`, `sovereignty.cloud_act_exposure`): shown as code, never translated. */
const JSON_NAME = /\b((?:ownership|sovereignty|compliance|pricing|api|contract|onboarding)\.[a-z0-9_]+(?:\.[a-z0-9_]+)?|_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g;
/** Names of English documents and schemes that a Swedish sentence quotes as they are. */
const ENGLISH_NAMES = /(Cloud Sovereignty Framework|Sovereignty Effectiveness Assurance Levels?|CLOUD Act)/g;

/**
 * Running text of the catalogue as markup: JSON names as code, and in another language than English the English
 * names of documents marked as English, so a reader (and a translation tool) knows they are quoted, not untranslated.
 */
export function prose(text: string, lang: string): Html {
  const named = lang === "en" ? [text] : text.split(ENGLISH_NAMES);
  return html`${named.map((part, index) =>
    index % 2
      ? html`<span lang="en">${part}</span>`
      : part.split(JSON_NAME).map((piece, inner) => (inner % 2 ? html`<code>${piece}</code>` : piece)),
  )}`;
}
