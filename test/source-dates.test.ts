import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer, confirmedFact, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

const git = promisify(execFile);

let tree: Tree | undefined;
let clones: string | undefined;
let server: Server | undefined;
afterEach(async () => {
  await tree?.cleanup();
  if (clones) await fs.rm(clones, { recursive: true, force: true });
  await closeServer(server);
  tree = undefined;
  clones = undefined;
  server = undefined;
});

/**
 * A docs repository with a history: terms.md written late on 2025-03-05 in UTC-8 (already 2025-03-06 in
 * UTC), then README.md changed on 2026-08-21. The pinned commit is the later one, so a date typed from
 * the pinned commit (2026-08-21) is wrong for terms.md.
 */
async function docsRepository(): Promise<{ folder: string; head: string; first: string }> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-clones-"));
  const repo = path.join(folder, "acme+docs");
  await fs.mkdir(repo);
  const run = (args: string[], date?: string) =>
    git("git", ["-C", repo, "-c", "user.name=Test", "-c", "user.email=test@example.test", "-c", "commit.gpgsign=false", ...args], {
      env: { ...process.env, ...(date && { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
    });
  await run(["init", "-q"]);
  await fs.writeFile(path.join(repo, "terms.md"), "Acme AI AB, Sweden\n");
  await run(["add", "terms.md"]);
  await run(["commit", "-q", "-m", "terms"], "2025-03-05T20:00:00-08:00");
  const first = (await run(["rev-parse", "HEAD"])).stdout.trim();
  await fs.writeFile(path.join(repo, "README.md"), "Acme docs\n");
  await run(["add", "README.md"]);
  await run(["commit", "-q", "-m", "readme"], "2026-08-21T10:00:00Z");
  const head = (await run(["rev-parse", "HEAD"])).stdout.trim();
  return { folder, head, first };
}

function pinnedRecord(head: string, sourceDate: string | null, file = "terms.md") {
  return minimalRecord("acme-ai", {
    ownership: {
      country_hq: confirmedFact("SE", {
        source_url: `https://github.com/acme/docs/blob/${head}/${file}`,
        source_type: "provider_terms",
        source_date: sourceDate,
        note: `Read in the acme/docs repository at commit ${head.slice(0, 7)} (committed 2026-08-21).`,
      }),
    },
  });
}

const readJson = async (file: string) => JSON.parse(await fs.readFile(file, "utf8")) as Record<string, any>;

describe("npm run source-dates", () => {
  it("dates a pinned file by the UTC day of its own last change, not the pinned commit's, and --apply rewrites the seed", async () => {
    const repo = await docsRepository();
    clones = repo.folder;
    tree = await makeTree([pinnedRecord(repo.head, "2026-08-21")]);

    const before = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(before.code).toBe(1);
    expect(before.stderr).toContain("repository-date-not-computed");

    const run = await runCli(["--root", tree.root, "source-dates", "--clones", clones, "--offline", "--apply"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 pinned repository files cited by 1 Facts; 1 dated now");
    expect(run.stdout).toContain("acme-ai ownership.country_hq: 2026-08-21 -> 2025-03-06");

    const dates = await readJson(path.join(tree.paths.data, "source-dates.json"));
    const key = `github.com/acme/docs@${repo.head}:terms.md`;
    expect(dates.files[key]).toMatchObject({ date: "2025-03-06", last_change: repo.first, via: "clone" });

    const record = await readJson(path.join(tree.paths.providers, "acme-ai.json"));
    expect(record.ownership.country_hq.source_date).toBe("2025-03-06");
    expect(record.ownership.country_hq.note).toContain("(committed 2026-08-21; this file last changed 2025-03-06)");

    // --apply marks the record updated today, so the check runs on today's date.
    const after = await runCli(["--root", tree.root, "validate"]);
    expect(after.code).toBe(0);

    // A second run learns nothing and rewrites nothing.
    const text = await fs.readFile(path.join(tree.paths.data, "source-dates.json"), "utf8");
    const again = await runCli(["--root", tree.root, "source-dates", "--clones", clones, "--offline"]);
    expect(again.stdout).toContain("0 dated now, 1 already dated");
    expect(await fs.readFile(path.join(tree.paths.data, "source-dates.json"), "utf8")).toBe(text);
  });

  it("the validator refuses a typed date that differs from the computed one, naming record, field, both dates and file", async () => {
    const repo = await docsRepository();
    clones = repo.folder;
    tree = await makeTree([pinnedRecord(repo.head, "2025-03-06")]);
    await runCli(["--root", tree.root, "source-dates", "--clones", clones, "--offline"]);
    await tree.writeProvider("acme-ai", pinnedRecord(repo.head, "2026-08-21"));
    const result = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(result.code).toBe(1);
    const line = result.stderr.split("\n").find((text) => text.includes("repository-date-differs"));
    expect(line).toContain("data/providers/acme-ai.json (id acme-ai) $.ownership.country_hq.source_date");
    expect(line).toContain("2026-08-21 differs from 2025-03-06");
    expect(line).toContain("terms.md");
  });

  it("a history it cannot read is recorded as unresolved with the reason, the date becomes null, and a typed date is refused", async () => {
    tree = await makeTree([pinnedRecord("0".repeat(40), "2026-08-21")]);
    const run = await runCli(["--root", tree.root, "source-dates", "--offline", "--apply"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 unresolved");
    const dates = await readJson(path.join(tree.paths.data, "source-dates.json"));
    const entry = Object.values(dates.files)[0] as Record<string, unknown>;
    expect(entry.date).toBeNull();
    expect(entry.unresolved).toMatch(/--offline/);
    expect((await readJson(path.join(tree.paths.providers, "acme-ai.json"))).ownership.country_hq.source_date).toBeNull();
    await tree.writeProvider("acme-ai", pinnedRecord("0".repeat(40), "2026-08-21"));
    const refused = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(refused.stderr).toContain("repository-date-unreadable");
    // Unless the file states its own date and the Fact says that is where the date comes from.
    const stated = pinnedRecord("0".repeat(40), "2026-08-21") as { ownership: { country_hq: Record<string, unknown> } };
    stated.ownership.country_hq.source_date_basis = "stated_in_file";
    await tree.writeProvider("acme-ai", stated);
    const accepted = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(accepted.stderr).not.toContain("repository-date-unreadable");
    expect(accepted.code).toBe(0);
  });

  it("asks GitHub's commits API for what no clone holds, sends a token only to the API's host, and refuses loopback without --allow-private", async () => {
    const head = "a".repeat(40);
    const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      response.setHeader("content-type", "application/json");
      // The shape of GET /repos/{owner}/{repo}/commits?sha=&path=&per_page=1, trimmed to the members read.
      response.end(JSON.stringify([{ sha: "b".repeat(40), commit: { committer: { date: "2024-10-08T23:30:00Z" } } }]));
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([pinnedRecord(head, null)]);

    const refused = await runCli(["--root", tree.root, "source-dates", "--endpoint", `github=${origin}`], { GITHUB_TOKEN: "ghp_test0123456789" });
    expect(refused.stdout).toContain("1 unresolved");
    expect(seen).toHaveLength(0);

    const run = await runCli(["--root", tree.root, "source-dates", "--endpoint", `github=${origin}`, "--allow-private", "--apply"], { GITHUB_TOKEN: "ghp_test0123456789" });
    expect(run.code).toBe(0);
    expect(seen).toHaveLength(1);
    const asked = new URL(seen[0]!.url, origin);
    expect(asked.pathname).toBe("/repos/acme/docs/commits");
    expect(Object.fromEntries(asked.searchParams)).toEqual({ sha: head, path: "terms.md", per_page: "1" });
    expect(seen[0]!.headers.authorization).toBe("Bearer ghp_test0123456789");
    expect(run.stdout + run.stderr).not.toContain("ghp_test0123456789");
    const dates = await readJson(path.join(tree.paths.data, "source-dates.json"));
    expect(dates.files[`github.com/acme/docs@${head}:terms.md`]).toMatchObject({ date: "2024-10-08", via: "github-api" });
    expect((await readJson(path.join(tree.paths.providers, "acme-ai.json"))).ownership.country_hq.source_date).toBe("2024-10-08");
  });

  it("lists a repository URL that names a branch instead of a commit as not datable, and leaves its date alone", async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        ownership: { country_hq: confirmedFact("SE", { source_url: "https://raw.githubusercontent.com/acme/docs/main/terms.md", source_type: "provider_terms", source_date: "2026-01-02" }) },
      }),
    ]);
    const run = await runCli(["--root", tree.root, "source-dates", "--offline", "--apply"]);
    expect(run.stdout).toContain("not pinned to a commit, so not datable: acme-ai ownership.country_hq");
    expect((await readJson(path.join(tree.paths.providers, "acme-ai.json"))).ownership.country_hq.source_date).toBe("2026-01-02");
  });
});

describe("which source_url names a repository file", () => {
  it("sees a forge however the URL spells its host, and nothing in other URLs", async () => {
    const { repositoryFileOf } = await import("../scripts/schema/repositoryFile.js");
    const commit = "0123456789abcdef0123456789abcdef01234567";
    for (const host of ["github.com", "GitHub.COM", "%67ithub.com", "ｇｉｔｈｕｂ.com", "gi\tthub.com", "git\nhub.com"]) {
      expect(repositoryFileOf(`https://${host}/owner/repo/blob/${commit}/docs/a.md`), host).toEqual({ forge: "github.com", repository: "owner/repo", ref: commit, pinned: true, path: "docs/a.md" });
    }
    expect(repositoryFileOf(`https://raw.githubusercontent.com/owner/repo/${commit}/a.md`)?.pinned).toBe(true);
    expect(repositoryFileOf(`https://gitlab.com/group/sub/repo/-/blob/${commit}/a.md`)?.repository).toBe("group/sub/repo");
    for (const other of ["https://example.com/owner/repo/blob/main/a.md", "https://github.com/owner/repo/pull/1", "not a url"]) expect(repositoryFileOf(other)).toBeNull();
  });
});
