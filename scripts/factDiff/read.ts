import { promises as fs } from "node:fs";
import path from "node:path";
import { LIMITS } from "../config.js";
import { parseJsonObject, readBlobs, type Parsed } from "../history/blobs.js";
import { GitError, runGit } from "../history/git.js";

/** The seed files a pull request changes, relative to the project folder. */
export const SEED_FOLDER = "data/providers";
const SEED_FILE = /^data\/providers\/([^/]+)\.json$/;

/** The seed files at one state of the data: provider id (file name) → the parsed record, or why it could not be read. */
export type Seeds = Map<string, Parsed>;

/** A ref that cannot be read, said in one line (never a stack trace). */
export class RefError extends Error {}

const TOO_LARGE: Parsed = { ok: false, reason: `larger than ${LIMITS.maxFileBytes / 1024 / 1024} MB` };

/**
 * The seed files as they stand at a commit (a branch, a tag, a commit id, HEAD^1), read with git alone: the
 * checkout is never changed, and nothing from the data reaches a shell.
 */
export async function seedsAtRef(root: string, ref: string, git = "git"): Promise<Seeds> {
  // A ref is an argument, never an option: "--output=…" or "-x" is refused before git sees it.
  if (!/^[^\s-][^\s]*$/.test(ref) || ref.length > 256) throw new RefError(`"${ref.slice(0, 80)}" is not a git ref (a branch, tag or commit)`);
  const call = { git, cwd: root };
  let commit: string;
  try {
    commit = (await runGit(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], call)).toString("utf8").trim();
  } catch (error) {
    if (error instanceof GitError && error.missing) throw new RefError("git is not installed (or not on PATH)");
    throw new RefError(`no commit "${ref}" in the repository at ${root} (fetch it first: a shallow clone may lack it)`);
  }
  const listing = await runGit(["ls-tree", "-l", "-z", commit, "--", `${SEED_FOLDER}/`], { ...call, maxBuffer: 64 * 1024 * 1024 });
  const files: Array<{ id: string; blob: string; size: number }> = [];
  for (const entry of listing.toString("utf8").split("\0")) {
    const tab = entry.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, blob, size] = entry.slice(0, tab).trim().split(/\s+/);
    const match = SEED_FILE.exec(entry.slice(tab + 1));
    // Regular files only, as the loader reads them: a symbolic link's blob is its target, not data.
    if (!match || type !== "blob" || mode === "120000" || !blob) continue;
    files.push({ id: match[1]!, blob, size: Number(size) });
  }
  const readable = new Map(files.filter((file) => file.size <= LIMITS.maxFileBytes).map((file) => [file.blob, file.size]));
  const contents = await readBlobs(readable, call);
  const seeds: Seeds = new Map();
  for (const file of files) {
    const bytes = contents.get(file.blob);
    seeds.set(file.id, file.size > LIMITS.maxFileBytes ? TOO_LARGE : bytes ? parseJsonObject(bytes) : { ok: false, reason: "not readable from git" });
  }
  return seeds;
}

/** The seed files as they are on disk now, committed or not: what a contributor is about to propose. */
export async function seedsInWorkingTree(root: string): Promise<Seeds> {
  const folder = path.join(root, SEED_FOLDER);
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    throw new RefError(`${SEED_FOLDER}/ cannot be read under ${root}`);
  }
  const seeds: Seeds = new Map();
  for (const name of names.filter((entry) => entry.endsWith(".json")).sort()) {
    const file = path.join(folder, name);
    const stat = await fs.lstat(file);
    if (!stat.isFile()) continue;
    seeds.set(name.slice(0, -".json".length), stat.size > LIMITS.maxFileBytes ? TOO_LARGE : parseJsonObject(await fs.readFile(file)));
  }
  return seeds;
}
