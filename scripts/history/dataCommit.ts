import { runGit } from "./git.js";

/** Files under data/ that the build itself writes: they are output, so they neither make data/ uncommitted nor date it. */
const BUILD_OUTPUT = ["data/review-queue.json", "data/provider.schema.json"];
const DATA_PATHSPEC = ["data", ...BUILD_OUTPUT.map((file) => `:(exclude)${file}`)];

export type DataCommit = { committed: true; commit: string; committedAt: string } | { committed: false; reason: string };

/**
 * The commit whose data a build publishes: the newest commit that changed data/, when data/ in the checkout
 * is exactly that commit's (nothing changed, added or removed since). A build of uncommitted data names no
 * commit, so it is never recorded as a version. Never rejects; read-only, like the rest of history/.
 */
export async function readDataCommit(root: string, git = "git"): Promise<DataCommit> {
  const call = { git, cwd: root };
  try {
    const [shallow, status, log] = await Promise.all([
      runGit(["rev-parse", "--is-shallow-repository"], call),
      runGit(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored=no", "--", ...DATA_PATHSPEC], call),
      runGit(["-c", "log.showSignature=false", "log", "-1", "--first-parent", "--format=%H%x09%cI", "HEAD", "--", ...DATA_PATHSPEC], call),
    ]);
    // A shallow clone's oldest commit seems to add every file: the commit that last changed data/ may lie beyond it.
    if (shallow.toString("utf8").trim() === "true") return { committed: false, reason: "the checkout is a shallow clone, so the commit of its data cannot be told" };
    if (status.length > 0) return { committed: false, reason: "data/ has changes that are not committed" };
    const [commit, date] = log.toString("utf8").trim().split("\t");
    const time = Date.parse(date ?? "");
    if (!commit || !/^[0-9a-f]{40,64}$/.test(commit) || Number.isNaN(time)) return { committed: false, reason: "no commit has changed data/ yet" };
    return { committed: true, commit, committedAt: new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z") };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/not a git repository/i.test(message)) return { committed: false, reason: "data/ is not in a git repository" };
    return { committed: false, reason: `git could not tell whether data/ is committed: ${message.slice(0, 200)}` };
  }
}
