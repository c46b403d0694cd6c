import type { Observation, Provider } from "../schema/index.js";

/**
 * A value an automatic source saw for one Fact of a record. Every observation source (the models list
 * today; a company register or a pricing page later) is turned into these, and the merge treats them alike.
 */
export interface ObservedFact {
  /** Path of the Fact inside the record, e.g. ["api", "openai_compatible"]. */
  path: [string] | [string, string];
  value: unknown;
  /** YYYY-MM-DD of the observation. */
  observedAt: string;
  sourceUrl: string;
  sourceType: string;
  /** Whether a manual value says the same; defaults to deep equality. */
  agrees?: (manual: unknown) => boolean;
  /** What a disagreement is reported as in the review queue (defaults to the observed value). */
  reviewValue?: unknown;
}

export interface ObservedRecord {
  facts: ObservedFact[];
  /** Derived members written onto the record as they are, e.g. `_models_api`. */
  derived: Record<string, unknown>;
}

const modelNames = (record: Provider): string[] => (record.models?.value ?? []).map((model) => model.name);

/** The models list source: what `<api.base_url>/models` listed when it last answered well. */
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
  return {
    derived,
    facts: [
      {
        ...base,
        path: ["models"],
        value: live.map((name) => ({ name })),
        reviewValue: live,
        agrees: (manual) => {
          const names = Array.isArray(manual) ? manual.map((model: { name?: unknown }) => model?.name) : [];
          return names.length === live.length && names.every((name) => typeof name === "string" && liveSet.has(name));
        },
      },
      // A well-formed OpenAI models list at <base_url>/models is itself evidence of OpenAI compatibility.
      { ...base, path: ["api", "openai_compatible"], value: true },
    ],
  };
}

/** Every source of observed Facts, in the order they are applied. */
export const OBSERVATION_SOURCES: ReadonlyArray<(record: Provider, observation: Observation) => ObservedRecord> = [fromModelsApi];
