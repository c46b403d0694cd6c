import { factsOf } from "../../schema/facts.js";
import type { Provider } from "../../schema/index.js";
import type { ArtefactWriter, PartsWriter } from "../artefacts.js";

/** One row per provider and Fact: what a spreadsheet needs to filter, pivot and cite. */
export const CSV_COLUMNS = [
  "provider_id",
  "provider_name",
  "category",
  "block",
  "field",
  "value",
  "status",
  "source_url",
  "source_type",
  "verified_at",
  "source_date",
  "note",
  "partial",
  "verified_by",
] as const;

/**
 * A cell a spreadsheet shows as text and never runs: a leading =, +, -, @, tab or carriage return would
 * make Excel, LibreOffice or Sheets read it as a formula, so it gets a leading apostrophe (OWASP's advice).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote a field holding a comma, quote or line break, doubling the quotes inside. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralise(typeof value === "string" ? value : JSON.stringify(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every Fact of every provider as CSV (UTF-8, CRLF line ends); lists and objects as JSON. Handed over one
 * provider at a time: at 10,000 providers the text is 80 MB, and one joined string of a million rows cost
 * the build 400 MB of memory.
 */
export function openDatasetCsv(out: ArtefactWriter): PartsWriter<Provider> {
  out.write(Buffer.from(`${CSV_COLUMNS.join(",")}\r\n`));
  return {
    add(record) {
      let text = "";
      for (const [path, fact] of factsOf(record)) {
        const [block, member] = path.length > 1 ? [path.slice(0, -1).join("."), String(path.at(-1))] : ["", String(path[0])];
        const row = [
          record.id,
          record.name,
          record.category,
          block,
          member,
          fact.value === null || fact.value === undefined ? "" : typeof fact.value === "string" ? fact.value : JSON.stringify(fact.value),
          fact.status,
          fact.source_url,
          fact.source_type,
          fact.verified_at,
          fact.source_date,
          fact.note,
          typeof fact.partial === "boolean" ? String(fact.partial) : "",
          fact.verified_by,
        ];
        text += `${row.map(csvField).join(",")}\r\n`;
      }
      out.write(Buffer.from(text));
    },
    end: () => out.end(),
  };
}
