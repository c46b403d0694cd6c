import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRegistry, registryOfFile, UnreadableRegistry } from "../scripts/corroborate/formats.js";
import { exactMatch, isAlias, listedBy, withinRounding } from "../scripts/corroborate/match.js";
import { mergePriceRegistries } from "../scripts/corroborate/merge.js";
import { PROVIDER_MAPPINGS } from "../scripts/corroborate/sources.js";
import type { ReviewEntry } from "../scripts/merge/review.js";
import { CorroborationFile, Provider, type RegistryModel, type RegistryProvider } from "../scripts/schema/index.js";
import { confirmedFact, minimalRecord, REPO_ROOT } from "./helpers.js";

const FIXTURES = path.join(REPO_ROOT, "test", "fixtures", "price-registries");
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));

const model = (id: string, extra: Partial<RegistryModel> = {}): RegistryModel => ({ id, ...extra });

describe("model names across the dataset and the registries", () => {
  const ovhcloud = [model("Llama-3.1-8B-Instruct", { names: ["llama-3.1-8b-instruct"] }), model("gpt-oss-120b"), model("Qwen3-32B")];

  it("matches an id ignoring case, and the id in brackets at the end of a display name", () => {
    expect(exactMatch("LLAMA-3.1-8B-instruct", ovhcloud)?.id).toBe("Llama-3.1-8B-Instruct");
    expect(exactMatch("Codestral (codestral-2508)", [model("codestral"), model("codestral-2508")])?.id).toBe("codestral-2508");
  });

  it("matches with the organisation before the slash left out, on either side", () => {
    expect(exactMatch("gpt-oss-120b", [model("openai/gpt-oss-120b")])?.id).toBe("openai/gpt-oss-120b");
    expect(exactMatch("meta-llama/Llama-3.1-8B-Instruct", ovhcloud)?.id).toBe("Llama-3.1-8B-Instruct");
  });

  it("compares nothing for an ambiguous name, a near name or a name the registry only matches by its beginning", () => {
    expect(exactMatch("gpt-oss-120b", [model("openai/gpt-oss-120b"), model("other/gpt-oss-120b")])).toBeUndefined();
    expect(exactMatch("gpt-oss-12b", ovhcloud)).toBeUndefined();
    expect(exactMatch("magistral-small-2509", [model("magistral-small", { prefixes: ["magistral-small-"] })])).toBeUndefined();
  });

  it("counts a model as listed by its exact id, a dated snapshot of it, or a prefix the registry prices as it", () => {
    expect(listedBy(["Mistral Embed (mistral-embed-2312)"], model("mistral-embed"))).toBe(true);
    expect(listedBy(["magistral-small-2509"], model("magistral-small", { prefixes: ["magistral-small-"] }))).toBe(true);
    expect(listedBy(["gpt-oss-120b"], model("openai/gpt-oss-120b"))).toBe(true);
    expect(listedBy(["mistral-embed-v2"], model("mistral-embed"))).toBe(false);
    expect(listedBy(["Mistral Large 3 (mistral-large-2512)"], model("mistral-large-2411"))).toBe(false);
  });

  it("treats -latest and @latest names and :free variants as aliases, not models", () => {
    expect([model("mistral-large-latest"), model("mistral-large@latest"), model("mistral-nemo:free"), model("mistral-large-2411")].map(isAlias)).toEqual([true, true, true, false]);
  });

  it("takes prices as equal within 0.5 % or 0.0005 per 1M tokens, whichever is larger", () => {
    expect(withinRounding(0.088, 0.0885)).toBe(true);
    expect(withinRounding(0.088, 0.0886)).toBe(false);
    expect(withinRounding(2, 2.01)).toBe(true);
    expect(withinRounding(2, 2.02)).toBe(false);
    expect(withinRounding(0.3, 0.31)).toBe(false);
    expect(withinRounding(0.162, 0.16199999999999998)).toBe(true);
  });
});

describe("the registries' published formats", () => {
  it("genai-prices: the mapped providers' models with per-1M prices in USD, exact names and prefixes, deprecation", () => {
    const read = readRegistry("genai-prices", fixture("genai-prices.json"));
    expect(Object.keys(read.providers).sort()).toEqual(["doubleword", "mistral-ai-api", "openai-api-eu", "ovhcloud-ai-endpoints"]);
    expect(read.missing).toEqual([]);
    expect(read.providers.doubleword!.models.find((entry) => entry.id === "Qwen/Qwen3-Embedding-8B")).toEqual({ id: "Qwen/Qwen3-Embedding-8B", input_per_1m: 0.04 });
    const mistral = read.providers["mistral-ai-api"]!;
    expect(mistral).toMatchObject({ registry_provider: "mistral", currency: "USD" });
    const byId = new Map(mistral.models.map((entry) => [entry.id, entry]));
    expect(byId.get("codestral-2508")).toEqual({ id: "codestral-2508", input_per_1m: 0.3, output_per_1m: 0.9 });
    expect(byId.get("mistral-tiny")).toMatchObject({ deprecated: true });
    expect(byId.get("magistral-small")).toMatchObject({ prefixes: ["magistral-small-"], input_per_1m: 0.5, output_per_1m: 1.5 });
    expect(byId.get("mistral-nemo:free")).toEqual({ id: "mistral-nemo:free" });
    const llama = read.providers["ovhcloud-ai-endpoints"]!.models.find((entry) => entry.id === "Llama-3.1-8B-Instruct");
    expect(llama).toEqual({ id: "Llama-3.1-8B-Instruct", names: ["llama-3.1-8b-instruct"], input_per_1m: 0.11, output_per_1m: 0.11 });
  });

  it("genai-prices: prices under conditions and tiered prices are not one price per 1M tokens, so none is kept", () => {
    const data = fixture("genai-prices.json") as Array<{ id: string; models: Array<Record<string, unknown>> }>;
    const ovhcloud = data.find((provider) => provider.id === "ovhcloud")!;
    ovhcloud.models[0]!.prices = [{ prices: { input_mtok: 1, output_mtok: 2 } }, { constraint: { start_date: "2026-01-01" }, prices: { input_mtok: 3 } }];
    ovhcloud.models[1]!.prices = { input_mtok: { base: 0.1, tiers: [{ start: 200000, price: 0.2 }] }, output_mtok: 0.3 };
    const models = readRegistry("genai-prices", data).providers["ovhcloud-ai-endpoints"]!.models;
    expect(models[0]).not.toHaveProperty("input_per_1m");
    expect(models[1]).toEqual(expect.objectContaining({ output_per_1m: 0.3 }));
    expect(models[1]).not.toHaveProperty("input_per_1m");
  });

  it("litellm: per-token prices become exact per-1M prices; the provider prefix goes; non-model members are skipped", () => {
    const read = readRegistry("litellm", fixture("litellm.json"));
    expect(Object.keys(read.providers).sort()).toEqual(["mistral-ai-api", "nscale-serverless", "scaleway-generative-apis"]);
    expect(read.missing.sort()).toEqual(["nebius", "ovhcloud"]);
    const scaleway = read.providers["scaleway-generative-apis"]!;
    expect(scaleway.currency).toBeNull();
    expect(scaleway.models).toEqual([{ id: "openai/gpt-oss-120b", input_per_1m: 0.162, output_per_1m: 0.648 }]);
    const nscale = read.providers["nscale-serverless"]!.models;
    expect(nscale.find((entry) => entry.id === "meta-llama/Llama-3.1-8B-Instruct")).toEqual({ id: "meta-llama/Llama-3.1-8B-Instruct", input_per_1m: 0.03, output_per_1m: 0.03 });
    expect(nscale.find((entry) => entry.id === "black-forest-labs/FLUX.1-schnell")).toEqual({ id: "black-forest-labs/FLUX.1-schnell" });
    expect(read.providers["mistral-ai-api"]!.models.map((entry) => entry.id)).toContain("mistral-large-2411");
  });

  it("litellm: a deprecation date is kept; a name with a hidden character is left out and counted", () => {
    const data = fixture("litellm.json") as Record<string, Record<string, unknown>>;
    data["mistral/mistral-large-2411"]!.deprecation_date = "2026-03-30";
    data["mistral/mistral\u202elarge"] = { ...data["mistral/mistral-large-2411"], deprecation_date: "not a date" };
    const read = readRegistry("litellm", data);
    const models = read.providers["mistral-ai-api"]!.models;
    expect(models.find((entry) => entry.id === "mistral-large-2411")).toMatchObject({ deprecation_date: "2026-03-30" });
    expect(models.some((entry) => entry.id.includes("\u202e"))).toBe(false);
    expect(read.skipped).toBe(1);
  });

  it("tells the formats apart by shape and refuses a file of the wrong shape", () => {
    expect(registryOfFile(fixture("genai-prices.json"))).toBe("genai-prices");
    expect(registryOfFile(fixture("litellm.json"))).toBe("litellm");
    expect(registryOfFile(42)).toBeNull();
    expect(() => readRegistry("genai-prices", { a: 1 })).toThrow(UnreadableRegistry);
    expect(() => readRegistry("litellm", [1, 2])).toThrow(UnreadableRegistry);
  });
});

/** A corroboration file as the job writes it, with one provider entry. */
function corroborationFile(registry: "genai-prices" | "litellm" | "models.dev", id: string, entry: Partial<RegistryProvider> & { models: RegistryModel[] }): CorroborationFile {
  return CorroborationFile.parse({
    registry,
    source_url: "https://github.com/pydantic/genai-prices/blob/main/prices/new_data/v2/data.json",
    read: { from: "file", file: "copy.json", commit: null, committed_on: null, etag: null, last_modified: null },
    checked_at: "2026-11-20T04:00:00Z",
    providers: { [id]: { registry_provider: "x", currency: "USD", currency_basis: "test", ...entry } },
  });
}

/** A record priced in `currency` with the given models list. */
function pricedRecord(models: unknown[], extra: Record<string, unknown> = {}, partial = true): Provider {
  return Provider.parse(
    minimalRecord("acme-ai", {
      pricing: { currency: confirmedFact("USD", { source_type: "pricing_page" }), ...extra },
      models: confirmedFact(models, { source_type: "provider_docs", partial }),
    }),
  );
}

describe("merging what the price registries list into a record", () => {
  const today = "2026-11-22";

  it("corroborates agreeing prices with the registry's name and day, and queues a difference keeping the manual value", () => {
    const file = corroborationFile("genai-prices", "acme-ai", { models: [model("gpt-oss-120b", { input_per_1m: 0.09, output_per_1m: 0.47 }), model("Qwen3-32B", { input_per_1m: 0.09, output_per_1m: 0.25 })] });
    const record = pricedRecord([
      { name: "gpt-oss-120b", input_price: 0.09, output_price: 0.47 },
      { name: "Qwen3-32B", input_price: 0.09, output_price: 0.3 },
    ]);
    const queue: ReviewEntry[] = [];
    const merged = mergePriceRegistries(record, [file], today, queue);
    expect(merged.models!.value![0]).toMatchObject({ corroborated_at: "2026-11-20", corroborated_by: "genai-prices" });
    expect(merged.models!.value![1]).toEqual({ name: "Qwen3-32B", input_price: 0.09, output_price: 0.3 });
    expect(queue).toEqual([
      {
        kind: "price_disagrees",
        provider: "acme-ai",
        path: "$.models.value[1].output_price",
        manual_value: 0.3,
        observed_value: 0.25,
        observed_at: "2026-11-20",
        source: file.source_url,
        note: "Qwen3-32B: USD per 1M output tokens, registry model Qwen3-32B; genai-prices (x) lists USD 0.25",
      },
    ]);
  });

  it("compares nothing across currencies, with an unknown registry currency, or with prices that include VAT", () => {
    const models = [model("gpt-oss-120b", { input_per_1m: 0.5, output_per_1m: 0.5 })];
    const record = pricedRecord([{ name: "gpt-oss-120b", input_price: 0.09, output_price: 0.47 }]);
    const euro = Provider.parse({ ...record, pricing: { currency: confirmedFact("EUR", { source_type: "pricing_page" }) } });
    const gross = Provider.parse({ ...record, pricing: { ...record.pricing, vat_included: confirmedFact(true, { source_type: "pricing_page" }) } });
    const queue: ReviewEntry[] = [];
    expect(mergePriceRegistries(euro, [corroborationFile("genai-prices", "acme-ai", { models })], today, queue)).toBe(euro);
    expect(mergePriceRegistries(record, [corroborationFile("litellm", "acme-ai", { currency: null, models })], today, queue)).toBe(record);
    expect(mergePriceRegistries(gross, [corroborationFile("genai-prices", "acme-ai", { models })], today, queue)).toBe(gross);
    expect(queue).toEqual([]);
  });

  it("leaves prices the scraper topped up alone, and keeps a corroboration another registry made first", () => {
    const models = [model("gpt-oss-120b", { input_per_1m: 0.09, output_per_1m: 0.47 })];
    const scraped = pricedRecord([{ name: "gpt-oss-120b", input_price: 0.5, output_price: 0.5, _scraped: { fields: ["input_price", "output_price"], verified_by: "scraper", source_url: "https://acme.example/v1/models", source_date: "2026-11-01" } }]);
    const queue: ReviewEntry[] = [];
    expect(mergePriceRegistries(scraped, [corroborationFile("genai-prices", "acme-ai", { models })], today, queue)).toBe(scraped);
    const record = pricedRecord([{ name: "gpt-oss-120b", input_price: 0.09, output_price: 0.47 }]);
    const both = mergePriceRegistries(record, [corroborationFile("genai-prices", "acme-ai", { models }), corroborationFile("litellm", "acme-ai", { models })], today, queue);
    expect(both.models!.value![0]!.corroborated_by).toBe("genai-prices");
    expect(queue).toEqual([]);
  });

  it("corroborates the provider-level price of the reference model, and queues a different one", () => {
    const record = pricedRecord([], { price_per_1m_input_tokens: confirmedFact(0.03), price_per_1m_output_tokens: confirmedFact(0.05), reference_model: confirmedFact("meta-llama/Llama-3.1-8B-Instruct") });
    const queue: ReviewEntry[] = [];
    const merged = mergePriceRegistries(record, [corroborationFile("litellm", "acme-ai", { models: [model("meta-llama/Llama-3.1-8B-Instruct", { input_per_1m: 0.03, output_per_1m: 0.03 })] })], today, queue);
    expect(merged.pricing!.price_per_1m_input_tokens).toMatchObject({ value: 0.03, corroborated_at: "2026-11-20", corroborated_by: "litellm" });
    expect(merged.pricing!.price_per_1m_output_tokens).not.toHaveProperty("corroborated_by");
    expect(queue).toEqual([expect.objectContaining({ kind: "price_disagrees", path: "$.pricing.price_per_1m_output_tokens", manual_value: 0.05, observed_value: 0.03 })]);
  });

  it("never lets a registry corroborate a price read from it, and still asks when it now lists another", () => {
    const models = [model("gpt-oss-120b", { input_per_1m: 0.09, output_per_1m: 0.47 }), model("Qwen3-32B", { input_per_1m: 0.09, output_per_1m: 0.25 })];
    const fromRegistry = { source_type: "third_party", status: "claimed", source_url: "https://raw.githubusercontent.com/pydantic/genai-prices/47df840a5ab10bbcffb8e5ac01b9899032245d1b/prices/new_data/v2/data.json" };
    const record = Provider.parse(
      minimalRecord("acme-ai", {
        pricing: {
          currency: confirmedFact("USD", { source_type: "pricing_page" }),
          price_per_1m_input_tokens: confirmedFact(0.09, fromRegistry),
          reference_model: confirmedFact("gpt-oss-120b", fromRegistry),
        },
        models: confirmedFact(
          [
            { name: "gpt-oss-120b", input_price: 0.09, output_price: 0.47 },
            { name: "Qwen3-32B", input_price: 0.09, output_price: 0.3 },
          ],
          { ...fromRegistry, partial: true },
        ),
      }),
    );
    const queue: ReviewEntry[] = [];
    const merged = mergePriceRegistries(record, [corroborationFile("genai-prices", "acme-ai", { models })], today, queue);
    expect(merged).toBe(record);
    expect(queue).toEqual([expect.objectContaining({ path: "$.models.value[1].output_price", note: expect.stringContaining("registry model Qwen3-32B, the registry this row was read from;") })]);
    // Another registry may: it is a second reading.
    const other = mergePriceRegistries(record, [corroborationFile("models.dev", "acme-ai", { models })], today, []);
    expect(other.models!.value![0]).toMatchObject({ corroborated_by: "models.dev" });
    expect(other.pricing!.price_per_1m_input_tokens).toMatchObject({ corroborated_by: "models.dev" });
  });

  it("does not ask about a price the row dates apart from the registry's figures, but corroborates one that agrees", () => {
    const models = [model("a", { input_per_1m: 1, output_per_1m: 2 }), model("b", { input_per_1m: 1, output_per_1m: 2 }), model("c", { input_per_1m: 1, output_per_1m: 2 })];
    const record = pricedRecord([
      { name: "a", input_price: 1.5, output_price: 3, valid_from: "2026-09-01" },
      { name: "b", input_price: 0.5, output_price: 1, valid_until: "2026-05-31" },
      { name: "c", input_price: 1, output_price: 2, valid_from: "2026-09-01" },
    ]);
    const dated = (committed_on: string | undefined) => {
      const queue: ReviewEntry[] = [];
      const merged = mergePriceRegistries(record, [corroborationFile("models.dev", "acme-ai", { models, ...(committed_on && { committed_on }) })], today, queue);
      return { queue: queue.map((entry) => entry.path), merged };
    };
    const before = dated("2026-06-30");
    expect(before.queue).toEqual([]);
    expect(before.merged.models!.value![2]).toMatchObject({ corroborated_by: "models.dev" });
    // Figures of unknown day are compared.
    expect(dated(undefined).queue).toHaveLength(4);
    // From its valid_from on a row is compared, up to its valid_until.
    expect(dated("2026-09-01").queue).toEqual(["$.models.value[0].input_price", "$.models.value[0].output_price"]);
    expect(dated("2026-05-31").queue).toEqual(["$.models.value[1].input_price", "$.models.value[1].output_price"]);
  });

  it("asks about a listed model only when the record's list is complete, and not about deprecated, unpriced or alias entries", () => {
    const models = [
      model("codestral-2508", { input_per_1m: 0.3 }),
      model("mistral-large-2512", { input_per_1m: 0.5 }),
      model("mistral-tiny", { input_per_1m: 0.25, deprecated: true }),
      model("mistral-large-2411", { input_per_1m: 2, deprecation_date: "2026-11-22" }),
      model("magistral-medium-2509", { input_per_1m: 2, deprecation_date: "2026-12-01" }),
      model("mistral-nemo:free"),
      model("mistral-large-latest", { input_per_1m: 2 }),
    ];
    const file = corroborationFile("genai-prices", "acme-ai", { models });
    const unlisted = (partial: boolean) => {
      const queue: ReviewEntry[] = [];
      mergePriceRegistries(pricedRecord([{ name: "Codestral (codestral-2508)" }], {}, partial), [file], today, queue);
      return queue;
    };
    expect(unlisted(true)).toEqual([]);
    const queue = unlisted(false);
    expect(queue.map((entry) => entry.observed_value)).toEqual(["mistral-large-2512", "magistral-medium-2509"]);
    expect(queue[0]).toEqual({
      kind: "model_unlisted",
      provider: "acme-ai",
      path: "$.models",
      observed_value: "mistral-large-2512",
      observed_at: "2026-11-20",
      source: file.source_url,
      note: "genai-prices (x) lists it; the record's models list says it is complete (partial: false)",
    });
  });
});

describe("which records the registries stand for", () => {
  const mappings = Object.entries(PROVIDER_MAPPINGS).flatMap(([registry, list]) => list.map((mapping) => ({ registry, ...mapping })));

  it("maps only records that exist, each once per registry, with a currency basis the file can hold", () => {
    for (const mapping of mappings) {
      expect(existsSync(path.join(REPO_ROOT, "data", "providers", `${mapping.provider}.json`)), mapping.provider).toBe(true);
      expect(mapping.currencyBasis.length, `${mapping.registry} ${mapping.provider}`).toBeLessThanOrEqual(300);
      expect(mapping.currency === null || /^[A-Z]{3}$/.test(mapping.currency)).toBe(true);
    }
    const pairs = mappings.map((mapping) => `${mapping.registry} ${mapping.provider}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it("maps no Global price list to the Data Zone record, and every models.dev entry in dollars as its README states", () => {
    expect(mappings.filter((mapping) => mapping.provider === "azure-openai-eu-data-zone")).toEqual([]);
    expect(PROVIDER_MAPPINGS["models.dev"].every((mapping) => mapping.currency === "USD" && mapping.currencyBasis.includes("(USD)"))).toBe(true);
  });
});
