import type { Command } from "commander";
import path from "node:path";
import { todayUtc } from "../config.js";
import { DEFAULT_NET_POLICY } from "../net/request.js";
import { errorsOf } from "../problems.js";
import { NETWORK_PRICE_REGISTRIES } from "../schema/index.js";
import { EXIT, type CommandContext } from "./context.js";
import { runLocked } from "./dataLock.js";
import { MODELS_DEV_SOURCE, pinnedCopyOf, REGISTRY_SOURCES, type FileRegistryName, type PinnedCopy } from "../corroborate/sources.js";
import { collect, nowToTheSecond, parseEndpoints, parseMilliseconds, writeSummary } from "./options.js";

const REGISTRY_HOST_NAMES = { raw: "raw", "github-api": "github-api" } as const;

const PINNED_FORM = `a pinned file URL of a price registry: ${Object.values(REGISTRY_SOURCES)
  .map((source) => `https://github.com/${source.repository}/blob/<40-digit commit>/${source.path}`)
  .join(" or ")}`;

interface CorroborateOptions {
  from: string[];
  pinnedUrl: string[];
  registry: string[];
  endpoint: string[];
  allowPrivate?: boolean;
  timeout: number;
  summaryFile?: string;
  appendSummary?: boolean;
}

/** `corroborate`: reads the public price registries (or local copies of them) into data/corroborations/<registry>.json. */
export function registerCorroborateCommand(program: Command, context: CommandContext): void {
  program
    .command("corroborate")
    .description(
      `read the public price registries (genai-prices, litellm; models.dev from a git copy of ${MODELS_DEV_SOURCE.repository} only) into data/corroborations/<registry>.json; the build compares their prices and model lists with the records`,
    )
    // npm keeps an option before `--` for itself: `npm run corroborate --from FILE` hands over FILE alone, so a
    // file named as an argument is a local copy too.
    .argument("[file...]", "local copies, as with --from (and pinned file URLs, as with --pinned-url)")
    .option(
      "--from <file>",
      "read this local copy (genai-prices' or litellm's format, told apart by its shape), or a git directory or checkout of a registry's repository (models.dev only so), instead of the network (repeatable, one per registry)",
      collect,
      [],
    )
    .option("--pinned-url <url>", "which commit a local copy is: https://github.com/<owner>/<repo>/blob/<commit>/<path> of the registry's file, cited instead of the live file (repeatable, one per registry; not needed for a copy inside a checkout of the registry)", collect, [])
    .option("--registry <name>", `only this registry from the network (repeatable): ${NETWORK_PRICE_REGISTRIES.join(", ")}`, collect, [])
    .option("--endpoint <host=url>", "another base URL for raw (the files) or github-api (their commits) (repeatable; tests)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--summary-file <path>", "also write a Markdown section of what was read and what the next build queues for review (the refresh pull request's description)")
    .option("--append-summary", "add the section to the end of --summary-file instead of replacing it")
    .action(async (args: string[], options: CorroborateOptions, command: Command) => {
      // `npm run corroborate --from FILE --pinned-url URL` hands over FILE and URL alone: a URL argument is a pin.
      const isUrl = (arg: string) => /^https?:\/\//i.test(arg);
      const from = [...options.from, ...args.filter((arg) => !isUrl(arg))];
      const pinnedUrls = [...options.pinnedUrl, ...args.filter(isUrl)];
      const pinned = pinnedUrls.map((url) => ({ url, pin: pinnedCopyOf(url) }));
      const unpinned = pinned.find((entry) => entry.pin === null);
      if (unpinned) command.error(`error: --pinned-url: ${unpinned.url.slice(0, 200)} is not ${PINNED_FORM}`, { exitCode: 2 });
      const pins = pinned.map((entry) => entry.pin!);
      const twice = pins.find((pin, index) => pins.findIndex((other) => other.registry === pin.registry) !== index);
      if (twice) command.error(`error: --pinned-url: two commits given for ${twice.registry}; give one per registry`, { exitCode: 2 });
      if (pins.length > 0 && from.length === 0) command.error("error: --pinned-url says which commit a local copy is; give the copy with --from", { exitCode: 2 });
      if (options.registry.includes("models.dev")) command.error(`error: --registry: models.dev is read from a git copy only: --from a git directory or checkout of ${MODELS_DEV_SOURCE.repository}`, { exitCode: 2 });
      const unknown = options.registry.filter((name) => !(NETWORK_PRICE_REGISTRIES as readonly string[]).includes(name));
      if (unknown.length > 0) command.error(`error: --registry: no price registry named ${unknown.join(", ")} (known: ${NETWORK_PRICE_REGISTRIES.join(", ")})`, { exitCode: 2 });
      if (from.length > 0 && options.registry.length > 0) command.error("error: --from names the registries by its files; leave out --registry", { exitCode: 2 });
      await runLocked(context, "corroborate", () => corroborate(context, from, pins, options));
    });
}

async function corroborate(context: CommandContext, from: readonly string[], pinned: readonly PinnedCopy[], options: CorroborateOptions): Promise<void> {
  const paths = context.paths();
  const { runCorroborate } = await import("../corroborate/run.js");
  const outcomes = await runCorroborate(paths, {
    registries: options.registry as FileRegistryName[],
    from: from.map((file) => path.resolve(file)),
    pinned,
    fetch: { policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true }, hosts: parseEndpoints(options.endpoint, REGISTRY_HOST_NAMES), env: process.env },
    now: nowToTheSecond(),
  });
  const failed = outcomes.filter((outcome) => outcome.kind === "failed").length;
  const { outcomeLines, previewLine, previewOf, summarySection } = await import("../corroborate/report.js");
  console.log(`corroborate: ${outcomes.length - failed} read, ${failed} failed`);
  for (const line of outcomeLines(outcomes)) console.log(line);
  // What the next build makes of it: the same load → validate → merge.
  const { loadDataset } = await import("../dataset.js");
  const dataset = await loadDataset(paths, todayUtc());
  const preview = errorsOf(dataset.problems).length === 0 ? previewOf(dataset.providers, dataset.reviewQueue) : null;
  console.log(preview ? previewLine(preview) : "corroborate: the data has errors, so the next build cannot be previewed (npm run validate)");
  if (options.summaryFile) await writeSummary(options.summaryFile, summarySection(outcomes, preview), options.appendSummary === true);
  if (failed > 0) context.setExitCode(EXIT.failed);
}
