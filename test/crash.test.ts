import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nextDir, previousDir } from "../scripts/publish/folders.js";
import { recoverInterruptedSwap } from "../scripts/publish/swap.js";
import { REPO_ROOT, makeTree, minimalRecord, runsOf, snapshot, type Tree } from "./helpers.js";

const CLI = path.join(REPO_ROOT, "bin", "evidence.js");
/** Enough providers that a build takes a while to kill (the kills are spread over its measured duration). */
const PROVIDERS = runsOf(300, 100);
/** CRASH_KILLS and CONCURRENT_ROUNDS set the counts for a long run; `npm test` kills a few, `npm run test:scale` 20. */
const KILLS = Number(process.env.CRASH_KILLS ?? runsOf(20, 3));
const ROUNDS = Number(process.env.CONCURRENT_ROUNDS ?? runsOf(4, 1));

let tree: Tree;
afterAll(async () => tree?.cleanup());

async function writeGeneration(label: string) {
  for (let i = 0; i < PROVIDERS; i += 1) {
    const id = `provider-${String(i).padStart(4, "0")}`;
    await tree.writeProvider(id, minimalRecord(id, { name: `Provider ${i} (${label})`, category_note: `${label} `.repeat(40) }));
  }
}

/** The package's command, as npm run build starts it; SIGKILL stops the build itself. */
function buildProcess() {
  return spawn(process.execPath, [CLI, "--root", tree.root, "build", "--today", "2026-11-22"], { stdio: "ignore", cwd: REPO_ROOT });
}

async function completeBuild(): Promise<void> {
  await new Promise<void>((resolve, reject) => buildProcess().once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`)))));
}

const exists = (file: string) => fs.lstat(file).then(() => true, () => false);

const key = (files: Map<string, string>) => JSON.stringify([...files.entries()].sort());

describe("a build killed with SIGKILL", () => {
  it(`leaves public/ as the complete old or the complete new output, ${KILLS} times, and the next build cleans up`, async () => {
    tree = await makeTree([]);
    await writeGeneration("A");
    await completeBuild();
    const outputA = key(await snapshot(tree.paths.publicDir));
    await writeGeneration("B");
    const started = performance.now();
    await completeBuild();
    // How long a build that changes every provider takes on this machine, now: the kills are spread over it.
    const buildMs = performance.now() - started;
    const outputB = key(await snapshot(tree.paths.publicDir));
    expect(outputA).not.toBe(outputB);

    const seen = { old: 0, new: 0, betweenRenames: 0 };
    let current = "B";
    for (let round = 0; round < KILLS; round += 1) {
      const next = current === "A" ? "B" : "A";
      await writeGeneration(next);
      const child = buildProcess();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // Spread the kills over start-up, validation, writing and the swap, and past its end: a build after a
      // killed one first clears what that one left, so it takes longer than the build timed above.
      const delay = Math.floor(Math.random() * buildMs * 2);
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited;
      // Killed between the two renames of the swap, public/ is briefly absent (never mixed) and the
      // complete previous output waits beside it; the next build or server start puts it back.
      if (!(await exists(tree.paths.publicDir))) {
        expect([outputA, outputB]).toContain(key(await snapshot(previousDir(tree.paths.publicDir))));
        seen.betweenRenames += 1;
        await recoverInterruptedSwap(tree.paths.publicDir);
      }
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
    expect((await fs.lstat(tree.paths.publicDir)).isDirectory()).toBe(true);
    expect(await exists(nextDir(tree.paths.publicDir))).toBe(false);
    expect(await exists(previousDir(tree.paths.publicDir))).toBe(false);
    // Nothing a killed build left beside public/ survives the next build; the stamp of what public/ was built from stays.
    expect((await fs.readdir(tree.root)).filter((name) => name.startsWith(".public") && name !== ".public.stamp")).toEqual([]);
    console.log(`crash test: ${KILLS} kills within ${Math.round(2 * buildMs)} ms of the start, public/ was the old output ${seen.old} times and the new output ${seen.new} times (killed between the renames ${seen.betweenRenames} times)`);
  }, 60_000 + KILLS * 12_000);

  it(`runs builds started together one at a time: ${ROUNDS} rounds of three leave public/ complete and valid`, async () => {
    tree ??= await makeTree([]);
    const outputs = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      await writeGeneration(`R${round}`);
      const codes = await Promise.all([0, 1, 2].map(() => new Promise<number | null>((resolve) => buildProcess().once("exit", resolve))));
      expect(codes).toEqual([0, 0, 0]);
      const files = await snapshot(tree.paths.publicDir);
      // Complete: every provider's JSON and page, the dataset holding all of them, and the status.
      expect([...files.keys()].filter((file) => /^api\/data\/provider-\d+\/index\.json$/.test(file))).toHaveLength(PROVIDERS);
      const dataset = JSON.parse(Buffer.from(files.get("api/data/index.json")!, "base64").toString("utf8"));
      expect(dataset.providers).toHaveLength(PROVIDERS);
      expect(dataset.providers[0].name).toContain(`(R${round})`);
      expect(await exists(`${tree.root}/.public.lock`)).toBe(false);
      outputs.add(key(files));
    }
    expect(outputs.size).toBe(ROUNDS);
    console.log(`concurrent builds: ${ROUNDS} rounds of 3 builds, public/ complete after every round`);
  }, 60_000 + ROUNDS * 20_000);
});
