import { priceBasisOf, perMillionTokens } from "../units.js";
import { compact, contextOf, currencyOr, itemsOf, objectAt, readItems } from "./common.js";
import type { Adapter, AdapterSettings, ParsedModel } from "./types.js";

type Item = Record<string, unknown>;

/** One side of a Berget price, in either of the two forms its API has used. */
interface QuotedPrice {
  amount: unknown;
  currency: unknown;
  unit: unknown;
}

/**
 * Berget answers each model with a pricing object. The landing page's code reads it in two forms:
 * {"input": 0.9, "output": 0.9, "currency": "EUR", "unit": "…"} (ServerlessInference.tsx) and
 * {"input": {"amount", "currency", "unit"}, "output": {…}} (use-models.ts).
 */
function quotesOf(pricing: Item): { input: QuotedPrice; output: QuotedPrice } {
  const side = (value: unknown): QuotedPrice => {
    const nested = objectAt(value);
    return nested
      ? { amount: nested.amount, currency: nested.currency ?? pricing.currency, unit: nested.unit ?? pricing.unit }
      : { amount: value, currency: pricing.currency, unit: pricing.unit };
  };
  return { input: side(pricing.input), output: side(pricing.output) };
}

/** A token price per 1M tokens; a price without a unit, or per minute, per character or per step, is none. */
function tokenPrice(quote: QuotedPrice): number | undefined {
  if (typeof quote.amount !== "number" && typeof quote.amount !== "string") return undefined;
  const basis = typeof quote.unit === "string" ? priceBasisOf(quote.unit) : null;
  if (basis?.kind !== "tokens") return undefined;
  return perMillionTokens(quote.amount, basis.per) ?? undefined;
}

function bergetModel(item: Item, id: string, settings: AdapterSettings): ParsedModel {
  const pricing = objectAt(item.pricing);
  const quotes = pricing ? quotesOf(pricing) : null;
  const input = quotes ? tokenPrice(quotes.input) : undefined;
  const output = quotes ? tokenPrice(quotes.output) : undefined;
  const priced = input !== undefined || output !== undefined;
  return compact({
    id,
    contextTokens: contextOf(item, "context_length", "max_model_len"),
    input,
    output,
    currency: priced && quotes ? currencyOr(input !== undefined ? quotes.input.currency : quotes.output.currency, settings.currency) : undefined,
  });
}

export const berget: Adapter = {
  expected: "a Berget models list",
  parse: (body, settings) => {
    const found = itemsOf(body, "list");
    return found && readItems(found, (item, id) => bergetModel(item, id, settings));
  },
};
