import { promises as fs } from "node:fs";
import { LIMITS } from "../config.js";
import { parseJsonObject, readBlobs, type Parsed } from "./blobs.js";
import { GitError, runGit } from "./git.js";
import type { History, SkippedFile, Snapshot } from "./shapes.js";

/** The files whose history is the dataset's history, relative to the project folder. */
export const HISTORY_PATHS = { providers: "data/providers", dataset: "data/dataset.json" } as const;

/** How many commits that changed data/ a build compares, newest first. */
export const DEFAULT_MAX_COMMITS = 200;

/** All distinct file versions read from history together; past it the window ends, as with maxCommits. */
const HISTORY_BYTES = 256 * 1024 * 1024;

export interface HistoryOptions {
  /** Compare at most this many commits (newest first); one more is read as the base of the oldest. */
  maxCommits?: number;
  /** The git program; "git" finds it on PATH. */
  git?: string;
}

interface Commit {
  sha: string;
  committedAt: string;
}

interface TreeFile {
  path: string;
  blob: string;
  size: number;
}

const PROVIDER_FILE = /^data\/providers\/([^/]+)\.json$/;
const shortSha = (sha: string) => sha.slice(0, 12);

/**
 * The states of data/ after each of the newest commits that changed it, read with git alone, never
 * through a shell and never changing the checkout. No history (git missing, not a checkout, a shallow
 * clone, no commits) is an answer that says why, not an error and not an invented history.
 */
export async function readHistory(root: string, options: HistoryOptions = {}): Promise<History> {
  const maxCommits = Math.max(1, Math.floor(options.maxCommits ?? DEFAULT_MAX_COMMITS));
  const call = { git: options.git ?? "git", cwd: root };
  try {
    await fs.access(root);
  } catch {
    return { history: "unavailable", note: "The project folder cannot be read, so there is no history of data/." };
  }

  // The log is asked for beside the checks, as they take as long as it does; it is used only once they pass.
  const logged = readLog(call, maxCommits + 1).then(
    (log) => ({ log }),
    (error: unknown) => ({ error }),
  );
  let shallow: string;
  try {
    shallow = (await runGit(["rev-parse", "--is-shallow-repository"], call)).toString("utf8").trim();
  } catch (error) {
    await logged;
    return { history: "unavailable", note: unavailableNote(error) };
  }
  // A shallow clone has the newest commits only: comparing them would present the cut as the beginning.
  if (shallow === "true") {
    return {
      history: "unavailable",
      note: "The checkout is a shallow clone, so the earlier versions of data/ are missing; no changes are listed rather than a partial history. Check out with full history (actions/checkout: fetch-depth: 0).",
    };
  }

  // Past the checks above git still fails on a damaged repository: that too is said, not thrown at the build.
  try {
    const answer = await logged;
    if ("error" in answer) throw answer.error;
    return await readWindow(call, maxCommits, answer.log);
  } catch (error) {
    return { history: "unavailable", note: unavailableNote(error) };
  }
}

/** The snapshots of the newest maxCommits commits that changed data/, and one more as the base of the oldest. */
async function readWindow(call: { git: string; cwd: string }, maxCommits: number, { commits, changes }: Log): Promise<History> {
  if (commits.length === 0) return { history: "git", snapshots: [], reachesFirstCommit: true, skipped: [], note: "No commit has changed data/providers or data/dataset.json yet." };

  const trees = await listTrees(call, commits, changes, commits.length <= maxCommits);
  // Unchanged files keep their blob id from commit to commit: each distinct version is read and parsed once.
  const blobs = new Map<string, number>();
  let window = commits.length;
  let bytes = 0;
  for (let index = 0; index < trees.length; index += 1) {
    let added = 0;
    for (const file of trees[index]!) if (!blobs.has(file.blob) && file.size <= LIMITS.maxFileBytes) added += file.size;
    if (bytes + added > HISTORY_BYTES && index > 0) {
      window = index;
      break;
    }
    bytes += added;
    for (const file of trees[index]!) if (file.size <= LIMITS.maxFileBytes) blobs.set(file.blob, file.size);
  }
  const contents = await readBlobs(blobs, call);
  const parsed = new Map<string, Parsed>();
  const parse = (file: TreeFile): Parsed => {
    let result = parsed.get(file.blob);
    if (!result) {
      const content = contents.get(file.blob);
      if (file.size > LIMITS.maxFileBytes) result = { ok: false, reason: `larger than ${LIMITS.maxFileBytes} bytes` };
      else if (content === undefined) result = { ok: false, reason: "not found in the repository" };
      else result = parseJsonObject(content);
      parsed.set(file.blob, result);
    }
    return result;
  };

  const reachesFirstCommit = window === commits.length && commits.length <= maxCommits;
  const { snapshots, skipped } = buildSnapshots(commits.slice(0, window), trees.slice(0, window), parse);
  const listed = reachesFirstCommit ? snapshots.length : snapshots.length - 1;
  const oldestListed = snapshots[listed - 1];
  const note =
    listed === 0
      ? "Only one commit that changed data/ was read: there is nothing to compare it with."
      : `Compared ${listed} commit(s) that changed data/, from ${oldestListed!.committedAt.slice(0, 10)} to ${snapshots[0]!.committedAt.slice(0, 10)}. ` +
        (reachesFirstCommit ? "The oldest of them is where data/ begins." : "Older changes are not listed.");
  return { history: "git", snapshots, reachesFirstCommit, skipped, note };
}

function unavailableNote(error: unknown): string {
  if (error instanceof GitError && error.missing) return "git is not installed (or not on PATH) where the site was built, so the history of data/ could not be read.";
  const reason = error instanceof Error ? error.message : String(error);
  if (/not a git repository/i.test(reason)) return "The project folder is not a git checkout, so there is no history of data/.";
  if (/does not have any commits|unknown revision|bad revision/i.test(reason)) return "The git repository has no commits yet, so there is no history of data/.";
  return `git could not read the history of data/: ${reason.slice(0, 200)}`;
}

interface Change {
  path: string;
  /** The file's blob after the commit; null when it was removed or is no longer a regular file. */
  blob: string | null;
}

interface Log {
  /** Newest first. */
  commits: Commit[];
  /** What each commit changed among the data files, against its first parent, by commit id. */
  changes: Map<string, Change[]>;
}

/**
 * The newest commits that changed the data, newest first, with what each changed, from one `git log`.
 * --first-parent follows what the branch itself went through, so consecutive commits are consecutive states
 * of data/ even across merges; each commit's changes are against its first parent (--root: the first
 * commit's against nothing).
 */
async function readLog(call: { git: string; cwd: string }, count: number): Promise<Log> {
  const out = await runGit(
    [
      "-c",
      "log.showSignature=false",
      "log",
      "--first-parent",
      "--diff-merges=first-parent",
      "--root",
      "--no-renames",
      "--raw",
      "--no-abbrev",
      "-z",
      `--max-count=${count}`,
      "--format=%x01%H%x09%cI",
      "HEAD",
      "--",
      HISTORY_PATHS.providers,
      HISTORY_PATHS.dataset,
    ],
    { ...call, maxBuffer: 256 * 1024 * 1024 },
  );
  const commits: Commit[] = [];
  const changes = new Map<string, Change[]>();
  let current: Change[] | null = null;
  // -z: each commit is "\x01<sha>\t<date>", then per file ":<modes> <blobs> <status>\0<path>\0".
  const fields = out.toString("utf8").split("\0");
  for (let index = 0; index < fields.length; index += 1) {
    let field = fields[index]!;
    const mark = field.lastIndexOf("\x01");
    if (mark >= 0) {
      const [sha, date] = field.slice(mark + 1).trim().split("\t");
      field = field.slice(0, mark);
      current = null;
      const time = Date.parse(date ?? "");
      if (sha && /^[0-9a-f]{40,64}$/.test(sha) && !Number.isNaN(time)) {
        commits.push({ sha, committedAt: new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z") });
        changes.set(sha, (current = []));
      }
    }
    const header = /^\s*:(\d{6}) (\d{6}) ([0-9a-f]{40,64}) ([0-9a-f]{40,64}) ([A-Z])\d*$/.exec(field);
    if (!header) continue;
    const path = fields[(index += 1)] ?? "";
    if (!current || (path !== HISTORY_PATHS.dataset && !PROVIDER_FILE.test(path))) continue;
    const [, , newMode, , newBlob, status] = header;
    // Regular files only, as ls-tree is read: a link or a submodule is no data file.
    const regular = status !== "D" && newMode !== "000000" && newMode !== "120000" && newMode !== "160000";
    current.push({ path, blob: regular ? newBlob! : null });
  }
  return { commits, changes };
}

/**
 * The data files at each commit (newest first, as `commits`). When the log reaches the first commit that
 * touched data/, the trees are its changes applied one after the other from nothing; otherwise they start
 * from the oldest commit's tree (one `ls-tree`): one `ls-tree` per commit grows with the length of the history.
 */
async function listTrees(call: { git: string; cwd: string }, commits: readonly Commit[], changes: ReadonlyMap<string, Change[]>, fromTheStart: boolean): Promise<TreeFile[][]> {
  const oldest = commits.at(-1)!;
  const later = fromTheStart ? commits : commits.slice(0, -1);
  const blobs = new Set(later.flatMap((commit) => (changes.get(commit.sha) ?? []).flatMap((change) => (change.blob ? [change.blob] : []))));
  const [base, sizes] = await Promise.all([fromTheStart ? Promise.resolve([]) : listDataFiles(call, oldest.sha), blobSizes(call, blobs)]);
  const tree = new Map<string, { blob: string; size: number }>();
  for (const file of base) tree.set(file.path, { blob: file.blob, size: file.size });
  // In byte order, as git lists paths; each path's bytes are made once, not in every comparison of every commit.
  const bytesOf = new Map<string, Buffer>();
  const byteKey = (path: string) => {
    let bytes = bytesOf.get(path);
    if (!bytes) bytesOf.set(path, (bytes = Buffer.from(path)));
    return bytes;
  };
  const snapshot = () => [...tree.entries()].map(([path, { blob, size }]) => ({ path, blob, size })).sort((a, b) => Buffer.compare(byteKey(a.path), byteKey(b.path)));
  const trees: TreeFile[][] = [];
  if (!fromTheStart) trees.push(snapshot());
  for (let index = later.length - 1; index >= 0; index -= 1) {
    for (const { path, blob } of changes.get(later[index]!.sha) ?? []) {
      if (blob === null) tree.delete(path);
      else tree.set(path, { blob, size: sizes.get(blob) ?? Number.POSITIVE_INFINITY });
    }
    trees.push(snapshot());
  }
  return trees.reverse();
}

/** The size of each blob, from one `git cat-file --batch-check`. */
async function blobSizes(call: { git: string; cwd: string }, blobs: ReadonlySet<string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (blobs.size === 0) return sizes;
  const out = await runGit(["cat-file", "--batch-check"], { ...call, input: `${[...blobs].join("\n")}\n`, maxBuffer: blobs.size * 128 + 1024 });
  for (const line of out.toString("latin1").split("\n")) {
    const [id, type, size] = line.split(" ");
    if (id && type === "blob" && size !== undefined) sizes.set(id, Number(size));
  }
  return sizes;
}

/** dataset.json and the provider files at a commit, with their blob ids and sizes (NUL-separated: any file name). */
async function listDataFiles(call: { git: string; cwd: string }, sha: string): Promise<TreeFile[]> {
  const out = await runGit(["ls-tree", "-l", "-z", sha, "--", HISTORY_PATHS.dataset, `${HISTORY_PATHS.providers}/`], { ...call, maxBuffer: 64 * 1024 * 1024 });
  const files: TreeFile[] = [];
  for (const record of out.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, blob, size] = record.slice(0, tab).trim().split(/\s+/);
    const path = record.slice(tab + 1);
    // Regular files only, as the loader reads them: a symbolic link's blob is its target, not data.
    if (type !== "blob" || mode === "120000" || !blob) continue;
    if (path !== HISTORY_PATHS.dataset && !PROVIDER_FILE.test(path)) continue;
    files.push({ path, blob, size: Number(size) });
  }
  return files;
}

/**
 * Snapshots from the oldest commit to the newest, returned newest first. A file that cannot be read at a
 * commit keeps its previous state there, so a broken edit is neither a removal nor, once fixed, an addition.
 */
function buildSnapshots(commits: readonly Commit[], trees: readonly TreeFile[][], parse: (file: TreeFile) => Parsed) {
  // Per commit, in path order; the commits then newest first, as the entries are.
  const skipped: SkippedFile[][] = [];
  const reported = new Set<string>();
  const snapshots: Snapshot[] = [];
  let previous: ReadonlyMap<string, Record<string, unknown>> = new Map();
  for (let index = commits.length - 1; index >= 0; index -= 1) {
    const commit = commits[index]!;
    const providers = new Map<string, Record<string, unknown>>();
    const skippedHere: SkippedFile[] = [];
    skipped.push(skippedHere);
    let datasetVersion: string | null = null;
    for (const file of trees[index]!) {
      const result = parse(file);
      if (!result.ok) {
        // Reported once per file version, at the oldest commit that has it.
        const key = `${file.blob}\0${file.path}`;
        if (!reported.has(key)) skippedHere.push({ commit: shortSha(commit.sha), path: file.path, reason: result.reason });
        reported.add(key);
      }
      if (file.path === HISTORY_PATHS.dataset) {
        if (result.ok && typeof result.value.version === "string") datasetVersion = result.value.version;
        continue;
      }
      const id = PROVIDER_FILE.exec(file.path)![1]!;
      const record = result.ok ? result.value : previous.get(id);
      if (record) providers.set(id, record);
    }
    snapshots.push({ sha: commit.sha, committedAt: commit.committedAt, datasetVersion, providers });
    previous = providers;
  }
  return { snapshots: snapshots.reverse(), skipped: skipped.reverse().flat() };
}
