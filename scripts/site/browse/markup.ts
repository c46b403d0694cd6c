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
