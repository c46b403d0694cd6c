import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

const CLI = path.join(REPO_ROOT, "scripts", "cli.ts");
const PROVIDERS = 300;
const KILLS = 20;

let tree: Tree;
afterAll(async () => tree?.cleanup());

async function writeGeneration(label: string) {
  for (let i = 0; i < PROVIDERS; i += 1) {
    const id = `provider-${String(i).padStart(4, "0")}`;
    await tree.writeProvider(id, minimalRecord(id, { name: `Provider ${i} (${label})`, category_note: `${label} `.repeat(40) }));
  }
}

/** One process (node with tsx's loader), so SIGKILL stops the build itself and leaves no orphan. */
function buildProcess() {
  return spawn(process.execPath, ["--import", "tsx", CLI, "--root", tree.root, "build", "--today", "2026-11-22"], { stdio: "ignore", cwd: REPO_ROOT });
}

async function completeBuild(): Promise<void> {
  await new Promise<void>((resolve, reject) => buildProcess().once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`)))));
}

const key = (files: Map<string, string>) => JSON.stringify([...files.entries()].sort());

describe("a build killed with SIGKILL", () => {
  it(`leaves public/ as the complete old or the complete new output, ${KILLS} times, and the next build cleans up`, async () => {
    tree = await makeTree([]);
    await writeGeneration("A");
    await completeBuild();
    const outputA = key(await snapshot(tree.paths.publicDir));
    await writeGeneration("B");
    await completeBuild();
    const outputB = key(await snapshot(tree.paths.publicDir));
    expect(outputA).not.toBe(outputB);

    const seen = { old: 0, new: 0 };
    let current = "B";
    for (let round = 0; round < KILLS; round += 1) {
      const next = current === "A" ? "B" : "A";
      await writeGeneration(next);
      const child = buildProcess();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Spread the kills over start-up, validation, writing and the swap.
      const delay = 300 + Math.floor(Math.random() * 2200);
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited;
      const now = key(await snapshot(tree.paths.publicDir));
      expect([outputA, outputB]).toContain(now);
      if (now === (next === "A" ? outputA : outputB)) {
        seen.new += 1;
        current = next;
      } else {
        seen.old += 1;
      }
    }
    // The next build completes and removes whatever the killed ones left behind.
    await completeBuild();
    const leftovers = (await fs.readdir(tree.paths.generations)).filter((name) => name !== "build-cache.json");
    expect(leftovers).toHaveLength(1);
    expect(path.resolve(tree.paths.generations, leftovers[0]!)).toBe(await fs.realpath(tree.paths.publicDir));
    await expect(fs.lstat(`${tree.paths.publicDir}.next-link`)).rejects.toThrow();
    console.log(`crash test: ${KILLS} kills, public/ was the old output ${seen.old} times and the new output ${seen.new} times`);
  }, 240_000);
});
