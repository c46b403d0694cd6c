import { InvalidArgumentError, type Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { todayUtc, type ProjectPaths } from "../config.js";
import { cleanText } from "../net/outsideText.js";
import { DEFAULT_NET_POLICY } from "../net/request.js";
import { PRICE_REGISTRIES, type PriceRegistryName, type RepositoryFile } from "../schema/index.js";
import { REGISTER_ADAPTERS } from "../registry/adapters.js";
import { writeAtomically } from "../util/files.js";
import { errorsOf } from "../problems.js";

/** What the job commands need from the program that registers them. */
export interface JobContext {
  paths: () => ProjectPaths;
  setExitCode: (code: number) => void;
}

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function parseCount(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError("expected a whole number, 1 or more");
  return value;
}

function parseMilliseconds(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError("expected a whole number of milliseconds, 1 or more");
  return value;
}

/** `name=https://base` pairs for the names given; tests point a job at a loopback server this way. */
export function parseEndpoints<Name extends string>(pairs: readonly string[], names: Record<string, Name>): Partial<Record<Name, string>> {
  const endpoints: Partial<Record<Name, string>> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const name = names[pair.slice(0, at)];
    if (at < 1 || !name) throw new InvalidArgumentError(`--endpoint expects <name>=<base-url> with name one of ${Object.keys(names).join(", ")}`);
    const base = pair.slice(at + 1);
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new InvalidArgumentError(`--endpoint ${name}: expected an absolute http(s) URL`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new InvalidArgumentError(`--endpoint ${name}: expected an absolute http(s) URL`);
    endpoints[name] = url.href;
  }
  return endpoints;
}

/** Writes a pull request's section, or adds it after the sections other jobs wrote (a blank line between). */
async function writeSummary(file: string, section: string, append: boolean): Promise<void> {
  const target = path.resolve(file);
  const before = append ? await readFile(target, "utf8").catch(() => "") : "";
  await writeAtomically(target, `${before}${before && !before.endsWith("\n\n") ? "\n" : ""}${section}`);
}

const FORGE_NAMES: Record<string, RepositoryFile["forge"]> = { github: "github.com", gitlab: "gitlab.com" };

const REGISTRY_HOST_NAMES = { raw: "raw", "github-api": "github-api" } as const;

/**
 * The commands that read the outside world and write a committed file under data/ (source dates, the
 * source watch, the company registers, the price registries). Kept apart from program.ts so each job owns
 * its options.
 */
export function registerJobCommands(program: Command, context: JobContext): void {
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
    .action(async (options: { clones?: string; only: string[]; offline?: boolean; refresh?: boolean; apply?: boolean; endpoint: string[]; allowPrivate?: boolean; timeout: number }) => {
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
    });

  program
    .command("sources")
    .description("the source watch: fetch every distinct source_url of a researched Fact and record status, content hash, page date and changes in data/sources.json")
    .option("--only <id>", "only the sources of this provider id (repeatable)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--concurrency <n>", "hosts fetched at once", parseCount, 8)
    .option("--per-host <n>", "requests under way at once to one host (never more than 2 connections to one host, whatever this says)", parseCount, 2)
    .option("--summary-file <path>", "also write a Markdown summary of changed, gone, moved and newly dated sources (the refresh pull request's description)")
    .option("--append-summary", "add the summary to the end of --summary-file instead of replacing it (after the scraper's)")
    .action(async (options: { only: string[]; allowPrivate?: boolean; timeout: number; concurrency: number; perHost: number; summaryFile?: string; appendSummary?: boolean }) => {
      const paths = context.paths();
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
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
    });

  program
    .command("registry")
    .description("ask each provider's company register about its ownership.org_number and keep the answer in data/registry/<id>.json (merged by the build into _registry)")
    .option("--only <id>", "only this provider id (repeatable)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--endpoint <register=url>", `another base URL for a register (repeatable; tests): ${REGISTER_ADAPTERS.map((adapter) => adapter.name).join(", ")}`, collect, [])
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--summary-file <path>", "also write a Markdown list of the flags a register raised for the first time (the refresh pull request's description)")
    .option("--append-summary", "add the summary to the end of --summary-file instead of replacing it")
    .action(async (options: { only: string[]; allowPrivate?: boolean; endpoint: string[]; timeout: number; summaryFile?: string; appendSummary?: boolean }) => {
      const names = Object.fromEntries(REGISTER_ADAPTERS.map((adapter) => [adapter.name, adapter.name]));
      const { runRegistry } = await import("../registry/run.js");
      const outcomes = await runRegistry(context.paths(), {
        only: options.only,
        policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true },
        endpoints: parseEndpoints(options.endpoint, names),
        env: process.env,
        now: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
      });
      const answered = outcomes.filter((outcome) => outcome.kind === "answered");
      const failed = outcomes.filter((outcome) => outcome.kind === "failed");
      console.log(`registry: ${outcomes.length} providers; ${answered.length} answered, ${outcomes.length - answered.length - failed.length} skipped, ${failed.length} failed`);
      for (const outcome of outcomes) {
        if (outcome.kind === "answered") {
          const fresh = outcome.answer.flags.filter((flag) => !outcome.previousFlags.includes(flag));
          const name = outcome.answer.registered_name === null ? "(no entity)" : cleanText(outcome.answer.registered_name);
          console.log(`  ${outcome.id}: ${outcome.answer.register} ${outcome.answer.org_number} ${name}; flags ${outcome.answer.flags.length ? outcome.answer.flags.join(", ") : "none"}${fresh.length ? ` (new: ${fresh.join(", ")})` : ""}`);
        } else console.log(`  ${cleanText(outcome.id, 80)}: ${outcome.kind}, ${cleanText(outcome.reason, 500)}`);
      }
      if (options.summaryFile) {
        const fresh = answered.flatMap((outcome) => {
          const added = outcome.answer.flags.filter((flag) => !outcome.previousFlags.includes(flag));
          return added.length ? [`- \`${outcome.id}\`: ${outcome.answer.register} ${outcome.answer.org_number}, ${added.join(", ")} (${outcome.answer.url})`] : [];
        });
        const section = ["## Company registers", "", `${answered.length} answered, ${failed.length} failed.`, "", ...(fresh.length ? ["New flags:", "", ...fresh] : ["No new flags."]), ""].join("\n");
        await writeSummary(options.summaryFile, section, options.appendSummary === true);
      }
    });

  program
    .command("corroborate")
    .description("read the public price registries (genai-prices, litellm) into data/corroborations/<registry>.json; the build compares their prices and model lists with the records")
    // npm keeps an option before `--` for itself: `npm run corroborate --from FILE` hands over FILE alone, so a
    // file named as an argument is a local copy too.
    .argument("[file...]", "local copies, as with --from")
    .option("--from <file>", "read this local copy (either registry's format, told apart by its shape) instead of the network (repeatable, one per registry)", collect, [])
    .option("--registry <name>", `only this registry from the network (repeatable): ${PRICE_REGISTRIES.join(", ")}`, collect, [])
    .option("--endpoint <host=url>", "another base URL for raw (the files) or github-api (their commits) (repeatable; tests)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--summary-file <path>", "also write a Markdown section of what was read and what the next build queues for review (the refresh pull request's description)")
    .option("--append-summary", "add the section to the end of --summary-file instead of replacing it")
    .action(async (files: string[], options: { from: string[]; registry: string[]; endpoint: string[]; allowPrivate?: boolean; timeout: number; summaryFile?: string; appendSummary?: boolean }, command: Command) => {
      const from = [...options.from, ...files];
      const unknown = options.registry.filter((name) => !(PRICE_REGISTRIES as readonly string[]).includes(name));
      if (unknown.length > 0) command.error(`error: --registry: no price registry named ${unknown.join(", ")} (known: ${PRICE_REGISTRIES.join(", ")})`, { exitCode: 2 });
      if (from.length > 0 && options.registry.length > 0) command.error("error: --from names the registries by its files; leave out --registry", { exitCode: 2 });
      const paths = context.paths();
      const { runCorroborate } = await import("../corroborate/run.js");
      const outcomes = await runCorroborate(paths, {
        registries: options.registry as PriceRegistryName[],
        from: from.map((file) => path.resolve(file)),
        fetch: { policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true }, hosts: parseEndpoints(options.endpoint, REGISTRY_HOST_NAMES), env: process.env },
        now: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
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
      if (failed > 0) context.setExitCode(1);
    });
}
