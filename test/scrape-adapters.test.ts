import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADAPTERS, type ParsedModel } from "../scripts/scrape/adapters/index.js";
import { perMillionTokens, priceBasisOf } from "../scripts/scrape/units.js";
import { REPO_ROOT } from "./helpers.js";

/** A recorded answer from test/fixtures/models/ (each has a <name>.source.md naming where it came from). */
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(REPO_ROOT, "test", "fixtures", "models", `${name}.json`), "utf8"));

const byId = (models: readonly ParsedModel[] | undefined) => new Map((models ?? []).map((model) => [model.id, model]));

describe("unit conversion is explicit", () => {
  it("converts per-token decimal strings to per-1M exactly, where plain float arithmetic does not", () => {
    // The naive product is what a scraper without care would store.
    expect(0.0000004 * 1_000_000).not.toBe(0.4);
    expect(perMillionTokens("0.0000004", 1)).toBe(0.4);
    expect(perMillionTokens("0.0000009", 1)).toBe(0.9);
    expect(perMillionTokens(3e-7, 1)).toBe(0.3);
    expect(perMillionTokens("0.0009", 1_000)).toBe(0.9);
    expect(perMillionTokens("0.9", 1_000_000)).toBe(0.9);
    expect(perMillionTokens("0", 1)).toBe(0);
  });

  it("refuses what is not a price: negative (OpenRouter's -1 for routed models), text, infinity", () => {
    expect(perMillionTokens("-1", 1)).toBeNull();
    expect(perMillionTokens("free", 1)).toBeNull();
    expect(perMillionTokens(Number.POSITIVE_INFINITY, 1)).toBeNull();
  });

  it("reads token units in the ways providers write them, and keeps per-minute, per-character and OCR prices out", () => {
    const per = (label: string) => {
      const basis = priceBasisOf(label);
      return basis?.kind === "tokens" ? basis.per : basis?.kind ?? null;
    };
    expect(per("per_token")).toBe(1);
    expect(per("EUR/1M tokens")).toBe(1_000_000);
    expect(per("EUR/M Token")).toBe(1_000_000);
    expect(per("per_million_tokens")).toBe(1_000_000);
    expect(per("1K tokens")).toBe(1_000);
    expect(per("EUR / 1000 mins")).toBe("other");
    expect(per("per minute")).toBe("other");
    expect(per("€/M Characters")).toBe("other");
    expect(per("M OCR tokens")).toBe("other");
    expect(per("premium")).toBeNull();
  });
});

describe("adapters read the recorded answers (figures read off the payloads by hand, see *.source.md)", () => {
  it("OpenRouter: US dollars per token → per 1M, context_length, and no price for the routed openrouter/auto", () => {
    const page = ADAPTERS.openrouter.parse(fixture("openrouter"), { currency: "USD" });
    const models = byId(page?.models);
    expect(page?.models).toHaveLength(6);
    expect(models.get("mistralai/mistral-medium-3")).toEqual({ id: "mistralai/mistral-medium-3", contextTokens: 131072, input: 0.4, output: 2, currency: "USD" });
    expect(models.get("mistralai/mistral-small-3.1-24b-instruct")).toMatchObject({ input: 0.05, output: 0.15, contextTokens: 131072 });
    expect(models.get("mistralai/mistral-small-3.1-24b-instruct:free")).toMatchObject({ input: 0, output: 0, contextTokens: 96000 });
    expect(models.get("meta-llama/llama-3.3-70b-instruct")).toMatchObject({ input: 0.07, output: 0.25 });
    expect(models.get("anthropic/claude-opus-4")).toMatchObject({ input: 15, output: 75, contextTokens: 200000 });
    expect(models.get("openrouter/auto")).toEqual({ id: "openrouter/auto", contextTokens: 2000000 });
  });

  it("OpenRouter without a stated currency keeps the figures but names no currency (never assumed)", () => {
    const models = byId(ADAPTERS.openrouter.parse(fixture("openrouter"), {})?.models);
    expect(models.get("mistralai/mistral-medium-3")?.currency).toBeUndefined();
  });

  it("OVHcloud: per token with currency_unit; speech and guard models priced 0 get no token price", () => {
    const models = byId(ADAPTERS.ovhcloud.parse(fixture("ovhcloud"), {})?.models);
    expect(models.get("gpt-oss-120b")).toEqual({ id: "gpt-oss-120b", contextTokens: 131072, input: 0.09, output: 0.47, currency: "USD" });
    expect(models.get("Qwen3-32B")).toEqual({ id: "Qwen3-32B", contextTokens: 32768, input: 0.09, output: 0.25, currency: "USD" });
    expect(models.get("bge-m3")).toEqual({ id: "bge-m3", contextTokens: 8192, input: 0.01, currency: "USD" });
    expect(models.get("whisper-large-v3-turbo")).toEqual({ id: "whisper-large-v3-turbo" });
    expect(models.get("Qwen3Guard-Gen-8B")).toEqual({ id: "Qwen3Guard-Gen-8B", contextTokens: 32768 });
  });

  it("a plain OpenAI list (Langdock's documented answer) gives ids only; the list adapter refuses a bare array", () => {
    expect(ADAPTERS["openai-list"].parse(fixture("openai-list-langdock"), {})).toEqual({
      models: [{ id: "gpt-4o" }, { id: "gpt-4o-mini" }],
      skipped: 0,
      openAiList: true,
    });
    expect(ADAPTERS["openai-list"].parse(fixture("mistral-docs-example"), {})).toBeNull();
  });

  it("Mistral's documented shape (a bare array in its reference): max_context_length; the bare-array adapter reads it too", () => {
    expect(ADAPTERS.mistral.parse(fixture("mistral-docs-example"), {})?.models).toEqual([{ id: "<model_id>", contextTokens: 32768 }]);
    expect(ADAPTERS["bare-array"].parse(fixture("mistral-docs-example"), {})).toMatchObject({ models: [{ id: "<model_id>" }], openAiList: false });
    expect(ADAPTERS["bare-array"].parse(fixture("openai-list-langdock"), {})).toBeNull();
  });

  it("Mistral's recorded answer (llm-mistral, 2025-03-17): context, aliases for matching, no prices", () => {
    const page = ADAPTERS.mistral.parse(fixture("mistral-llm-mistral"), { currency: "EUR" });
    expect(page?.openAiList).toBe(false);
    expect(page?.models).toEqual([
      { id: "ministral-3b-2410", contextTokens: 131072, aliases: ["ministral-3b-latest"] },
      { id: "ministral-3b-latest", contextTokens: 131072, aliases: ["ministral-3b-2410"] },
      { id: "codestral-2412", contextTokens: 262144, aliases: ["codestral-2501", "codestral-latest", "codestral-2411-rc5"] },
    ]);
    // The same answer read as a plain list would lose what makes Mistral's models matchable.
    expect(ADAPTERS["bare-array"].parse(fixture("mistral-llm-mistral"), {})?.models.map((model) => model.aliases)).toEqual([undefined, undefined, undefined]);
  });

  it("Mistral: aliases and a deprecation date are kept for matching and review", () => {
    // Shape of the API's model card (capabilities, aliases, deprecation); not a recorded answer.
    const body = { object: "list", data: [{ id: "mistral-large-2411", max_context_length: 131072, aliases: ["mistral-large-latest"], deprecation: "2026-05-31" }] };
    expect(ADAPTERS.mistral.parse(body, {})?.models).toEqual([{ id: "mistral-large-2411", contextTokens: 131072, aliases: ["mistral-large-latest"], deprecated: "2026-05-31" }]);
  });
});

/** Berget's first recorded answer once the refresh has saved one; until then the documented shape. */
const bergetAnswer = existsSync(path.join(REPO_ROOT, "test", "fixtures", "models", "berget-ai.recorded.json")) ? "berget-ai.recorded" : "berget-documented";

describe(`Berget's models answer (${bergetAnswer})`, () => {
  it("reads every model of the answer, and token prices only where the unit is tokens", () => {
    const body = fixture(bergetAnswer) as { data: Array<{ id: string; model_type?: string }> };
    const models = ADAPTERS.berget.parse(body, {})?.models ?? [];
    expect(models.map((model) => model.id)).toEqual(body.data.map((item) => item.id));
    for (const model of models) {
      const item = body.data.find((entry) => entry.id === model.id)!;
      if (item.model_type !== "text") expect(model.input, `${model.id} is not priced per token`).toBeUndefined();
    }
    if (bergetAnswer === "berget-documented") {
      expect(byId(models).get("meta-llama/Llama-3.3-70B-Instruct")).toMatchObject({ input: 0.9, output: 0.9, currency: "EUR" });
    } else {
      expect(models.some((model) => model.input !== undefined), "a recorded answer prices at least one text model").toBe(true);
    }
  });
});

describe("Berget's pricing object (shape from berget-ai/landing-page)", () => {
  // Both forms the landing page's code reads: flat (ServerlessInference.tsx) and nested (use-models.ts).
  const berget = (pricing: unknown) => ADAPTERS.berget.parse({ object: "list", data: [{ id: "meta-llama/Llama-3.3-70B-Instruct", pricing }] }, {})?.models[0];

  it("reads the flat form with its unit and currency", () => {
    expect(berget({ input: 0.9, output: 0.9, currency: "EUR", unit: "EUR/1M tokens" })).toMatchObject({ input: 0.9, output: 0.9, currency: "EUR" });
  });

  it("reads the nested form, converting a per-token amount", () => {
    expect(berget({ input: { amount: 0.0000009, currency: "EUR", unit: "per_token" }, output: { amount: "0.0000009", currency: "EUR", unit: "per_token" } })).toMatchObject({ input: 0.9, output: 0.9, currency: "EUR" });
  });

  it("keeps per-minute speech prices and prices without a unit out of token prices", () => {
    expect(berget({ input: 3, output: 3, currency: "EUR", unit: "EUR/1000 minutes" })).toEqual({ id: "meta-llama/Llama-3.3-70B-Instruct" });
    expect(berget({ input: 0.9, output: 0.9, currency: "EUR" })).toEqual({ id: "meta-llama/Llama-3.3-70B-Instruct" });
  });
});

describe("hostile answers are bounded", () => {
  it("drops ids that are too long, empty or hide characters (a cleaned id would name another model), and refuses a list of nothing usable", () => {
    const page = ADAPTERS["openai-list"].parse({ data: [{ id: "x".repeat(5000) }, { id: "" }, { id: "ok\u202e-model\u0000" }, { nope: 1 }, { id: "good-model" }] }, {});
    expect(page).toEqual({ models: [{ id: "good-model" }], skipped: 4, openAiList: true });
    expect(ADAPTERS["openai-list"].parse({ data: [{ id: 1 }] }, {})).toBeNull();
  });
});
