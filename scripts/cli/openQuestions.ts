import type { Command } from "commander";
import { todayUtc } from "../config.js";
import { loadDataset } from "../dataset.js";
import { errorsOf } from "../problems.js";
import { EXIT, printProblems, type CommandContext } from "./context.js";
import { todayOption } from "./options.js";

/** `open-questions`: each record's unanswered headline questions, and what its notes say was searched for them. */
export function registerOpenQuestionsCommand(program: Command, context: CommandContext): void {
  program
    .command("open-questions")
    .description("list each record's unanswered headline questions and what was searched for them")
    .option("--nordic", "only records with their HQ or a data centre in SE, NO, DK, FI or IS")
    .option("--question <key>", "only this question (dc, residency, cloud_act, dpa, training, zero_retention, price)")
    .option("--unrecorded", "only questions whose inputs carry no recorded search")
    .option("--json", "print JSON instead of text")
    .option(...todayOption)
    .action(async (options: { nordic?: boolean; question?: string; unrecorded?: boolean; json?: boolean; today?: string }) => {
      const dataset = await loadDataset(context.paths(), options.today ?? todayUtc());
      if (errorsOf(dataset.problems).length > 0) {
        printProblems(dataset.problems);
        console.error("open-questions: the data has errors; fix them first (npm run validate)");
        context.setExitCode(EXIT.failed);
        return;
      }
      const { formatOpenQuestions, openQuestionsOf, searchedThrough } = await import("../openQuestions.js");
      const records = openQuestionsOf(dataset.providers)
        .filter((record) => !options.nordic || record.nordic)
        .map((record) => ({ ...record, open: record.open.filter((question) => (!options.question || question.key === options.question) && (!options.unrecorded || !searchedThrough(question))) }))
        .filter((record) => record.open.length > 0);
      const scope = [options.nordic ? "Nordic records" : "all records", options.question ? `question ${options.question}` : null, options.unrecorded ? "no search recorded" : null].filter(Boolean).join(", ");
      console.log(options.json ? JSON.stringify({ scope, records }, null, 2) : formatOpenQuestions(records, scope).trimEnd());
    });
}
