import type { Status } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { FACT_COLUMNS, type ColumnField } from "../api/csv.js";
import { PRICE_CSV_FIELDS } from "../api/prices.js";
import { providersCsvColumns } from "../api/providersCsv.js";
import { DATASET_DESCRIPTION, DATASET_NAME, DATASET_TITLE, KEYWORDS, LICENSE, temporalCoverage } from "./catalog.js";

/** A column as Table Schema (datapackage.org, v2) describes it. */
type Field = ColumnField & { name: string };

const fieldsOf = (columns: ReadonlyArray<{ header: string; field: ColumnField }>): Field[] => columns.map(({ header, field }) => ({ name: header, ...field }));

/**
 * The plain copies are what the package describes: UTF-8 without a byte-order mark, which a Frictionless reader
 * would otherwise read as part of the first column's name, and a month date as it is. The spreadsheet files
 * beside them hold the same rows for Excel.
 */
const CSV_DIALECT = { header: true, delimiter: ",", lineTerminator: "\r\n", quoteChar: '"', doubleQuote: true };

/**
 * /datapackage.json: a Frictionless Data Package (v2) of the three CSV files, every column typed (numbers as
 * numbers, dates as dates, vocabularies as enums), so Frictionless tools, and anything reading Table Schema,
 * can load and check them. Paths are relative to the descriptor, which sits at the site's root: it holds
 * wherever the site is served.
 */
export function dataPackage(status: Status, baseUrl: string): Record<string, unknown> {
  const { start, end } = temporalCoverage(status);
  const table = (name: string, path: string, spreadsheet: string, title: string, description: string, fields: Field[], primaryKey?: string[]) => ({
    name,
    type: "table",
    path,
    title,
    description: `${description} The same rows for spreadsheets (UTF-8 with a byte-order mark, a month date as the text '2026-02): ${spreadsheet}. A text cell that would start a spreadsheet formula (=, +, -, @, also after a ; or a line break) carries an apostrophe before it; /api/data holds the exact text.`,
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
      table(
        "providers",
        FILES.plainProvidersCsv,
        FILES.providersCsv,
        "One row per provider",
        "The buyer's questions, each with its answer, status, whose statement it is, verification date, source, source date and the source's own words.",
        fieldsOf(providersCsvColumns()),
        ["Provider id"],
      ),
      table(
        "facts",
        FILES.plainCsv,
        FILES.csv,
        "Every Fact as a row",
        "One row per provider and Fact: value, status, whose statement it is, source, both dates and the source's own words.",
        fieldsOf(FACT_COLUMNS),
      ),
      table(
        "prices",
        FILES.plainPricesCsv,
        FILES.pricesCsv,
        "One row per provider and model price",
        "Input and output price per 1M tokens in the currency the provider publishes, never converted; an empty currency means the source does not prove it, and such a price compares with nothing.",
        fieldsOf(PRICE_CSV_FIELDS),
      ),
    ],
  };
}
