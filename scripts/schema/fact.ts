import { z } from "zod";
import { PRICE_REGISTRIES } from "./priceRegistry.js";
import { HttpUrl, IsoDate, IsoDateTime, SourceDate } from "./primitives.js";

/** Bounds on free text: long enough for any real note, short enough that one value cannot stall a page. */
export const TEXT_LIMITS = { note: 6000, display: 500, quote: 1200, locator: 200 } as const;
const boundedText = (field: keyof typeof TEXT_LIMITS, min = 0) =>
  z
    .string()
    .min(min, { message: `must not be empty` })
    .max(TEXT_LIMITS[field], { message: `must be at most ${TEXT_LIMITS[field]} characters (the ${field} limit)` });

export const FactStatus = z
  .enum(["confirmed", "claimed", "planned", "unknown", "not_applicable"], {
    message: "must be one of confirmed, claimed, planned, unknown, not_applicable",
  })
  .describe(
    "confirmed: verified against a primary source that the status table lets confirm this field. claimed: read in its source but not checked against a register or binding document; whose statement it is follows from source_type (the provider's own statement only when the provider made it; otherwise a press report, a third party's report, a register's record, or derived). planned: a stated goal not yet reached. unknown: not researched, which never means 'no'. not_applicable: the field does not apply to this provider.",
  );
export type FactStatus = z.infer<typeof FactStatus>;

/**
 * Who saw the same value. scraper: the provider's own models endpoint. registry: the company register.
 * genai-prices, litellm, models.dev: a public price registry listed the same price (same currency, within rounding).
 */
export const CorroboratedBy = z
  .enum(["scraper", "registry", ...PRICE_REGISTRIES], { message: `must be one of scraper, registry, ${PRICE_REGISTRIES.join(", ")}` })
  .describe(
    "scraper: the provider's own models endpoint. registry: the company register. genai-prices (pydantic/genai-prices), litellm (BerriAI/litellm) and models.dev (anomalyco/models.dev): a public price registry listed the same price, in the same currency, within rounding.",
  );
export type CorroboratedBy = z.infer<typeof CorroboratedBy>;

export const VerifiedBy = z.enum(["manual", "scraper"], { message: "must be manual or scraper" });

/**
 * Every statement about a provider. The value type varies per field, so a Fact schema is made per
 * field from the schema of its value; null is always allowed because `unknown` carries no value.
 */
export function fact<Value extends z.ZodType>(value: Value) {
  return z
    .looseObject({
      value: (value instanceof z.ZodUnknown ? value : value.nullable()).describe("The stated value; null when not researched."),
      status: FactStatus,
      source_url: HttpUrl.nullable().optional().describe("Primary source of the value."),
      source_type: z
        .string()
        .min(1)
        .optional()
        .describe(
          "Kind of source, one of: provider_terms (terms, DPA, sub-processor list, imprint), privacy_policy, provider_docs, provider_site, provider_blog, pricing_page, certificate, company_register, regulator, third_party, press, derived. Which kinds may confirm which fields is the table on the methodology page; press, third_party, provider_blog and privacy_policy never confirm a compliance or sovereignty Fact.",
        ),
      quote: boundedText("quote", 1)
        .optional()
        .describe(
          "The source's own words that support the value, verbatim and in the source's language (a few sentences at most; an omission is marked with …). What a reader, an auditor and the source watch check the value against: a value its quote does not support is not entered.",
        ),
      locator: boundedText("locator", 1)
        .optional()
        .describe("Where in the source the quote stands: a section, clause, heading or table row."),
      valid_from: IsoDate.optional().describe("The day from which the source says the value applies (a price change, a new version of the terms)."),
      valid_until: IsoDate.optional().describe("The last day on which the source says the value applies (an announced end of support or price change)."),
      source_date: SourceDate.nullable()
        .optional()
        .describe(
          "Date of the content that was seen: for a file pinned in a repository the UTC day of the last commit that changed it at or before the pinned commit (computed, see data/source-dates.json); for a page its own updated, effective or publication date. YYYY-MM-DD, or YYYY-MM when the source states only a month (never padded to a day); a year alone dates nothing. Null when nothing dates the source. Never later than verified_at. Cite it with the value: a fresh verified_at on an old source is still an old source.",
        ),
      source_date_basis: z
        .enum(["stated_in_file"], { message: "must be stated_in_file" })
        .optional()
        .describe(
          "stated_in_file: source_date is the date a pinned repository file states about itself (ms.date, updated:), given because the repository's history could not be read; quote it as the file's own statement.",
        ),
      verified_at: IsoDate.nullable().optional().describe("Date someone last opened the source and saw the value."),
      verified_by: VerifiedBy.nullable().optional(),
      note: boundedText("note").optional(),
      partial: z
        .boolean({ message: "must be true or false" })
        .optional()
        .describe(
          "On list values only. true: the list is a sample of what the source shows or of what the provider offers, so an item missing from it is not evidence that the provider lacks it. false: the source is the provider's complete list.",
        ),
      corroborated_at: IsoDate.optional().describe("Date a machine saw the same value: the scraper at the provider's endpoint, the company register, or a public price registry."),
      corroborated_by: CorroboratedBy.optional(),
      source_watch: z
        .strictObject({
          state: z.enum(["changed", "gone", "moved", "quote_missing"]),
          since: IsoDateTime,
        })
        .optional()
        .describe(
          "Set by the build from the source watch (data/sources.json), never typed: the cited page changed after verified_at, answers 404/410 or no longer resolves, redirects to another site, or (quote_missing) no longer holds the Fact's quote. Until someone re-reads it, quote the value as seen before that date.",
        ),
      derived_from: z
        .array(z.string())
        .optional()
        .describe("Set by the build on a derived Fact, never typed: the paths of the Facts its value was computed from (their values, statuses and dates are in its note)."),
      reassessed_at: IsoDate.optional().describe("Date the status was re-assessed."),
      display: boundedText("display").optional().describe("Optional display override."),
    })
    .describe(
      "A Fact: quote value, status, verified_at and source_date together. Missing or status unknown means not researched, never 'no'.",
    );
}

/** A Fact whose value has no fixed type in the spec. */
export const Fact = fact(z.unknown()).meta({ id: "Fact" });
export type Fact = z.infer<typeof Fact>;

/** A Fact as found in a record, before anything is known about its value. */
export interface FactLike {
  value?: unknown;
  status?: unknown;
  source_url?: unknown;
  source_type?: unknown;
  verified_at?: unknown;
  verified_by?: unknown;
  corroborated_at?: unknown;
  corroborated_by?: unknown;
  source_date?: unknown;
  partial?: unknown;
  note?: unknown;
  display?: unknown;
  quote?: unknown;
  locator?: unknown;
  valid_from?: unknown;
  valid_until?: unknown;
  derived_from?: unknown;
}
