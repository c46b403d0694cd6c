#!/usr/bin/env -S npx tsx
import { Command, CommanderError, InvalidArgumentError } from "commander";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BASE_URL, projectPaths, todayUtc } from "./config.js";
import { loadData } from "./load/loadData.js";
import { errorsOf, formatProblem, warningsOf, type Problem } from "./validate/problems.js";
import { validateData } from "./validate/validate.js";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function printProblems(problems: readonly Problem[]): void {
  for (const problem of warningsOf(problems)) console.warn(formatProblem(problem));
  for (const problem of errorsOf(problems)) console.error(formatProblem(problem));
}

function parseDate(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new InvalidArgumentError("expected a date YYYY-MM-DD");
  return text;
}

const program = new Command()
  .name("evidence")
  .description("Build, check and serve the open evidence API for European AI infrastructure.")
  .option("--root <dir>", "project folder holding data/ and public/", projectRoot)
  .showHelpAfterError()
  .exitOverride();

program
  .command("validate")
  .description("check every data file and report every problem, without writing anything")
  .option("--today <date>", "the build day that no verification may be later than (default: today, UTC)", parseDate)
  .action(async (options: { today?: string }) => {
    const paths = projectPaths(path.resolve(program.opts().root));
    const validated = validateData(await loadData(paths), options.today ?? todayUtc());
    printProblems(validated.problems);
    const errors = errorsOf(validated.problems).length;
    if (errors > 0) {
      console.error(`validate: ${errors} error(s), ${warningsOf(validated.problems).length} warning(s); nothing was written`);
      process.exitCode = 1;
      return;
    }
    console.log(`validate: ${validated.providers.length} providers valid, ${warningsOf(validated.problems).length} warning(s)`);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Usage errors (unknown option, bad argument) exit 2; help and version exit 0.
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
