/**
 * The real dataset's cold build against its floor, both as whole processes on plain Node: the build as a
 * user runs it (`node bin/evidence.js build`, after deleting public/), the floor as floor.ts bundled to
 * JavaScript, so that neither pays for a TypeScript loader the other does not. The build runs in a clone of
 * the project (HEAD's data/ with its full history, for the change feed), never in the project's own public/.
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

export async function benchRealDataset(root: string, pairs: number): Promise<RealDatasetPairs> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-real-"));
  try {
    const project = path.join(work, "project");
    await run("git", ["clone", "--quiet", root, project]);
    const floorScript = path.join(work, "floor.mjs");
    await bundle({ entryPoints: [path.join(root, "tools", "bench", "floor.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: floorScript, logLevel: "silent" });
    const build = [path.join(root, "bin", "evidence.js"), "--root", project, "build"];
    const publicDir = path.join(project, "public");
    const built = path.join(work, "built");
    const floorOut = path.join(work, "floor");
    // One build untimed: it makes the CLI's bundle if that is not current, and the bytes the floor writes.
    await processMs(build, root);
    await fs.cp(publicDir, built, { recursive: true });

    const buildMs: number[] = [];
    const floorMs: number[] = [];
    const buildCold = async () => {
      await fs.rm(publicDir, { recursive: true, force: true });
      buildMs.push(await processMs(build, root));
    };
    const floor = async () => {
      await fs.rm(floorOut, { recursive: true, force: true });
      floorMs.push(await processMs([floorScript, built, floorOut], root));
    };
    await alternatePairs(pairs, buildCold, floor);
    const providers = (await fs.readdir(path.join(project, "data", "providers"))).filter((name) => name.endsWith(".json")).length;
    return { providers, files: await countFiles(built), buildMs, floorMs };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
