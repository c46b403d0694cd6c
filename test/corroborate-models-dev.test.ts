import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readRegistry, UnreadableRegistry } from "../scripts/corroborate/formats.js";
import { cleanUp, confirmedFact, gitAsTestUser, makeTree, minimalRecord, REPO_ROOT, runCli, type Tree } from "./helpers.js";

/** Files copied unchanged from anomalyco/models.dev (see the fixtures' README). */
const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "price-registries", "models.dev");
const DAY = "2026-06-26";

let tree: Tree | undefined;
afterEach(async () => {
  await cleanUp(tree, undefined);
  tree = undefined;
});

type Json = Record<string, any>;
const readJson = async (file: string): Promise<Json> => JSON.parse(await fs.readFile(file, "utf8"));
const usd = (extra: Record<string, unknown> = {}) => ({ currency: confirmedFact("USD", { source_type: "pricing_page" }), ...extra });
const modelsFact = (models: unknown[], extra: Record<string, unknown> = {}) => confirmedFact(models, { source_type: "provider_docs", partial: true, ...extra });

const RECORDS = [
  minimalRecord("nebius-token-factory", {
    pricing: usd(),
    models: modelsFact([
      { name: "Qwen/Qwen3-32B", input_price: 0.1, output_price: 0.3 },
      { name: "google/gemma-3-27b-it", input_price: 0.06, output_price: 0.2 },
    ]),
  }),
  minimalRecord("amazon-bedrock-eu", {
    pricing: usd(),
    models: modelsFact([
      { name: "eu.anthropic.claude-sonnet-4-6", input_price: 3.3, output_price: 16.5 },
      // Bedrock's price changed on this day; the registry's files are older.
      { name: "eu.anthropic.claude-sonnet-5", input_price: 3.3, output_price: 16.5, valid_from: "2026-09-01" },
    ]),
  }),
  minimalRecord("google-vertex-ai-eu", {
    pricing: usd({
      price_per_1m_input_tokens: confirmedFact(1.25, { source_type: "pricing_page" }),
      price_per_1m_output_tokens: confirmedFact(10, { source_type: "pricing_page" }),
      reference_model: confirmedFact("gemini-2.5-pro", { source_type: "pricing_page" }),
    }),
    // Rows read from models.dev itself: it may not vouch for them.
    models: {
      value: [{ name: "gemini-2.5-pro", input_price: 1.25, output_price: 12 }],
      status: "claimed",
      // On its branch, not pinned: a pinned file would need its day in data/source-dates.json.
      source_url: "https://github.com/anomalyco/models.dev/tree/dev/providers/google-vertex",
      source_type: "third_party",
      source_date: "2026-06-30",
      verified_at: "2026-11-01",
      verified_by: "manual",
      partial: true,
    },
  }),
];

/** A git repository of the fixture, its origin on GitHub as models.dev's, committed on DAY. */
async function modelsDevCopy(root: string, origin = "https://github.com/anomalyco/models.dev.git"): Promise<{ dir: string; commit: string }> {
  const dir = path.join(root, "models.dev");
  await fs.cp(FIXTURE, dir, { recursive: true });
  const git = (...args: string[]) => gitAsTestUser(dir, args, `${DAY}T12:00:00Z`);
  await git("init", "-q");
  await git("remote", "add", "origin", origin);
  await git("add", ".");
  await git("commit", "-q", "-m", "providers");
  return { dir, commit: await git("rev-parse", "HEAD") };
}

describe("npm run corroborate --from a git copy of models.dev", () => {
  it("reads the mapped providers' model files at HEAD, cites each folder at its commit, and the build corroborates, asks and keeps", async () => {
    tree = await makeTree(RECORDS);
    const { dir, commit } = await modelsDevCopy(tree.root);
    const run = await runCli(["--root", tree.root, "corroborate", "--from", dir]);
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`models.dev: read the local copy models.dev (commit ${commit.slice(0, 12)} of ${DAY}); amazon-bedrock-eu (amazon-bedrock, 2 models, USD)`);
    expect(run.stdout).toContain("nebius-token-factory (nebius, 3 models, USD); not listed: openai, inceptron");

    const written = await readJson(path.join(tree.root, "data", "corroborations", "models.dev.json"));
    expect(written).toMatchObject({
      registry: "models.dev",
      source_url: `https://github.com/anomalyco/models.dev/tree/${commit}/providers`,
      read: { from: "file", file: "models.dev", commit, committed_on: DAY },
    });
    const nebius = written.providers["nebius-token-factory"];
    expect(nebius).toMatchObject({ registry_provider: "nebius", currency: "USD", source_url: `https://github.com/anomalyco/models.dev/tree/${commit}/providers/nebius`, committed_on: DAY });
    expect(nebius.currency_basis).toContain("'Cost per million input tokens (USD)'");
    expect(nebius.models).toEqual([
      { id: "Qwen/Qwen3-32B", input_per_1m: 0.1, output_per_1m: 0.3 },
      { id: "google/gemma-3-27b-it", input_per_1m: 0.1, output_per_1m: 0.3 },
      { id: "openai/gpt-oss-120b-fast", input_per_1m: 0.1, output_per_1m: 0.5, deprecated: true },
    ]);
    // A context tier is another price: only the plain one is read.
    expect(written.providers["google-vertex-ai-eu"].models).toEqual([{ id: "gemini-2.5-pro", input_per_1m: 1.25, output_per_1m: 10 }]);
    expect(run.stdout).toContain("the next build marks 4 prices corroborated and queues 3 price_disagrees");
    const validated = await runCli(["--root", tree.root, "validate"]);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);

    const day = written.checked_at.slice(0, 10);
    await tree.build({ today: day });
    const record = async (id: string) => JSON.parse(await tree!.read(`api/data/${id}/index.json`));
    const rows = (await record("nebius-token-factory")).models.value;
    expect(rows[0]).toMatchObject({ name: "Qwen/Qwen3-32B", corroborated_at: day, corroborated_by: "models.dev" });
    expect(rows[1]).toEqual({ name: "google/gemma-3-27b-it", input_price: 0.06, output_price: 0.2 });
    const bedrock = (await record("amazon-bedrock-eu")).models.value;
    expect(bedrock[0]).toMatchObject({ corroborated_by: "models.dev" });
    // Dated after the registry's figures (2.2 / 11 before the change): neither corroborated nor queued.
    expect(bedrock[1]).not.toHaveProperty("corroborated_by");
    const vertex = await record("google-vertex-ai-eu");
    expect(vertex.models.value[0]).not.toHaveProperty("corroborated_by");
    expect(vertex.pricing.price_per_1m_input_tokens).toMatchObject({ corroborated_by: "models.dev", corroborated_at: day });

    const queue = await readJson(path.join(tree.root, "data", "review-queue.json"));
    const disagreements = (queue as unknown as Json[]).filter((entry) => entry.kind === "price_disagrees");
    expect(disagreements.map((entry) => `${entry.provider} ${entry.path} ${entry.manual_value} ${entry.observed_value}`).sort()).toEqual([
      "google-vertex-ai-eu $.models.value[0].output_price 12 10",
      "nebius-token-factory $.models.value[1].input_price 0.06 0.1",
      "nebius-token-factory $.models.value[1].output_price 0.2 0.3",
    ]);
    const gemma = disagreements.find((entry) => entry.provider === "nebius-token-factory")!;
    expect(gemma.source).toBe(`https://github.com/anomalyco/models.dev/tree/${commit}/providers/nebius`);
    expect(gemma.note).toBe("google/gemma-3-27b-it: USD per 1M input tokens, registry model google/gemma-3-27b-it; models.dev (nebius) lists USD 0.1");
    const circular = disagreements.find((entry) => entry.provider === "google-vertex-ai-eu")!;
    expect(circular.note).toContain("the registry this row was read from");
  }, 60_000);

  it("reads what is committed, never a working-tree change, and leaves out what is not a plain model file", async () => {
    tree = await makeTree(RECORDS);
    const { dir } = await modelsDevCopy(tree.root);
    const models = path.join(dir, "providers", "nebius", "models");
    await fs.writeFile(path.join(models, "Qwen", "Qwen3-32B.toml"), "[cost]\ninput = 9\noutput = 9\n");
    await fs.writeFile(path.join(models, "broken.toml"), "[cost\ninput = 1\n");
    await fs.writeFile(path.join(models, "huge.toml"), `name = "${"x".repeat(70 * 1024)}"\n[cost]\ninput = 1\noutput = 1\n`);
    await fs.writeFile(path.join(models, "notes.md"), "not a model\n");
    await fs.symlink("../../../../../etc/passwd", path.join(models, "linked.toml"));
    await fs.writeFile(path.join(models, "deep.toml"), `${"[a]\n"}x = ${"[".repeat(40)}${"]".repeat(40)}\n`);
    await gitAsTestUser(dir, ["add", "providers/nebius/models/broken.toml", "providers/nebius/models/huge.toml", "providers/nebius/models/notes.md", "providers/nebius/models/linked.toml", "providers/nebius/models/deep.toml"], `${DAY}T13:00:00Z`);
    await gitAsTestUser(dir, ["commit", "-q", "-m", "odd files"], `${DAY}T13:00:00Z`);
    await fs.writeFile(path.join(models, "google", "gemma-3-27b-it.toml"), "[cost]\ninput = 0.06\noutput = 0.2\n");

    const run = await runCli(["--root", tree.root, "corroborate", "--from", dir]);
    expect(run.code, run.stdout).toBe(0);
    // broken (no TOML), huge (over the size limit), notes.md (not .toml), the link (not a plain file), deep (nested too deep).
    expect(run.stdout).toContain("5 entries left out");
    const nebius = (await readJson(path.join(tree.root, "data", "corroborations", "models.dev.json"))).providers["nebius-token-factory"];
    expect(nebius.models.map((model: Json) => [model.id, model.input_per_1m])).toEqual([
      ["Qwen/Qwen3-32B", 0.1],
      ["google/gemma-3-27b-it", 0.1],
      ["openai/gpt-oss-120b-fast", 0.1],
    ]);
  }, 60_000);

  it("refuses a copy of another repository, a folder that is no registry, and models.dev from the network", async () => {
    tree = await makeTree(RECORDS);
    const { dir } = await modelsDevCopy(tree.root, "https://github.com/someone/models.dev-fork.git");
    const fork = await runCli(["--root", tree.root, "corroborate", "--from", dir]);
    expect(fork.code).toBe(1);
    expect(fork.stdout).toContain("its origin is someone/models.dev-fork, not anomalyco/models.dev");

    const empty = path.join(tree.root, "empty");
    await fs.mkdir(empty);
    await gitAsTestUser(empty, ["init", "-q"]);
    await gitAsTestUser(empty, ["commit", "-q", "--allow-empty", "-m", "nothing"]);
    const none = await runCli(["--root", tree.root, "corroborate", "--from", empty]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain("anomalyco/models.dev providers/");
    await expect(fs.stat(path.join(tree.root, "data", "corroborations", "models.dev.json"))).rejects.toThrow();

    const network = await runCli(["--root", tree.root, "corroborate", "--registry", "models.dev"]);
    expect(network.code).toBe(2);
    expect(network.stderr).toContain("models.dev is read from a git copy only");
  }, 60_000);

  it("the format's reader refuses anything but a copy read from git", () => {
    expect(() => readRegistry("models.dev", [{ id: "nebius", models: [] }])).toThrow(UnreadableRegistry);
    expect(() => readRegistry("models.dev", { kind: "models.dev", providers: { nebius: { commit: "x", committed_on: null, files: [], skipped: 0 } } })).toThrow(UnreadableRegistry);
    const read = readRegistry("models.dev", {
      kind: "models.dev",
      providers: { nebius: { commit: "a".repeat(40), committed_on: null, files: [{ id: "m\u202eodel", text: "[cost]\ninput = 1\noutput = 1\n" }, { id: "free", text: "name = 'free'\n" }], skipped: 2 } },
    });
    expect(read.providers["nebius-token-factory"]!.models).toEqual([{ id: "free" }]);
    expect(read.providers["nebius-token-factory"]).not.toHaveProperty("committed_on");
    expect(read.skipped).toBe(3);
  });
});
