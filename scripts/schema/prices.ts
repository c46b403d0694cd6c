import { z } from "zod";
import { Attribution } from "./evidenceRules.js";
import { FactStatus, TEXT_LIMITS } from "./fact.js";
import { HttpUrl, IsoDate, IsoDateTime, SourceDate } from "./primitives.js";
import { Category } from "./category.js";

/** One price of one model of one provider, as the provider publishes it: never converted. */
export const PriceRow = z.strictObject({
  provider_id: z.string(),
  provider_name: z.string(),
  category: Category,
  model: z.string(),
  model_category: z.string().nullable().describe("text, embedding, speech, …: compare like with like."),
  input_per_1m: z.number().nullable().describe("Price per 1 million input tokens, in currency."),
  output_per_1m: z.number().nullable().describe("Price per 1 million output tokens, in currency."),
  currency: z
    .string()
    .nullable()
    .describe(
      "ISO 4217, as the provider publishes it (pricing.currency); null when the currency is not proven: pricing.currency not researched, or the price read from a source other than the provider's own that does not state its currency itself. Such a price compares with nothing and stays out of the sorted tables.",
    ),
  vat_included: z.boolean().nullable().describe("Whether VAT is in the price; null when the source does not say."),
  status: FactStatus,
  source_url: HttpUrl.nullable(),
  source_date: SourceDate.nullable(),
  verified_at: IsoDate.nullable(),
  attribution: Attribution.schema
    .nullable()
    .describe("Whose statement the price is, read from its source's kind: provider (the provider's own price list or pages), third_party (a public price registry), press …; never the provider's own word when someone else published it."),
  quote: z.string().max(TEXT_LIMITS.quote).nullable().describe("The source's own words for the Fact the price is read from (for per-model prices, the whole models Fact's), verbatim; null where the Fact has none."),
  corroborated_by: z.string().nullable().describe("A price registry that lists the same price, when one does."),
  valid_from: IsoDate.nullable().describe("The first day the source says the price applies, when it says."),
  valid_until: IsoDate.nullable().describe("The last day the source says the price applies (an announced change or end of support), when it says."),
  /** The Fact the price is read from, in /api/data/{id}. */
  fact: z.enum(["models", "pricing.price_per_1m_input_tokens"]),
});
export type PriceRow = z.infer<typeof PriceRow>;

export const PricesDocument = z
  .strictObject({
    version: z.string(),
    generated_at: IsoDateTime.optional(),
    license: z.string().optional(),
    prices: z.array(PriceRow),
  })
  .meta({ id: "PricesDocument" })
  .describe("One row per provider and model price, in the currency the provider publishes; sort and compare only within one currency and one kind of model.");
export type PricesDocument = z.infer<typeof PricesDocument>;

export { provenCurrencyOf } from "./attribution.js";
