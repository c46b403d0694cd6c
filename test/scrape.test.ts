import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectPaths } from "../scripts/config.js";
import type { Provider } from "../scripts/schema/index.js";
import { DEFAULT_POLICY, scrape } from "../scripts/scrape/scrape.js";
import { makeTree, minimalRecord, runCli, type Tree, closeServer, listenOnLoopback } from "./helpers.js";

type Play = (request: http.IncomingMessage, response: http.ServerResponse, hit: number) => void;

/** A real loopback server whose answer per path is scripted by the test. */
let server: http.Server;
let origin: string;
const plays = new Map<string, Play>();
const hits = new Map<string, number>();
const seenHeaders = new Map<string, http.IncomingHttpHeaders>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const key = request.url ?? "/";
    const hit = (hits.get(key) ?? 0) + 1;
    hits.set(key, hit);
    seenHeaders.set(key, request.headers);
    const play = plays.get(key);
    if (play) play(request, response, hit);
    else response.writeHead(404).end();
  });
  origin = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

const list = (...ids: string[]) => JSON.stringify({ object: "list", data: ids.map((id) => ({ id, object: "model" })) });
const json = (body: string, status = 200, headers: Record<string, string> = {}): Play => (_q, r) =>
  r.writeHead(status, { "content-type": "application/json", ...headers }).end(body);

let tree: Tree;
afterEach(async () => tree?.cleanup());

const FAST = { ...DEFAULT_POLICY, timeoutMs: 400, retries: 2, backoffMs: 20, maxBodyBytes: 64 * 1024, allowPrivate: true };
const NOW = () => new Date("2026-11-20T08:00:00Z");

function record(id: string, models: string[] | null): Record<string, unknown> {
  return minimalRecord(id, {
    api: { base_url: { value: `${origin}/${id}/v1`, status: "confirmed", source_url: "https://acme.example/docs", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" } },
    ...(models && {
      models: { value: models.map((name) => ({ name })), status: "confirmed", partial: false, source_url: "https://acme.example/models", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" },
    }),
  });
}

async function scrapeOne(id: string, models: string[] | null = ["m-a", "m-b"]) {
  tree = await makeTree([record(id, models)]);
  const logs: string[] = [];
  const providers = [JSON.parse(await fs.readFile(path.join(tree.paths.providers, `${id}.json`), "utf8")) as Provider];
  const summary = await scrape(projectPaths(tree.root), providers, { only: [], concurrency: 2, policy: FAST, now: NOW, log: (l) => logs.push(l) });
  const observation = JSON.parse(await fs.readFile(path.join(tree.paths.observations, `${id}.json`), "utf8"));
  return { summary, logs, observation };
}

describe("scrape against real loopback servers", () => {
  it("records a good list with endpoint, time, status and ids, and sends an honest User-Agent", async () => {
    plays.set("/good/v1/models", json(list("m-b", "m-a")));
    const { summary, observation } = await scrapeOne("good");
    expect(summary).toMatchObject({ checked: 1, ok: 1, failed: 0 });
    expect(observation.models_api.last_good).toEqual({
      checked_at: "2026-11-20T08:00:00Z",
      endpoint: `${origin}/good/v1/models`,
      http_status: 200,
      ok: true,
      model_ids: ["m-a", "m-b"],
    });
    expect(seenHeaders.get("/good/v1/models")?.["user-agent"]).toMatch(/evidence-scraper/);
  });

  it("sends the API key from the provider's environment variable and never writes it", async () => {
    process.env.EVIDENCE_API_KEY_KEYED = "sk-secret-123";
    plays.set("/keyed/v1/models", (q, r) =>
      q.headers.authorization === "Bearer sk-secret-123" ? json(list("m-a"))(q, r, 1) : r.writeHead(401).end(),
    );
    try {
      const { summary } = await scrapeOne("keyed");
      expect(summary.ok).toBe(1);
      const written = await fs.readFile(path.join(tree.paths.observations, "keyed.json"), "utf8");
      expect(written).not.toContain("sk-secret");
    } finally {
      delete process.env.EVIDENCE_API_KEY_KEYED;
    }
  });

  const failures: Array<[string, Play, RegExp]> = [
    ["401", (_q, r) => r.writeHead(401).end("no"), /HTTP 401/],
    ["500 on every try", (_q, r) => r.writeHead(500).end(), /HTTP 500/],
    ["a slow answer past the timeout", (_q, r) => setTimeout(() => json(list("m-a"))(_q, r, 1), 1500), /timeout/],
    ["invalid JSON", json("{not json"), /invalid JSON/],
    ["an HTML page", (_q, r) => r.writeHead(200, { "content-type": "text/html" }).end("<html><body>login</body></html>"), /HTML instead of JSON/],
    ["an oversized body", json(list(...Array.from({ length: 5000 }, (_, i) => `model-${i}`))), /larger than/],
    ["JSON that is not a models list", json('{"hello":"world"}'), /not an OpenAI models list/],
  ];
  for (const [name, play, error] of failures) {
    it(`records ${name} as a failure and keeps the last good observation`, async () => {
      const id = `f${name.replace(/[^a-z0-9]+/gi, "").toLowerCase().slice(0, 20)}`;
      tree = await makeTree([record(id, ["m-a"])]);
      const file = path.join(tree.paths.observations, `${id}.json`);
      const good = { checked_at: "2026-11-01T00:00:00Z", endpoint: `${origin}/${id}/v1/models`, http_status: 200, ok: true, model_ids: ["m-a"] };
      await tree.writeRaw(`data/observations/${id}.json`, JSON.stringify({ id, models_api: { last_attempt: good, last_good: good } }));
      plays.set(`/${id}/v1/models`, play);
      const providers = [JSON.parse(await fs.readFile(path.join(tree.paths.providers, `${id}.json`), "utf8")) as Provider];
      const summary = await scrape(projectPaths(tree.root), providers, { only: [], concurrency: 1, policy: FAST, now: NOW, log: () => {} });
      expect(summary).toMatchObject({ checked: 1, ok: 0, failed: 1 });
      const observation = JSON.parse(await fs.readFile(file, "utf8"));
      expect(observation.models_api.last_attempt.ok).toBe(false);
      expect(observation.models_api.last_attempt.error).toMatch(error);
      expect(observation.models_api.last_good).toEqual(good);
    });
  }

  it("retries a 429, honouring Retry-After, then records the success", async () => {
    plays.set("/limited/v1/models", (q, r, hit) =>
      hit === 1 ? r.writeHead(429, { "retry-after": "0" }).end() : json(list("m-a", "m-b"))(q, r, hit),
    );
    const { summary, logs } = await scrapeOne("limited");
    expect(summary.ok).toBe(1);
    expect(hits.get("/limited/v1/models")).toBe(2);
    expect(logs.join("\n")).toContain("2 request(s)");
  });

  it("records a refused connection", async () => {
    // A port that was just free: nothing listens there any more.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    tree = await makeTree([minimalRecord("gone", { api: { base_url: { value: `http://127.0.0.1:${closedPort}/v1`, status: "confirmed", source_url: "https://a.example/d", source_type: "provider_docs", verified_at: "2026-11-01", verified_by: "manual" } } })]);
    const providers = [JSON.parse(await fs.readFile(path.join(tree.paths.providers, "gone.json"), "utf8")) as Provider];
    const summary = await scrape(projectPaths(tree.root), providers, { only: [], concurrency: 1, policy: FAST, now: NOW, log: () => {} });
    expect(summary.failed).toBe(1);
    const observation = JSON.parse(await fs.readFile(path.join(tree.paths.observations, "gone.json"), "utf8"));
    expect(observation.models_api.last_attempt.error).toMatch(/connection refused/);
  });
});

describe("scrape then build: the merge rule", () => {
  it("a changed list gives _models_api with models added and gone, and a review entry; the manual value stays", async () => {
    plays.set("/changed/v1/models", json(list("m-a", "m-new")));
    await scrapeOne("changed", ["m-a", "m-b"]);
    const result = await tree.build();
    const provider = JSON.parse(await tree.read("api/data/changed/index.json"));
    expect(provider._models_api).toEqual({
      endpoint: `${origin}/changed/v1/models`,
      checked_at: "2026-11-20T08:00:00Z",
      live_count: 2,
      missing_in_seed: ["m-new"],
      gone_from_api: ["m-b"],
    });
    expect(provider.models.value.map((m: { name: string }) => m.name)).toEqual(["m-a", "m-b"]);
    expect(provider.models.corroborated_at).toBeUndefined();
    expect(result.reviewQueue).toEqual([
      expect.objectContaining({ provider: "changed", path: "$.models", observed_value: ["m-a", "m-new"], observed_at: "2026-11-20" }),
    ]);
    expect(JSON.parse(await tree.read("api/status.json")).review_queue).toBe(1);
    const queueFile = JSON.parse(await fs.readFile(path.join(tree.paths.data, "review-queue.json"), "utf8"));
    expect(queueFile).toHaveLength(1);
  });

  it("agreement marks the seed Fact corroborated by the scraper", async () => {
    plays.set("/agree/v1/models", json(list("m-b", "m-a")));
    await scrapeOne("agree", ["m-a", "m-b"]);
    const result = await tree.build();
    const provider = JSON.parse(await tree.read("api/data/agree/index.json"));
    expect(provider.models).toMatchObject({ verified_by: "manual", corroborated_at: "2026-11-20", corroborated_by: "scraper" });
    expect(provider.last_scrape_at).toBe("2026-11-20");
    expect(result.reviewQueue).toEqual([]);
  });

  it("a missing seed value is topped up with verified_by scraper and the endpoint as source", async () => {
    plays.set("/topup/v1/models", json(list("m-a")));
    await scrapeOne("topup", null);
    await tree.build();
    const provider = JSON.parse(await tree.read("api/data/topup/index.json"));
    expect(provider.models).toMatchObject({
      value: [{ name: "m-a" }],
      status: "confirmed",
      source_url: `${origin}/topup/v1/models`,
      verified_at: "2026-11-20",
      verified_by: "scraper",
    });
    expect(provider.api.openai_compatible).toMatchObject({ value: true, verified_by: "scraper" });
  });

  it("a second build from the same inputs gives the same bytes", async () => {
    plays.set("/repro/v1/models", json(list("m-a", "m-c")));
    await scrapeOne("repro", ["m-a"]);
    await tree.build();
    const first = await tree.read("api/data/index.json");
    const again = await tree.build();
    expect(again.publish.filesWritten).toBe(0);
    expect(await tree.read("api/data/index.json")).toBe(first);
  });

  it("the CLI scrape command prints a line per provider and a summary, and refuses unknown ids with exit 2", async () => {
    plays.set("/cli/v1/models", json(list("m-a")));
    tree = await makeTree([record("cli", ["m-a"])]);
    const result = await runCli(["--root", tree.root, "scrape", "--allow-private", "--timeout", "2000"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/ok\s+cli: 1 models/);
    expect(result.stdout).toContain("scrape: 1 checked, 1 ok, 0 failed");
    const unknown = await runCli(["--root", tree.root, "scrape", "--provider", "nobody"]);
    expect(unknown.code).toBe(2);
  });
});
