import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffSeeds } from "../scripts/factDiff/diff.js";
import { cellText, diffMarkdown } from "../scripts/factDiff/markdown.js";
import { seedsAtRef } from "../scripts/factDiff/read.js";
import { REPO_ROOT, confirmedFact, gitAsTestUser, minimalRecord, runCli } from "./helpers.js";

const run = promisify(execFile);
const WORKFLOW = path.join(REPO_ROOT, ".github", "workflows", "pull-request.yml");

/** A temporary repository with two commits of data/providers/: the base, and a pull request's change of it. */
let repo: string;
const write = (id: string, record: unknown) => fs.writeFile(path.join(repo, "data", "providers", `${id}.json`), typeof record === "string" ? record : `${JSON.stringify(record, null, 2)}\n`);

const BASE = {
  acme: minimalRecord("acme-ai", {
    compliance: {
      gdpr_dpa_available: { value: true, status: "claimed", source_url: "https://acme.example/trust", source_type: "provider_site", source_date: null, verified_at: "2026-10-01", verified_by: "manual" },
      data_used_for_training: confirmedFact("never", { source_type: "provider_terms" }),
    },
    ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", note: "Imprint." }) },
  }),
  gone: minimalRecord("gone-ai", { name: "Gone AI" }),
};

beforeAll(async () => {
  repo = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-diff-"));
  await fs.mkdir(path.join(repo, "data", "providers"), { recursive: true });
  await gitAsTestUser(repo, ["init", "-q"]);
  await write("acme-ai", BASE.acme);
  await write("gone-ai", BASE.gone);
  await gitAsTestUser(repo, ["add", "-A"]);
  await gitAsTestUser(repo, ["commit", "-q", "-m", "base"]);
  // The proposed change: the DPA now from the signed DPA, with its words; training no longer said; a new Fact;
  // a note reworded; a provider removed, one added, and one whose file is not JSON.
  await write(
    "acme-ai",
    minimalRecord("acme-ai", {
      name: "Acme AI AB",
      compliance: {
        gdpr_dpa_available: confirmedFact(false, {
          source_url: "https://acme.example/dpa.pdf",
          source_type: "provider_terms",
          source_date: "2026-02",
          verified_at: "2026-11-28",
          quote: "We do not offer a DPA | <script>alert(1)</script> [click](javascript:alert(1))",
          locator: "§ 4",
        }),
      },
      ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", note: "Imprint, page 2." }), org_number: confirmedFact("556000-0000", { source_type: "company_register" }) },
    }),
  );
  await fs.rm(path.join(repo, "data", "providers", "gone-ai.json"));
  await write("new-ai", minimalRecord("new-ai", { name: "New AI" }));
  await write("broken-ai", "{ not json");
  await gitAsTestUser(repo, ["add", "-A"]);
  await gitAsTestUser(repo, ["commit", "-q", "-m", "the change"], "2026-11-28T10:00:00Z");
});
afterAll(async () => fs.rm(repo, { recursive: true, force: true }));

describe("the Fact-by-Fact difference of a data change", () => {
  it("lists each provider added, removed, changed or unreadable, and each changed aspect of each Fact", async () => {
    const changes = diffSeeds(await seedsAtRef(repo, "HEAD^1"), await seedsAtRef(repo, "HEAD"));
    expect(changes.map((change) => [change.id, change.kind])).toEqual([
      ["acme-ai", "changed"],
      ["broken-ai", "unreadable"],
      ["gone-ai", "removed"],
      ["new-ai", "added"],
    ]);
    const acme = changes[0]!;
    if (acme.kind !== "changed") throw new Error("acme-ai changed");
    expect(acme.facts.map((fact) => [fact.path, fact.kind, fact.aspects, fact.others])).toEqual([
      ["$.name", "changed", ["value"], []],
      ["$.compliance.gdpr_dpa_available", "changed", ["value", "status", "source", "source date", "verified", "quote"], []],
      ["$.ownership.country_hq", "changed", [], ["note"]],
      ["$.ownership.org_number", "added", [], []],
      ["$.compliance.data_used_for_training", "removed", [], []],
    ]);
  });

  it("writes it as Markdown a reviewer reads: before and after per aspect, the data escaped", async () => {
    const markdown = diffMarkdown(diffSeeds(await seedsAtRef(repo, "HEAD^1"), await seedsAtRef(repo, "HEAD")), { base: "base", head: "head" });
    expect(markdown).toContain("1 provider changed, 1 added, 1 removed; ");
    expect(markdown).toContain("#### acme-ai (Acme AI AB): changed");
    expect(markdown).toContain("| `$.compliance.gdpr_dpa_available` | value | true | false |");
    expect(markdown).toContain("|  | status | claimed | confirmed |");
    expect(markdown).toContain("|  | source | https://acme.example/trust (provider\\_site) | https://acme.example/dpa.pdf (provider\\_terms) |");
    expect(markdown).toContain("|  | source date | undated | February 2026 |");
    expect(markdown).toContain("|  | verified | 2026-10-01 | 2026-11-28 |");
    expect(markdown).toContain("|  | quote | — | “We do not offer a DPA \\| &lt;script&gt;alert\\(1\\)&lt;/script&gt; \\[click\\]\\(javascript:alert\\(1\\)\\)” (§ 4) |");
    expect(markdown).toContain("| `$.ownership.country_hq` | also | note changed | |");
    expect(markdown).toMatch(/\| `\$\.compliance\.data_used_for_training` \| removed \| never · confirmed · https:\/\/acme\.example\/page \(provider\\_terms\) · source date 2026-10-15 · verified 2026-11-01 \| \|/);
    expect(markdown).toContain("#### broken-ai (broken-ai): unreadable");
    expect(markdown).toContain("The proposed file could not be read: not valid JSON.");
    expect(markdown).toContain("#### gone-ai (Gone AI): removed");
    expect(markdown).toContain("#### new-ai (New AI): added");
    // No raw HTML and no link from the data, and every table row has its four cells.
    expect(markdown).not.toMatch(/<script|\]\(javascript/);
    for (const line of markdown.split("\n").filter((text) => text.startsWith("| "))) expect(line.split(/(?<!\\)\|/).length, line).toBe(6);
  });

  it("escapes what would be Markdown or HTML, and bounds a long text", () => {
    expect(cellText("a|b <i>c</i> *d* [e](f) ![g](h) `i`")).toBe("a\\|b &lt;i&gt;c&lt;/i&gt; \\*d\\* \\[e\\]\\(f\\) \\!\\[g\\]\\(h\\) \\`i\\`");
    expect(cellText("x".repeat(500), 10)).toBe(`${"x".repeat(9)}…`);
    expect(cellText("two\nlines")).toBe("two lines");
  });

  it("says so when no seed file changes", async () => {
    const markdown = diffMarkdown(diffSeeds(await seedsAtRef(repo, "HEAD^1"), await seedsAtRef(repo, "HEAD^1")), { base: "a", head: "b" });
    expect(markdown).toContain("No provider's seed file changes.");
  });
});

describe("npm run diff-facts", () => {
  it("prints the difference, appends it to a summary file, and compares with the files on disk when no head is given", async () => {
    const summary = path.join(repo, "summary.md");
    await fs.writeFile(summary, "earlier step\n");
    const result = await runCli(["diff-facts", "--root", repo, "--base", "HEAD^1", "--head", "HEAD", "--summary-file", summary]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^### Data changes, Fact by Fact\n\nFrom HEAD\^1 \\\([0-9a-f]{12}\\\) to HEAD \\\([0-9a-f]{12}\\\):/);
    expect(await fs.readFile(summary, "utf8")).toBe(`earlier step\n${result.stdout}`);
    // An uncommitted edit: what a contributor is about to propose.
    await write("new-ai", minimalRecord("new-ai", { name: "New AI", website: "https://new.example" }));
    try {
      const working = await runCli(["diff-facts", "--root", repo, "--base", "HEAD"]);
      expect(working.code).toBe(0);
      expect(working.stdout).toContain("to the files in data/providers/ now: 1 provider changed, 0 added, 0 removed; 1 Fact or field");
      expect(working.stdout).toContain("| `$.website` | value | https://acme.example | https://new.example |");
    } finally {
      await gitAsTestUser(repo, ["checkout", "-q", "--", "data/providers/new-ai.json"]);
    }
  });

  it("refuses a ref it cannot find, or one that looks like an option, in one line with exit code 2", async () => {
    for (const ref of ["no-such-branch", "--output=/tmp/x"]) {
      const result = await runCli(["diff-facts", "--root", repo, `--base=${ref}`]);
      expect(result.code, ref).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/^diff-facts: /);
    }
  });
});

describe("the pull-request workflow", () => {
  let workflow: string;
  beforeAll(async () => {
    workflow = await fs.readFile(WORKFLOW, "utf8");
  });

  it("runs pull requests' code without secrets: the pull_request trigger, a read-only token, no kept credentials", () => {
    expect(workflow).toMatch(/^on:\n {2}pull_request:\n/m);
    expect(workflow).not.toMatch(/^\s*pull_request_target/m);
    expect(workflow).toMatch(/^permissions:\n {2}contents: read\n\n/m);
    expect(workflow).not.toMatch(/secrets\./);
    expect(workflow).toContain("persist-credentials: false");
    expect(workflow).toMatch(/run: npm run validate$/m);
  });

  it("writes the fixture change's difference as the check's summary, with the step's own command", async () => {
    const step = /run: (npm run --silent diff-facts -- .*)$/m.exec(workflow)?.[1];
    expect(step).toBe('npm run --silent diff-facts -- --base HEAD^1 --summary-file "$GITHUB_STEP_SUMMARY"');
    // The same command line, run by the shell in the repository the way the runner does (npm run's prefix
    // replaced by the command it names, pointed at the fixture's repository).
    const command = step!.replace("npm run --silent diff-facts --", `"${process.execPath}" "${path.join(REPO_ROOT, "bin", "evidence.js")}" diff-facts --root "${repo}"`);
    const summary = path.join(repo, "step-summary.md");
    await run("bash", ["-c", command], { cwd: repo, env: { ...process.env, GITHUB_STEP_SUMMARY: summary } });
    const written = await fs.readFile(summary, "utf8");
    expect(written).toContain("| `$.compliance.gdpr_dpa_available` | value | true | false |");
    expect(written).toContain("#### new-ai (New AI): added");
  });
});
