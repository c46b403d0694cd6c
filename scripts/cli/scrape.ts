import type { Command } from "commander";
import path from "node:path";
import { todayUtc } from "../config.js";
import { loadDataset } from "../dataset.js";
import { errorsOf } from "../problems.js";
import { DEFAULT_POLICY } from "../scrape/request.js";
import { EXIT, printProblems, UsageError, type CommandContext } from "./context.js";
import { runLocked } from "./dataLock.js";
import { parseCount } from "./options.js";

interface ScrapeCommandOptions {
  provider?: string[];
  url?: string;
  timeout: number;
  retries: number;
  backoff: number;
  concurrency: number;
  summaryFile?: string;
  allowPrivate?: boolean;
  record?: boolean;
}

/** `scrape`: reads each provider's models endpoint into data/observations/, one run at a time under data/'s lock. */
export function registerScrapeCommand(program: Command, context: CommandContext): void {
  program
    .command("scrape")
    .description("read each provider's models endpoint (answer shape per data/scrape-sources.json) and record models and prices in data/observations/")
    .option("--provider <id...>", "only these provider ids")
    .option("--url <url>", "read this URL instead of the provider's endpoint (needs exactly one --provider)")
    .option("--timeout <ms>", "time limit per request", parseCount, DEFAULT_POLICY.timeoutMs)
    .option("--retries <n>", "retries on 429 and 5xx", parseCount, DEFAULT_POLICY.retries)
    .option("--backoff <ms>", "first wait before a retry (doubles each time)", parseCount, DEFAULT_POLICY.backoffMs)
    .option("--concurrency <n>", "requests under way at once", parseCount, 4)
    .option("--summary-file <path>", "also write a Markdown summary of what changed and of the review queue (the refresh pull request's description)")
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--record", "also save each provider's models answer as a test fixture, once per provider, as parsed and cleaned, never with a key (test/fixtures/models/<id>.recorded.json)")
    .action(async (options: ScrapeCommandOptions) => {
      if (options.concurrency < 1) throw new UsageError("--concurrency must be at least 1");
      if (options.url && options.provider?.length !== 1) throw new UsageError("--url needs exactly one --provider");
      await runLocked(context, "scrape", () => scrapeCommand(context, options));
    });
}

async function scrapeCommand(context: CommandContext, options: ScrapeCommandOptions): Promise<void> {
  const paths = context.paths();
  const dataset = await loadDataset(paths, todayUtc());
  if (errorsOf(dataset.problems).length > 0) {
    printProblems(dataset.problems);
    console.error("scrape: the data has errors; fix them first (npm run validate)");
    context.setExitCode(EXIT.failed);
    return;
  }
  const records = dataset.providers;
  const unknownIds = (options.provider ?? []).filter((id) => !records.some((record) => record.id === id));
  if (unknownIds.length > 0) throw new UsageError(`no provider with id ${unknownIds.join(", ")}`);
  const { scrape } = await import("../scrape/scrape.js");
  const summary = await scrape(paths, records, {
    only: options.provider ?? [],
    url: options.url,
    concurrency: options.concurrency,
    policy: { ...DEFAULT_POLICY, timeoutMs: options.timeout, retries: options.retries, backoffMs: options.backoff, allowPrivate: options.allowPrivate === true },
    ...(options.record && { recordTo: path.join(paths.root, "test", "fixtures", "models") }),
  });
  console.log(`scrape: ${summary.checked} checked, ${summary.ok} ok, ${summary.failed} failed, ${summary.skipped.length} without api.base_url skipped`);
  if (options.summaryFile) {
    // The review queue as the next build will write it: the same load → validate → merge.
    const merged = await loadDataset(paths, todayUtc());
    const { writeRefreshSummary } = await import("../scrape/summary.js");
    await writeRefreshSummary(path.resolve(options.summaryFile), summary, merged.reviewQueue, todayUtc());
    console.log(`scrape: summary written to ${options.summaryFile}`);
  }
}
