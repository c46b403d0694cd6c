import { z } from "zod";
import { HttpUrl, IsoDateTime, Slug } from "./primitives.js";

const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code such as EUR" });
const PerMillion = z.number().nonnegative().describe("Per 1,000,000 tokens, converted from the unit the provider quoted.");

/** What the scraper read about one model beyond its id; written only for models that had something. */
export const ObservedModel = z.looseObject({
  id: z.string().min(1),
  context_tokens: z.number().int().positive().optional(),
  input_per_1m: PerMillion.optional(),
  output_per_1m: PerMillion.optional(),
  currency: CurrencyCode.optional(),
  aliases: z.array(z.string()).optional(),
  deprecated: z.string().optional(),
});
export type ObservedModel = z.infer<typeof ObservedModel>;

/** One attempt to read a provider's models endpoint. */
export const ModelsListAttempt = z.looseObject({
  checked_at: IsoDateTime,
  endpoint: HttpUrl,
  http_status: z.number().int().nullable(),
  ok: z.boolean(),
  /** The answer shape it was read as (data/scrape-sources.json); absent for the plain OpenAI list. */
  adapter: z.string().optional(),
  model_ids: z.array(z.string()).optional(),
  models: z.array(ObservedModel).optional(),
  /** The one currency of every price seen, when they share one. */
  currency: CurrencyCode.optional(),
  /** More models were offered than an observation keeps. */
  truncated: z.boolean().optional(),
  pages: z.number().int().positive().optional(),
  error: z.string().optional(),
});
export type ModelsListAttempt = z.infer<typeof ModelsListAttempt>;

/**
 * data/observations/<id>.json, written by `scrape` only. The last good answer is kept apart from the
 * last attempt, so a failure never erases what was last seen.
 */
export const Observation = z
  .looseObject({
    id: Slug,
    models_api: z
      .looseObject({
        last_attempt: ModelsListAttempt,
        last_good: ModelsListAttempt.nullable(),
      })
      .optional(),
  })
  .meta({ id: "Observation" });
export type Observation = z.infer<typeof Observation>;
