import { Category, FactStatus, type Status } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { CSV_COLUMNS } from "../api/csv.js";
import { providersCsvColumns } from "../api/providersCsv.js";
import { DATASET_DESCRIPTION, DATASET_NAME, DATASET_TITLE, KEYWORDS, LICENSE, temporalCoverage } from "./catalog.js";

/** A column as Table Schema (datapackage.org, v2) describes it. */
type Field = { name: string; type: "string" | "date" | "boolean"; description?: string; format?: string; constraints?: Record<string, unknown>; trueValues?: string[]; falseValues?: string[] };

const SOURCE_DATE_PATTERN = "^('\\d{4}-\\d{2}|\\d{4}-\\d{2}-\\d{2})$";
const SOURCE_DATE =
  "The date of the source: YYYY-MM-DD, or 'YYYY-MM when the source states only a month (the apostrophe keeps a spreadsheet from padding the month to its first day; drop it to read the month); empty: undated source.";
const STATUS = { type: "string", constraints: { enum: FactStatus.options } } as const;
const URI = { type: "string", format: "uri" } as const;

/** The columns of api/data.csv, as Table Schema fields. */
function factFields(): Field[] {
  const described: Record<(typeof CSV_COLUMNS)[number], Omit<Field, "name">> = {
    provider_id: { type: "string", description: "The provider's id (slug), as in /api/data/{id}.", constraints: { required: true } },
    provider_name: { type: "string" },
    category: { type: "string", description: "The layer of what is bought; never a geography.", constraints: { enum: Category.options } },
    block: { type: "string", description: "The block of the record the Fact is in (ownership, sovereignty, …); empty for a Fact of the record itself." },
    field: { type: "string", description: "The Fact's name inside its block." },
    value: { type: "string", description: "The value; lists and objects as JSON. Empty with status unknown: not researched, never 'no'." },
    status: { ...STATUS, description: "confirmed, claimed (the provider's own statement), planned, unknown (not researched) or not_applicable." },
    source_url: { ...URI, description: "The source the value was read from." },
    source_type: { type: "string" },
    verified_at: { type: "date", description: "The day someone opened the source and saw the value." },
    source_date: { type: "string", description: SOURCE_DATE, constraints: { pattern: SOURCE_DATE_PATTERN } },
    note: { type: "string" },
    partial: { type: "boolean", trueValues: ["true"], falseValues: ["false"], description: "For a list: true when it is a sample, false when it is the provider's complete list; empty for other values." },
    verified_by: { type: "string", description: "manual or scraper." },
  };
  return CSV_COLUMNS.map((name) => ({ name, ...described[name] }));
}

/** The columns of api/providers.csv, named by their headers; the kind of each follows from how the export names it. */
function providerFields(): Field[] {
  return providersCsvColumns().map(({ header: name }): Field => {
    if (name === "Provider id") return { name, type: "string", description: "The provider's id (slug), as in /api/data/{id}.", constraints: { required: true, unique: true } };
    if (name === "Category") return { name, type: "string", constraints: { enum: Category.options } };
    if (name === "Website") return { name, ...URI };
    if (name === "Record updated") return { name, type: "date" };
    if (name.endsWith(": status")) return { name, ...STATUS, description: "The status the answer rests on; unknown: not researched, never 'no'." };
    if (name.endsWith(": source")) return { name, ...URI, description: "The source of the answer." };
    if (name.endsWith(": source date")) return { name, type: "string", description: SOURCE_DATE, constraints: { pattern: SOURCE_DATE_PATTERN } };
    return { name, type: "string" };
  });
}

const CSV_DIALECT = { header: true, delimiter: ",", lineTerminator: "\r\n", quoteChar: '"', doubleQuote: true };

/**
 * /datapackage.json: a Frictionless Data Package (v2) of the two CSV files, every column typed, so Frictionless
 * tools (and anything reading Table Schema) can load and check them. Paths are relative to the descriptor, which
 * sits at the site's root: it holds wherever the site is served.
 */
export function dataPackage(status: Status, baseUrl: string): Record<string, unknown> {
  const { start, end } = temporalCoverage(status);
  const table = (name: string, path: string, title: string, description: string, fields: Field[], primaryKey?: string[]) => ({
    name,
    type: "table",
    path,
    title,
    description,
    format: "csv",
    mediatype: "text/csv",
    encoding: "utf-8",
    dialect: CSV_DIALECT,
    schema: { fields, ...(primaryKey && { primaryKey }), missingValues: [""] },
    licenses: [{ name: LICENSE.id, path: LICENSE.url, title: LICENSE.title }],
  });
  return {
    $schema: "https://datapackage.org/profiles/2.0/datapackage.json",
    name: DATASET_NAME,
    title: DATASET_TITLE,
    description: `${DATASET_DESCRIPTION} Verified from ${start ?? "—"} to ${end ?? "—"}.`,
    homepage: `${baseUrl}/`,
    version: status.dataset_version,
    ...(status.generated_at ? { created: status.generated_at } : {}),
    keywords: KEYWORDS,
    licenses: [{ name: LICENSE.id, path: LICENSE.url, title: LICENSE.title }],
    sources: [{ title: "How the data is researched, and what each status and date means", path: `${baseUrl}/methodology.html` }],
    resources: [
      table("providers", FILES.providersCsv, "One row per provider", "The buyer's questions with each answer's status, source and source date.", providerFields(), ["Provider id"]),
      table("facts", FILES.csv, "Every Fact as a row", "One row per provider and Fact: value, status, source and both dates.", factFields()),
    ],
  };
}
