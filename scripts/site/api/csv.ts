import { factsOf } from "../../schema/facts.js";
import { attributionOf, Attribution, SourceType } from "../../schema/evidenceRules.js";
import { BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import { FactStatus, VerifiedBy } from "../../schema/fact.js";
import { Category, type Provider } from "../../schema/index.js";
import type { FactEntry } from "../../schema/facts.js";
import type { ArtefactWriter, PartsWriter } from "../artefacts.js";

/**
 * The two kinds of CSV file the site publishes. Both are RFC 4180 with CRLF line ends, and in both no cell
 * can open as a formula (see neutralise).
 * - spreadsheet: starts with a byte-order mark (Excel on Windows reads UTF-8 only after one) and keeps a month
 *   date as the text '2026-02, which a spreadsheet would otherwise pad to the first of the month.
 * - plain: the same rows without either, for programs: what the Data Package describes, and what a
 *   Frictionless reader reads with the declared types.
 */
export type CsvFlavour = "spreadsheet" | "plain";

/**
 * What the Data Package says of a column: its Table Schema type, and a format, constraints or the words that
 * spell true and false where they apply.
 */
export interface ColumnField {
  type: "string" | "number" | "date" | "boolean";
  description?: string;
  format?: "uri";
  constraints?: { required?: boolean; unique?: boolean; enum?: readonly string[]; pattern?: string };
  trueValues?: string[];
  falseValues?: string[];
}

/** A column of a CSV export: its header, what a row puts in it, and its type. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => unknown;
  field: ColumnField;
}

/** A day, or a month when the source states only its month; the plain files write both as they are. */
export const SOURCE_DATE_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?$";
export const SOURCE_DATE_FIELD: ColumnField = {
  type: "string",
  description: "The date of the source: YYYY-MM-DD, or YYYY-MM when the source states only a month (never padded to a day); empty: an undated source.",
  constraints: { pattern: SOURCE_DATE_PATTERN },
};
export const DATE_FIELD = (description: string): ColumnField => ({ type: "date", description });
export const URI_FIELD = (description: string): ColumnField => ({ type: "string", format: "uri", description });
export const STATUS_FIELD: ColumnField = {
  type: "string",
  constraints: { enum: FactStatus.options },
  description: "confirmed, claimed (read but not checked against a register or binding document; whose statement it is says who made it), planned, unknown (not researched, never 'no') or not_applicable.",
};
export const BOOLEAN_FIELD = (description: string): ColumnField => ({ type: "boolean", trueValues: ["true"], falseValues: ["false"], description });
export const VERSION_FIELD: ColumnField = {
  type: "string",
  description: "The dataset version the row belongs to (the same on every row): that version stays at /archive/<version>.json.",
  constraints: { required: true },
};

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA = "=+\\-@";
/** Where a spreadsheet can start a cell inside one field: see neutralise. */
const CELL_STARTS = new RegExp(`(^|[;\\t\\r\\n])(?=[ "]*[${FORMULA}])`, "g");
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A cell can start only at the field's start or after a separator or line break: a field with none of those after its start needs no scan. */
const LEADS_WITH_FORMULA = new RegExp(`^[ "]*[${FORMULA}]`);
const INNER_CELL_BREAK = /[;\t\r\n]/;
/** A month date (2026-02), which a spreadsheet would pad to a day: the one text the two flavours write apart. */
const isMonthDate = (cell: unknown): cell is string => typeof cell === "string" && MONTH.test(cell);

/**
 * A text cell a spreadsheet shows as text and never runs: an apostrophe goes before every place where a cell
 * could begin with =, +, -, @ (after spaces or quotes too), which is OWASP's advice, applied not only at the
 * field's start: a comma-separated file opened where the list separator is ; (Excel in Swedish, German or
 * French, this dataset's readers) is split at every ;, and a line break inside a quoted field starts a new row,
 * since the quote no longer opens its cell. So "See terms;=HYPERLINK(…)" is written "See terms;'=HYPERLINK(…)".
 * A leading tab or carriage return gets one too. Ordinary text has none of these and is left as it is.
 * In a spreadsheet file a month date (2026-02, a source dated by its month) gets an apostrophe as well: a
 * spreadsheet reads it as a date and pads it to the first of the month, a precision the source never stated.
 * Gnumeric takes the apostrophe as the mark of a text cell and shows 2026-02.
 */
export function neutralise(text: string, flavour: CsvFlavour = "spreadsheet"): string {
  // The quick checks first: the global replace scans every position, and the CSVs hold millions of fields.
  if (LEADS_WITH_FORMULA.test(text) || INNER_CELL_BREAK.test(text)) {
    const safe = text.replace(CELL_STARTS, "$1'");
    if (safe !== text) return safe;
  }
  if (/^[\t\r]/.test(text) || (flavour === "spreadsheet" && isMonthDate(text))) return `'${text}`;
  return text;
}

/** A number as its decimal digits, never in exponent notation (4e-7 is 0.0000004), which Table Schema's number does not read. */
export function decimalText(value: number): string {
  const text = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, head, tail = "", power] = exponent;
  const digits = `${head}${tail}`;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** UTF-8 files for spreadsheets start with a byte-order mark: Excel on Windows reads UTF-8 only after one (å, ä, ö and ü stay intact). */
export const BYTE_ORDER_MARK = Buffer.from("\uFEFF");

/** RFC 4180: quote a field holding a comma, quote or line break, doubling the quotes inside. Numbers stay numbers. */
export function csvField(value: unknown, flavour: CsvFlavour = "spreadsheet"): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? decimalText(value) : "";
  const text = neutralise(typeof value === "string" ? value : JSON.stringify(value), flavour);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Where one export is written: the spreadsheet file, and its plain copy for programs. */
export interface CsvTargets {
  spreadsheet: ArtefactWriter;
  plain?: ArtefactWriter;
}

/** A writer of rows to every target at once: each row's cells are made once and written in each flavour. */
export interface RowsWriter {
  rows(rows: readonly (readonly unknown[])[]): void;
  end(): void;
}

/**
 * Rows as the plain file's text, and the spreadsheet file's where it differs (null: the same). The flavours differ
 * only in month dates (see neutralise), so each cell is made into a field once and only those are made again.
 */
function rowsText(rows: readonly (readonly unknown[])[]): { plain: string; spreadsheet: string | null } {
  let plain = "";
  let spreadsheet = "";
  let differs = false;
  for (const cells of rows) {
    const fields = cells.map((cell) => csvField(cell, "plain"));
    const line = `${fields.join(",")}\r\n`;
    plain += line;
    if (cells.some(isMonthDate)) {
      differs = true;
      spreadsheet += `${cells.map((cell, index) => (isMonthDate(cell) ? csvField(cell, "spreadsheet") : fields[index])).join(",")}\r\n`;
    } else spreadsheet += line;
  }
  return { plain, spreadsheet: differs ? spreadsheet : null };
}

export function openCsv(targets: CsvTargets, headers: readonly string[]): RowsWriter {
  const write = (rows: readonly (readonly unknown[])[]) => {
    const text = rowsText(rows);
    const plain = Buffer.from(text.plain);
    targets.spreadsheet.write(text.spreadsheet === null ? plain : Buffer.from(text.spreadsheet));
    targets.plain?.write(plain);
  };
  targets.spreadsheet.write(BYTE_ORDER_MARK);
  write([headers]);
  return {
    rows(rows) {
      if (rows.length > 0) write(rows);
    },
    end() {
      targets.spreadsheet.end();
      targets.plain?.end();
    },
  };
}

/** One Fact of one record, as a row of the data.csv export. */
export interface FactRow {
  record: Provider;
  path: FactEntry[0];
  fact: FactEntry[1];
  version: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The members a buyer question's answer carries beside the Fact's own (the derived answer's grade and deciding link), from the registry. */
const MEMBERS: readonly string[] = [...new Set(BUYER_QUESTIONS.flatMap((question) => Object.keys(question.members ?? {})))];
const MEMBER_WORDS: Readonly<Record<string, string>> = {
  us_party_role: "Set with sovereignty.cloud_act_exposure: the role of the US party that decided the answer (operator, core, edge, ancillary, none).",
  deciding_link: "Set with sovereignty.cloud_act_exposure: the link that decided the answer, in words.",
};

/** One row per provider and Fact: what a spreadsheet needs to filter, pivot and cite. */
export const FACT_COLUMNS: readonly Column<FactRow>[] = [
  { header: "provider_id", cell: (row) => row.record.id, field: { type: "string", description: "The provider's id (slug), as in /api/data/{id}.", constraints: { required: true } } },
  { header: "provider_name", cell: (row) => row.record.name, field: { type: "string" } },
  { header: "category", cell: (row) => row.record.category, field: { type: "string", description: "The layer of what is bought; never a geography.", constraints: { enum: Category.options } } },
  {
    header: "block",
    cell: (row) => (row.path.length > 1 ? row.path.slice(0, -1).join(".") : ""),
    field: { type: "string", description: "The block of the record the Fact is in (ownership, sovereignty, …); empty for a Fact of the record itself." },
  },
  { header: "field", cell: (row) => String(row.path.at(-1)), field: { type: "string", description: "The Fact's name inside its block." } },
  {
    header: "value",
    cell: (row) => (row.fact.value === null || row.fact.value === undefined ? "" : typeof row.fact.value === "string" ? row.fact.value : JSON.stringify(row.fact.value)),
    field: { type: "string", description: "The value; lists, objects and numbers as JSON. Empty with status unknown: not researched, never 'no'." },
  },
  { header: "status", cell: (row) => row.fact.status, field: STATUS_FIELD },
  { header: "source_url", cell: (row) => row.fact.source_url, field: URI_FIELD("The source the value was read from.") },
  { header: "source_type", cell: (row) => row.fact.source_type, field: { type: "string", description: "The kind of source.", constraints: { enum: SourceType.tokens } } },
  { header: "verified_at", cell: (row) => row.fact.verified_at, field: DATE_FIELD("The day someone opened the source and saw the value.") },
  { header: "source_date", cell: (row) => row.fact.source_date, field: SOURCE_DATE_FIELD },
  { header: "note", cell: (row) => row.fact.note, field: { type: "string" } },
  {
    header: "partial",
    cell: (row) => (typeof row.fact.partial === "boolean" ? String(row.fact.partial) : ""),
    field: BOOLEAN_FIELD("For a list: true when it is a sample, false when it is the provider's complete list; empty for other values."),
  },
  { header: "verified_by", cell: (row) => row.fact.verified_by, field: { type: "string", description: "manual or scraper.", constraints: { enum: VerifiedBy.options } } },
  {
    header: "attribution",
    cell: (row) => (row.fact.status === "unknown" ? null : attributionOf(row.fact)),
    field: {
      type: "string",
      description: `Whose statement the Fact is, read from source_type: ${Attribution.tokens.map((token) => `${token} (${Attribution.terms[token].en})`).join(", ")}. A claimed Fact is the provider's own statement only when this says provider.`,
      constraints: { enum: Attribution.tokens },
    },
  },
  {
    header: "quote",
    cell: (row) => text(row.fact.quote),
    field: { type: "string", description: "The source's own words that support the value, verbatim and in the source's language (an omission is marked …); empty where the Fact has none." },
  },
  { header: "locator", cell: (row) => text(row.fact.locator), field: { type: "string", description: "Where in the source the quote stands: a section, clause, heading or table row." } },
  ...MEMBERS.map(
    (member): Column<FactRow> => ({
      header: member,
      cell: (row) => text((row.fact as Record<string, unknown>)[member]),
      field: { type: "string", description: MEMBER_WORDS[member] ?? `Set by the build with a buyer question's answer: ${member.replace(/_/g, " ")}.` },
    }),
  ),
  { header: "dataset_version", cell: (row) => row.version, field: VERSION_FIELD },
];

export const CSV_COLUMNS: readonly string[] = FACT_COLUMNS.map((column) => column.header);

/**
 * Every Fact of every provider as CSV; lists and objects as JSON. Handed over one provider at a time: at
 * 10,000 providers the text is 80 MB, and one joined string of a million rows cost the build 400 MB of memory.
 */
export function openDatasetCsv(targets: CsvTargets, version: string): PartsWriter<Provider> {
  const out = openCsv(targets, CSV_COLUMNS);
  return {
    add(record) {
      out.rows(
        factsOf(record).map(([path, fact]) => {
          const row: FactRow = { record, path, fact, version };
          return FACT_COLUMNS.map((column) => column.cell(row));
        }),
      );
    },
    end: () => out.end(),
  };
}
