/** One model as an adapter read it; prices are already per 1,000,000 tokens. */
export interface ParsedModel {
  id: string;
  contextTokens?: number;
  input?: number;
  output?: number;
  currency?: string;
  aliases?: string[];
  deprecated?: string;
}

/** What an adapter made of one answer (one page, when the provider pages). */
export interface ParsedPage {
  models: ParsedModel[];
  /** Items the answer had that could not be read as a model (no usable id). */
  skipped: number;
  /** The answer was an OpenAI list ({"data": […]}), which is itself evidence of OpenAI compatibility. */
  openAiList: boolean;
}

/** Settings from data/scrape-sources.json that an adapter may need. */
export interface AdapterSettings {
  /** The currency of answers that state none. */
  currency?: string;
}

export interface Adapter {
  /** How a wrong answer is described in the observation ("JSON is not …"). */
  expected: string;
  parse(body: unknown, settings: AdapterSettings): ParsedPage | null;
}
