import { execFile, spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

const run = promisify(execFile);
let clone: string;

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-clone-"));
  clone = path.join(work, "checkout");
  // A fresh clone of the project as committed, with the installed packages (as `npm ci` would leave them).
  await run("git", ["clone", "--quiet", "--no-hardlinks", REPO_ROOT, clone]);
  await fs.symlink(path.join(REPO_ROOT, "node_modules"), path.join(clone, "node_modules"), "dir");
  // .gitignore's node_modules/ names a folder; the link standing in for it is left out as the folder would be.
  await fs.appendFile(path.join(clone, ".git", "info", "exclude"), "/node_modules\n");
});
afterAll(async () => {
  if (clone) await fs.rm(path.dirname(clone), { recursive: true, force: true });
});

/** `npm start` in the clone, on a free port: what it printed until it served, and its first answer. */
async function start(): Promise<{ out: string; status: number }> {
  const child = spawn(process.execPath, [path.join(clone, "bin", "evidence.js"), "serve", "--build-if-needed", "--port", "0"], { cwd: clone, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${out}`)), 120_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString("utf8");
        const served = /serving \S+ on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (served) {
          clearTimeout(timer);
          resolve(served[1]!);
        }
      };
      child.stdout.on("data", read);
      child.stderr.on("data", read);
      child.once("exit", (code) => reject(new Error(`npm start exited ${code}:\n${out}`)));
    });
    return { out, status: (await fetch(`${origin}/api/status`)).status };
  } finally {
    child.kill();
  }
}

const gitStatus = async () => (await run("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: clone })).stdout;

describe("a fresh clone: npm ci && npm start", () => {
  it("builds and serves, leaves git status clean, keeps no version, and says nothing about committing", async () => {
    const first = await start();
    expect(first.status).toBe(200);
    expect(first.out).toMatch(/^build: \d+ providers, review queue \d+; \d+ added, 0 changed, 0 removed, 0 unchanged; /m);
    expect(first.out).not.toMatch(/commit/i);
    expect(await gitStatus()).toBe("");
    await expect(fs.readdir(path.join(clone, "archive"))).rejects.toThrow();
  }, 180_000);

  it("a second npm start serves public/ without a build; a changed data file builds again", async () => {
    const second = await start();
    expect(second.status).toBe(200);
    expect(second.out).toContain("build: public/ is up to date with data/, scripts/ and archive/; serving it without a build\n");
    expect(second.out).not.toMatch(/^build: \d+ providers/m);
    expect(second.out).not.toMatch(/commit/i);
    // The same data in other bytes: a build, which finds nothing to write.
    const meta = path.join(clone, "data", "dataset.json");
    await fs.writeFile(meta, `${await fs.readFile(meta, "utf8")}\n`);
    const third = await start();
    expect(third.out).toMatch(/^build: \d+ providers, .* 0 files \(0\.0 KiB\) written; dataset version /m);
    expect(await gitStatus()).toBe(" M data/dataset.json\n");
  }, 240_000);
});
