import type { Command } from "commander";
import { appendFile } from "node:fs/promises";
import path from "node:path";
import type { ProjectPaths } from "../config.js";

/** What the command needs from the program that registers it. */
interface Context {
  paths: () => ProjectPaths;
  setExitCode: (code: number) => void;
}

/**
 * `diff-facts`: what a change to data/providers/ does, Fact by Fact (value, status, source, source date,
 * verification date, quote), as Markdown. The pull-request workflow writes it as the check's summary, so a
 * reviewer sees what changes without reading JSON; a contributor runs it before proposing a change.
 */
export function registerDiffFactsCommand(program: Command, context: Context): void {
  program
    .command("diff-facts")
    .description("the Fact-by-Fact difference of data/providers/ between two commits (or a commit and the files now), as Markdown")
    .requiredOption("--base <ref>", "the commit to compare from: a branch, tag or commit id (on a pull request's merge commit: HEAD^1)")
    .option("--head <ref>", "the commit to compare to (default: the files in data/providers/ as they are now)")
    .option("--summary-file <file>", "also append the Markdown to this file (GitHub's $GITHUB_STEP_SUMMARY)")
    .action(async (options: { base: string; head?: string; summaryFile?: string }) => {
      const { factDiffMarkdown, RefError } = await import("../factDiff/index.js");
      try {
        const { markdown } = await factDiffMarkdown(context.paths().root, options);
        process.stdout.write(markdown);
        if (options.summaryFile) await appendFile(path.resolve(options.summaryFile), markdown);
      } catch (error) {
        if (!(error instanceof RefError)) throw error;
        console.error(`diff-facts: ${error.message}`);
        context.setExitCode(2);
      }
    });
}
