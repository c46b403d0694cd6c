import { runGit } from "../history/git.js";
import { diffSeeds } from "./diff.js";
import { diffMarkdown } from "./markdown.js";
import { seedsAtRef, seedsInWorkingTree } from "./read.js";

export { RefError } from "./read.js";

/** A commit named by its short id, as the summary says which states it compares. */
async function shortId(root: string, ref: string): Promise<string> {
  const sha = (await runGit(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { git: "git", cwd: root })).toString("utf8").trim();
  return `${ref} (${sha.slice(0, 12)})`;
}

/**
 * The Fact-by-Fact difference between the seed files at `base` and at `head` (a commit), or the files as they
 * are now when no head is given, as Markdown.
 */
export async function factDiffMarkdown(root: string, options: { base: string; head?: string }): Promise<{ markdown: string; providers: number }> {
  const base = await seedsAtRef(root, options.base);
  const head = options.head ? await seedsAtRef(root, options.head) : await seedsInWorkingTree(root);
  const changes = diffSeeds(base, head);
  const labels = { base: await shortId(root, options.base), head: options.head ? await shortId(root, options.head) : "the files in data/providers/ now" };
  return { markdown: diffMarkdown(changes, labels), providers: changes.length };
}
