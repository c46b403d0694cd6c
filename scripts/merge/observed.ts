import type { Observation, Provider } from "../schema/index.js";
import { modelEntry, namesFor, writableCurrency } from "./observedModels.js";
import { fromObservedPrices } from "./observedPrices.js";
import type { ObservedRecord } from "./observedShapes.js";

export type { ObservedFact, ObservedRecord } from "./observedShapes.js";

// Answer shapes that are an OpenAI models list; a bare array is not evidence of OpenAI compatibility.
const NOT_OPENAI_LISTS = new Set(["bare-array"]);

const modelNames = (record: Provider): string[] => (record.models?.value ?? []).map((model) => model.name);

/** The models list source: what the provider's models endpoint listed when it last answered well. */
export function fromModelsApi(record: Provider, observation: Observation): ObservedRecord {
  const good = observation.models_api?.last_good;
  const attempt = observation.models_api?.last_attempt;
  const derived: Record<string, unknown> = {};
  if (attempt) derived.last_scrape_at = attempt.checked_at.slice(0, 10);
  if (!good?.model_ids) return { facts: [], derived };
  const live = [...new Set(good.model_ids)].sort();
  const liveSet = new Set(live);
  const seed = modelNames(record);
  const seedSet = new Set(seed);
  derived._models_api = {
    endpoint: good.endpoint,
    checked_at: good.checked_at,
    live_count: live.length,
    missing_in_seed: live.filter((id) => !seedSet.has(id)),
    gone_from_api: seed.filter((name) => !liveSet.has(name)).sort(),
  };
  const observedAt = good.checked_at.slice(0, 10);
  const base = { observedAt, sourceUrl: good.endpoint, sourceType: "provider_api" };
  // A list topped up whole carries what was read per model; prices only in a currency the record can hold.
  const currency = writableCurrency(record, good);
  const details = new Map((good.models ?? []).map((model) => [model.id, model]));
  return {
    derived,
    facts: [
      {
        ...base,
        path: ["models"],
        value: live.map((name) => modelEntry(name, details.get(name), currency)),
        reviewValue: live,
        partial: good.truncated === true,
        agrees: (manual) => {
          const names = Array.isArray(manual) ? manual.map((model: { name?: unknown }) => model?.name) : [];
          if (!names.every((name): name is string => typeof name === "string")) return false;
          // A sample (partial: true) agrees when every model in it is listed; a complete list must be the same list.
          if (record.models?.partial === true) return names.every((name) => namesFor(name).some((id) => liveSet.has(id)));
          return names.length === live.length && names.every((name) => liveSet.has(name));
        },
      },
      // A well-formed OpenAI models list at <base_url>/models is itself evidence of OpenAI compatibility.
      ...(NOT_OPENAI_LISTS.has(good.adapter ?? "") ? [] : [{ ...base, path: ["api", "openai_compatible"] as ["api", "openai_compatible"], value: true }]),
    ],
  };
}

/** Every source of observed Facts, in the order they are applied. */
export const OBSERVATION_SOURCES: ReadonlyArray<(record: Provider, observation: Observation) => ObservedRecord> = [fromModelsApi, fromObservedPrices];
