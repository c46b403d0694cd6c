import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, confirmedFact, gitAsTestUser, listenOnLoopback, makeTree, minimalRecord, REPO_ROOT, runCli, snapshot, type Tree } from "./helpers.js";

const FIXTURES = path.join(REPO_ROOT, "test", "fixtures", "price-registries");
const GENAI_PRICES = path.join(FIXTURES, "genai-prices.json");
const LITELLM = path.join(FIXTURES, "litellm.json");
/** The commits the fixtures were read at (see their README): a local copy is cited at its commit. */
const GENAI_PIN = "https://github.com/pydantic/genai-prices/blob/47df840a5ab10bbcffb8e5ac01b9899032245d1b/prices/new_data/v2/data.json";
const LITELLM_PIN = "https://github.com/BerriAI/litellm/blob/00035b69f416be24e2e323c13198d9b7d2d1bdf9/model_prices_and_context_window.json";
const PINS = ["--pinned-url", GENAI_PIN, "--pinned-url", LITELLM_PIN];

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

const price = (currency: string, extra: Record<string, unknown> = {}) => ({ currency: confirmedFact(currency, { source_type: "pricing_page" }), ...extra });
const modelsFact = (models: unknown[], partial: boolean) => confirmedFact(models, { source_type: "provider_docs", partial });

/** Records under the ids the registries are mapped to, with what each test below needs. */
const RECORDS = [
  minimalRecord("ovhcloud-ai-endpoints", {
    pricing: price("USD"),
    models: modelsFact(
      [
        { name: "gpt-oss-120b", input_price: 0.09, output_price: 0.47 },
        { name: "Qwen3-32B", input_price: 0.09, output_price: 0.3 },
      ],
      true,
    ),
  }),
  minimalRecord("mistral-ai-api", {
    pricing: price("EUR"),
    models: modelsFact([{ name: "Codestral (codestral-2508)", input_price: 0.26, output_price: 0.79 }, { name: "Mistral Embed (mistral-embed-2312)", input_price: 0.1 }], false),
  }),
  minimalRecord("scaleway-generative-apis", { pricing: price("EUR"), models: modelsFact([{ name: "gpt-oss-120b", input_price: 0.15, output_price: 0.6 }], true) }),
  minimalRecord("nscale-serverless", {
    pricing: price("USD", {
      price_per_1m_input_tokens: confirmedFact(0.03, { source_type: "pricing_page" }),
      price_per_1m_output_tokens: confirmedFact(0.05, { source_type: "pricing_page" }),
      reference_model: confirmedFact("meta-llama/Llama-3.1-8B-Instruct", { source_type: "pricing_page" }),
    }),
  }),
];

type Json = Record<string, any>;
const readJson = async (file: string): Promise<Json> => JSON.parse(await fs.readFile(file, "utf8"));
const corroborations = (root: Tree) => path.join(root.paths.data, "corroborations");

describe("npm run corroborate --from <file>", () => {
  it("writes what each registry lists, and the build corroborates, queues and keeps every manual value", async () => {
    tree = await makeTree(RECORDS);
    const summaryFile = path.join(tree.root, "summary.md");
    const run = await runCli(["--root", tree.root, "corroborate", "--from", GENAI_PRICES, "--from", LITELLM, ...PINS, "--summary-file", summaryFile]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("corroborate: 2 read, 0 failed");
    expect(run.stdout).toContain(
      "genai-prices: read the local copy genai-prices.json (commit 47df840a5ab1); doubleword (doubleword, 3 models, USD), mistral-ai-api (mistral, 8 models, USD), openai-api-eu (openai, 1 model, USD), ovhcloud-ai-endpoints (ovhcloud, 5 models, USD)",
    );
    expect(run.stdout).toContain("scaleway-generative-apis (scaleway, 1 model, currency unknown: prices not compared); not listed: nebius, ovhcloud");

    const genai = await readJson(path.join(corroborations(tree), "genai-prices.json"));
    expect(genai).toMatchObject({
      registry: "genai-prices",
      source_url: GENAI_PIN,
      read: { from: "file", file: "genai-prices.json", commit: "47df840a5ab10bbcffb8e5ac01b9899032245d1b" },
    });
    const day = genai.checked_at.slice(0, 10);
    expect((await runCli(["--root", tree.root, "validate"])).code).toBe(0);

    await tree.build({ today: day });
    const record = async (id: string) => JSON.parse(await tree!.read(`api/data/${id}/index.json`));
    const ovhcloud = await record("ovhcloud-ai-endpoints");
    expect(ovhcloud.models.value[0]).toMatchObject({ name: "gpt-oss-120b", corroborated_at: day, corroborated_by: "genai-prices" });
    expect(ovhcloud.models.value[1]).toEqual({ name: "Qwen3-32B", input_price: 0.09, output_price: 0.3 });
    const nscale = await record("nscale-serverless");
    expect(nscale.pricing.price_per_1m_input_tokens).toMatchObject({ value: 0.03, corroborated_by: "litellm", corroborated_at: day });
    expect(nscale.pricing.price_per_1m_output_tokens.value).toBe(0.05);
    // EUR records are never compared with USD figures, nor with litellm's Scaleway figures of unknown currency.
    expect((await record("mistral-ai-api")).models.value[0]).not.toHaveProperty("corroborated_by");
    expect((await record("scaleway-generative-apis")).models.value[0]).toEqual({ name: "gpt-oss-120b", input_price: 0.15, output_price: 0.6 });

    const queue: Json[] = JSON.parse(await tree.read("api/review-queue.json"));
    const disagreements = queue.filter((entry) => entry.kind === "price_disagrees");
    expect(disagreements).toEqual([
      expect.objectContaining({ provider: "nscale-serverless", path: "$.pricing.price_per_1m_output_tokens", manual_value: 0.05, observed_value: 0.03, observed_at: day }),
      expect.objectContaining({ provider: "ovhcloud-ai-endpoints", path: "$.models.value[1].output_price", manual_value: 0.3, observed_value: 0.25, source: genai.source_url }),
    ]);
    const unlisted = queue.filter((entry) => entry.kind === "model_unlisted");
    expect(new Set(unlisted.map((entry) => entry.provider))).toEqual(new Set(["mistral-ai-api"]));
    const names = unlisted.map((entry) => entry.observed_value);
    expect(names).toEqual(expect.arrayContaining(["mistral-large-2512", "ministral-3b-2512", "magistral-small", "voxtral-small-24b-2507", "mistral-large-2411", "open-mistral-7b"]));
    // Listed (codestral-2508; mistral-embed as mistral-embed-2312), deprecated, unpriced and alias entries are not asked about.
    for (const name of ["codestral-2508", "mistral-embed", "mistral-tiny", "mistral-nemo:free", "mistral-large-latest"]) expect(names).not.toContain(name);

    expect(run.stdout).toContain(`the next build marks 2 prices corroborated and queues 2 price_disagrees and ${unlisted.length} model_unlisted for review`);
    const summary = await fs.readFile(summaryFile, "utf8");
    expect(summary).toContain("## Price registries");
    expect(summary).toContain("- `price_disagrees` `ovhcloud-ai-endpoints` `$.models.value[1].output_price`: `manual 0.3 vs price registry 0.25");
    expect(summary).toContain('- `model_unlisted` `mistral-ai-api` `$.models`: `a price registry lists "mistral-large-2512", missing from the complete models list (genai-prices (mistral) lists it;');
  });

  it("refuses a file of neither format or one that lists no mapped provider, and keeps the last good files", async () => {
    tree = await makeTree(RECORDS);
    expect((await runCli(["--root", tree.root, "corroborate", "--from", GENAI_PRICES, "--from", LITELLM, ...PINS])).code).toBe(0);
    const before = await snapshot(corroborations(tree));
    const notRegistry = await tree.writeRaw("elsewhere/number.json", "42");
    const noProvider = await tree.writeRaw("elsewhere/other.json", JSON.stringify({ "groq/llama-3.1-8b-instant": { litellm_provider: "groq", input_cost_per_token: 5e-8 } }));
    const broken = await tree.writeRaw("elsewhere/broken.json", '{"mistral/x": {');

    const run = await runCli(["--root", tree.root, "corroborate", "--from", notRegistry, "--from", noProvider, "--from", broken, ...PINS]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("number.json: failed, neither genai-prices' format (a list of providers) nor litellm's (an object of models)");
    expect(run.stdout).toContain("litellm: failed, lists none of the providers mapped to records (mistral, nscale, nebius, scaleway, ovhcloud); data/corroborations/litellm.json kept as it was");
    expect(run.stdout).toContain("broken.json: failed, not JSON");
    expect(await snapshot(corroborations(tree))).toEqual(before);
    expect((await runCli(["--root", tree.root, "validate"])).code).toBe(0);
  });

  it("leaves out a model whose name is over the length limit at the door, and writes the rest", async () => {
    tree = await makeTree(RECORDS);
    const data = JSON.parse(await fs.readFile(LITELLM, "utf8"));
    data[`nscale/${"x".repeat(150)}/${"y".repeat(100)}`] = { litellm_provider: "nscale", mode: "chat", input_cost_per_token: 1e-7 };
    const tooLong = await tree.writeRaw("elsewhere/litellm-long.json", JSON.stringify(data));
    const run = await runCli(["--root", tree.root, "corroborate", "--from", tooLong, ...PINS]);
    // boundedText leaves the over-long name out at the door; what remains is written.
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 entry left out (another shape, a hidden character or an over-long name)");
    const written = await readJson(path.join(corroborations(tree), "litellm.json"));
    expect(written.providers["nscale-serverless"].models).toHaveLength(3);
  });

  it("is called rightly or not at all", async () => {
    tree = await makeTree(RECORDS);
    const unknown = await runCli(["--root", tree.root, "corroborate", "--registry", "openrouter"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--registry: no price registry named openrouter (known: genai-prices, litellm)");
    const both = await runCli(["--root", tree.root, "corroborate", "--registry", "litellm", "--from", LITELLM]);
    expect(both.code).toBe(2);
    // `npm run corroborate --from FILE` (no `--`) hands the command FILE alone: an argument is a local copy too.
    const bare = await runCli(["--root", tree.root, "corroborate", LITELLM, LITELLM_PIN]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain("litellm: read the local copy litellm.json");
    const second = await runCli(["--root", tree.root, "corroborate", "--from", LITELLM, LITELLM, ...PINS]);
    expect(second.code).toBe(1);
    expect(second.stdout).toContain("a second local copy in litellm's format");
  });
});

describe("a local copy is cited by what was read, never the live URL (review 5)", () => {
  const LIVE = /blob\/main\//;

  it("a copy that nothing dates is refused, writes nothing, and says what to give", async () => {
    tree = await makeTree(RECORDS);
    // A copy saved outside any checkout (the temporary tree is not one).
    const copy = await tree.writeRaw("elsewhere/genai-prices.json", await fs.readFile(GENAI_PRICES));
    const run = await runCli(["--root", tree.root, "corroborate", "--from", copy]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "genai-prices: failed, which commit of pydantic/genai-prices prices/new_data/v2/data.json it is cannot be told; give --from a git checkout or git directory of pydantic/genai-prices, or --pinned-url https://github.com/pydantic/genai-prices/blob/<commit>/prices/new_data/v2/data.json; data/corroborations/genai-prices.json not written",
    );
    await expect(fs.stat(path.join(corroborations(tree), "genai-prices.json"))).rejects.toThrow();
  });

  it("a pinned URL names the copy's commit: source_url is the file at that commit", async () => {
    tree = await makeTree(RECORDS);
    expect((await runCli(["--root", tree.root, "corroborate", "--from", LITELLM, "--pinned-url", LITELLM_PIN])).code).toBe(0);
    const written = await readJson(path.join(corroborations(tree), "litellm.json"));
    expect(written.source_url).toBe(LITELLM_PIN);
    expect(written.read).toEqual({ from: "file", file: "litellm.json", commit: "00035b69f416be24e2e323c13198d9b7d2d1bdf9", committed_on: null, etag: null, last_modified: null });
    // A pin that names a branch, another file or another repository is a usage error.
    for (const pin of [LITELLM_PIN.replace(/[0-9a-f]{40}/, "main"), LITELLM_PIN.replace("model_prices", "other_prices"), LITELLM_PIN.replace("BerriAI", "someone-else")]) {
      const wrong = await runCli(["--root", tree.root, "corroborate", "--from", LITELLM, "--pinned-url", pin]);
      expect(wrong.code, pin).toBe(2);
      expect(wrong.stderr, pin).toContain("is not a pinned file URL of a price registry");
    }
  });

  it("a git checkout or git directory of the registry dates itself: the commit that last changed the file", async () => {
    const git = (cwd: string, ...args: string[]) => gitAsTestUser(cwd, args, "2026-08-21T20:02:24Z");
    tree = await makeTree(RECORDS);
    const checkout = path.join(tree.root, "litellm");
    await fs.mkdir(checkout);
    await git(checkout, "init", "-q");
    await git(checkout, "remote", "add", "origin", "https://github.com/BerriAI/litellm.git");
    await fs.copyFile(LITELLM, path.join(checkout, "model_prices_and_context_window.json"));
    await git(checkout, "add", ".");
    await git(checkout, "commit", "-q", "-m", "prices");
    const commit = await git(checkout, "rev-parse", "HEAD");
    const pinned = `https://github.com/BerriAI/litellm/blob/${commit}/model_prices_and_context_window.json`;

    for (const given of [checkout, path.join(checkout, "model_prices_and_context_window.json")]) {
      const run = await runCli(["--root", tree.root, "corroborate", "--from", given]);
      expect(run.code, run.stdout).toBe(0);
      const written = await readJson(path.join(corroborations(tree), "litellm.json"));
      expect(written.source_url).toBe(pinned);
      expect(written.read).toMatchObject({ from: "file", commit, committed_on: "2026-08-21" });
    }

    // A bare clone (a git directory) reads the file as committed.
    const bare = path.join(tree.root, "litellm.git");
    await git(tree.root, "clone", "-q", "--bare", checkout, bare);
    await git(bare, "remote", "set-url", "origin", "git@github.com:BerriAI/litellm.git");
    expect((await runCli(["--root", tree.root, "corroborate", "--from", bare])).code).toBe(0);
    expect((await readJson(path.join(corroborations(tree), "litellm.json"))).source_url).toBe(pinned);

    // Changed since its commit, the file is not what the pinned URL shows.
    const before = await fs.readFile(path.join(corroborations(tree), "litellm.json"), "utf8");
    await fs.appendFile(path.join(checkout, "model_prices_and_context_window.json"), " ");
    const changed = await runCli(["--root", tree.root, "corroborate", "--from", path.join(checkout, "model_prices_and_context_window.json")]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain("(it differs from the checkout's HEAD)");
    // A checkout of another repository cannot vouch for a commit of this one.
    await git(checkout, "checkout", "-q", "--", ".");
    await git(checkout, "remote", "set-url", "origin", "https://github.com/someone/fork-of-litellm");
    const fork = await runCli(["--root", tree.root, "corroborate", "--from", checkout]);
    expect(fork.code).toBe(1);
    expect(fork.stdout).toContain("its origin is someone/fork-of-litellm, not BerriAI/litellm");
    expect(await fs.readFile(path.join(corroborations(tree), "litellm.json"), "utf8")).toBe(before);
    expect(before).not.toMatch(LIVE);
  }, 60_000);
});

describe("npm run corroborate from the published URLs (a loopback stand-in)", () => {
  const COMMIT = "47df840a5ab10bbcffb8e5ac01b9899032245d1b";

  /** GitHub's commits API and raw file host: genai-prices answers both, litellm's commit is rate-limited. */
  async function github(rawStatus = 200): Promise<{ origin: string; asked: string[] }> {
    const asked: string[] = [];
    const genai = await fs.readFile(GENAI_PRICES);
    const litellm = await fs.readFile(LITELLM);
    server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === "/repos/pydantic/genai-prices/commits" && url.searchParams.get("path") === "prices/new_data/v2/data.json" && url.searchParams.get("sha") === "main") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify([{ sha: COMMIT, commit: { committer: { date: "2026-08-21T20:02:24Z" } } }]));
      } else if (url.pathname === "/repos/BerriAI/litellm/commits") {
        response.writeHead(403, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "API rate limit exceeded" }));
      } else if (url.pathname === `/pydantic/genai-prices/${COMMIT}/prices/new_data/v2/data.json`) {
        response.writeHead(rawStatus, { "content-type": "text/plain; charset=utf-8", etag: '"abc123"' });
        response.end(rawStatus === 200 ? genai : "");
      } else if (url.pathname === "/BerriAI/litellm/main/model_prices_and_context_window.json") {
        response.writeHead(200, { "content-type": "text/plain; charset=utf-8", "last-modified": "Fri, 21 Aug 2026 20:02:24 GMT" });
        response.end(litellm);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    return { origin: await listenOnLoopback(server), asked };
  }

  it("reads each file at its newest commit when the forge's API answers, on its branch when it does not, through the fetch policy", async () => {
    const { origin, asked } = await github();
    tree = await makeTree(RECORDS);
    const endpoints = ["--endpoint", `raw=${origin}`, "--endpoint", `github-api=${origin}`];
    const refused = await runCli(["--root", tree.root, "corroborate", ...endpoints]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("genai-prices: failed, private, loopback or link-local address refused (use --allow-private for tests; reserved ranges count too); data/corroborations/genai-prices.json not written");
    expect(asked).toEqual([]);

    const run = await runCli(["--root", tree.root, "corroborate", ...endpoints, "--allow-private"], { GITHUB_TOKEN: "" });
    expect(run.code).toBe(0);
    expect(asked).toContain(`/pydantic/genai-prices/${COMMIT}/prices/new_data/v2/data.json`);
    expect(run.stdout).toContain(`genai-prices: read ${origin}/pydantic/genai-prices/${COMMIT}/prices/new_data/v2/data.json (commit 47df840a5ab1 of 2026-08-21)`);
    expect(run.stdout).toContain("(commit unknown: github-api: HTTP 403 (rate limit: set a token))");
    const genai = await readJson(path.join(corroborations(tree), "genai-prices.json"));
    expect(genai.source_url).toBe(`https://github.com/pydantic/genai-prices/blob/${COMMIT}/prices/new_data/v2/data.json`);
    expect(genai.read).toEqual({ from: "network", url: `${origin}/pydantic/genai-prices/${COMMIT}/prices/new_data/v2/data.json`, commit: COMMIT, committed_on: "2026-08-21", etag: '"abc123"', last_modified: null });
    const litellm = await readJson(path.join(corroborations(tree), "litellm.json"));
    expect(litellm.source_url).toBe("https://github.com/BerriAI/litellm/blob/main/model_prices_and_context_window.json");
    expect(litellm.read).toMatchObject({ from: "network", commit: null, committed_on: null, etag: null, last_modified: "Fri, 21 Aug 2026 20:02:24 GMT" });
  });

  it("a registry that fails is a failure of that registry only; its last good file stays", async () => {
    tree = await makeTree(RECORDS);
    expect((await runCli(["--root", tree.root, "corroborate", "--from", GENAI_PRICES, ...PINS])).code).toBe(0);
    const before = await fs.readFile(path.join(corroborations(tree), "genai-prices.json"), "utf8");
    const { origin } = await github(500);
    const run = await runCli(["--root", tree.root, "corroborate", "--endpoint", `raw=${origin}`, "--endpoint", `github-api=${origin}`, "--allow-private"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("genai-prices: failed, HTTP 500; data/corroborations/genai-prices.json kept as it was");
    expect(run.stdout).toContain("corroborate: 1 read, 1 failed");
    expect(await fs.readFile(path.join(corroborations(tree), "genai-prices.json"), "utf8")).toBe(before);
    expect(await fs.readFile(path.join(corroborations(tree), "litellm.json"), "utf8")).toContain('"registry": "litellm"');
  });
});

describe("data/corroborations/ in validation", () => {
  it("names the file, the JSON path and the rule of a hand-edited file that does not fit, and warns of an unknown provider", async () => {
    tree = await makeTree([minimalRecord("nscale-serverless")]);
    expect((await runCli(["--root", tree.root, "corroborate", "--from", LITELLM, ...PINS])).code).toBe(0);
    const file = path.join(corroborations(tree), "litellm.json");
    const good = await readJson(file);
    good.providers["nscale-serverless"].models[0].input_per_1m = -1;
    await fs.writeFile(file, JSON.stringify(good));
    const negative = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('error: data/corroborations/litellm.json $.providers["nscale-serverless"].models[0].input_per_1m: Too small: expected number to be >=0 [too_small]');

    good.providers["nscale-serverless"].models[0].input_per_1m = 0.03;
    await fs.writeFile(file, JSON.stringify(good));
    await fs.writeFile(path.join(corroborations(tree), "genai-prices.json"), JSON.stringify(good));
    const renamed = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(renamed.stderr).toContain('data/corroborations/genai-prices.json $.registry: registry "litellm" must equal the file name "genai-prices.json" [registry-matches-file-name]');
    await fs.rm(path.join(corroborations(tree), "genai-prices.json"));

    // mistral-ai-api and scaleway-generative-apis have no record in this tree.
    const orphans = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(orphans.code).toBe(0);
    expect(orphans.stderr).toContain('warning: data/corroborations/litellm.json $.providers["mistral-ai-api"]: no provider has this id; the entry is ignored [orphan-corroboration]');
  });

  it("accepts a price registry as corroborated_by of a Fact, and refuses a name it does not know", async () => {
    const record = (by: string) =>
      minimalRecord("acme-ai", { pricing: { currency: confirmedFact("USD", { source_type: "pricing_page" }), price_per_1m_input_tokens: confirmedFact(0.1, { source_type: "pricing_page", corroborated_at: "2026-11-20", corroborated_by: by }) } });
    tree = await makeTree([record("genai-prices")]);
    expect((await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"])).code).toBe(0);
    await tree.writeProvider("acme-ai", record("price-list"));
    const refused = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("$.pricing.price_per_1m_input_tokens.corroborated_by: must be one of scraper, registry, genai-prices, litellm");
  });
});
