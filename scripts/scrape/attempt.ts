import type { ModelsListAttempt, Observation, ObservedModel } from "../schema/index.js";
import { DEFAULT_ADAPTER, type AdapterName, type ParsedModel } from "./adapters/index.js";
import { boundedJson } from "./bounds.js";
import type { ModelsListResult } from "./fetchModels.js";

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function observedModel(model: ParsedModel): ObservedModel | null {
  const observed: ObservedModel = {
    id: model.id,
    ...(model.contextTokens !== undefined && { context_tokens: model.contextTokens }),
    ...(model.input !== undefined && { input_per_1m: model.input }),
    ...(model.output !== undefined && { output_per_1m: model.output }),
    ...(model.currency !== undefined && { currency: model.currency }),
    ...(model.aliases !== undefined && { aliases: model.aliases }),
    ...(model.deprecated !== undefined && { deprecated: model.deprecated }),
  };
  return Object.keys(observed).length > 1 ? observed : null;
}

/** The currency all priced models share, or undefined when none is priced or they differ. */
function sharedCurrency(models: readonly ObservedModel[]): string | undefined {
  const currencies = new Set(models.filter((m) => m.input_per_1m !== undefined || m.output_per_1m !== undefined).map((m) => m.currency));
  const [only] = currencies;
  return currencies.size === 1 && only !== undefined ? only : undefined;
}

/**
 * The attempt as written: the last attempt says only how it went; the good answer also carries the ids
 * (sorted) and, for models that had any, the details (context, prices per 1M tokens, currency).
 */
export function attemptsOf(result: ModelsListResult, endpoint: string, adapter: AdapterName, checkedAt: string): { attempt: ModelsListAttempt; good: ModelsListAttempt | null } {
  const named = adapter === DEFAULT_ADAPTER ? {} : { adapter };
  const attempt: ModelsListAttempt = { checked_at: checkedAt, endpoint, http_status: result.httpStatus, ok: result.ok, ...named };
  if (!result.ok) return { attempt: { ...attempt, error: result.error }, good: null };
  const models = result.models.map(observedModel).filter((model): model is ObservedModel => model !== null).sort(byId);
  const currency = sharedCurrency(models);
  const good: ModelsListAttempt = {
    ...attempt,
    model_ids: result.models.map((model) => model.id).sort(),
    ...(models.length > 0 && { models }),
    ...(currency && { currency }),
    ...(result.truncated && { truncated: true }),
    ...(result.pages > 1 && { pages: result.pages }),
  };
  return { attempt: { ...attempt, ...(result.truncated && { truncated: true }) }, good };
}

/** Half the models of the good answer, marked truncated: what an observation gives up first when too big. */
function halved(observation: Observation): Observation | null {
  const good = observation.models_api?.last_good;
  const ids = good?.model_ids ?? [];
  if (!good || ids.length === 0) return null;
  const keep = new Set(ids.slice(0, Math.floor(ids.length / 2)));
  const last_good: ModelsListAttempt = {
    ...good,
    model_ids: ids.filter((id) => keep.has(id)),
    ...(good.models && { models: good.models.filter((model) => keep.has(model.id)) }),
    truncated: true,
  };
  return { ...observation, models_api: { ...observation.models_api!, last_good } };
}

/** Compact JSON of the observation, never over the size limit whatever the endpoint answered. */
export function observationText(observation: Observation): string {
  return boundedJson(observation, halved);
}
