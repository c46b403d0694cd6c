import type { Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { checkAgainstRepository, checkAgainstText, formatChecks, gitReader, readSeeds } from "../quotes/check.js";
import type { JobContext } from "./jobs.js";
import { collect } from "./jobs.js";

/**
 * `quotes`: holds every Fact's quote against a local copy of its source before it is committed, so research
 * checks its own words offline: a repository pinned in source_url (--from, a git directory or checkout), or a
 * saved copy of one page (--text with --url). Exit 1 when a quote is not found.
 */
export function registerQuotesCommand(program: Command, context: JobContext): void {
  program
    .command("quotes")
    .description("check that each Fact's quote stands in its source: a pinned repository read from a local copy (--from), or a saved page (--text with --url)")
    .option("--from <dir>", "a git directory or checkout of a repository that source_url pins files of")
    .option("--text <file>", "a saved copy of one source's text")
    .option("--url <source_url>", "the source_url the --text file is a copy of")
    .option("--only <id>", "only this provider id (repeatable)", collect, [])
    .action(async (options: { from?: string; text?: string; url?: string; only: string[] }) => {
      if (Boolean(options.from) === Boolean(options.text) || (options.text && !options.url)) {
        console.error("quotes: give either --from <dir>, or --text <file> with --url <source_url>");
        context.setExitCode(2);
        return;
      }
      const records = await readSeeds(path.join(context.paths().data, "providers"), options.only);
      const checks = options.from
        ? await checkAgainstRepository(records, await gitReader(path.resolve(options.from)))
        : checkAgainstText(records, options.url!, await readFile(path.resolve(options.text!), "utf8"));
      console.log(formatChecks(checks));
      if (checks.some((check) => check.result === "missing")) context.setExitCode(1);
    });
}
