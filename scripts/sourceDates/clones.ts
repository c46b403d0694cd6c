import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { RepositoryFile } from "../schema/index.js";

const run = promisify(execFile);

export type Resolution = { date: string; lastChange: string } | { unresolved: string };

/** The UTC day of a commit time given in seconds since the epoch; null for a time no calendar holds. */
export function utcDay(seconds: number): string | null {
  const time = new Date(seconds * 1000);
  return Number.isNaN(time.getTime()) || time.getUTCFullYear() > 9999 ? null : time.toISOString().slice(0, 10);
}

async function isGitDir(dir: string): Promise<boolean> {
  try {
    await run("git", ["-C", dir, "rev-parse", "--git-dir"], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** A folder's entries, lower-cased name → real name, so owner/repository match whatever case they were cloned in. */
async function entriesOf(dir: string): Promise<Map<string, string>> {
  try {
    return new Map((await fs.readdir(dir)).map((name) => [name.toLowerCase(), name]));
  } catch {
    return new Map();
  }
}

/**
 * Finds the clone of a repository in a folder of clones, in the layouts people use: <owner>+<repo>,
 * <owner>/<repo>, <repo>, each as a working tree, a bare repository, or with a repo/ or .git inside.
 */
export async function findClone(folder: string, repository: string): Promise<string | null> {
  const [owner, ...rest] = repository.split("/");
  const name = rest.join("/");
  const top = await entriesOf(folder);
  const candidates: string[] = [];
  const add = (base: string | undefined) => {
    if (!base) return;
    candidates.push(base, path.join(base, "repo"), path.join(base, ".git"));
  };
  for (const spelling of [`${owner}+${name.replace(/\//g, "+")}`, `${owner}__${name}`, name.split("/").at(-1)!, `${name.split("/").at(-1)}.git`]) {
    const found = top.get(spelling.toLowerCase());
    if (found) add(path.join(folder, found));
  }
  const ownerDir = top.get(owner!.toLowerCase());
  if (ownerDir) {
    const inner = await entriesOf(path.join(folder, ownerDir));
    for (const spelling of [name, `${name}.git`]) {
      const found = inner.get(spelling.toLowerCase());
      if (found) add(path.join(folder, ownerDir, found));
    }
  }
  for (const candidate of candidates) {
    try {
      await fs.access(candidate);
    } catch {
      continue;
    }
    if (await isGitDir(candidate)) return candidate;
  }
  return null;
}

/**
 * The last commit that changed the file at or before the pinned commit, read from a clone: what
 * `git log -1 <commit> -- <path>` answers, dated by its committer time in UTC.
 */
export async function resolveInClone(gitDir: string, file: RepositoryFile): Promise<Resolution> {
  try {
    await run("git", ["-C", gitDir, "cat-file", "-e", `${file.ref}^{commit}`], { timeout: 30_000 });
  } catch {
    return { unresolved: `commit ${file.ref.slice(0, 12)} is not in the clone` };
  }
  let output: string;
  try {
    ({ stdout: output } = await run("git", ["-C", gitDir, "log", "-1", "--format=%H %ct", file.ref, "--", file.path], { timeout: 120_000, maxBuffer: 1024 * 1024 }));
  } catch {
    return { unresolved: "git log failed in the clone" };
  }
  const match = /^([0-9a-f]{40}) (\d+)$/.exec(output.trim());
  if (!match) return { unresolved: `${file.path} has no history at commit ${file.ref.slice(0, 12)} (not in the repository at that commit)` };
  const date = utcDay(Number(match[2]));
  return date ? { date, lastChange: match[1]! } : { unresolved: `the commit time of ${match[1]!.slice(0, 12)} is not a date` };
}
