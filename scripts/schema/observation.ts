import { z } from "zod";
import { HttpUrl, IsoDateTime, Slug } from "./primitives.js";

/** One attempt to read a provider's OpenAI-compatible models list. */
export const ModelsListAttempt = z.looseObject({
  checked_at: IsoDateTime,
  endpoint: HttpUrl,
  http_status: z.number().int().nullable(),
  ok: z.boolean(),
  model_ids: z.array(z.string()).optional(),
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
