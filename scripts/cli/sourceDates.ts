import type { Command } from "commander";
import path from "node:path";
import { todayUtc } from "../config.js";
import { cleanText } from "../net/outsideText.js";
import { DEFAULT_NET_POLICY } from "../net/request.js";
import type { RepositoryFile } from "../schema/index.js";
import type { CommandContext } from "./context.js";
import { runLocked } from "./dataLock.js";
import { collect, parseEndpoints, parseMilliseconds } from "./options.js";

const FORGE_NAMES: Record<string, RepositoryFile["forge"]> = { github: "github.com", gitlab: "gitlab.com" };

interface SourceDatesOptions {
  clones?: string;
  only: string[];
  offline?: boolean;
  refresh?: boolean;
  apply?: boolean;
  endpoint: string[];
  allowPrivate?: boolean;
  timeout: number;
}

/** `source-dates`: dates every pinned repository file a Fact cites into data/source-dates.json (and, with --apply, the seed). */
export function registerSourceDatesCommand(program: Command, context: CommandContext): void {
  program
    .command("source-dates")
    .description("compute source_date for every Fact whose source_url pins a repository file (the day of the file's last change at the pinned commit) into data/source-dates.json")
    .option("--clones <dir>", "a folder of clones (<owner>+<repo>, <owner>/<repo> or <repo>) to read histories from first")
    .option("--only <id>", "only this provider id (repeatable)", collect, [])
    .option("--offline", "never ask GitHub's or GitLab's API; what no clone answers stays unresolved")
    .option("--refresh", "compute again the entries that already have a date")
    .option("--apply", "also rewrite the seed's source_date (and the note's 'last changed' date) from the computed dates")
    .option("--endpoint <forge=url>", "another API base URL for github or gitlab (repeatable; tests)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--timeout <ms>", "time limit per API request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .action((options: SourceDatesOptions) => runLocked(context, "source-dates", () => sourceDates(context, options)));
}

async function sourceDates(context: CommandContext, options: SourceDatesOptions): Promise<void> {
  const paths = context.paths();
  const today = todayUtc();
  const { runSourceDates } = await import("../sourceDates/run.js");
  const run = await runSourceDates(paths, {
    ...(options.clones && { clones: path.resolve(options.clones) }),
    only: options.only,
    offline: options.offline === true,
    refresh: options.refresh === true,
    endpoints: parseEndpoints(options.endpoint, FORGE_NAMES),
    policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true },
    env: process.env,
    today,
  });
  const facts = run.cited.reduce((sum, item) => sum + item.citedBy.length, 0);
  console.log(
    `source-dates: ${run.cited.length} pinned repository files cited by ${facts} Facts; ${run.resolved.length} dated now, ${run.kept} already dated, ${run.unresolved.length} unresolved${run.pruned.length ? `, ${run.pruned.length} no longer cited removed` : ""}`,
  );
  for (const { key, reason } of run.unresolved) console.log(`  unresolved ${cleanText(key, 300)}: ${cleanText(reason, 400)}`);
  for (const { id, path: where, url } of run.unpinned) console.log(`  not pinned to a commit, so not datable: ${id} ${where} ${url}`);
  if (options.apply) {
    const { applySourceDates } = await import("../sourceDates/apply.js");
    const redated = await applySourceDates(paths, run.dates, options.only, today);
    const records = new Set(redated.map((item) => item.id)).size;
    console.log(`source-dates: ${redated.length} source_date values rewritten in ${records} records`);
    for (const item of redated) console.log(`  ${item.id} ${item.path}: ${item.from ?? "null"} -> ${item.to ?? "null"}`);
  }
}
