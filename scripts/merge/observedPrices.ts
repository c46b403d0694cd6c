import type { Fact, Model, ModelsListAttempt, Observation, ObservedModel, Provider } from "../schema/index.js";
import type { ObservedFact, ObservedRecord } from "./observedShapes.js";
import { observedFor, priceIn, writableCurrency } from "./observedModels.js";
import type { ReviewEntry } from "./review.js";

type ModelField = "context_tokens" | "input_price" | "output_price";
const MODEL_FIELDS: readonly ModelField[] = ["context_tokens", "input_price", "output_price"];

const isPriced = (model: ObservedModel) => model.input_per_1m !== undefined || model.output_per_1m !== undefined;

/** Prices are decimals read off an answer; equal up to float noise is equal. */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** pricing._observed: every price the endpoint listed, per 1M tokens, with its currency and model. */
function observedPricing(good: ModelsListAttempt, observedAt: string): Record<string, unknown> | null {
  const priced = (good.models ?? []).filter(isPriced);
  if (priced.length === 0) return null;
  const items = priced.map((model) => ({
    ...(model.input_per_1m !== undefined && { input: model.input_per_1m }),
    ...(model.output_per_1m !== undefined && { output: model.output_per_1m }),
    ...(model.currency !== undefined && { currency: model.currency }),
    span: model.id,
  }));
  // "From" is only meaningful within one currency.
  const inputs = good.currency ? priced.filter((model) => model.currency === good.currency).flatMap((model) => model.input_per_1m ?? []) : [];
  return {
    date: observedAt,
    ...(good.currency && { currency: good.currency }),
    ...(inputs.length > 0 && { from_input: Math.min(...inputs) }),
    count: items.length,
    items,
    source_url: good.endpoint,
  };
}

function observedValue(model: ObservedModel, field: ModelField, currency: string | null): number | undefined {
  return field === "context_tokens" ? model.context_tokens : priceIn(model, field, currency);
}

const NOTE: Record<ModelField, (currency: string | null) => string> = {
  context_tokens: () => "context length in tokens",
  input_price: (currency) => `${currency} per 1M input tokens`,
  output_price: (currency) => `${currency} per 1M output tokens`,
};

/**
 * The merge rule inside a manual models list: a seed model without a price or context length gets the
 * observed one (marked `_scraped` with its source, since the list's own Fact stays the manual one); a seed
 * model whose value differs keeps it, and the difference goes to the review queue.
 */
function topUpSeedModels(seed: Provider, merged: Record<string, unknown>, good: ModelsListAttempt, observedAt: string, queue: ReviewEntry[]): void {
  const fact = seed.models;
  const observed = good.models ?? [];
  if (!fact || fact.status === "unknown" || !Array.isArray(fact.value) || observed.length === 0) return;
  const currency = writableCurrency(seed, good);
  let changed = false;
  const queued = queue.length;
  const value = fact.value.map((model: Model, index) => {
    const match = observedFor(model.name, observed);
    if (!match) return model;
    const filled: ModelField[] = [];
    const next: Record<string, unknown> = { ...model };
    for (const field of MODEL_FIELDS) {
      const seen = observedValue(match, field, currency);
      if (seen === undefined) continue;
      const manual = model[field];
      if (manual === undefined || manual === null) {
        next[field] = seen;
        filled.push(field);
      } else if (!same(manual, seen)) {
        queue.push({
          kind: "observation_differs",
          provider: seed.id,
          path: `$.models.value[${index}].${field}`,
          manual_value: manual,
          observed_value: seen,
          observed_at: observedAt,
          source: good.endpoint,
          note: `${model.name}: ${NOTE[field](currency)}`,
        });
      }
    }
    if (filled.length === 0) return model;
    changed = true;
    next._scraped = { fields: filled, verified_by: "scraper", source_url: good.endpoint, source_date: observedAt };
    return next as Model;
  });
  if (changed) merged.models = { ...(merged.models as Fact), value };
  if (queue.length > queued) {
    // The names may agree, but a value inside the list does not: the list is not corroborated as a whole.
    const { corroborated_at: _at, corroborated_by: _by, ...rest } = merged.models as Fact;
    merged.models = rest;
  }
}

/**
 * The prices source: pricing._observed from the newest good answer, the answer's currency as an observed
 * pricing.currency (so a record priced in EUR and an answer in USD is a conflict for a person, and no USD
 * figure is written beside EUR ones), and per-model top-ups of a manual models list.
 */
export function fromObservedPrices(record: Provider, observation: Observation): ObservedRecord {
  const good = observation.models_api?.last_good;
  if (!good?.models?.length) return { facts: [], derived: {} };
  const observedAt = good.checked_at.slice(0, 10);
  const facts: ObservedFact[] = good.currency
    ? [{ path: ["pricing", "currency"], value: good.currency, observedAt, sourceUrl: good.endpoint, sourceType: "provider_api" }]
    : [];
  return {
    facts,
    derived: {},
    apply: (merged, queue) => {
      const observed = observedPricing(good, observedAt);
      if (observed) merged.pricing = { ...((merged.pricing as Record<string, unknown> | undefined) ?? {}), _observed: observed };
      topUpSeedModels(record, merged, good, observedAt, queue);
    },
  };
}
