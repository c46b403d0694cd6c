import { berget } from "./berget.js";
import { mistral } from "./mistral.js";
import { bareArray, openAiList } from "./openaiList.js";
import { openRouter, ovhCloud } from "./openrouter.js";
import type { Adapter } from "./types.js";

/** Every answer shape the scraper reads, by the name data/scrape-sources.json uses. */
export const ADAPTERS = {
  "openai-list": openAiList,
  "bare-array": bareArray,
  openrouter: openRouter,
  ovhcloud: ovhCloud,
  mistral,
  berget,
} as const satisfies Record<string, Adapter>;

export type AdapterName = keyof typeof ADAPTERS;
export const ADAPTER_NAMES = Object.keys(ADAPTERS) as AdapterName[];
/** A provider without an entry in data/scrape-sources.json is read as a plain OpenAI list. */
export const DEFAULT_ADAPTER: AdapterName = "openai-list";

export type { Adapter, ParsedModel, ParsedPage } from "./types.js";
