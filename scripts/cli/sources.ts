import type { Command } from "commander";
import { todayUtc } from "../config.js";
import { cleanText } from "../net/outsideText.js";
import { DEFAULT_NET_POLICY } from "../net/request.js";
import type { CommandContext } from "./context.js";
import { runLocked } from "./dataLock.js";
import { collect, nowToTheSecond, parseMilliseconds, parsePositiveCount, writeSummary } from "./options.js";

interface SourcesOptions {
  only: string[];
  allowPrivate?: boolean;
  timeout: number;
  concurrency: number;
  perHost: number;
  summaryFile?: string;
  appendSummary?: boolean;
}

/** `sources`: the source watch, every cited page fetched and recorded in data/sources.json. */
export function registerSourcesCommand(program: Command, context: CommandContext): void {
  program
    .command("sources")
    .description("the source watch: fetch every distinct source_url of a researched Fact and record status, content hash, page date and changes in data/sources.json")
    .option("--only <id>", "only the sources of this provider id (repeatable)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--concurrency <n>", "hosts fetched at once", parsePositiveCount, 8)
    .option("--per-host <n>", "requests under way at once to one host (never more than 2 connections to one host, whatever this says)", parsePositiveCount, 2)
    .option("--summary-file <path>", "also write a Markdown summary of changed, gone, moved and newly dated sources (the refresh pull request's description)")
    .option("--append-summary", "add the summary to the end of --summary-file instead of replacing it (after the scraper's)")
    .action((options: SourcesOptions) => runLocked(context, "sources", () => sources(context, options)));
}

async function sources(context: CommandContext, options: SourcesOptions): Promise<void> {
  const paths = context.paths();
  const now = nowToTheSecond();
  const { runSourceWatch } = await import("../watch/run.js");
  const run = await runSourceWatch(paths, {
    only: options.only,
    policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true },
    concurrency: options.concurrency,
    perHost: options.perHost,
    now,
    today: todayUtc(),
  });
  const count = (outcome: string) => run.outcomes.filter((item) => item.outcome === outcome).length;
  const dated = run.outcomes.filter((item) => item.entry !== null && item.entry.page_date !== null && item.previous?.page_date == null).length;
  console.log(
    `sources: ${run.cited.length} distinct URLs on ${run.hosts} hosts; ${count("new")} seen for the first time, ${count("unchanged")} unchanged, ${count("changed")} changed, ${count("gone")} gone, ${count("moved")} moved to another site, ${count("failed")} failed, ${count("refused")} refused at the door, ${count("deferred")} deferred; ${dated} newly dated${run.pruned.length ? `; ${run.pruned.length} no longer cited removed` : ""}`,
  );
  for (const item of run.outcomes) {
    if (item.outcome === "unchanged" || item.outcome === "new") continue;
    const why = item.reason ?? item.entry?.error;
    console.log(`  ${item.outcome} ${cleanText(item.url, 300)}${why ? ` (${cleanText(why, 400)})` : ""}`);
  }
  if (options.summaryFile) {
    const { watchSummaryText } = await import("../watch/summary.js");
    await writeSummary(options.summaryFile, watchSummaryText(run), options.appendSummary === true);
    console.log(`sources: summary written to ${options.summaryFile}`);
  }
}
