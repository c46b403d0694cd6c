import type { Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { todayUtc } from "../config.js";
import { loadDataset } from "../dataset.js";
import { errorsOf } from "../problems.js";
import { STALE_AFTER_DAYS } from "../site/api/status.js";
import { EXIT, printProblems, UsageError, type CommandContext } from "./context.js";
import { parseCount, todayOption } from "./options.js";

/** data/compared-first.json lists the ids the report measures question by question; absent, none. */
async function readComparedFirst(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${path.basename(file)} is not JSON`);
  }
  const ids = (parsed as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) throw new UsageError(`${path.basename(file)} must hold { "ids": [provider ids] }`);
  return ids;
}

/** `report`: the maintainer's report of coverage, provenance, gaps and the review queue. */
export function registerReportCommand(program: Command, context: CommandContext): void {
  program
    .command("report")
    .description("print the maintainer's report: coverage by category and country, Facts by status, provenance, gaps, review queue")
    .option("--top <n>", "how many entries of each list to print", parseCount, 10)
    .option("--stale-days <n>", "list Facts verified more than this many days ago", parseCount, STALE_AFTER_DAYS)
    .option(...todayOption)
    .action(async (options: { top: number; staleDays: number; today?: string }) => {
      const today = options.today ?? todayUtc();
      const paths = context.paths();
      const dataset = await loadDataset(paths, today);
      if (errorsOf(dataset.problems).length > 0) {
        printProblems(dataset.problems);
        console.error("report: the data has errors; fix them first (npm run validate)");
        context.setExitCode(EXIT.failed);
        return;
      }
      const comparedFirst = await readComparedFirst(path.join(paths.data, "compared-first.json"));
      const { formatReport, reportOf } = await import("../report.js");
      console.log(formatReport(reportOf(dataset.providers, { today, staleDays: options.staleDays, comparedFirst, sourceDates: dataset.sourceDates }), dataset.reviewQueue, options.top));
    });
}
