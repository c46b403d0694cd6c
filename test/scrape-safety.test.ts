import { promises as fs, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectPaths } from "../scripts/config.js";
import type { Provider } from "../scripts/schema/index.js";
import { keyGrantFor, mayCarryKey } from "../scripts/scrape/apiKey.js";
import { OBSERVATION_LIMITS } from "../scripts/scrape/bounds.js";
import { DEFAULT_POLICY, scrape } from "../scripts/scrape/scrape.js";
import { ScrapeSources } from "../scripts/scrape/sources.js";
import { makeTree, minimalRecord, REPO_ROOT, type Tree } from "./helpers.js";

type Play = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Two loopback servers (127.0.0.1 only, two ports = two origins), so a redirect can leave the first. */
const servers: http.Server[] = [];
const origins: string[] = [];
const plays = new Map<string, Play>();
const seen = new Map<string, http.IncomingHttpHeaders>();

beforeAll(async () => {
  for (let index = 0; index < 2; index += 1) {
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const key = `${index}${url.pathname}`;
      seen.set(key, request.headers);
      seen.set(`${key}?${url.searchParams}`, request.headers);
      const play = plays.get(key);
      if (play) play(request, response);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json = (body: unknown): Play => (_q, r) => r.writeHead(200, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
const list = (...ids: string[]) => ({ object: "list", data: ids.map((id) => ({ id, object: "model" })) });

let tree: Tree;
afterEach(async () => tree?.cleanup());

const POLICY = { ...DEFAULT_POLICY, timeoutMs: 2000, retries: 0, backoffMs: 10, allowPrivate: true };
const NOW = () => new Date("2026-11-20T08:00:00Z");

function record(id: string, baseUrl = `${origins[0]}/${id}/v1`): Record<string, unknown> {
  return minimalRecord(id, {
    api: { base_url: { value: baseUrl, status: "confirmed", source_url: "https://acme.example/docs", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" } },
  });
}

async function run(records: Array<Record<string, unknown>>, options: { sources?: Record<string, unknown>; env?: NodeJS.ProcessEnv; policy?: typeof POLICY } = {}) {
  tree = await makeTree(records);
  if (options.sources) await tree.writeRaw("data/scrape-sources.json", JSON.stringify({ sources: options.sources }));
  const logs: string[] = [];
  const summary = await scrape(projectPaths(tree.root), records as unknown as Provider[], {
    only: [],
    concurrency: 1,
    policy: options.policy ?? POLICY,
    now: NOW,
    log: (line) => logs.push(line),
    env: options.env ?? {},
  });
  const observation = async (id: string) => {
    const text = await fs.readFile(path.join(tree.paths.observations, `${id}.json`), "utf8");
    return { text, value: JSON.parse(text) };
  };
  return { summary, logs, observation };
}

describe("an API key goes only where it may", () => {
  const key = { EVIDENCE_API_KEY_ACME: "sk-secret-1" };
  const source = (keyHost?: string) => ({ adapter: "openai-list", ...(keyHost && { key_host: keyHost }) });

  it("is granted only for the pinned host, over https, and withheld when base_url names another host", () => {
    expect(keyGrantFor("acme", "https://api.acme.example/v1", source("api.acme.example"), key)).toEqual({ grant: { key: "sk-secret-1", host: "api.acme.example" } });
    expect(keyGrantFor("acme", "https://evil.example/v1", source("api.acme.example"), key).grant).toBeUndefined();
    expect(keyGrantFor("acme", "https://evil.example/v1", source("api.acme.example"), key).withheld).toMatch(/not the key_host api\.acme\.example/);
    expect(keyGrantFor("acme", "https://api.acme.example/v1", undefined, key).withheld).toMatch(/no key_host is pinned/);
    expect(keyGrantFor("acme", "http://api.acme.example/v1", source("api.acme.example"), key).withheld).toMatch(/not https/);
    expect(keyGrantFor("acme", "https://api.acme.example/v1", source("api.acme.example"), {})).toEqual({});
  });

  it("rides only on https requests to the granted host", () => {
    const grant = { key: "k", host: "api.acme.example" };
    expect(mayCarryKey(grant, new URL("https://api.acme.example/v1/models?after=x"))).toBe(true);
    expect(mayCarryKey(grant, new URL("http://api.acme.example/v1/models"))).toBe(false);
    expect(mayCarryKey(grant, new URL("https://api.acme.example.evil.example/v1/models"))).toBe(false);
    expect(mayCarryKey(grant, new URL("https://api.acme.example:8443/v1/models"))).toBe(false);
  });

  it("follows a redirect to another host without the key, and keeps it on a redirect within the host", async () => {
    plays.set("0/acme/v1/models", (_q, r) => r.writeHead(302, { location: "/acme/v2/models" }).end());
    plays.set("0/acme/v2/models", (_q, r) => r.writeHead(307, { location: `${origins[1]}/elsewhere/models` }).end());
    plays.set("1/elsewhere/models", json(list("m-a")));
    const { summary, observation } = await run([record("acme")], { env: key });
    expect(summary.ok).toBe(1);
    expect(seen.get("0/acme/v1/models")?.authorization).toBe("Bearer sk-secret-1");
    expect(seen.get("0/acme/v2/models")?.authorization).toBe("Bearer sk-secret-1");
    expect(seen.get("1/elsewhere/models")?.authorization).toBeUndefined();
    expect((await observation("acme")).text).not.toContain("sk-secret");
  });

  it("is not sent when data/scrape-sources.json pins another host than the record's base_url, and the run says so", async () => {
    plays.set("0/pinned/v1/models", json(list("m-a")));
    const { logs, summary } = await run([record("pinned")], { sources: { pinned: source("api.pinned.example") }, env: { EVIDENCE_API_KEY_PINNED: "sk-secret-2" } });
    expect(seen.get("0/pinned/v1/models")?.authorization).toBeUndefined();
    expect(logs.join("\n")).toMatch(/pinned: API key not sent: api.base_url host 127\.0\.0\.1:\d+ is not the key_host api\.pinned\.example/);
    expect(logs.join("\n")).not.toContain("sk-secret");
    expect(summary.providers[0]!.keyWithheld).toMatch(/key_host/);
  });

  it("stops after too many redirects instead of looping", async () => {
    plays.set("0/loop/v1/models", (_q, r) => r.writeHead(302, { location: "/loop/v1/models" }).end());
    const { summary, observation } = await run([record("loop")]);
    expect(summary.failed).toBe(1);
    expect((await observation("loop")).value.models_api.last_attempt.error).toMatch(/more than 5 redirects/);
  });
});

describe("pagination, where a provider pages", () => {
  // The recorded OpenRouter answer served two models a page, OpenAI-style: has_more + last_id, ?after=<last_id>.
  const recorded = JSON.parse(readFileSync(path.join(REPO_ROOT, "test", "fixtures", "models", "openrouter.json"), "utf8")).data as Array<{ id: string }>;
  const paged: Play = (request, response) => {
    const after = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("after");
    const start = after ? recorded.findIndex((model) => model.id === after) + 1 : 0;
    const page = recorded.slice(start, start + 2);
    json({ object: "list", data: page, has_more: start + 2 < recorded.length, last_id: page.at(-1)?.id })(request, response);
  };

  it("reads every page when the source entry says how the provider pages", async () => {
    plays.set("0/paged/v1/models", paged);
    const { observation } = await run([record("paged")], { sources: { paged: { adapter: "openrouter", currency: "USD", pagination: { style: "cursor", param: "after" } } } });
    const good = (await observation("paged")).value.models_api.last_good;
    expect(good.pages).toBe(3);
    expect(good.model_ids).toEqual(recorded.map((model) => model.id).sort());
    expect(good.models.find((model: { id: string }) => model.id === "mistralai/mistral-medium-3")).toMatchObject({ input_per_1m: 0.4, output_per_1m: 2, currency: "USD" });
  });

  it("reads one page when the source entry names no pagination", async () => {
    plays.set("0/unpaged/v1/models", paged);
    const { observation } = await run([record("unpaged")], { sources: { unpaged: { adapter: "openrouter", currency: "USD" } } });
    expect((await observation("unpaged")).value.models_api.last_good.model_ids).toHaveLength(2);
  });

  it("does not follow a next link to another origin", async () => {
    plays.set("0/linked/v1/models", json({ data: [{ id: "m-a" }], next: `${origins[1]}/stolen/models` }));
    plays.set("1/stolen/models", json(list("m-b")));
    const { observation } = await run([record("linked")], { sources: { linked: { adapter: "openai-list", pagination: { style: "next_link" } } } });
    expect((await observation("linked")).value.models_api.last_good.model_ids).toEqual(["m-a"]);
    expect(seen.has("1/stolen/models")).toBe(false);
  });
});

describe("no endpoint can make the next build fail", () => {
  it("caps the models and writes compact JSON far below the build's 5 MB limit; the build then succeeds", async () => {
    const ids = Array.from({ length: 3000 }, (_, index) => `${"m".repeat(150)}-${String(index).padStart(4, "0")}`);
    plays.set("0/huge/v1/models", json(list(...ids)));
    const { observation } = await run([record("huge")], { policy: { ...POLICY, maxBodyBytes: 8 * 1024 * 1024 } });
    const { text, value } = await observation("huge");
    expect(value.models_api.last_good.model_ids).toHaveLength(OBSERVATION_LIMITS.maxModels);
    expect(value.models_api.last_good.truncated).toBe(true);
    expect(text.trimEnd().split("\n")).toHaveLength(1);
    expect(Buffer.byteLength(text)).toBeLessThan(OBSERVATION_LIMITS.maxObservationBytes);
    await tree.build();
    const provider = JSON.parse(await tree.read("api/data/huge/index.json"));
    expect(provider.models).toMatchObject({ verified_by: "scraper", partial: true });
    expect(provider._models_api.live_count).toBe(OBSERVATION_LIMITS.maxModels);
  });
});

describe("the committed configuration", () => {
  const providerFile = (id: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, "data", "providers", `${id}.json`), "utf8"));

  it("data/scrape-sources.json is valid, names real providers, and pins each key to its provider's api.base_url host", () => {
    const sources = ScrapeSources.parse(JSON.parse(readFileSync(path.join(REPO_ROOT, "data", "scrape-sources.json"), "utf8"))).sources;
    expect(Object.keys(sources).sort()).toEqual(["berget-ai", "mistral-ai-api", "openrouter", "ovhcloud-ai-endpoints"]);
    for (const [id, source] of Object.entries(sources)) {
      const base = new URL(providerFile(id).api.base_url.value);
      if (source.key_host) expect(source.key_host, id).toBe(base.host);
    }
    expect(sources.openrouter!.currency).toBe("USD");
  });

  it("the refresh workflow runs on schedule and by hand only, runs project commands, and never merges", () => {
    const workflow = readFileSync(path.join(REPO_ROOT, ".github", "workflows", "refresh.yml"), "utf8");
    const triggers = /^on:\n((?: {2}.*\n|\s*#.*\n)+)/m.exec(workflow)?.[1] ?? "";
    expect(triggers).toMatch(/^ {2}schedule:/m);
    expect(triggers).toMatch(/^ {2}workflow_dispatch:/m);
    expect(triggers).not.toMatch(/^ {2}(pull_request|pull_request_target|push|issue_comment|workflow_run):/m);
    const scripts = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    const commands = [...workflow.matchAll(/^\s+run: (.+)$/gm)].map((match) => match[1]!);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      const script = /^npm (?:ci\b|run (\S+))/.exec(command);
      expect(script, command).not.toBeNull();
      if (script?.[1]) expect(Object.keys(scripts), command).toContain(script[1]);
    }
    expect(workflow).toContain("--summary-file");
    expect(workflow).not.toMatch(/auto-?merge|gh pr merge|merge-method/i);
  });
});

describe("hostile review, round 3: keys, redirects, private addresses and slow providers", () => {
  it("refuses a key with a line break before use, and no file, log or summary line carries any of it", async () => {
    plays.set("0/broken/v1/models", json(list("m-a")));
    const brokenKey = "sk-live-FIRSTHALF\nX-Injected: SECONDHALF";
    const { logs, summary, observation } = await run([record("broken")], { env: { EVIDENCE_API_KEY_BROKEN: brokenKey } });
    const written = [(await observation("broken")).text, logs.join("\n"), JSON.stringify(summary)].join("\n");
    expect(written).not.toContain("FIRSTHALF");
    expect(written).not.toContain("SECONDHALF");
    expect(summary.providers[0]!.keyWithheld).toMatch(/EVIDENCE_API_KEY_BROKEN is malformed/);
    expect(seen.get("0/broken/v1/models")?.authorization).toBeUndefined();
  });

  it("drops a model whose id hides text (tag characters, controls, bidirectional overrides) instead of saving it", async () => {
    plays.set("0/hidden/v1/models", json(list("llama-3\u{E0049}\u{E0047}\u{E004E}", "gpt\u001b[2J", "qwen\u202e3", "mistral-small")));
    const { observation } = await run([record("hidden")]);
    const saved = await observation("hidden");
    expect(saved.value.models_api.last_good.model_ids).toEqual(["mistral-small"]);
    expect(saved.text).not.toMatch(/[\u{E0000}-\u{E007F}\u001b\u202e]/u);
  });

  it("does not follow a redirect to another site, and says where it pointed", async () => {
    const otherSite = origins[1]!.replace("127.0.0.1", "localhost");
    plays.set("0/offsite/v1/models", (_q, r) => r.writeHead(302, { location: `${otherSite}/offsite-list/models` }).end());
    plays.set("1/offsite-list/models", json(list("someone-elses-model")));
    const { summary, observation } = await run([record("offsite")]);
    expect(summary.failed).toBe(1);
    expect((await observation("offsite")).value.models_api.last_attempt.error).toMatch(/redirect to another site \(localhost:\d+\) not followed/);
    expect(seen.has("1/offsite-list/models")).toBe(false);
  });

  it("refuses loopback addresses unless private addresses are allowed", async () => {
    plays.set("0/private/v1/models", json(list("m-a")));
    const { summary, observation } = await run([record("private")], { policy: { ...POLICY, allowPrivate: false } });
    expect(summary.failed).toBe(1);
    expect((await observation("private")).value.models_api.last_attempt.error).toMatch(/private, loopback or link-local address refused/);
    expect(seen.has("0/private/v1/models")).toBe(false);
  });

  it("gives up when a Retry-After would run past the provider's time budget, instead of waiting", async () => {
    plays.set("0/slow/v1/models", (_q, r) => r.writeHead(503, { "retry-after": "30" }).end());
    const started = Date.now();
    const { summary, observation } = await run([record("slow")], { policy: { ...POLICY, retries: 3, maxRetryAfterMs: 600_000, providerDeadlineMs: 1_000 } });
    expect(summary.failed).toBe(1);
    expect((await observation("slow")).value.models_api.last_attempt.error).toMatch(/HTTP 503; the provider's time budget \(1 s\) is spent/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("--record saves the first raw answer once, without headers, and never replaces it", async () => {
    plays.set("0/rec/v1/models", json(list("m-a", "m-b")));
    tree = await makeTree([record("rec")]);
    const folder = path.join(tree.root, "fixtures");
    const options = { only: [], concurrency: 1, policy: POLICY, now: NOW, log: () => undefined, env: { EVIDENCE_API_KEY_REC: "sk-recorded-secret" }, recordTo: folder };
    await scrape(projectPaths(tree.root), [record("rec")] as unknown as Provider[], options);
    const first = await fs.readFile(path.join(folder, "rec.recorded.json"), "utf8");
    expect(JSON.parse(first)).toEqual(list("m-a", "m-b"));
    expect(await fs.readFile(path.join(folder, "rec.recorded.source.md"), "utf8")).toMatch(/Endpoint: http:\/\/127\.0\.0\.1:\d+\/rec\/v1\/models/);
    plays.set("0/rec/v1/models", json(list("m-c")));
    await scrape(projectPaths(tree.root), [record("rec")] as unknown as Provider[], options);
    expect(await fs.readFile(path.join(folder, "rec.recorded.json"), "utf8")).toBe(first);
    expect((await fs.readdir(folder)).join(" ")).not.toMatch(/secret/);
  });
});

describe("--record passes the same door as everything else (review 5)", () => {
  const KEY = "sk-echoed-secret-0123456789";
  const recordRun = async (id: string, env: NodeJS.ProcessEnv = {}) => {
    tree = await makeTree([record(id)]);
    const folder = path.join(tree.root, "fixtures");
    const logs: string[] = [];
    await scrape(projectPaths(tree.root), [record(id)] as unknown as Provider[], { only: [], concurrency: 1, policy: POLICY, now: NOW, log: (line) => logs.push(line), env, recordTo: folder });
    const files = await fs.readdir(folder).catch(() => [] as string[]);
    const texts = await Promise.all(files.map((name) => fs.readFile(path.join(folder, name), "utf8")));
    return { folder, logs, files, texts };
  };

  it("never writes a key an endpoint echoes back: the answer is not recorded, and the run says why", async () => {
    // A server that repeats the Authorization header it was sent, as some error and debug answers do.
    plays.set("0/echo/v1/models", (request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data: [{ id: "m-a", object: "model", owned_by: "acme" }], debug: { authorization: request.headers.authorization } })),
    );
    const { files, texts, logs } = await recordRun("echo", { EVIDENCE_API_KEY_ECHO: KEY });
    expect(seen.get("0/echo/v1/models")?.authorization).toBe(`Bearer ${KEY}`);
    expect(files).toEqual([]);
    expect(texts.join("")).not.toContain(KEY);
    expect(logs.join("\n")).toContain("record  echo: the answer repeats an API key; nothing was recorded");
    expect(logs.join("\n")).not.toContain(KEY);
    // The observation itself holds only what the adapter read.
    expect(await fs.readFile(path.join(tree.paths.observations, "echo.json"), "utf8")).not.toContain(KEY);
  });

  it("never writes another provider's key either, nor one spelled with escapes in the raw answer", async () => {
    const escaped = JSON.stringify({ object: "list", data: [{ id: "m-a", object: "model", note: KEY }] }).replace("sk-", "\\u0073k-");
    plays.set("0/other/v1/models", json(escaped));
    const { files, logs } = await recordRun("other", { EVIDENCE_API_KEY_SOMEONE_ELSE: KEY });
    expect(files).toEqual([]);
    expect(logs.join("\n")).toContain("nothing was recorded");
  });

  it("records the answer as parsed, every string cleaned of control, bidirectional and invisible characters", async () => {
    plays.set("0/dirty/v1/models", json({ object: "list", data: [{ id: "m-a", object: "model", owned_by: "acme\u202e\u0007 labs\nnew line", "na\u200bme": "x" }] }));
    const { files, texts } = await recordRun("dirty");
    expect(files.sort()).toEqual(["dirty.recorded.json", "dirty.recorded.source.md"]);
    const recording = texts[files.indexOf("dirty.recorded.json")]!;
    expect(JSON.parse(recording)).toEqual({ object: "list", data: [{ id: "m-a", object: "model", owned_by: "acme labs new line", "na me": "x" }] });
    expect(recording).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u200b\u202e]/u);
  });

  it("a model id that repeats the key is never written to the observation either", async () => {
    plays.set("0/idkey/v1/models", json(list("m-a", KEY)));
    const { summary, logs } = await run([record("idkey")], { env: { EVIDENCE_API_KEY_IDKEY: KEY } });
    expect(summary.failed).toBe(1);
    expect(logs.join("\n")).toContain("the answer repeats an API key");
    await expect(fs.readFile(path.join(tree.paths.observations, "idkey.json"), "utf8")).rejects.toThrow();
  });
});
