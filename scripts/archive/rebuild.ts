import { execFile, spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { runGit } from "../history/git.js";

const run = promisify(execFile);

/** What a commit's own build publishes: its dataset, and each provider file by id. */
export interface RebuiltDataset {
  dataset: Buffer;
  providerFiles: Map<string, Buffer>;
}

/** Rebuilds a commit's dataset; replaced in tests by one that needs no second checkout. */
export type Rebuild = (commit: string) => Promise<RebuiltDataset>;

/** Reads a built site's dataset and its provider files (public/api/data/index.json, public/api/data/<id>/index.json). */
export async function readBuiltDataset(publicDir: string): Promise<RebuiltDataset> {
  const dataset = await fs.readFile(path.join(publicDir, "api", "data", "index.json"));
  const providerFiles = new Map<string, Buffer>();
  const folder = path.join(publicDir, "api", "data");
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = await fs.readFile(path.join(folder, entry.name, "index.json")).catch(() => null);
    if (file) providerFiles.set(entry.name, file);
  }
  return { dataset, providerFiles };
}

/** Runs a command to its end, its output passed through to ours (npm's and the build's own messages). */
function runVisibly(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

/**
 * Builds a commit of the repository at `root` as it was: its files (git archive, so the repository's own checkout
 * and index are never touched) in a temporary folder, its own dependencies (the installed ones when its
 * package-lock.json is the same as the checkout's, else a fresh `npm ci`), its own build command; then reads what it
 * published. SOURCE_DATE_EPOCH is cleared: the publishing workflow builds without it.
 */
export function rebuildFromRepository(root: string, log: (line: string) => void = () => {}): Rebuild {
  return async (commit) => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-rebuild-"));
    try {
      const checkout = path.join(work, "checkout");
      await fs.mkdir(checkout);
      const tar = path.join(work, "commit.tar");
      await runGit(["archive", "--format=tar", `--output=${tar}`, commit], { git: "git", cwd: root });
      await run("tar", ["-xf", tar, "-C", checkout]);
      const [theirs, ours] = await Promise.all([
        runGit(["rev-parse", `${commit}:package-lock.json`], { git: "git", cwd: root }).then((out) => out.toString().trim(), () => "none"),
        runGit(["hash-object", "package-lock.json"], { git: "git", cwd: root }).then((out) => out.toString().trim(), () => "none"),
      ]);
      const env = { ...process.env };
      delete env.SOURCE_DATE_EPOCH;
      if (theirs === ours && theirs !== "none") await fs.symlink(path.join(root, "node_modules"), path.join(checkout, "node_modules"), "dir");
      else {
        log(`  ${commit.slice(0, 12)} has other dependencies than this checkout: npm ci`);
        await runVisibly("npm", ["ci", "--no-audit", "--no-fund"], checkout, env);
      }
      log(`  building ${commit.slice(0, 12)} again`);
      await runVisibly(process.execPath, [path.join(checkout, "bin", "evidence.js"), "build"], checkout, env);
      return await readBuiltDataset(path.join(checkout, "public"));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  };
}
