import { promises as fs, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectPaths } from "../scripts/config.js";
import type { Provider } from "../scripts/schema/index.js";
import { DEFAULT_POLICY, scrape } from "../scripts/scrape/scrape.js";
import { formatRefreshSummary, writeRefreshSummary } from "../scripts/scrape/summary.js";
import { makeTree, minimalRecord, REPO_ROOT, type Tree, closeServer, listenOnLoopback } from "./helpers.js";

/** Recorded answers of the real providers; where each came from is in its <name>.source.md. */
const recorded = (name: string) => readFileSync(path.join(REPO_ROOT, "test", "fixtures", "models", `${name}.json`), "utf8");

type Play = (request: http.IncomingMessage, response: http.ServerResponse) => void;

// A loopback server (127.0.0.1 only) that replays the recorded answers; keyed by path, query ignored.
let server: http.Server;
let origin: string;
const plays = new Map<string, Play>();
const seen = new Map<string, http.IncomingHttpHeaders>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    seen.set(url.pathname, request.headers);
    const play = plays.get(url.pathname);
    if (play) play(request, response);
    else response.writeHead(404).end();
  });
  origin = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

const json = (body: string): Play => (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end(body);

let tree: Tree;
afterEach(async () => tree?.cleanup());

const POLICY = { ...DEFAULT_POLICY, timeoutMs: 2000, retries: 0, backoffMs: 10, allowPrivate: true };
const DAY = "2026-11-20";
const NOW = () => new Date(`${DAY}T08:00:00Z`);

const manual = (value: unknown, extra: Record<string, unknown> = {}) => ({
  value,
  status: "confirmed",
  source_url: "https://acme.example/prices",
  source_type: "pricing_page",
  source_date: null,
  verified_at: "2026-11-01",
  verified_by: "manual",
  ...extra,
});

/** A record whose api.base_url is this test's loopback server, with an optional manual currency and models list. */
function provider(id: string, seed: { currency?: string; models?: Array<Record<string, unknown>> } = {}): Record<string, unknown> {
  return minimalRecord(id, {
    api: { base_url: manual(`${origin}/${id}/v1`, { source_type: "provider_docs" }) },
    ...(seed.currency && { pricing: { currency: manual(seed.currency) } }),
    ...(seed.models && { models: manual(seed.models, { partial: true }) }),
  });
}

const endpointOf = (id: string) => `${origin}/${id}/v1/models`;

/** Scrape with the given data/scrape-sources.json, then run the real build; returns what a client would read. */
async function scrapeAndBuild(records: Array<Record<string, unknown>>, sources: Record<string, unknown>, existing?: Tree) {
  tree = existing ?? (await makeTree(records));
  await tree.writeRaw("data/scrape-sources.json", JSON.stringify({ sources }));
  const providers = records as unknown as Provider[];
  const logs: string[] = [];
  const summary = await scrape(projectPaths(tree.root), providers, { only: [], concurrency: 2, policy: POLICY, now: NOW, log: (line) => logs.push(line), env: {} });
  const result = await tree.build();
  const read = async (id: string) => JSON.parse(await tree.read(`api/data/${id}/index.json`));
  return { summary, result, read, logs };
}

describe("scrape + build fill pricing._observed and model prices from the recorded answers", () => {
  it("OVHcloud: prices per 1M tokens in the answer's currency (USD), context lengths, and the currency topped up", async () => {
    const id = "ovhcloud-ai-endpoints";
    plays.set(`/${id}/v1/models`, json(recorded("ovhcloud")));
    const { read, result } = await scrapeAndBuild([provider(id)], { [id]: { adapter: "ovhcloud" } });
    const record = await read(id);
    // Figures read off test/fixtures/models/ovhcloud.json by hand: "0.00000009" per token is 0.09 per 1M, etc.
    expect(record.pricing._observed).toEqual({
      date: DAY,
      currency: "USD",
      from_input: 0.01,
      count: 3,
      items: [
        { input: 0.09, output: 0.25, currency: "USD", span: "Qwen3-32B" },
        { input: 0.01, currency: "USD", span: "bge-m3" },
        { input: 0.09, output: 0.47, currency: "USD", span: "gpt-oss-120b" },
      ],
      source_url: endpointOf(id),
    });
    expect(record.pricing.currency).toMatchObject({ value: "USD", verified_by: "scraper", source_url: endpointOf(id), source_date: DAY });
    expect(record.models).toMatchObject({ verified_by: "scraper", source_url: endpointOf(id), source_date: DAY, verified_at: DAY, partial: false });
    expect(record.models.value).toEqual([
      { name: "Qwen3-32B", context_tokens: 32768, input_price: 0.09, output_price: 0.25 },
      { name: "Qwen3Guard-Gen-8B", context_tokens: 32768 },
      { name: "bge-m3", context_tokens: 8192, input_price: 0.01 },
      { name: "gpt-oss-120b", context_tokens: 131072, input_price: 0.09, output_price: 0.47 },
      // Whisper is billed per minute; its "0" is not a token price and is not written as one.
      { name: "whisper-large-v3-turbo" },
    ]);
    expect(result.reviewQueue).toEqual([]);
  });

  it("OVHcloud against a seed in EUR: no USD figure is written, the currency goes to review, the manual EUR stays", async () => {
    const id = "ovhcloud-ai-endpoints";
    plays.set(`/${id}/v1/models`, json(recorded("ovhcloud")));
    const { read, result } = await scrapeAndBuild([provider(id, { currency: "EUR", models: [{ name: "gpt-oss-120b" }] })], { [id]: { adapter: "ovhcloud" } });
    const record = await read(id);
    expect(record.pricing.currency.value).toBe("EUR");
    expect(record.pricing._observed.currency).toBe("USD");
    // The context length is currency-free and is topped up; the prices are not.
    expect(record.models.value).toEqual([
      { name: "gpt-oss-120b", context_tokens: 131072, _scraped: { fields: ["context_tokens"], verified_by: "scraper", source_url: endpointOf(id), source_date: DAY } },
    ]);
    expect(result.reviewQueue).toContainEqual(
      expect.objectContaining({ provider: id, path: "$.pricing.currency", manual_value: "EUR", observed_value: "USD", observed_at: DAY }),
    );
  });

  it("OpenRouter: US dollars per token become USD per 1M; the routed openrouter/auto gets no price", async () => {
    const id = "openrouter";
    plays.set(`/${id}/v1/models`, json(recorded("openrouter")));
    const { read, result } = await scrapeAndBuild([provider(id, { currency: "USD" })], { [id]: { adapter: "openrouter", currency: "USD" } });
    const record = await read(id);
    const models = new Map(record.models.value.map((model: { name: string }) => [model.name, model]));
    // Read off test/fixtures/models/openrouter.json: prompt "0.0000004", completion "0.000002" (USD per token).
    expect(models.get("mistralai/mistral-medium-3")).toEqual({ name: "mistralai/mistral-medium-3", context_tokens: 131072, input_price: 0.4, output_price: 2 });
    expect(models.get("mistralai/mistral-small-3.1-24b-instruct")).toEqual({ name: "mistralai/mistral-small-3.1-24b-instruct", context_tokens: 131072, input_price: 0.05, output_price: 0.15 });
    expect(models.get("anthropic/claude-opus-4")).toMatchObject({ input_price: 15, output_price: 75 });
    expect(models.get("openrouter/auto")).toEqual({ name: "openrouter/auto", context_tokens: 2000000 });
    expect(record.pricing._observed).toMatchObject({ date: DAY, currency: "USD", from_input: 0, count: 5, source_url: endpointOf(id) });
    expect(record.pricing.currency).toMatchObject({ value: "USD", verified_by: "manual", corroborated_by: "scraper", corroborated_at: DAY });
    expect(result.reviewQueue).toEqual([]);
  });

  it("Berget (answer shape from its landing page's code, figures from its llms.txt; not a recorded answer): EUR prices fill the seed's gaps", async () => {
    const id = "berget-ai";
    // Not a recorded answer (none was found): the pricing object as berget-ai/landing-page reads it, with
    // the prices Berget publishes in public/llms.txt (€0.20/€0.20 and €0.30/€0.30 per 1M tokens, €3 per 1000 minutes).
    const answer = {
      object: "list",
      data: [
        { id: "meta-llama/Llama-3.1-8B-Instruct", pricing: { input: 0.2, output: 0.2, currency: "EUR", unit: "EUR/1M tokens" } },
        { id: "mistralai/Mistral-Small-3.2-24B-Instruct-2506", pricing: { input: 0.3, output: 0.3, currency: "EUR", unit: "EUR/1M tokens" } },
        { id: "KBLab/kb-whisper-large", pricing: { input: 3, output: 3, currency: "EUR", unit: "EUR/1000 minutes" } },
      ],
    };
    plays.set(`/${id}/v1/models`, json(JSON.stringify(answer)));
    const seedModels = [{ name: "meta-llama/Llama-3.1-8B-Instruct", input_price: 0.2, output_price: 0.2 }, { name: "mistralai/Mistral-Small-3.2-24B-Instruct-2506" }];
    const { read, result } = await scrapeAndBuild([provider(id, { currency: "EUR", models: seedModels })], { [id]: { adapter: "berget" } });
    const record = await read(id);
    expect(record.models.value).toEqual([
      { name: "meta-llama/Llama-3.1-8B-Instruct", input_price: 0.2, output_price: 0.2 },
      {
        name: "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
        input_price: 0.3,
        output_price: 0.3,
        _scraped: { fields: ["input_price", "output_price"], verified_by: "scraper", source_url: endpointOf(id), source_date: DAY },
      },
    ]);
    expect(record.models.verified_by).toBe("manual");
    expect(record.pricing._observed).toMatchObject({ currency: "EUR", from_input: 0.2, count: 2 });
    expect(record.pricing._observed.items.map((item: { span: string }) => item.span)).not.toContain("KBLab/kb-whisper-large");
    expect(result.reviewQueue.filter((entry) => entry.path.startsWith("$.models.value"))).toEqual([]);
  });
});

describe("a scraped price that differs from a manual one", () => {
  it("goes to the review queue with the model and unit named; the manual price stays", async () => {
    const id = "ovh-changed";
    plays.set(`/${id}/v1/models`, json(recorded("ovhcloud")));
    const seedModels = [{ name: "GPT OSS 120B (gpt-oss-120b)", input_price: 0.08, output_price: 0.47, context_tokens: 131072 }];
    const { read, result } = await scrapeAndBuild([provider(id, { currency: "USD", models: seedModels })], { [id]: { adapter: "ovhcloud" } });
    const record = await read(id);
    expect(record.models.value).toEqual(seedModels);
    // Every name in the sample is listed, but a price inside it disagrees: not corroborated as a whole.
    expect(record.models).not.toHaveProperty("corroborated_at");
    expect(result.reviewQueue).toEqual([
      {
        kind: "observation_differs",
        provider: id,
        path: "$.models.value[0].input_price",
        manual_value: 0.08,
        observed_value: 0.09,
        observed_at: DAY,
        source: endpointOf(id),
        note: "GPT OSS 120B (gpt-oss-120b): USD per 1M input tokens",
      },
    ]);
    expect(JSON.parse(await tree.read("api/status.json")).review_queue).toBe(1);
    expect(JSON.parse(await fs.readFile(path.join(tree.paths.data, "review-queue.json"), "utf8"))).toHaveLength(1);
  });

  it("between two refreshes is summarised for the pull request, with the review queue", async () => {
    const id = "ovh-twice";
    plays.set(`/${id}/v1/models`, json(recorded("ovhcloud")));
    const records = [provider(id, { currency: "USD", models: [{ name: "gpt-oss-120b", input_price: 0.09 }] })];
    await scrapeAndBuild(records, { [id]: { adapter: "ovhcloud" } });
    // The same recorded answer with one price raised and one model withdrawn.
    const changed = JSON.parse(recorded("ovhcloud"));
    changed.data = changed.data.filter((model: { id: string }) => model.id !== "bge-m3");
    changed.data.find((model: { id: string }) => model.id === "gpt-oss-120b").pricing.prompt = "0.0000001";
    plays.set(`/${id}/v1/models`, json(JSON.stringify(changed)));
    const { summary, result } = await scrapeAndBuild(records, { [id]: { adapter: "ovhcloud" } }, tree);
    expect(summary.providers[0]!.change).toEqual({ first: false, added: [], gone: ["bge-m3"], prices: [{ id: "gpt-oss-120b", side: "input", before: 0.09, after: 0.1, currency: "USD" }] });
    const text = formatRefreshSummary(summary, result.reviewQueue, DAY);
    expect(text).toContain("- `ovh-twice`: gone `bge-m3`");
    expect(text).toContain("  - `gpt-oss-120b` input: 0.09 → 0.1 USD per 1M tokens");
    expect(text).toContain("### Review queue (1)");
    expect(text).toContain("`$.models.value[0].input_price` (gpt-oss-120b: USD per 1M input tokens): manual `0.09`, observed `0.1`");
    const file = path.join(tree.root, "summary.md");
    await writeRefreshSummary(file, summary, result.reviewQueue, DAY);
    expect(await fs.readFile(file, "utf8")).toBe(text);
  });
});
