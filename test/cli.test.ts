import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT, makeTree, minimalRecord, runCli, snapshot, type Tree } from "./helpers.js";

let tree: Tree;
afterEach(async () => tree?.cleanup());

describe("the command line", () => {
  it("the package's bin entry runs on plain Node (from the bundled command)", async () => {
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

  it("build exits 0, prints what it wrote, and a second build writes nothing", async () => {
    tree = await makeTree();
    const first = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("added    api/data/acme-ai/index.json");
    const second = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"]);
    expect(second.stdout).toMatch(/0 files \(0\.0 KiB\) written/);
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
});
