import type { Model, ModelsListAttempt, ObservedModel, Provider } from "../schema/index.js";

/**
 * The currency observed prices may be written in on this record: the record's own pricing.currency when
 * it has one (a price in another currency is never written beside it), else the one currency the answer
 * used (which is then topped up as pricing.currency). Null when neither is known.
 */
export function writableCurrency(record: Provider, good: ModelsListAttempt): string | null {
  const manual = record.pricing?.currency;
  if (manual && manual.status !== "unknown" && typeof manual.value === "string") return manual.value;
  return good.currency ?? null;
}

/** The observed price of one side, when it is in `currency`. */
export function priceIn(model: ObservedModel | undefined, side: "input_price" | "output_price", currency: string | null): number | undefined {
  if (!model || currency === null || model.currency !== currency) return undefined;
  return side === "input_price" ? model.input_per_1m : model.output_per_1m;
}

/** A topped-up models list entry: the name, and what was read about it that can be written. */
export function modelEntry(id: string, details: ObservedModel | undefined, currency: string | null): Model {
  const input = priceIn(details, "input_price", currency);
  const output = priceIn(details, "output_price", currency);
  return {
    name: id,
    ...(details?.context_tokens !== undefined && { context_tokens: details.context_tokens }),
    ...(input !== undefined && { input_price: input }),
    ...(output !== undefined && { output_price: output }),
  };
}

/** The ids a seed model name may stand for: the name itself and an id in brackets at its end. */
export function namesFor(name: string): string[] {
  const bracketed = /\(([^()]+)\)\s*$/.exec(name)?.[1]?.trim();
  return bracketed ? [name, bracketed] : [name];
}

/**
 * Finds the observed model a seed model names. Seed names are the API id ("openai/gpt-oss-120b"), or a
 * display name with the id in brackets ("Mistral Large 3 (mistral-large-2512)"), or one of the aliases
 * the API lists. Exact strings only: a near match is left for a person.
 */
export function observedFor(name: string, models: readonly ObservedModel[]): ObservedModel | undefined {
  const wanted = new Set(namesFor(name));
  return models.find((model) => wanted.has(model.id)) ?? models.find((model) => model.aliases?.some((alias) => wanted.has(alias)));
}
