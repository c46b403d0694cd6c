import { perMillionTokens } from "../units.js";
import { compact, contextOf, currencyOr, itemsOf, objectAt, readItems } from "./common.js";
import type { Adapter, AdapterSettings, ParsedModel } from "./types.js";

type Item = Record<string, unknown>;

interface PerTokenShape {
  /** Where the answer names its currency, if it does. */
  currencyField?: string;
  /** A price of 0 means "not billed per token" (OVHcloud's speech and guard models), not "free". */
  zeroIsUnpriced: boolean;
}

/** pricing.prompt / pricing.completion in currency per single token (strings), context_length. */
function perTokenModel(item: Item, id: string, settings: AdapterSettings, shape: PerTokenShape): ParsedModel {
  const pricing = objectAt(item.pricing);
  const price = (value: unknown): number | undefined => {
    if (typeof value !== "string" && typeof value !== "number") return undefined;
    const perMillion = perMillionTokens(value, 1);
    if (perMillion === null || (shape.zeroIsUnpriced && perMillion === 0)) return undefined;
    return perMillion;
  };
  const input = price(pricing?.prompt);
  const output = price(pricing?.completion);
  const priced = input !== undefined || output !== undefined;
  return compact({
    id,
    contextTokens: contextOf(item, "context_length"),
    input,
    output,
    currency: priced ? currencyOr(shape.currencyField ? pricing?.[shape.currencyField] : undefined, settings.currency) : undefined,
  });
}

/**
 * OpenRouter's /models: US dollars per token, as documented by OpenRouter; the answer itself names no
 * currency, so data/scrape-sources.json states it ("currency": "USD") rather than this code assuming it.
 * "-1" (openrouter/auto: priced by the model it picks) is no price.
 */
export const openRouter: Adapter = {
  expected: "an OpenRouter models list",
  parse: (body, settings) => {
    const found = itemsOf(body, "list");
    return found && readItems(found, (item, id) => perTokenModel(item, id, settings, { zeroIsUnpriced: false }));
  },
};

/**
 * OVHcloud AI Endpoints' /v1/models: the OpenRouter field names plus pricing.currency_unit, per token.
 * Models billed otherwise (Whisper per minute, guard models) answer "0", which is not a token price.
 */
export const ovhCloud: Adapter = {
  expected: "an OVHcloud models list",
  parse: (body, settings) => {
    const found = itemsOf(body, "list");
    return found && readItems(found, (item, id) => perTokenModel(item, id, settings, { currencyField: "currency_unit", zeroIsUnpriced: true }));
  },
};
