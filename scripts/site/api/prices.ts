import { factAt, isResearched, stringValueOf, type FactLike } from "../../schema/factPath.js";
import { Attribution, attributionOf } from "../../schema/evidenceRules.js";
import { provenCurrencyOf } from "../../schema/prices.js";
import { Category, type PriceRow, type Provider } from "../../schema/index.js";
import { openJsonList, type ArtefactWriter, type PartsWriter } from "../artefacts.js";
import { BOOLEAN_FIELD, DATE_FIELD, SOURCE_DATE_FIELD, STATUS_FIELD, URI_FIELD, VERSION_FIELD, openCsv, type ColumnField, type CsvTargets } from "./csv.js";

type ModelLike = { name?: unknown; category?: unknown; input_price?: unknown; output_price?: unknown; corroborated_by?: unknown; valid_from?: unknown; valid_until?: unknown };

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Every per-token price a record states: one row per model with a price, and the provider-level lowest
 * price when its reference model is not among them. The currency and VAT are the record's, as published.
 */
export function priceRowsOf(record: Provider): PriceRow[] {
  const vat = factAt(record, ["pricing", "vat_included"]);
  const vatIncluded = isResearched(vat) && typeof vat!.value === "boolean" ? vat!.value : null;
  type RowOwn = Pick<PriceRow, "model" | "model_category" | "input_per_1m" | "output_per_1m" | "corroborated_by" | "valid_from" | "valid_until" | "fact">;
  // One literal with every property in the published order, not a spread extended afterwards: V8 keeps those in
  // dictionary mode, and the build holds every row of every record until the prices pages (150,000 at 10,000 providers).
  const row = (fact: FactLike, own: RowOwn): PriceRow => ({
    provider_id: record.id,
    provider_name: record.name,
    category: record.category,
    currency: provenCurrencyOf(record, fact),
    vat_included: vatIncluded,
    status: fact.status as PriceRow["status"],
    source_url: stringOrNull(fact.source_url),
    source_date: stringOrNull(fact.source_date),
    verified_at: stringOrNull(fact.verified_at),
    attribution: attributionOf(fact),
    quote: stringOrNull(fact.quote),
    model: own.model,
    model_category: own.model_category,
    input_per_1m: own.input_per_1m,
    output_per_1m: own.output_per_1m,
    corroborated_by: own.corroborated_by,
    valid_from: own.valid_from,
    valid_until: own.valid_until,
    fact: own.fact,
  });
  const rows: PriceRow[] = [];
  const models = factAt(record, ["models"]);
  if (isResearched(models) && Array.isArray(models!.value)) {
    for (const model of models!.value as ModelLike[]) {
      const input = numberOrNull(model.input_price);
      const output = numberOrNull(model.output_price);
      if (input === null && output === null) continue;
      rows.push(
        row(models!, {
          model: String(model.name),
          model_category: stringOrNull(model.category),
          input_per_1m: input,
          output_per_1m: output,
          corroborated_by: stringOrNull(model.corroborated_by),
          valid_from: stringOrNull(model.valid_from),
          valid_until: stringOrNull(model.valid_until),
          fact: "models",
        }),
      );
    }
  }
  const lowest = factAt(record, ["pricing", "price_per_1m_input_tokens"]);
  const reference = stringValueOf(factAt(record, ["pricing", "reference_model"]));
  if (isResearched(lowest) && typeof lowest!.value === "number" && !rows.some((row) => row.model === reference)) {
    const output = factAt(record, ["pricing", "price_per_1m_output_tokens"]);
    rows.push(
      row(lowest!, {
        model: reference ?? "(not named)",
        model_category: "text",
        input_per_1m: lowest!.value,
        output_per_1m: isResearched(output) ? numberOrNull(output!.value) : null,
        corroborated_by: stringOrNull((lowest as { corroborated_by?: unknown }).corroborated_by),
        valid_from: stringOrNull(lowest!.valid_from),
        valid_until: stringOrNull(lowest!.valid_until),
        fact: "pricing.price_per_1m_input_tokens",
      }),
    );
  }
  return rows;
}

/** What the Data Package says of each column of prices.csv. */
const PRICE_FIELDS: Record<keyof PriceRow, ColumnField> = {
  provider_id: { type: "string", description: "The provider's id (slug), as in /api/data/{id}.", constraints: { required: true } },
  provider_name: { type: "string" },
  category: { type: "string", constraints: { enum: Category.options } },
  model: { type: "string", description: "The model as the provider names it; (not named) when the source gives only the price.", constraints: { required: true } },
  model_category: { type: "string", description: "text, embedding, speech, …: compare like with like." },
  input_per_1m: { type: "number", description: "Price per 1 million input tokens, in currency; empty when not listed." },
  output_per_1m: { type: "number", description: "Price per 1 million output tokens, in currency; empty when not listed." },
  currency: {
    type: "string",
    description: "ISO 4217, as the provider publishes it. Empty when the price's source does not prove its currency (a registry, a press article): such a price compares with nothing, and is never sorted or filtered with the others.",
    constraints: { pattern: "^[A-Z]{3}$" },
  },
  vat_included: BOOLEAN_FIELD("Whether VAT is in the price; empty when the source does not say."),
  status: STATUS_FIELD,
  source_url: URI_FIELD("The source the price was read from."),
  source_date: SOURCE_DATE_FIELD,
  verified_at: DATE_FIELD("The day someone opened the source and saw the price."),
  attribution: { type: "string", description: "Whose statement the price is: provider (its own price list or pages), third_party (a public price registry), press, …", constraints: { enum: Attribution.tokens } },
  quote: { type: "string", description: "The source's own words for the Fact the price is read from, verbatim; empty where it has none." },
  corroborated_by: { type: "string", description: "A public price registry that lists the same price, in the same currency, within rounding." },
  valid_from: DATE_FIELD("The first day the source says the price applies, when it says."),
  valid_until: DATE_FIELD("The last day the source says the price applies (an announced change or end of support), when it says."),
  fact: { type: "string", description: "The Fact the price is read from, in /api/data/{id}.", constraints: { enum: ["models", "pricing.price_per_1m_input_tokens"] } },
};

export const PRICE_COLUMNS = [
  "provider_id",
  "provider_name",
  "category",
  "model",
  "model_category",
  "input_per_1m",
  "output_per_1m",
  "currency",
  "vat_included",
  "status",
  "source_url",
  "source_date",
  "verified_at",
  "attribution",
  "quote",
  "corroborated_by",
  "valid_from",
  "valid_until",
  "fact",
] as const satisfies readonly (keyof PriceRow)[];

/** The columns of prices.csv and their types: every member of a price row, then the dataset version. */
export const PRICE_CSV_FIELDS: ReadonlyArray<{ header: string; field: ColumnField }> = [
  ...PRICE_COLUMNS.map((header) => ({ header, field: PRICE_FIELDS[header] })),
  { header: "dataset_version", field: VERSION_FIELD },
];

/** /api/prices.json, handed over a record's rows at a time. */
export function openPricesJson(out: ArtefactWriter, meta: { version: string; license?: string }, generatedAt: string): PartsWriter<readonly PriceRow[]> {
  const list = openJsonList(out, { version: meta.version, generated_at: generatedAt, license: meta.license }, "prices");
  return {
    add: (rows) => {
      for (const row of rows) list.add(row);
    },
    end: () => list.end(),
  };
}

/** /api/prices.csv (and its plain copy): the same rows, RFC 4180, CRLF line ends, in the order of the records. */
export function openPricesCsv(targets: CsvTargets, version: string): PartsWriter<readonly PriceRow[]> {
  const out = openCsv(
    targets,
    PRICE_CSV_FIELDS.map((column) => column.header),
  );
  return {
    add: (rows) => out.rows(rows.map((row) => [...PRICE_COLUMNS.map((column) => (typeof row[column] === "boolean" ? String(row[column]) : row[column])), version])),
    end: () => out.end(),
  };
}
