import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { InvalidInputError, type Problem } from "../scripts/problems.js";
import { ChangesDocument } from "../scripts/history/shapes.js";
import { changeListOf } from "../scripts/history/changeList.js";
import { publishedMetaOf, versionHash } from "../scripts/archive/fingerprint.js";
import { recordPublished } from "../scripts/archive/record.js";
import { readBuiltDataset, rebuildFromRepository, type Rebuild } from "../scripts/archive/rebuild.js";
import { archivePaths, joinDataset, manifestText } from "../scripts/archive/store.js";
import { verifyArchive } from "../scripts/archive/verify.js";
import { archiveIndex } from "../scripts/site/api/archive.js";
import { citationLine, recordAddress } from "../scripts/mcp/cite.js";
import { ArchiveIndex, Dataset, type RecordedVersion } from "../scripts/schema/index.js";
import { BASE_URL, DATASET_META, REPO_ROOT, TODAY, confirmedFact, gitAsTestUser, makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

const trees: Tree[] = [];
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const tree of trees.splice(0)) await tree.cleanup();
});

async function tree(...args: Parameters<typeof makeTree>): Promise<Tree> {
  const made = await makeTree(...args);
  trees.push(made);
  return made;
}

const git = gitAsTestUser;
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** Everything under the project but public/ is committed, as in a clone of the real repository. */
async function commitAll(root: string, message: string, date: string): Promise<string> {
  await git(root, ["add", "-A"], date);
  await git(root, ["commit", "-q", "-m", message], date);
  return git(root, ["rev-parse", "HEAD"]);
}

/** A project in a git repository that ignores what the real one ignores, built once and committed (the review queue with it). */
const FIRST_DATA = [minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }), minimalRecord("beta-gpu", { category: "compute_gpu" })];

async function committedTree(records = FIRST_DATA): Promise<{ built: Tree; commit: string }> {
  const built = await tree(records);
  await built.writeRaw(".gitignore", "public/\n.public.*\n/archive/\n");
  await git(built.root, ["init", "-q"]);
  await built.build();
  const commit = await commitAll(built.root, "first data", "2026-11-02T09:00:00Z");
  return { built, commit };
}

/** The publishing workflow's two steps: build, then keep what was published. */
async function publish(built: Tree) {
  const result = await built.build();
  const kept = await recordPublished(built.root, built.paths.publicDir);
  return { ...result, kept };
}

const manifestPath = (built: Tree, version: string) => path.join(archivePaths(built.root).versions, `${version}.json`);
const readManifest = async (built: Tree, version: string) => JSON.parse(await fs.readFile(manifestPath(built, version), "utf8")) as RecordedVersion;

/** A build's refusal: every problem it names. */
async function refusal(run: Promise<unknown>): Promise<Problem[]> {
  const failure = await run.then(() => null, (error: unknown) => error);
  expect(failure).toBeInstanceOf(InvalidInputError);
  return (failure as InvalidInputError).problems;
}

/**
 * Writes a version into archive/ the way someone with write access to the archive branch could: provider files
 * stored under their SHA-256, a manifest whose SHA-256, length and name all agree with them. `label` overrides
 * the version's name, which is otherwise the fingerprint of the parts (what a careful forger computes).
 */
async function plantVersion(built: Tree, parts: { head: Record<string, unknown>; records: Buffer[]; commit: string; committedAt: string; day: string; label?: string }): Promise<string> {
  const hash = versionHash(publishedMetaOf(parts.head));
  for (const record of parts.records) hash.update(record);
  const version = parts.label ?? `${parts.day}.${hash.digest()}`;
  const head = `${JSON.stringify({ ...parts.head, version }).slice(0, -1)},"providers":[`;
  const folders = archivePaths(built.root);
  await fs.mkdir(folders.records, { recursive: true });
  await fs.mkdir(folders.versions, { recursive: true });
  for (const record of parts.records) await fs.writeFile(path.join(folders.records, `${sha256(record)}.json`), record);
  const dataset = joinDataset(head, parts.records);
  const entry: RecordedVersion = { version, commit: parts.commit, committed_at: parts.committedAt, sha256: sha256(dataset), bytes: dataset.length, head, records: parts.records.map((record) => sha256(record)) };
  await fs.writeFile(manifestPath(built, version), manifestText(entry));
  return version;
}

const datasetHead = (version: string) => ({ version, source: DATASET_META.source, generated_at: "2026-11-01T00:00:00Z", note: DATASET_META.note, license: DATASET_META.license, license_url: DATASET_META.license_url });
const record = (id: string, extra: Record<string, unknown> = {}) => Buffer.from(`${JSON.stringify(minimalRecord(id, extra))}\n`);

/** What the workflow's rebuild of a commit gives, here: a fresh build of the honest data in another folder. */
const honestRebuild = (records: Record<string, unknown>[]): Rebuild => async () => {
  const honest = await tree(records);
  await honest.build();
  return readBuiltDataset(honest.paths.publicDir);
};

describe("the dataset version", () => {
  it("is the same for the same data in any folder, whatever generated_at says", async () => {
    const records = [minimalRecord("acme-ai"), minimalRecord("beta-gpu", { category: "compute_gpu" })];
    const one = await tree(records);
    const two = await tree(records);
    const first = await one.build();
    const second = await two.build({ sourceDateEpoch: "1767225600" });
    expect(second.version).toBe(first.version);
    expect(first.version).toMatch(/^2026-11-01\.[0-9a-f]{12}$/);
    // generated_at differs, so the published bytes do; the version is stamped on them, not taken from them.
    expect(JSON.parse(await two.read("api/data/index.json")).generated_at).toBe("2026-01-01T00:00:00Z");
    expect(JSON.parse(await one.read("api/data/index.json")).generated_at).toBe("2026-11-01T00:00:00Z");
  });

  it("changes with any change of the published data: one Fact's value or date, or the dataset's own text", async () => {
    const built = await tree([minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } })]);
    const versions = [(await built.build()).version];
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    versions.push((await built.build()).version);
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms", source_date: "2026-10-16" }) } }));
    versions.push((await built.build()).version);
    await built.writeRaw("data/dataset.json", JSON.stringify({ ...DATASET_META, note: "another merge rule" }));
    versions.push((await built.build()).version);
    expect(new Set(versions).size).toBe(4);
    // And back: the first data gives the first version again.
    await built.writeRaw("data/dataset.json", JSON.stringify(DATASET_META));
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }));
    expect((await built.build()).version).toBe(versions[0]);
  });

  it("is carried by /api/data, /api/status and the CSV files' download names", async () => {
    const built = await tree();
    const { version } = await built.build();
    expect(JSON.parse(await built.read("api/data/index.json")).version).toBe(version);
    expect(JSON.parse(await built.read("api/status.json")).dataset_version).toBe(version);
    expect(await built.read("_headers")).toContain(`filename="eu-ai-infra-evidence-providers-${version}.csv"`);
    expect(JSON.parse(await built.read("serve.json")).headers).toContainEqual({ source: "api/data.csv", headers: [{ key: "Content-Disposition", value: `attachment; filename="eu-ai-infra-evidence-data-${version}.csv"` }] });
  });

  it("is never typed: a version in data/dataset.json is refused, naming the file, the path and the rule", async () => {
    const built = await tree([minimalRecord()], { ...DATASET_META, version: "2026.11.23.1" });
    const failure = await built.build().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidInputError);
    expect((failure as InvalidInputError).problems).toContainEqual(
      expect.objectContaining({ severity: "error", file: "data/dataset.json", path: "$.version", message: expect.stringContaining("derived by the build") }),
    );
  });
});

describe("versions kept by the publishing workflow (archive/, outside the project's history)", () => {
  it("a build never writes archive/ or a tracked file; the workflow keeps the version, and every later build serves it byte for byte", async () => {
    const { built, commit: firstCommit } = await committedTree();
    const first = await built.build({ repositoryUrl: "https://forge.example/team/evidence" });
    expect(await git(built.root, ["status", "--porcelain"])).toBe("");
    await expect(fs.readdir(path.join(built.root, "archive"))).rejects.toThrow();
    expect(first.archive).toEqual({ keepsThisVersion: false, versions: 0 });
    const published = await fs.readFile(path.join(built.paths.publicDir, "api", "data", "index.json"));

    // The workflow's step: the version the checkout's commit publishes, kept from public/ in archive/.
    expect(await recordPublished(built.root, built.paths.publicDir)).toEqual({ version: first.version, added: true, commit: firstCommit });
    expect(await recordPublished(built.root, built.paths.publicDir)).toEqual({ version: first.version, added: false, commit: firstCommit });
    expect(await readManifest(built, first.version)).toMatchObject({ commit: firstCommit, committed_at: "2026-11-02T09:00:00Z", bytes: published.length, sha256: sha256(published) });

    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    const secondCommit = await commitAll(built.root, "one Fact changed", "2026-11-03T09:00:00Z");
    const second = await built.build({ repositoryUrl: "https://forge.example/team/evidence" });
    expect(second.archive).toEqual({ keepsThisVersion: false, versions: 1 });

    server = await startServer({ publicDir: built.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    const old = await fetch(`${server.origin}/archive/${first.version}.json`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await bytesOf(old)).equals(published)).toBe(true);
    const current = Dataset.parse(await (await fetch(`${server.origin}/api/data`)).json());
    expect(current.version).toBe(second.version);
    // The version this build publishes but the archive does not keep is served for this build, the same bytes as /api/data.
    expect((await bytesOf(await fetch(`${server.origin}/archive/${second.version}.json`))).equals(await bytesOf(await fetch(`${server.origin}/api/data`)))).toBe(true);

    const index = ArchiveIndex.parse(await (await fetch(`${server.origin}/archive/index.json`)).json());
    expect(index.current_version).toBe(second.version);
    expect(index.versions.map((entry) => [entry.version, entry.date, entry.commit, entry.recorded, entry.changes])).toEqual([
      [second.version, second.version.slice(0, 10), null, false, { providers_added: [], providers_removed: [], providers_changed: ["acme-ai"] }],
      [first.version, "2026-11-02", firstCommit.slice(0, 12), true, null],
    ]);
    expect(index.versions[1]).toMatchObject({ url: `${BASE_URL}/archive/${first.version}.json`, href: `${first.version}.json`, bytes: published.length, data_url: `https://forge.example/team/evidence/tree/${firstCommit}/data` });

    // The kept bytes come from archive/, not from public/: a build from nothing serves them too.
    await server.close();
    server = undefined;
    await fs.rm(built.paths.publicDir, { recursive: true });
    const kept = await publish(built);
    expect(kept.kept).toEqual({ version: second.version, added: true, commit: secondCommit });
    expect((await fs.readFile(path.join(built.paths.publicDir, "archive", `${first.version}.json`))).equals(published)).toBe(true);
    // One manifest per version, each distinct provider file once (three here), and the project's history untouched.
    expect((await fs.readdir(archivePaths(built.root).versions)).sort()).toEqual([`${first.version}.json`, `${second.version}.json`].sort());
    expect(await fs.readdir(archivePaths(built.root).records)).toHaveLength(3);
    expect(await git(built.root, ["status", "--porcelain"])).toBe("");
  });

  it("keeps a version first published with another generated_at as it was, while /api/data carries the new one", async () => {
    const { built } = await committedTree();
    const first = await publish(built);
    const published = await fs.readFile(path.join(built.paths.publicDir, "api", "data", "index.json"));
    const again = await built.build({ sourceDateEpoch: "1767225600" });
    expect(again.version).toBe(first.version);
    expect(JSON.parse(await built.read("api/data/index.json")).generated_at).toBe("2026-01-01T00:00:00Z");
    expect((await fs.readFile(path.join(built.paths.publicDir, "archive", `${first.version}.json`))).equals(published)).toBe(true);
  });

  it("is never kept from a checkout with uncommitted changes, and says why", async () => {
    const { built } = await committedTree();
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { name: "Acme draft" }));
    await built.build();
    await expect(recordPublished(built.root, built.paths.publicDir)).rejects.toThrow(/not kept: the checkout has changes that are not committed \(.*data\/providers\/acme-ai\.json/);
    await expect(fs.readdir(path.join(built.root, "archive"))).rejects.toThrow();
  });
});

describe("citations that stay put", () => {
  it("a provider page cites its record's permanent copy, which serves exactly its bytes; another record's change leaves the page as it was", async () => {
    const { built } = await committedTree();
    await built.build();
    server = await startServer({ publicDir: built.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    const cited = async (lang: "" | "sv/") => {
      const page = await (await fetch(`${server!.origin}/${lang}providers/beta-gpu.html`)).text();
      const addresses = [...new Set([...page.matchAll(/https:\/\/example\.test\/(archive\/records\/[0-9a-f]{64}\.json)/g)].map((match) => match[1]))];
      expect(addresses).toHaveLength(1);
      return { page, address: addresses[0]! };
    };
    const { page: before, address } = await cited("");
    expect(address).toBe(`archive/records/${sha256(await fs.readFile(path.join(built.paths.publicDir, "api", "data", "beta-gpu", "index.json")))}.json`);
    const copy = await fetch(`${server.origin}/${address}`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await bytesOf(copy)).equals(await bytesOf(await fetch(`${server.origin}/api/data/beta-gpu`)))).toBe(true);
    expect((await cited("sv/")).address).toBe(address);
    // The version is not kept: the page names none.
    expect(before).toContain("CC BY 4.0, this provider&#39;s record: https://example.test/archive/records/");

    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    const changed = await built.build();
    expect((await cited("")).page).toBe(before);
    expect(changed.publish.changed.filter((file) => file.includes("beta-gpu"))).toEqual([]);
  });

  it("names the version since which the record is unchanged once the archive keeps it, and keeps naming it after other records change", async () => {
    const { built } = await committedTree();
    const first = await publish(built);
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    await commitAll(built.root, "acme changed", "2026-11-03T09:00:00Z");
    const second = await publish(built);
    await built.build();
    const beta = await built.read("providers/beta-gpu.html");
    const acme = await built.read("providers/acme-ai.html");
    expect(beta).toContain(`this provider&#39;s record as changed in version ${first.version}: https://example.test/archive/records/`);
    expect(acme).toContain(`this provider&#39;s record as changed in version ${second.version}: https://example.test/archive/records/`);
    expect(await built.read("sv/providers/beta-gpu.html")).toContain(`leverantörens post som den ändrades i version ${first.version}:`);
  });
});

describe("the MCP server and llms.txt cite alike", () => {
  it("an MCP answer about a provider names the same permanent copy of its record as its page", async () => {
    const built = await tree(FIRST_DATA);
    await built.build();
    const dataset = Dataset.parse(JSON.parse(await built.read("api/data/index.json")));
    const beta = dataset.providers.find((provider) => provider.id === "beta-gpu")!;
    const address = recordAddress(beta);
    expect(await built.read(address.slice(1))).toBe(await built.read("api/data/beta-gpu/index.json"));
    expect(await built.read("providers/beta-gpu.html")).toContain(`https://example.test${address}`);
    const line = citationLine(dataset.version, dataset.license, beta);
    expect(line).toContain(`version ${dataset.version}`);
    expect(line).toContain(`stays at ${address} (the same bytes as /api/data/beta-gpu now)`);
    expect(await built.read("llms.txt")).toContain(`${BASE_URL}/archive/records/{sha256}.json`);
  });
});

describe("the change feed names the version of every change", () => {
  it("the oldest kept version whose commit holds the change, and the version this build publishes for the rest", async () => {
    const { built, commit: first } = await committedTree();
    const kept = await publish(built);
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    const later = await commitAll(built.root, "acme changed", "2026-11-03T09:00:00Z");
    const current = await built.build();
    const changes = ChangesDocument.parse(JSON.parse(await built.read("api/changes.json")));
    expect(changes.entries.map((entry) => [entry.commit, entry.dataset_version, entry.kind])).toEqual([
      [later.slice(0, 12), current.version, "value_changed"],
      [first.slice(0, 12), kept.version, "provider_added"],
      [first.slice(0, 12), kept.version, "provider_added"],
    ]);
    expect(changes.entries.every((entry) => typeof entry.dataset_version === "string")).toBe(true);
  });
});

describe("a forged or oversized archive is refused, naming what is wrong", () => {
  it("refuses a kept version one of whose records was rewritten with its manifest's hashes updated, and leaves public/ as it was", async () => {
    const { built } = await committedTree();
    const { version } = await publish(built);
    await built.build();
    const before = await snapshot(built.paths.publicDir);
    // The forger rewrites acme-ai's stored file, stores it under its new SHA-256 and updates the manifest to match.
    const manifest = await readManifest(built, version);
    const index = 0;
    const original = await fs.readFile(path.join(archivePaths(built.root).records, `${manifest.records[index]}.json`));
    const forged = Buffer.from(original.toString("utf8").replace('"value":"SE"', '"value":"US"'));
    expect(forged.equals(original)).toBe(false);
    await fs.writeFile(path.join(archivePaths(built.root).records, `${sha256(forged)}.json`), forged);
    const files = manifest.records.map((_, at) => (at === index ? forged : null));
    const parts = await Promise.all(manifest.records.map((stored, at) => files[at] ?? fs.readFile(path.join(archivePaths(built.root).records, `${stored}.json`))));
    const dataset = joinDataset(manifest.head, parts);
    await fs.writeFile(manifestPath(built, version), manifestText({ ...manifest, records: parts.map((part) => sha256(part)), sha256: sha256(dataset), bytes: dataset.length }));

    expect(await refusal(built.build())).toEqual([
      expect.objectContaining({ file: `archive/versions/${version}.json`, path: "$.version", rule: "archive-version-mismatch", message: expect.stringContaining(`are not version ${version}`) }),
    ]);
    expect(await snapshot(built.paths.publicDir)).toEqual(before);
    const verified = await verifyArchive(built.root, { today: TODAY, rebuild: 3, rebuildAt: honestRebuild([]) });
    expect(verified.problems).toEqual([expect.objectContaining({ file: `archive/versions/${version}.json`, rule: "archive-version-mismatch" })]);
    expect(verified.verified).toEqual([]);
  });

  it("a forged record in a version renamed to its new fingerprint passes a build, and the workflow's rebuild of its commit refuses it, naming the provider", async () => {
    const records = [minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }), minimalRecord("beta-gpu", { category: "compute_gpu" })];
    const { built, commit } = await committedTree(records);
    const honest = await publish(built);
    const manifest = await readManifest(built, honest.version);
    const stored = await Promise.all(manifest.records.map((hash) => fs.readFile(path.join(archivePaths(built.root).records, `${hash}.json`))));
    const forged = Buffer.from(stored[0]!.toString("utf8").replace('"value":"SE"', '"value":"US"'));
    // Everything agrees with itself: a new name, its head, its SHA-256 and length. Only its commit does not build it.
    const head = JSON.parse(`${manifest.head}]}`) as Record<string, unknown>;
    delete head.providers;
    const version = await plantVersion(built, { head, records: [forged, stored[1]!], commit, committedAt: "2026-11-02T09:00:00Z", day: honest.version.slice(0, 10) });
    await fs.rm(manifestPath(built, honest.version));
    await built.build();
    expect(JSON.parse(await built.read("archive/index.json")).versions.map((entry: { version: string }) => entry.version)).toContain(version);

    const verified = await verifyArchive(built.root, { today: TODAY, rebuild: 3, rebuildAt: honestRebuild(records) });
    expect(verified.problems).toEqual([
      expect.objectContaining({
        file: `archive/versions/${version}.json`,
        rule: "archive-not-what-its-commit-builds",
        // Its head differs too: it names the forged version.
        message: `version ${version} is not what commit ${commit.slice(0, 12)} builds: the provider files of acme-ai; the dataset's text before the providers differ`,
      }),
    ]);
    expect(verified.rebuilt).toEqual([]);
  });

  it("refuses an invented version: dated 2099, naming a commit the project never had, holding no dataset", async () => {
    const { built } = await committedTree();
    await publish(built);
    await built.build();
    const before = await snapshot(built.paths.publicDir);
    const invented = await plantVersion(built, { head: datasetHead(""), records: [Buffer.from('{"hello":"world"}\n')], commit: "f".repeat(40), committedAt: "2099-01-01T00:00:00Z", day: "2099-01-01" });
    const problems = await refusal(built.build());
    expect(problems.map((problem) => [problem.file, problem.rule])).toEqual([
      [`archive/versions/${invented}.json`, "archive-version-from-the-future"],
      [`archive/versions/${invented}.json`, "archive-version-from-the-future"],
    ]);
    expect(problems[0]!.message).toBe(`version ${invented} is dated 2099-01-01, after the build day ${TODAY}: no data can be published before the day it carries`);
    expect(await snapshot(built.paths.publicDir)).toEqual(before);

    // Each on its own: a version of today that names a commit the project never had ...
    await fs.rm(manifestPath(built, invented));
    const unknownCommit = await plantVersion(built, { head: datasetHead(""), records: [record("acme-ai", { name: "Acme invented" })], commit: "e".repeat(40), committedAt: "2026-11-02T09:00:00Z", day: "2026-11-01" });
    const verified = await verifyArchive(built.root, { today: TODAY, rebuild: 3, rebuildAt: honestRebuild(FIRST_DATA) });
    expect(verified.problems).toEqual([
      expect.objectContaining({ file: `archive/versions/${unknownCommit}.json`, path: "$.commit", rule: "archive-commit-unknown", message: `version ${unknownCommit} names commit ${"e".repeat(40)}, which is not in the history of HEAD: it cannot have been published from this project` }),
    ]);
    // ... and one that holds no dataset: a build refuses it as it reads it.
    await fs.rm(manifestPath(built, unknownCommit));
    const notData = await plantVersion(built, { head: datasetHead(""), records: [Buffer.from('{"hello":"world"}\n')], commit: "e".repeat(40), committedAt: "2026-11-02T09:00:00Z", day: "2026-11-01" });
    expect((await refusal(built.build())).map((problem) => [problem.file, problem.rule, problem.message])).toEqual([
      [`archive/records/${sha256('{"hello":"world"}\n')}.json`, "archive-not-a-dataset", "is not a provider file (a JSON object with a slug id, and a newline)"],
    ]);
    expect(await snapshot(built.paths.publicDir)).toEqual(before);
    expect(notData).toMatch(/^2026-11-01\./);
  });

  it("refuses a manifest that names one provider file 60,000 times, before writing anything", async () => {
    const { built } = await committedTree();
    const { version } = await publish(built);
    await built.build();
    const before = await snapshot(built.paths.publicDir);
    const manifest = await readManifest(built, version);
    const repeated = Array.from({ length: 60_000 }, () => manifest.records[0]!);
    // What the join would make of it with a provider file of the real data's size: 914 MB.
    const huge = { ...manifest, version: "2026-11-01.0123456789ab", records: repeated, bytes: 914_000_000 };
    huge.head = huge.head.replace(version, huge.version);
    await fs.writeFile(manifestPath(built, huge.version), manifestText(huge));
    const problems = await refusal(built.build());
    expect(problems.map((problem) => [problem.file, problem.path, problem.rule])).toEqual([
      [`archive/versions/${huge.version}.json`, "$.records[1]", "archive-record-twice"],
      [`archive/versions/${huge.version}.json`, "$.bytes", "archive-too-large"],
    ]);
    expect(problems[0]!.message).toBe(`version ${huge.version} names provider file ${manifest.records[0]} again (first at $.records[0]; 59999 repeated in all): a dataset holds each provider once`);
    expect(await snapshot(built.paths.publicDir)).toEqual(before);
    // Within the byte limit, one repeat is refused all the same.
    await fs.writeFile(manifestPath(built, huge.version), manifestText({ ...huge, records: [manifest.records[0]!, manifest.records[0]!], bytes: manifest.bytes }));
    expect((await refusal(built.build())).map((problem) => problem.rule)).toEqual(["archive-record-twice"]);
  });
});

describe("the workflow's check of the archive, with the real rebuild", () => {
  it("builds the newest kept version again from its commit, as that commit's own program, and finds it byte for byte the same", async () => {
    const { built } = await committedTree();
    // The program itself is part of the commit: the rebuild runs the commit's own code, not this one.
    for (const entry of ["bin", "scripts", "package.json", "package-lock.json", "tsconfig.json"]) await fs.cp(path.join(REPO_ROOT, entry), path.join(built.root, entry), { recursive: true });
    await fs.symlink(path.join(REPO_ROOT, "node_modules"), path.join(built.root, "node_modules"), "dir");
    await fs.appendFile(path.join(built.root, ".gitignore"), "/node_modules\n");
    await commitAll(built.root, "the program", "2026-11-03T09:00:00Z");
    const { version } = await publish(built);
    const lines: string[] = [];
    const report = await verifyArchive(built.root, { today: TODAY, rebuild: 3, rebuildAt: rebuildFromRepository(built.root), log: (line) => lines.push(line) });
    expect(report).toEqual({ problems: [], verified: [version], rebuilt: [version] });
    expect(lines[0]).toMatch(new RegExp(`^verify: building ${version.replace(".", "\\.")} again from commit [0-9a-f]{12}$`));
  }, 120_000);
});

describe("/archive/ for people", () => {
  it("/archive/ and /sv/archive/ answer 200 with every version listed: date, size, what changed and links", async () => {
    const { built } = await committedTree();
    const first = await publish(built);
    await built.writeProvider("beta-gpu", minimalRecord("beta-gpu", { category: "compute_gpu", name: "Beta renamed" }));
    await commitAll(built.root, "beta renamed", "2026-11-03T09:00:00Z");
    const second = await publish(built);
    await built.build();
    server = await startServer({ publicDir: built.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    for (const [folder, lang, words] of [["/archive/", "en", "1 provider record(s) changed:"], ["/sv/archive/", "sv", "1 leverantörspost(er) ändrades:"]] as const) {
      const response = await fetch(`${server.origin}${folder}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const page = await response.text();
      expect(page).toContain(`<html lang="${lang}"`);
      const rows = [...page.matchAll(/<tr id="v-([^"]+)">/g)].map((match) => match[1]);
      expect(rows).toEqual([second.version, first.version]);
      expect(page).toContain(`${words} <a href="${lang === "en" ? "../" : "../../"}${lang === "en" ? "" : "sv/"}providers/beta-gpu.html">beta-gpu</a>`);
      expect(page).toContain(`<time datetime="2026-11-03">2026-11-03</time>`);
      expect(page).toMatch(lang === "en" ? /0\.0 MB/ : /0,0 MB/);
      const link = new URL(`${lang === "en" ? "../" : "../../"}archive/${first.version}.json`, `${server.origin}${folder}`);
      expect((await fetch(link)).status).toBe(200);
      const bare = await fetch(`${server.origin}${folder.slice(0, -1)}`, { redirect: "manual" });
      expect([bare.status, bare.headers.get("location")]).toEqual([301, folder]);
    }
  });
});

describe("/archive/index.json's order", () => {
  it("lists this build's own version first when the archive does not keep it, then the kept ones newest first", () => {
    const kept = (version: string, committedAt: string) => ({ version, commit: "a".repeat(40), committedAt, sha256: "0".repeat(64), size: 1, records: [] as string[], read: () => Buffer.alloc(0) });
    const index = archiveIndex(
      { version: "2026-11-01.cccccccccccc", sha256: "1".repeat(64), size: 2, records: [] },
      { versions: [kept("2026-11-04.bbbbbbbbbbbb", "2026-11-06T08:00:00Z"), kept("2026-11-05.aaaaaaaaaaaa", "2026-11-05T10:00:00Z")] },
      () => "x",
      changeListOf({ history: "unavailable", note: "not read" }),
      { baseUrl: BASE_URL },
    );
    expect(index.versions.map((entry) => [entry.version, entry.date, entry.recorded])).toEqual([
      ["2026-11-01.cccccccccccc", "2026-11-01", false],
      ["2026-11-04.bbbbbbbbbbbb", "2026-11-06", true],
      ["2026-11-05.aaaaaaaaaaaa", "2026-11-05", true],
    ]);
    expect(ArchiveIndex.safeParse(index).success).toBe(true);
  });
});

describe("/api/changes.json over HTTP", () => {
  it("reaches the first change of the history by following next, page by page", async () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, index) => minimalRecord(`p-${String(from + index).padStart(4, "0")}`));
    const built = await tree(many(0, 260));
    await git(built.root, ["init", "-q"]);
    await commitAll(built.root, "first 260", "2026-11-02T09:00:00Z");
    for (const provider of many(260, 260)) await built.writeProvider(String(provider.id), provider);
    await commitAll(built.root, "260 more", "2026-11-03T09:00:00Z");
    await built.build();
    server = await startServer({ publicDir: built.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    let url: URL | null = new URL(`${server.origin}/api/changes.json`);
    const pages: ChangesDocument[] = [];
    while (url) {
      const response: Response = await fetch(url);
      expect([url.pathname, response.status]).toEqual([url.pathname, 200]);
      const page: ChangesDocument = ChangesDocument.parse(await response.json());
      pages.push(page);
      url = page.next ? new URL(page.next, url) : null;
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.map((page) => [page.page, page.pages, page.entries.length])).toEqual([
      [1, 2, 500],
      [2, 2, 20],
    ]);
    const entries = pages.flatMap((page) => page.entries);
    expect(entries).toHaveLength(520);
    expect(new Set(entries.map((entry) => entry.provider_id)).size).toBe(520);
    expect(entries.at(-1)).toMatchObject({ provider_id: "p-0259", kind: "provider_added", date: "2026-11-02" });
    expect(entries[0]).toMatchObject({ provider_id: "p-0260", kind: "provider_added", date: "2026-11-03" });
    // The feed keeps its window: the newest page's entries, one per commit and provider.
    expect((await (await fetch(`${server.origin}/feed.xml`)).text()).match(/<entry>/g)).toHaveLength(500);
  });
});
