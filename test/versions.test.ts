import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { InvalidInputError } from "../scripts/problems.js";
import { ChangesDocument } from "../scripts/history/shapes.js";
import { changeListOf } from "../scripts/history/changeList.js";
import { archiveIndex } from "../scripts/site/api/archive.js";
import { ArchiveIndex, Dataset } from "../scripts/schema/index.js";
import { BASE_URL, DATASET_META, confirmedFact, gitAsTestUser, makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

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

async function commitAll(root: string, message: string, date: string): Promise<string> {
  await git(root, ["add", "-A", "data"], date);
  await git(root, ["commit", "-q", "-m", message], date);
  return git(root, ["rev-parse", "HEAD"]);
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

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

describe("the archive of published versions (a temporary git repository)", () => {
  it("serves a version's dataset at its permanent URL byte for byte after a one-Fact change is committed, and after a build from nothing", async () => {
    const built = await tree([minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }), minimalRecord("beta-gpu", { category: "compute_gpu" })]);
    await git(built.root, ["init", "-q"]);
    const firstCommit = await commitAll(built.root, "first data", "2026-11-02T09:00:00Z");
    const first = await built.build({ recordVersion: true, repositoryUrl: "https://forge.example/team/evidence" });
    expect(first.recorded).toEqual({ done: true });
    const published = await fs.readFile(path.join(built.paths.publicDir, "api", "data", "index.json"));

    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }) } }));
    const secondCommit = await commitAll(built.root, "one Fact changed", "2026-11-03T09:00:00Z");
    const second = await built.build({ recordVersion: true, repositoryUrl: "https://forge.example/team/evidence" });
    expect(second.version).not.toBe(first.version);

    server = await startServer({ publicDir: built.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    const old = await fetch(`${server.origin}/archive/${first.version}.json`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await bytesOf(old)).equals(published)).toBe(true);
    const current = Dataset.parse(await (await fetch(`${server.origin}/api/data`)).json());
    expect(current.version).toBe(second.version);
    expect((current.providers[0]!.ownership as { country_hq: { value: string } }).country_hq.value).toBe("NO");

    const index = ArchiveIndex.parse(await (await fetch(`${server.origin}/archive/index.json`)).json());
    expect(index.current_version).toBe(second.version);
    expect(index.versions.map((entry) => [entry.version, entry.date, entry.commit, entry.recorded])).toEqual([
      [second.version, "2026-11-03", secondCommit.slice(0, 12), true],
      [first.version, "2026-11-02", firstCommit.slice(0, 12), true],
    ]);
    expect(index.versions[1]).toMatchObject({ url: `${BASE_URL}/archive/${first.version}.json`, href: `${first.version}.json`, bytes: published.length, data_url: `https://forge.example/team/evidence/tree/${firstCommit}/data` });
    expect(index.earlier).toEqual([]);

    // The kept bytes come from the repository's archive/, not from public/: a build from nothing serves them too.
    await server.close();
    server = undefined;
    await fs.rm(built.paths.publicDir, { recursive: true });
    await built.build({ recordVersion: true });
    expect((await fs.readFile(path.join(built.paths.publicDir, "archive", `${first.version}.json`))).equals(published)).toBe(true);
    // What the repository is to keep: one manifest per version, and each distinct provider file once (three here).
    expect((await fs.readdir(path.join(built.root, "archive", "versions"))).sort()).toEqual([`${first.version}.json`, `${second.version}.json`].sort());
    expect(await fs.readdir(path.join(built.root, "archive", "records"))).toHaveLength(3);
  });

  it("keeps a version first published with another generated_at as it was, while /api/data carries the new one", async () => {
    const built = await tree();
    await git(built.root, ["init", "-q"]);
    await commitAll(built.root, "data", "2026-11-02T09:00:00Z");
    const first = await built.build({ recordVersion: true });
    const published = await fs.readFile(path.join(built.paths.publicDir, "api", "data", "index.json"));
    const again = await built.build({ recordVersion: true, sourceDateEpoch: "1767225600" });
    expect(again.version).toBe(first.version);
    expect(JSON.parse(await built.read("api/data/index.json")).generated_at).toBe("2026-01-01T00:00:00Z");
    expect((await fs.readFile(path.join(built.paths.publicDir, "archive", `${first.version}.json`))).equals(published)).toBe(true);
  });

  it("keeps no version built from uncommitted data, says why, and lists commits that have none", async () => {
    const built = await tree();
    await git(built.root, ["init", "-q"]);
    const unbuilt = await commitAll(built.root, "data never built", "2026-11-02T09:00:00Z");
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { name: "Acme draft" }));
    const draft = await built.build({ recordVersion: true, repositoryUrl: "https://forge.example/team/evidence" });
    expect(draft.recorded).toEqual({ done: false, reason: "data/ has changes that are not committed" });
    await expect(fs.readdir(path.join(built.root, "archive"))).rejects.toThrow();
    const index = ArchiveIndex.parse(JSON.parse(await built.read("archive/index.json")));
    expect(index.versions).toEqual([expect.objectContaining({ version: draft.version, recorded: false, commit: null, data_url: null })]);
    // Its copy is there for this build, from the same bytes as /api/data.
    expect(await built.read(`archive/${draft.version}.json`)).toBe(await built.read("api/data/index.json"));
    expect(index.earlier).toEqual([{ commit: unbuilt.slice(0, 12), date: "2026-11-02", label: null, data_url: `https://forge.example/team/evidence/tree/${unbuilt.slice(0, 12)}/data` }]);
  });

  it("refuses to publish a kept version whose bytes changed, leaving public/ as it was", async () => {
    const built = await tree();
    await git(built.root, ["init", "-q"]);
    await commitAll(built.root, "data", "2026-11-02T09:00:00Z");
    const first = await built.build({ recordVersion: true });
    await built.writeProvider("acme-ai", minimalRecord("acme-ai", { name: "Acme renamed" }));
    await commitAll(built.root, "renamed", "2026-11-03T09:00:00Z");
    await built.build({ recordVersion: true });
    const before = await snapshot(built.paths.publicDir);
    const records = path.join(built.root, "archive", "records");
    const manifest = JSON.parse(await fs.readFile(path.join(built.root, "archive", "versions", `${first.version}.json`), "utf8"));
    const tampered = path.join(records, `${manifest.records[0]}.json`);
    await fs.writeFile(tampered, (await fs.readFile(tampered, "utf8")).replace("Acme AI", "Acme Al"));
    const failure = await built.build({ recordVersion: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidInputError);
    expect((failure as InvalidInputError).problems).toEqual([
      expect.objectContaining({ file: `archive/records/${manifest.records[0]}.json`, rule: "archive-bytes-changed" }),
    ]);
    expect(await snapshot(built.paths.publicDir)).toEqual(before);
  });
});

describe("/archive/index.json's order", () => {
  it("lists versions newest first by their data's commit, a build of uncommitted data before them all", () => {
    const kept = (version: string, committedAt: string | null) => ({ version, commit: committedAt ? "a".repeat(40) : null, committedAt, recorded: committedAt !== null, sha256: "0".repeat(64), size: 1 });
    const index = archiveIndex(
      "2026-11-01.cccccccccccc",
      [kept("2026-11-05.aaaaaaaaaaaa", "2026-11-05T10:00:00Z"), kept("2026-11-01.cccccccccccc", null), kept("2026-11-04.bbbbbbbbbbbb", "2026-11-06T08:00:00Z")],
      changeListOf({ history: "unavailable", note: "not read" }),
      { baseUrl: BASE_URL },
    );
    expect(index.versions.map((entry) => [entry.version, entry.date])).toEqual([
      ["2026-11-01.cccccccccccc", "2026-11-01"],
      ["2026-11-04.bbbbbbbbbbbb", "2026-11-06"],
      ["2026-11-05.aaaaaaaaaaaa", "2026-11-05"],
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
    for (const record of many(260, 260)) await built.writeProvider(String(record.id), record);
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
