import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { readHistory } from "../scripts/history/readHistory.js";
import { changesDocument } from "../scripts/site/api/changes.js";
import { BASE_URL, REPO_ROOT, TODAY, confirmedFact, makeTree, minimalRecord, runCli, snapshot, type Tree } from "./helpers.js";

let tree: Tree;
afterEach(async () => tree?.cleanup());

describe("the command line", () => {
  it("the package's bin entry runs on plain Node", async () => {
    tree = await makeTree();
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(REPO_ROOT, "bin", "evidence.js"), ...args], { cwd: tree.root });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
        child.on("exit", (code) => resolve({ code, out }));
      });
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("Usage: evidence");
    const validate = await run(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(validate.code).toBe(0);
    expect(validate.out).toContain("validate: 1 providers valid");
  });

  it("build exits 0 and says what it wrote in one line (every file with --verbose), and a second build writes nothing", async () => {
    tree = await makeTree();
    const first = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"]);
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split("\n")).toEqual([expect.stringMatching(/^build: 1 providers, review queue 0; \d+ added, 0 changed, 0 removed, 0 unchanged; \d+ files \([\d.]+ KiB\) written \(--verbose lists them\); dataset version \d{4}-\d{2}-\d{2}\.[0-9a-f]{12}$/)]);
    const second = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"]);
    expect(second.stdout.trim().split("\n")).toEqual([expect.stringMatching(/0 files \(0\.0 KiB\) written; dataset version /)]);
    await tree.writeProvider("beta-ai", minimalRecord("beta-ai"));
    const third = await runCli(["--root", tree.root, "build", "--today", "2026-11-22", "--verbose"]);
    expect(third.stdout).toContain("  added    api/data/beta-ai/index.json\n");
    expect(third.stdout).toContain("  changed  api/data/index.json\n");
    expect(third.stdout).not.toMatch(/\.(gz|br)\n/);
  });

  it("validate and build exit 1 on bad data, list every problem, and leave public/ as it was", async () => {
    tree = await makeTree();
    await runCli(["--root", tree.root, "build", "--today", "2026-11-22"]);
    const before = await snapshot(tree.paths.publicDir);
    await tree.writeProvider("bad-ai", minimalRecord("bad-ai", { website: "javascript:x", category: "eu" }));
    for (const command of ["validate", "build"]) {
      const result = await runCli(["--root", tree.root, command, "--today", "2026-11-22"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("data/providers/bad-ai.json (id bad-ai) $.website: must be an absolute http(s) URL");
      expect(result.stderr).toContain("$.category");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(await snapshot(tree.paths.publicDir)).toEqual(before);
  });

  it("exits 2 on a usage error", async () => {
    const result = await runCli(["build", "--no-such-option"]);
    expect(result.code).toBe(2);
    const badDate = await runCli(["validate", "--today", "yesterday"]);
    expect(badDate.code).toBe(2);
  });

  it("serve builds when needed, prints its URLs, answers, and stops cleanly on SIGINT", async () => {
    tree = await makeTree();
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "bin", "evidence.js"), "--root", tree.root, "serve", "--build-if-needed", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const origin = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /serving .* on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match && output.includes("press Ctrl-C")) resolve(match[1]!);
      });
      child.once("exit", () => reject(new Error(`server exited: ${output}`)));
    });
    expect(output).toContain("/api/data/{id}");
    // The first build's files are not listed before the address (a real first build adds hundreds).
    expect(output).not.toContain("added ");
    const response = await fetch(`${origin}/api/data/acme-ai`);
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});

describe("npm start when the port is taken", () => {
  it("says so and suggests PORT= before building anything", async () => {
    const net = await import("node:net");
    const { promises: fs } = await import("node:fs");
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as import("node:net").AddressInfo).port;
    const local = await makeTree();
    try {
      const result = await runCli(["--root", local.root, "serve", "--build-if-needed", "--port", String(port), "--host", "127.0.0.1"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(result.stderr).toContain(`PORT=${port + 1} npm start`);
      // Nothing was built: a GitHub Pages build in public/ would have been replaced.
      await expect(fs.access(local.paths.publicDir)).rejects.toThrow();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      await local.cleanup();
    }
  });

  it("build publishes the change feed of the history of data/, the same as reading the history in this process", async () => {
    tree = await makeTree([minimalRecord("acme-ai"), minimalRecord("beta-cloud")]);
    const git = (args: string[], date: string) =>
      promisify(execFile)("git", ["-c", "user.name=Test", "-c", "user.email=test@example.test", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null", "-c", "init.defaultBranch=main", ...args], {
        cwd: tree.root,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    await git(["init", "-q"], "2026-11-01T10:00:00Z");
    await git(["add", "-A"], "2026-11-01T10:00:00Z");
    await git(["commit", "-q", "-m", "first"], "2026-11-01T10:00:00Z");
    await tree.writeProvider("acme-ai", minimalRecord("acme-ai", { pricing: { currency: confirmedFact("SEK") } }));
    await git(["commit", "-q", "-am", "acme's currency"], "2026-11-02T10:00:00Z");

    const result = await runCli(["--root", tree.root, "build", "--today", TODAY, "--base-url", BASE_URL]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const published = JSON.parse(await tree.read("api/changes.json")) as { generated_at: string; entries: Array<{ provider_id: string; path: string; kind: string; dataset_version: string }> };
    const { dataset_version: current } = JSON.parse(await tree.read("api/status.json")) as { dataset_version: string };
    // No version is kept: every change is first published by the version this build publishes.
    expect(published.entries.slice(0, 1)).toEqual([expect.objectContaining({ provider_id: "acme-ai", path: "$.pricing.currency", kind: "fact_added", dataset_version: current })]);
    expect(published).toEqual(changesDocument(await readHistory(tree.root), { generatedAt: published.generated_at, versions: { ofCommit: () => undefined, current } }));
  });
});
