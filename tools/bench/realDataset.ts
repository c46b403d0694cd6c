/**
 * The real dataset's cold build against its floor, both as whole processes on plain Node: the build as a
 * user runs it (`node bin/evidence.js build` in a fresh clone of the project, HEAD's data/ with its full
 * history for the change feed, and no public/ yet), the floor as floor.ts bundled to JavaScript, so that
 * neither pays for a TypeScript loader the other does not.
 */
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build as bundle } from "esbuild";
import { alternatePairs, timedNode } from "./pairs.js";

const run = promisify(execFile);

export interface RealDatasetPairs {
  providers: number;
  files: number;
  /** Wall times of whole processes, in the order run. */
  buildMs: number[];
  floorMs: number[];
}

const processMs = async (args: string[], cwd: string) => (await timedNode(args, cwd)).wallMs;

async function countFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) count += entry.isDirectory() ? await countFiles(path.join(dir, entry.name)) : 1;
  return count;
}

/**
 * Before the timed runs, so that the deletions made before them (the earlier sizes' folders, the clones'
 * set-up) are older than the window in which ext4 without a journal avoids reusing freed inodes (5 s, 10 s
 * while their blocks are unwritten): creating files inside that window cost up to 30 times as much here.
 */
const SETTLE_MS = Number(process.env.BENCH_REAL_SETTLE_MS ?? 11_000);

export async function benchRealDataset(root: string, pairs: number): Promise<RealDatasetPairs> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-real-"));
  try {
    const template = path.join(work, "template");
    await run("git", ["clone", "--quiet", root, template]);
    const floorScript = path.join(work, "floor.mjs");
    await bundle({ entryPoints: [path.join(root, "tools", "bench", "floor.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: floorScript, logLevel: "silent" });
    const buildIn = (project: string) => [path.join(root, "bin", "evidence.js"), "--root", project, "build"];
    const built = path.join(work, "built");
    // One build untimed: it makes the bytes the floor writes.
    await processMs(buildIn(template), root);
    await fs.cp(path.join(template, "public"), built, { recursive: true });

    // Every timed run writes where nothing was ever deleted, as a cold build of a fresh checkout does: each build
    // into a clone of its own with no public/ yet, each floor into a new folder. Deleting the last run's output
    // just before the next run put the cost of that deletion on whichever side came next.
    const projects: string[] = [];
    for (let index = 0; index < pairs; index += 1) {
      projects.push(path.join(work, `project-${index}`));
      await run("git", ["clone", "--quiet", root, projects[index]!]);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    const buildMs: number[] = [];
    const floorMs: number[] = [];
    const buildCold = async () => {
      buildMs.push(await processMs(buildIn(projects[buildMs.length]!), root));
    };
    const floor = async () => {
      floorMs.push(await processMs([floorScript, built, path.join(work, `floor-${floorMs.length}`)], root));
    };
    await alternatePairs(pairs, buildCold, floor);
    const providers = (await fs.readdir(path.join(template, "data", "providers"))).filter((name) => name.endsWith(".json")).length;
    return { providers, files: await countFiles(built), buildMs, floorMs };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
