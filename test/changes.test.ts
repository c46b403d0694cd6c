import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { diffSnapshots, statusRank } from "../scripts/history/diff.js";
import { changeListOf, readChangeList } from "../scripts/history/changeList.js";
import { readHistory } from "../scripts/history/readHistory.js";
import { ChangesDocument, type ChangeEntry, type HistoryChange, type Snapshot } from "../scripts/history/shapes.js";
import { changesDocument, changesPages, emitChanges, recentChangesFor } from "../scripts/site/api/changes.js";
import { atomFeed, xmlText } from "../scripts/site/api/feed.js";
import { BASE_URL, DATASET_META, confirmedFact, gitAsTestUser, minimalRecord } from "./helpers.js";

const GENERATED_AT = "2026-11-22T00:00:00Z";
/** No kept version: a change without a typed label is first published by the version this build publishes. */
const CURRENT = "2026-11-21.0123456789ab";
const VERSIONS = { ofCommit: () => undefined, current: CURRENT };

// ---------------------------------------------------------------------------------------------------------
// The Atom feed is read back with a real XML parser, never with the code under test. It is the
// devDependency fast-xml-parser (npm install --save-dev fast-xml-parser@^5.12.1). The specifier is a
// variable so that `tsc --noEmit` passes before it is installed; the feed tests themselves fail until it is.
// ---------------------------------------------------------------------------------------------------------
interface XmlParserModule {
  XMLParser: new (options: Record<string, unknown>) => { parse(xml: string): unknown };
  XMLValidator: { validate(xml: string): true | { err: { msg: string; line: number; col: number } } };
}
const XML_PARSER_PACKAGE: string = "fast-xml-parser";

async function xmlParser(): Promise<XmlParserModule> {
  try {
    return (await import(XML_PARSER_PACKAGE)) as XmlParserModule;
  } catch (error) {
    throw new Error("The feed tests need the devDependency fast-xml-parser: npm install --save-dev fast-xml-parser@^5.12.1", { cause: error });
  }
}

type XmlNode = Record<string, unknown>;

/** Well-formed (the parser's validator says so), then parsed with attributes kept and repeatable elements as arrays. */
async function parseFeed(xml: string): Promise<XmlNode> {
  const { XMLParser, XMLValidator } = await xmlParser();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (name: string) => name === "entry" || name === "link",
  });
  return (parser.parse(xml) as { feed: XmlNode }).feed;
}

/** The text of an element, whether the parser gave it as a string or as an object with attributes. */
const textOf = (node: unknown): string => (typeof node === "string" ? node : String((node as XmlNode)["#text"] ?? ""));

// ---------------------------------------------------------------------------------------------------------
// A temporary git repository with three commits of data.
// ---------------------------------------------------------------------------------------------------------
const temporary: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

const git = gitAsTestUser;

async function writeFiles(root: string, files: Record<string, unknown>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
}

async function commit(root: string, files: Record<string, unknown>, date: string, message: string): Promise<string> {
  await writeFiles(root, files);
  await git(root, ["add", "-A"], date);
  await git(root, ["commit", "-q", "-m", message], date);
  return (await git(root, ["rev-parse", "HEAD"])).slice(0, 12);
}

const acme = (extra: Record<string, unknown> = {}) =>
  minimalRecord("acme-ai", {
    pricing: { currency: confirmedFact("SEK") },
    compliance: { iso_27001: confirmedFact("certified") },
    ...extra,
  });
const dataset = (version: string) => ({ ...DATASET_META, version });

let repo: string;
const commits: string[] = [];

beforeAll(async () => {
  repo = await tempDir("evidence-history-");
  await git(repo, ["init", "-q"]);
  // 1: the data begins with one provider.
  commits.push(await commit(repo, { "data/dataset.json": dataset("2026.11.01"), "data/providers/acme-ai.json": acme() }, "2026-11-01T10:00:00Z", "first"));
  // 2: a provider added, a value changed, a status lowered. The date is 07:00 UTC.
  const second = acme({ pricing: { currency: confirmedFact("EUR") }, compliance: { iso_27001: confirmedFact("certified", { status: "claimed" }) } });
  commits.push(
    await commit(
      repo,
      { "data/dataset.json": dataset("2026.11.10"), "data/providers/acme-ai.json": second, "data/providers/beta-cloud.json": minimalRecord("beta-cloud", { name: "Beta Cloud" }) },
      "2026-11-10T09:00:00+02:00",
      "second",
    ),
  );
  // 3: a verification; beta-cloud breaks, and new files that are no record (a list, too deep, too large). 23:30 at -02:00 is the next day in UTC.
  const third = JSON.parse(JSON.stringify(second)) as Record<string, { verified_at: string }>;
  third.availability_status!.verified_at = "2026-11-20";
  commits.push(
    await commit(
      repo,
      {
        "data/dataset.json": dataset("2026.11.21"),
        "data/providers/acme-ai.json": third,
        "data/providers/beta-cloud.json": '{ "id": "beta-cloud", ',
        "data/providers/broken.json": "[1, 2]",
        "data/providers/deep.json": `${'{"a":'.repeat(40)}1${"}".repeat(40)}`,
        "data/providers/huge.json": `"${"x".repeat(5 * 1024 * 1024)}"`,
        "README.md": "not data",
      },
      "2026-11-20T23:30:00-02:00",
      "third",
    ),
  );
});

afterAll(async () => {
  await Promise.all(temporary.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The fields an assertion compares: commit, version, date, provider, path, kind. */
const brief = (entry: ChangeEntry) => [entry.commit, entry.dataset_version, entry.date, entry.provider_id, entry.path, entry.kind];

describe("change history from git", () => {
  it("lists, newest first, a verification, a changed value, a lowered status and added providers", async () => {
    const document = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    const [first, second, third] = commits;
    expect(document.history).toBe("git");
    expect(document.entries.map(brief)).toEqual([
      [third, "2026.11.21", "2026-11-21", "acme-ai", "$.availability_status", "verified"],
      [second, "2026.11.10", "2026-11-10", "acme-ai", "$.pricing.currency", "value_changed"],
      [second, "2026.11.10", "2026-11-10", "acme-ai", "$.compliance.iso_27001", "status_lowered"],
      [second, "2026.11.10", "2026-11-10", "beta-cloud", "$", "provider_added"],
      [first, "2026.11.01", "2026-11-01", "acme-ai", "$", "provider_added"],
    ]);
    expect(document.commits_read).toBe(3);
    expect(document.note).toBe("Compared 3 commit(s) that changed data/, from 2026-11-01 to 2026-11-21. The oldest of them is where data/ begins.");
  });

  it("gives before and after as value, status, verified_at, source_date and source_url", async () => {
    const { entries } = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    const fact = { status: "confirmed", verified_at: "2026-11-01", source_date: "2026-10-15", source_url: "https://acme.example/page" };
    expect(entries[0]!.before).toEqual({ value: "live", status: "confirmed", verified_at: "2026-11-01", source_date: null, source_url: "https://acme.example/status" });
    expect(entries[0]!.after).toEqual({ value: "live", status: "confirmed", verified_at: "2026-11-20", source_date: null, source_url: "https://acme.example/status" });
    expect(entries[1]!.before).toEqual({ value: "SEK", ...fact });
    expect(entries[1]!.after).toEqual({ value: "EUR", ...fact });
    expect(entries[2]!.before).toEqual({ value: "certified", ...fact });
    expect(entries[2]!.after).toEqual({ value: "certified", ...fact, status: "claimed" });
    expect(entries[3]).toMatchObject({ before: null, after: null });
  });

  it("matches its published schema", async () => {
    const document = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(ChangesDocument.safeParse(document).success).toBe(true);
    expect(ChangesDocument.safeParse({ ...document, history: "svn" }).success).toBe(false);
  });

  it("skips a file that does not parse at a commit with a note, inventing neither a removal nor an addition", async () => {
    const document = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(document.skipped.map((skip) => [skip.commit, skip.path, skip.reason.replace(/ \(.*/, "")])).toEqual([
      [commits[2], "data/providers/beta-cloud.json", "not valid JSON"],
      [commits[2], "data/providers/broken.json", "not a JSON object"],
      [commits[2], "data/providers/deep.json", "nested deeper than 32 levels"],
      [commits[2], "data/providers/huge.json", "larger than 5242880 bytes"],
    ]);
    expect(document.entries.filter((entry) => entry.commit === commits[2]).map((entry) => entry.provider_id)).toEqual(["acme-ai"]);
  });

  it("reads at most maxCommits commits and then reports nothing as added at the cut", async () => {
    const two = changesDocument(await readHistory(repo, { maxCommits: 2 }), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(two.commits_read).toBe(2);
    expect(two.entries.map((entry) => [entry.provider_id, entry.kind])).toEqual([
      ["acme-ai", "verified"],
      ["acme-ai", "value_changed"],
      ["acme-ai", "status_lowered"],
      ["beta-cloud", "provider_added"],
    ]);
    expect(two.note).toMatch(/Older changes are not listed\.$/);
    const one = changesDocument(await readHistory(repo, { maxCommits: 1 }), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(one.entries.map((entry) => entry.kind)).toEqual(["verified"]);
  });

  it("pages every change: each page links to the next, and following next from the first reaches the oldest change", async () => {
    const pages = changesPages(await readChangeList(repo), { generatedAt: GENERATED_AT, pageSize: 2, versions: VERSIONS });
    expect(pages.map((page) => [page.page, page.pages, page.total_entries, page.next, page.entries.length])).toEqual([
      [1, 3, 5, "changes/2.json", 2],
      [2, 3, 5, "3.json", 2],
      [3, 3, 5, null, 1],
    ]);
    // Resolved as a client resolves a link, from the URL each page is published at.
    let url = new URL(`${BASE_URL}/api/changes.json`);
    const followed: ChangeEntry[] = [];
    for (const page of pages) {
      expect(url.pathname).toBe(page.page === 1 ? "/api/changes.json" : `/api/changes/${page.page}.json`);
      expect(ChangesDocument.safeParse(page).success).toBe(true);
      followed.push(...page.entries);
      if (page.next) url = new URL(page.next, url);
    }
    expect(followed.map(brief)).toEqual(changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, pageSize: 100, versions: VERSIONS }).entries.map(brief));
    expect(followed.at(-1)).toMatchObject({ commit: commits[0], provider_id: "acme-ai", kind: "provider_added" });
    expect(pages.every((page) => page.truncated === false)).toBe(true);
  });

  it("is one empty page when there is nothing to list", () => {
    const [only, ...rest] = changesPages(changeListOf({ history: "unavailable", note: "none" }), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ page: 1, pages: 1, total_entries: 0, next: null, entries: [] });
  });

  it("follows the branch's own states across a merge, so a side branch's older state is no change", async () => {
    const root = await tempDir("evidence-merge-");
    await git(root, ["init", "-q"]);
    const base = await commit(root, { "data/dataset.json": dataset("1"), "data/providers/acme-ai.json": acme(), "data/providers/beta-cloud.json": minimalRecord("beta-cloud") }, "2026-11-01T10:00:00Z", "base");
    await git(root, ["checkout", "-q", "-b", "side"]);
    await commit(root, { "data/providers/acme-ai.json": acme({ pricing: { currency: confirmedFact("EUR") } }) }, "2026-11-02T10:00:00Z", "side");
    await git(root, ["checkout", "-q", "main"]);
    const verified = minimalRecord("beta-cloud");
    (verified.availability_status as Record<string, unknown>).verified_at = "2026-11-03";
    // dataset.json breaks here: the version of these commits is then unknown (null), not the previous one.
    const main = await commit(root, { "data/providers/beta-cloud.json": verified, "data/dataset.json": "{" }, "2026-11-03T10:00:00Z", "main");
    await git(root, ["merge", "-q", "--no-edit", "side"], "2026-11-04T10:00:00Z");
    const merge = (await git(root, ["rev-parse", "HEAD"])).slice(0, 12);
    const document = changesDocument(await readHistory(root), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(document.entries.map(brief)).toEqual([
      // No label typed and no version kept: the version this build publishes is the first to hold them.
      [merge, CURRENT, "2026-11-04", "acme-ai", "$.pricing.currency", "value_changed"],
      [main, CURRENT, "2026-11-03", "beta-cloud", "$.availability_status", "verified"],
      [base, "1", "2026-11-01", "acme-ai", "$", "provider_added"],
      [base, "1", "2026-11-01", "beta-cloud", "$", "provider_added"],
    ]);
    expect(document.skipped.map((skip) => [skip.commit, skip.path])).toEqual([[main, "data/dataset.json"]]);
  });

  it("sees at each commit the files git itself lists there, through removals, renames, links and nested folders", async () => {
    const root = await tempDir("evidence-trees-");
    await git(root, ["init", "-q"]);
    await commit(root, { "data/dataset.json": dataset("1"), "data/providers/acme-ai.json": acme(), "data/providers/beta-cloud.json": minimalRecord("beta-cloud") }, "2026-11-01T10:00:00Z", "base");
    await fs.rm(path.join(root, "data/providers/beta-cloud.json"));
    await commit(root, { "data/providers/gamma-gpu.json": minimalRecord("gamma-gpu") }, "2026-11-02T10:00:00Z", "remove one, add one");
    await git(root, ["mv", "data/providers/gamma-gpu.json", "data/providers/delta-gpu.json"], "2026-11-03T10:00:00Z");
    await commit(root, { "data/providers/nested/epsilon-ai.json": minimalRecord("epsilon-ai") }, "2026-11-03T10:00:00Z", "rename, and a file in a subfolder");
    await fs.rm(path.join(root, "data/providers/acme-ai.json"));
    await fs.symlink("delta-gpu.json", path.join(root, "data/providers/acme-ai.json"));
    await commit(root, { "data/providers/zeta-ai.json": minimalRecord("zeta-ai"), "notes/other.json": "{}" }, "2026-11-04T10:00:00Z", "a link where a file was");
    await fs.rm(path.join(root, "data/providers/acme-ai.json"));
    await commit(root, { "data/providers/acme-ai.json": acme({ name: "Acme again" }) }, "2026-11-05T10:00:00Z", "the file is back");
    const history = await readHistory(root);
    if (history.history !== "git") throw new Error(history.note);
    expect(history.snapshots).toHaveLength(5);
    for (const snapshot of history.snapshots) {
      const listed = await git(root, ["ls-tree", "--name-only", snapshot.sha, "--", "data/providers/"]);
      const regular = (await git(root, ["ls-tree", snapshot.sha, "--", "data/providers/"])).split("\n").filter((line) => line.startsWith("100")).map((line) => line.split("\t")[1]);
      const expected = listed.split("\n").filter((file) => regular.includes(file) && /^data\/providers\/[^/]+\.json$/.test(file)).map((file) => file.slice("data/providers/".length, -".json".length));
      expect([...snapshot.providers.keys()].sort(), snapshot.committedAt).toEqual(expected.sort());
    }
    expect(history.snapshots[0]!.providers.get("acme-ai")!.name).toBe("Acme again");
  });

  it("leaves the checkout as it was", async () => {
    const before = await git(repo, ["status", "--porcelain", "--untracked-files=all"]);
    const head = await git(repo, ["rev-parse", "HEAD"]);
    await writeFiles(repo, { "data/providers/draft.json": "{}" });
    await readHistory(repo);
    expect(await git(repo, ["rev-parse", "HEAD"])).toBe(head);
    expect(await git(repo, ["status", "--porcelain", "--untracked-files=all"])).toBe(`${before ? `${before}\n` : ""}?? data/providers/draft.json`);
    await fs.rm(path.join(repo, "data/providers/draft.json"));
  });
});

describe("no history", () => {
  it("says so for a folder that is not a git checkout", async () => {
    const dir = await tempDir("evidence-nogit-");
    await writeFiles(dir, { "data/dataset.json": dataset("1"), "data/providers/acme-ai.json": acme() });
    // git must not find a repository in a folder above the temporary one.
    vi.stubEnv("GIT_CEILING_DIRECTORIES", path.dirname(dir));
    const document = changesDocument(await readHistory(dir), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(document).toEqual({
      generated_at: GENERATED_AT,
      history: "unavailable",
      note: "The project folder is not a git checkout, so there is no history of data/.",
      commits_read: 0,
      truncated: false,
      skipped: [],
      page: 1,
      pages: 1,
      total_entries: 0,
      next: null,
      entries: [],
    });
  });

  it("says so for a shallow clone instead of listing its one commit as the beginning", async () => {
    const clone = path.join(await tempDir("evidence-shallow-"), "clone");
    await git(os.tmpdir(), ["clone", "-q", "--depth", "1", `file://${repo}`, clone]);
    expect(await git(clone, ["rev-parse", "--is-shallow-repository"])).toBe("true");
    const history = await readHistory(clone);
    expect(history.history).toBe("unavailable");
    expect(history.history === "unavailable" && history.note).toMatch(/shallow clone.*fetch-depth: 0/);
  });

  it("says so when git is missing", async () => {
    const history = await readHistory(repo, { git: path.join(os.tmpdir(), "no-such-git-program") });
    expect(history).toEqual({ history: "unavailable", note: "git is not installed (or not on PATH) where the site was built, so the history of data/ could not be read." });
  });

  it("says so for a repository without commits", async () => {
    const dir = await tempDir("evidence-empty-");
    await git(dir, ["init", "-q"]);
    const history = await readHistory(dir);
    expect(history).toEqual({ history: "unavailable", note: "The git repository has no commits yet, so there is no history of data/." });
  });
});

describe("comparing two snapshots", () => {
  const snapshot = (sha: string, providers: Record<string, Record<string, unknown>>): Snapshot => ({
    sha: sha.repeat(40).slice(0, 40),
    committedAt: "2026-11-05T12:00:00Z",
    datasetVersion: "v",
    providers: new Map(Object.entries(providers)),
  });
  const kindsOf = (entries: readonly HistoryChange[]) => entries.map((entry) => `${entry.provider_id} ${entry.path} ${entry.kind}`);

  it("orders statuses confirmed > claimed > planned > unknown, not_applicable as unknown", () => {
    expect(["confirmed", "claimed", "planned", "unknown", "not_applicable", "bogus"].map(statusRank)).toEqual([3, 2, 1, 0, 0, 0]);
  });

  it("raises, lowers, adds and removes Facts, and removes providers", () => {
    const before = snapshot("a", {
      "acme-ai": { a: confirmedFact(1, { status: "planned" }), b: confirmedFact(1, { status: "unknown" }), c: confirmedFact(1), gone: confirmedFact(1) },
      "old-one": minimalRecord("old-one"),
    });
    const after = snapshot("b", {
      "acme-ai": {
        a: confirmedFact(1, { status: "claimed" }),
        b: confirmedFact(1, { status: "not_applicable" }),
        c: confirmedFact(1, { source_url: "https://acme.example/new" }),
        block: { fresh: confirmedFact("x") },
      },
    });
    expect(kindsOf(diffSnapshots(before, after))).toEqual([
      "acme-ai $.a status_raised",
      "acme-ai $.c source_changed",
      "acme-ai $.block.fresh fact_added",
      "acme-ai $.gone fact_removed",
      "old-one $ provider_removed",
    ]);
  });

  it("does not count a new key order or an absent versus null date as a change", () => {
    const before = snapshot("a", { p: { f: { value: { x: 1, y: [1, { z: 2 }] }, status: "claimed", verified_at: null } } });
    const after = snapshot("b", { p: { f: { status: "claimed", value: { y: [1, { z: 2 }], x: 1 } } } });
    expect(diffSnapshots(before, after)).toEqual([]);
    const changed = snapshot("c", { p: { f: { status: "claimed", value: { y: [1, { z: 3 }], x: 1 } } } });
    expect(kindsOf(diffSnapshots(before, changed))).toEqual(["p $.f value_changed"]);
  });

  it("takes commit, date and dataset version from the newer snapshot", () => {
    const [entry] = diffSnapshots(null, snapshot("c", { p: {} }));
    expect(entry).toEqual({ label: "v", date: "2026-11-05", commit: "cccccccccccc", provider_id: "p", path: "$", kind: "provider_added", before: null, after: null });
  });
});

describe("a provider's recent changes", () => {
  it("gives the newest n changes of that provider only", async () => {
    const { entries } = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    expect(recentChangesFor("acme-ai", entries, 2).map((entry) => entry.kind)).toEqual(["verified", "value_changed"]);
    expect(recentChangesFor("beta-cloud", entries, 5).map((entry) => entry.kind)).toEqual(["provider_added"]);
    expect(recentChangesFor("nobody", entries, 5)).toEqual([]);
  });
});

describe("the Atom feed", () => {
  const entriesOf = (feed: XmlNode) => (feed.entry ?? []) as XmlNode[];
  const linksOf = (node: XmlNode) => node.link as XmlNode[];

  it("is Atom 1.0 with one entry per commit and provider, each linking to the provider's page", async () => {
    const document = changesDocument(await readHistory(repo), { generatedAt: GENERATED_AT, versions: VERSIONS });
    const feed = await parseFeed(atomFeed(document, { baseUrl: `${BASE_URL}/` }));
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe(`${BASE_URL}/feed.xml`);
    expect(textOf(feed.title)).toBe("European AI infrastructure evidence: changes");
    expect(feed.updated).toBe("2026-11-21T00:00:00Z");
    expect(linksOf(feed).find((link) => link["@_rel"] === "self")?.["@_href"]).toBe(`${BASE_URL}/feed.xml`);
    expect((feed.author as XmlNode).name).toBe("Dataset maintainers");
    const entries = entriesOf(feed);
    expect(entries.map((entry) => [textOf(entry.title), linksOf(entry)[0]!["@_href"], entry.updated])).toEqual([
      ["acme-ai: availability_status verified", `${BASE_URL}/providers/acme-ai.html`, "2026-11-21T00:00:00Z"],
      ["acme-ai: pricing.currency value changed, compliance.iso_27001 status lowered", `${BASE_URL}/providers/acme-ai.html`, "2026-11-10T00:00:00Z"],
      ["beta-cloud: provider added", `${BASE_URL}/providers/beta-cloud.html`, "2026-11-10T00:00:00Z"],
      ["acme-ai: provider added", `${BASE_URL}/providers/acme-ai.html`, "2026-11-01T00:00:00Z"],
    ]);
    expect(entries.map((entry) => entry.id)).toEqual([
      `tag:example.test,2026-11-21:changes/${commits[2]}/acme-ai`,
      `tag:example.test,2026-11-10:changes/${commits[1]}/acme-ai`,
      `tag:example.test,2026-11-10:changes/${commits[1]}/beta-cloud`,
      `tag:example.test,2026-11-01:changes/${commits[0]}/acme-ai`,
    ]);
    expect(textOf(entries[1]!.content).split("\n")).toEqual([
      '$.pricing.currency: value changed from "SEK" to "EUR" (confirmed, verified 2026-11-01, source dated 2026-10-15)',
      '$.compliance.iso_27001: status lowered from confirmed to claimed, now "certified" (claimed, verified 2026-11-01, source dated 2026-10-15)',
    ]);
    expect(textOf(entries[1]!.summary)).toBe(`2 change(s) to acme-ai in commit ${commits[1]} on 2026-11-10, dataset version 2026.11.10.`);
  });

  it("escapes every value from the data, and replaces what XML cannot hold", async () => {
    const hostile = '</content><evil a="1">&amp; \'x\'';
    const after = { value: hostile, status: "claimed", verified_at: null, source_date: null, source_url: null };
    const document: ChangesDocument = {
      generated_at: GENERATED_AT,
      history: "git",
      note: "<b>note</b>",
      commits_read: 1,
      truncated: false,
      skipped: [],
      page: 1,
      pages: 1,
      total_entries: 1,
      next: null,
      entries: [
        {
          dataset_version: "v<1>\u0001",
          date: "2026-11-05",
          commit: "0123456789ab",
          // A control character and a lone surrogate: neither may reach the XML, nor break the link.
          provider_id: 'x"><evil/>\u0001\ud800',
          path: "$.a",
          kind: "value_changed",
          before: { ...after, value: "old" },
          after,
        },
      ],
    };
    const xml = atomFeed(document, { baseUrl: BASE_URL });
    expect(xml).not.toMatch(/<evil|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const feed = await parseFeed(xml);
    const [entry] = entriesOf(feed);
    expect(textOf(entry!.content)).toBe(`$.a: value changed from "old" to ${JSON.stringify(hostile)} (claimed, verified never, source undated)`);
    expect(textOf(entry!.title)).toBe('x"><evil/>\ufffd\ufffd: a value changed');
    expect(textOf(entry!.summary)).toContain("dataset version v<1>\ufffd.");
    expect(linksOf(entry!)[0]!["@_href"]).toBe(`${BASE_URL}/providers/x%22%3E%3Cevil%2F%3E%01%EF%BF%BD.html`);
    expect(textOf(feed.subtitle)).toContain("<b>note</b>");
  });

  it("says which Fact changed and from what to what, never the same cut text on both sides", async () => {
    const models = (price: number) => Array.from({ length: 30 }, (_, index) => ({ name: `model-${index}`, input_price: index === 27 ? price : 1 }));
    const state = (value: unknown) => ({ value, status: "confirmed", verified_at: "2026-11-20", source_date: null, source_url: null });
    const note = (ending: string) => `${"A long sentence that a researcher wrote about the provider's terms. ".repeat(6)}${ending}`;
    const entry = (path: string, before: unknown, after: unknown): ChangeEntry => ({ dataset_version: CURRENT, date: "2026-11-21", commit: "0123456789ab", provider_id: "acme-ai", path, kind: "value_changed", before: state(before), after: state(after) });
    const document = changesDocument({ history: "unavailable", note: "none" }, { generatedAt: GENERATED_AT, versions: VERSIONS });
    document.entries = [entry("$.models", models(1), models(2.5)), entry("$.compliance.dpa", note("Signed."), note("Unsigned.")), entry("$.pricing.free_tier", { credits: 5, currency: "EUR" }, { credits: 10, currency: "EUR" })];
    const feed = await parseFeed(atomFeed(document, { baseUrl: BASE_URL }));
    const [only] = entriesOf(feed);
    expect(textOf(only!.title)).toBe("acme-ai: models value changed, compliance.dpa value changed, pricing.free_tier value changed");
    const lines = textOf(only!.content).split("\n");
    expect(lines[0]).toBe('$.models: value changed 1 changed (name "model-27": input_price from 1 to 2.5); 30 listed before, 30 now (confirmed, verified 2026-11-20, source undated)');
    // Two long texts that end differently: the part where they differ, with what comes just before it.
    expect(lines[1]).toBe(`$.compliance.dpa: value changed from …e about the provider's terms. Signed." to …e about the provider's terms. Unsigned." (confirmed, verified 2026-11-20, source undated)`);
    expect(lines[2]).toBe("$.pricing.free_tier: value changed credits from 5 to 10 (confirmed, verified 2026-11-20, source undated)");
    for (const line of lines) {
      const [, from, to] = /from (.*) to (.*) \(/.exec(line) ?? [];
      if (from !== undefined) expect(from).not.toBe(to);
    }
  });

  it("still parses as a feed without entries when there is no history, and says why", async () => {
    const document = changesDocument({ history: "unavailable", note: "The checkout is a shallow clone." }, { generatedAt: GENERATED_AT, versions: VERSIONS });
    const feed = await parseFeed(atomFeed(document, { baseUrl: BASE_URL }));
    expect(entriesOf(feed)).toEqual([]);
    expect(feed.updated).toBe(GENERATED_AT);
    expect(textOf(feed.subtitle)).toBe("No change history: The checkout is a shallow clone. This does not mean that nothing changed.");
  });

  it("xmlText escapes markup and replaces control characters and lone surrogates", () => {
    expect(xmlText(`<a href="x">&'\u0001\ud800\u{1f600}</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;\ufffd\ufffd\u{1f600}&lt;/a&gt;");
  });

  it("is written beside /api/changes.json and its next pages by emitChanges", async () => {
    const files = new Map<string, Buffer>();
    const changes = await readChangeList(repo);
    emitChanges(files, changes, { generatedAt: GENERATED_AT, baseUrl: BASE_URL, pageSize: 2, versions: VERSIONS });
    expect([...files.keys()]).toEqual(["api/changes.json", "api/changes/2.json", "api/changes/3.json", "feed.xml"]);
    const pages = changesPages(changes, { generatedAt: GENERATED_AT, pageSize: 2, versions: VERSIONS });
    expect(JSON.parse(files.get("api/changes.json")!.toString("utf8"))).toEqual(pages[0]);
    expect(JSON.parse(files.get("api/changes/3.json")!.toString("utf8"))).toEqual(pages[2]);
    expect(files.get("feed.xml")!.toString("utf8")).toBe(atomFeed(pages[0]!, { baseUrl: BASE_URL }));
  });
});
