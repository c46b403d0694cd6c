import { runGit } from "./git.js";

/** Each commit reachable from `head` with its parents, from one `git rev-list`; empty when there is no history. */
export async function readCommitParents(root: string, git = "git", head = "HEAD"): Promise<Map<string, string[]>> {
  try {
    const out = await runGit(["rev-list", "--parents", head, "--"], { git, cwd: root, maxBuffer: 256 * 1024 * 1024 });
    const parents = new Map<string, string[]>();
    for (const line of out.toString("latin1").split("\n")) {
      const [commit, ...rest] = line.trim().split(" ");
      if (commit && /^[0-9a-f]{40,64}$/.test(commit)) parents.set(commit, rest);
    }
    return parents;
  } catch {
    return new Map();
  }
}

/**
 * The version that first published each commit: the oldest version (by its commit's date) whose commit has it
 * among its ancestors, by the first 12 hex digits of the commit's id. A version's commit missing from the history
 * stands for nothing. Each commit is visited once: the walk from a newer version stops at commits an older one
 * already holds, whose ancestors it holds too.
 */
export function firstVersionOfCommits(parents: ReadonlyMap<string, readonly string[]>, versions: ReadonlyArray<{ version: string; commit: string; committedAt: string }>): Map<string, string> {
  const byCommit = new Map<string, string>();
  const oldestFirst = [...versions].sort((a, b) => (a.committedAt < b.committedAt ? -1 : a.committedAt > b.committedAt ? 1 : a.version < b.version ? -1 : 1));
  for (const { version, commit } of oldestFirst) {
    const stack = parents.has(commit) ? [commit] : [];
    while (stack.length > 0) {
      const next = stack.pop()!;
      const short = next.slice(0, 12);
      if (byCommit.has(short)) continue;
      byCommit.set(short, version);
      for (const parent of parents.get(next) ?? []) stack.push(parent);
    }
  }
  return byCommit;
}
