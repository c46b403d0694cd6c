import { factAt, isResearched, stringValueOf, type FactLike } from "../../schema/factPath.js";
import { attributionOf } from "../../schema/evidenceRules.js";
import type { PriceRow, Provider } from "../../schema/index.js";
import { openJsonList, type ArtefactWriter, type PartsWriter } from "../artefacts.js";
import { csvField } from "./csv.js";

type ModelLike = { name?: unknown; category?: unknown; input_price?: unknown; output_price?: unknown; corroborated_by?: unknown; valid_from?: unknown; valid_until?: unknown };

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * Every per-token price a record states: one row per model with a price, and the provider-level lowest
 * price when its reference model is not among them. The currency and VAT are the record's, as published.
 */
export function priceRowsOf(record: Provider): PriceRow[] {
  const currencyFact = factAt(record, ["pricing", "currency"]);
  const stated = stringValueOf(currencyFact);
  // The currency is proven for a price read on the provider's own pages, or on the very page that states the
  // currency; a price from anywhere else (a registry, a press article) keeps its numbers but no currency.
  const currencyOf = (fact: FactLike) => (stated !== null && (attributionOf(fact) === "provider" || fact.source_url === currencyFact?.source_url) ? stated : null);
  const vat = factAt(record, ["pricing", "vat_included"]);
  const vatIncluded = isResearched(vat) && typeof vat!.value === "boolean" ? vat!.value : null;
  const base = (fact: FactLike) => ({
    provider_id: record.id,
    provider_name: record.name,
    category: record.category,
    currency: currencyOf(fact),
    vat_included: vatIncluded,
    status: fact.status as PriceRow["status"],
    source_url: stringOrNull(fact.source_url),
    source_date: stringOrNull(fact.source_date),
    verified_at: stringOrNull(fact.verified_at),
  });
  const rows: PriceRow[] = [];
  const models = factAt(record, ["models"]);
  if (isResearched(models) && Array.isArray(models!.value)) {
    for (const model of models!.value as ModelLike[]) {
      const input = numberOrNull(model.input_price);
      const output = numberOrNull(model.output_price);
      if (input === null && output === null) continue;
      rows.push({
        ...base(models!),
        model: String(model.name),
        model_category: stringOrNull(model.category),
        input_per_1m: input,
        output_per_1m: output,
        corroborated_by: stringOrNull(model.corroborated_by),
        valid_from: stringOrNull(model.valid_from),
        valid_until: stringOrNull(model.valid_until),
        fact: "models",
      });
    }
  }
  const lowest = factAt(record, ["pricing", "price_per_1m_input_tokens"]);
  const reference = stringValueOf(factAt(record, ["pricing", "reference_model"]));
  if (isResearched(lowest) && typeof lowest!.value === "number" && !rows.some((row) => row.model === reference)) {
    const output = factAt(record, ["pricing", "price_per_1m_output_tokens"]);
    rows.push({
      ...base(lowest!),
      model: reference ?? "(not named)",
      model_category: "text",
      input_per_1m: lowest!.value,
      output_per_1m: isResearched(output) ? numberOrNull(output!.value) : null,
      corroborated_by: stringOrNull((lowest as { corroborated_by?: unknown }).corroborated_by),
      valid_from: stringOrNull(lowest!.valid_from),
      valid_until: stringOrNull(lowest!.valid_until),
      fact: "pricing.price_per_1m_input_tokens",
    });
  }
  return rows;
}

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
  "corroborated_by",
  "valid_from",
  "valid_until",
  "fact",
] as const satisfies readonly (keyof PriceRow)[];

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

/** /api/prices.csv: the same rows, UTF-8 with a byte-order mark, CRLF line ends (RFC 4180). */
export function openPricesCsv(out: ArtefactWriter): PartsWriter<readonly PriceRow[]> {
  const line = (cells: readonly unknown[]) => Buffer.from(`${cells.map(csvField).join(",")}\r\n`);
  out.write(Buffer.from("\uFEFF"));
  out.write(line(PRICE_COLUMNS));
  return {
    add: (rows) => {
      for (const row of rows) out.write(line(PRICE_COLUMNS.map((column) => row[column])));
    },
    end: () => out.end(),
  };
}
