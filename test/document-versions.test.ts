import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { confirmedFact, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
const folders: string[] = [];
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A repository laid out as Open Terms Archive lays out its versions: <service>/<document type>.md, one commit per recorded version. */
async function archive(): Promise<{ clones: string; versions: string; declarations: string; commits: Record<string, string> }> {
  const clones = await mkdtemp(path.join(os.tmpdir(), "ota-clones-"));
  const versions = path.join(clones, "OpenTermsArchive+acme-versions");
  await mkdir(versions);
  const declarations = await mkdtemp(path.join(os.tmpdir(), "ota-declarations-"));
  folders.push(clones, declarations);
  const git = (cwd: string, date: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=OTA-Bot", "-c", "user.email=bot@example.test", "-c", "commit.gpgsign=false", ...args], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, GIT_AUTHOR_DATE: `${date}T07:00:00Z`, GIT_COMMITTER_DATE: `${date}T07:00:00Z` },
    }).trim();
  git(versions, "2026-01-01", "init", "-q");
  await mkdir(path.join(versions, "Acme AI"));
  const commits: Record<string, string> = {};
  const record = async (date: string, file: string, text: string) => {
    await writeFile(path.join(versions, "Acme AI", file), text);
    git(versions, date, "add", ".");
    git(versions, date, "commit", "-q", "-m", `Record new changes of Acme AI ${file.replace(/\.md$/, "")}`);
    commits[`${file} ${date}`] = git(versions, date, "rev-parse", "HEAD");
  };
  await record("2026-09-01", "Terms of Service.md", "Terms of Service\n================\n\nData stays in Sweden.\n");
  await record("2026-09-02", "Privacy Policy.md", "Privacy Policy\n==============\n\nWe are Acme AB.\n");
  await record("2026-11-10", "Terms of Service.md", "Terms of Service\n================\n\nData stays in the EU.\n");
  git(declarations, "2026-01-01", "init", "-q");
  await mkdir(path.join(declarations, "declarations"));
  await writeFile(
    path.join(declarations, "declarations", "Acme AI.json"),
    JSON.stringify({ name: "Acme AI", terms: { "Terms of Service": { fetch: "https://acme.example/terms/", select: ["main"] }, "Privacy Policy": { fetch: "https://acme.example/privacy", select: ["main"] } } }),
  );
  await writeFile(path.join(declarations, "declarations", "Acme AI.history.json"), "{}");
  git(declarations, "2026-01-01", "add", ".");
  git(declarations, "2026-01-01", "commit", "-q", "-m", "Add Acme AI");
  return { clones, versions, declarations, commits };
}

describe("npm run document-versions", () => {
  it("queues every Fact whose cited document has a version newer than the one read, from a copy of an archive in Open Terms Archive's layout", async () => {
    const { clones, versions, declarations, commits } = await archive();
    const pinned = (file: string, commit: string) => `https://github.com/OpenTermsArchive/acme-versions/blob/${commit}/Acme%20AI/${encodeURIComponent(file)}`;
    const terms = (extra: Record<string, unknown>) => confirmedFact("one_country", { source_type: "provider_terms", source_date: null, ...extra });
    tree = await makeTree([
      minimalRecord("acme-ai", {
        // Read in the archive's first version of the terms: the archive has a newer one.
        sovereignty: { data_residency_guarantee: terms({ source_url: pinned("Terms of Service.md", commits["Terms of Service.md 2026-09-01"]!), verified_at: "2026-11-20" }) },
        // Read on the provider's own page before the archive's newest version: re-check.
        compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", source_url: "https://acme.example/terms", verified_at: "2026-11-01" }) },
        // Read on the provider's page after its newest version: nothing to do.
        ownership: { country_hq: confirmedFact("SE", { source_type: "privacy_policy", source_url: "https://acme.example/privacy", verified_at: "2026-11-05" }) },
      }),
      minimalRecord("other-ai"),
    ]);
    const result = await runCli(["--root", tree.root, "document-versions", "--from", versions, "--repository", "OpenTermsArchive/acme-versions", "--declarations", declarations]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("2 cited documents kept in data/document-versions.json; 2 Facts cite a document with a newer version");
    const kept = JSON.parse(await readFile(path.join(tree.paths.data, "document-versions.json"), "utf8"));
    expect(kept.archives[0].documents["Acme AI/Terms of Service.md"]).toEqual({
      fetch_url: "https://acme.example/terms",
      versions: [
        { date: "2026-11-10", commit: commits["Terms of Service.md 2026-11-10"] },
        { date: "2026-09-01", commit: commits["Terms of Service.md 2026-09-01"] },
      ],
    });

    // A pinned file is dated from the same copy, as the research workflow does.
    const dated = await runCli(["--root", tree.root, "source-dates", "--clones", clones, "--offline", "--apply"]);
    expect(dated.stdout).toContain("acme-ai sovereignty.data_residency_guarantee: null -> 2026-09-01");
    const validated = await runCli(["--root", tree.root, "validate"]);
    expect(validated.stderr).toBe("");
    await tree.build({ today: "2026-11-28" });
    const queue = JSON.parse(await tree.read("api/review-queue.json")) as Array<Record<string, unknown>>;
    const rechecks = queue.filter((entry) => entry.kind === "source_newer_version");
    expect(rechecks.map((entry) => entry.path).sort()).toEqual(["$.compliance.gdpr_dpa_available", "$.sovereignty.data_residency_guarantee"]);
    expect(rechecks[0]).toMatchObject({ provider: "acme-ai", observed_at: "2026-11-10", observed_value: pinned("Terms of Service.md", commits["Terms of Service.md 2026-11-10"]!) });
    expect(String(rechecks.find((entry) => entry.path === "$.compliance.gdpr_dpa_available")!.note)).toContain("newer than the verification (2026-11-01)");

    // Run again on the same copy: the same file, nothing more.
    const again = await runCli(["--root", tree.root, "document-versions", "--from", versions, "--repository", "OpenTermsArchive/acme-versions", "--declarations", declarations]);
    expect(again.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(tree.paths.data, "document-versions.json"), "utf8"))).toEqual(kept);
  });

  it("refuses a file that does not fit its schema, naming it, and a copy that is not a repository", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    await writeFile(path.join(tree.paths.data, "document-versions.json"), JSON.stringify({ archives: [{ repository: "not a repository" }] }));
    const built = await runCli(["--root", tree.root, "validate"]);
    expect(built.code).not.toBe(0);
    expect(built.stderr).toMatch(/data\/document-versions\.json \$\.archives\[0\]\.repository: must be owner\/name/);
    const empty = await mkdtemp(path.join(os.tmpdir(), "not-a-repo-"));
    folders.push(empty);
    const refused = await runCli(["--root", tree.root, "document-versions", "--from", empty, "--repository", "OpenTermsArchive/x"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("is not a git directory or a checkout");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
});
