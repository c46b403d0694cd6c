import type { Command } from "commander";
import { todayUtc } from "../config.js";
import { loadDataset } from "../dataset.js";
import { errorsOf, warningsOf } from "../problems.js";
import { EXIT, printProblems, type CommandContext } from "./context.js";
import { todayOption } from "./options.js";

/** `validate`: checks every data file and reports every problem at once, writing nothing. */
export function registerValidateCommand(program: Command, context: CommandContext): void {
  program
    .command("validate")
    .description("check every data file and report every problem, without writing anything")
    .option(...todayOption)
    .action(async (options: { today?: string }) => {
      const dataset = await loadDataset(context.paths(), options.today ?? todayUtc());
      printProblems(dataset.problems);
      const errors = errorsOf(dataset.problems).length;
      const warnings = warningsOf(dataset.problems).length;
      if (errors > 0) {
        console.error(`validate: ${errors} error(s), ${warnings} warning(s); nothing was written`);
        context.setExitCode(EXIT.failed);
        return;
      }
      console.log(`validate: ${dataset.providers.length} providers valid, ${warnings} warning(s)`);
    });
}
