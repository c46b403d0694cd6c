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
 * A month date (2026-02, a source dated by its month only) gets one too: a spreadsheet reads it as a date and
 * pads it to the first of the month (2026-02-01), a precision the source never stated. Gnumeric takes the
 * apostrophe as the mark of a text cell and shows 2026-02.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) || MONTH.test(text) ? `'${text}` : text;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** UTF-8 files start with a byte-order mark: Excel on Windows reads UTF-8 only after one (å, ä, ö and ü stay intact). */
export const BYTE_ORDER_MARK = Buffer.from("\uFEFF");

/** RFC 4180: quote a field holding a comma, quote or line break, doubling the quotes inside. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralise(typeof value === "string" ? value : JSON.stringify(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every Fact of every provider as CSV (UTF-8 with a byte-order mark, CRLF line ends); lists and objects as
 * JSON. Handed over one provider at a time: at 10,000 providers the text is 80 MB, and one joined string of a
 * million rows cost the build 400 MB of memory.
 */
export function openDatasetCsv(out: ArtefactWriter): PartsWriter<Provider> {
  out.write(BYTE_ORDER_MARK);
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
