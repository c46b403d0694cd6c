import { Command, CommanderError, InvalidArgumentError } from "commander";
import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, publishedIsCurrent, type BuildResult } from "../build.js";
import { BuildLockTimeout } from "../publish/lock.js";
import { DEFAULT_BASE_URL, projectPaths, todayUtc, type ProjectPaths } from "../config.js";
import { loadDataset } from "../dataset.js";
import { STALE_AFTER_DAYS } from "../site/api/status.js";
import { DEFAULT_POLICY } from "../scrape/request.js";
import { registerJobCommands } from "./jobs.js";
import { registerQuotesCommand } from "./quotes.js";
import { registerDocumentVersionsCommand } from "./documentVersions.js";
import { registerDiffFactsCommand } from "./diffFacts.js";
// The modules of the other commands (serve, scrape, report, the jobs) are imported when their command runs,
// so a build does not load them.
import { InvalidInputError, errorsOf, formatProblem, warningsOf, type Problem } from "../problems.js";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Exit codes: 0 success, 1 the data (or a run) failed, 2 the command was called wrongly. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

class UsageError extends Error {}

/** Whether a port is in use (or not ours to take), by trying to listen on it for a moment; null when free. */
async function portTaken(port: number, host: string): Promise<string | null> {
  if (port === 0) return null;
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE" ? "in use (another npm start?)" : error.code === "EACCES" ? "not open to this user" : `not available (${error.code ?? "error"})`));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

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

function printProblems(problems: readonly Problem[]): void {
  for (const problem of warningsOf(problems)) console.warn(formatProblem(problem));
  for (const problem of errorsOf(problems)) console.error(formatProblem(problem));
}

function parseDate(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new InvalidArgumentError("expected a date YYYY-MM-DD");
  return text;
}

/**
 * The base URL is written into pages, llms.txt and the 404 body: only a plain origin and path are taken,
 * in the URL's normalised spelling, so no quote, bracket or newline can travel with it.
 */
export function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError("expected an absolute http(s) URL");
  }
  const plain = (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.search && !url.hash && /^[A-Za-z0-9\-._~/%]*$/.test(url.pathname);
  if (!plain) throw new InvalidArgumentError("expected an absolute http(s) URL with no user name, password, query or fragment, and a path of letters, digits, - . _ ~ / only");
  return url.href.replace(/\/+$/, "");
}

function parseCount(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError("expected a whole number, 0 or more");
  return value;
}

/** EVIDENCE_BASE_URL sets the default, e.g. in a host's build settings; a bad value falls back with a warning. */
function defaultBaseUrl(): string {
  const fromEnvironment = process.env.EVIDENCE_BASE_URL;
  if (!fromEnvironment) return DEFAULT_BASE_URL;
  try {
    return parseBaseUrl(fromEnvironment);
  } catch {
    console.warn(`warning: EVIDENCE_BASE_URL is not an absolute http(s) URL; using ${DEFAULT_BASE_URL}`);
    return DEFAULT_BASE_URL;
  }
}

/**
 * EVIDENCE_REPOSITORY_URL: the source repository's web address (the Pages workflow sets it), for the archive's
 * links to the data at a commit; absent or not a plain http(s) address, the archive names commits only.
 */
function repositoryUrl(): string | undefined {
  const fromEnvironment = process.env.EVIDENCE_REPOSITORY_URL;
  if (!fromEnvironment) return undefined;
  try {
    return parseBaseUrl(fromEnvironment);
  } catch {
    console.warn("warning: EVIDENCE_REPOSITORY_URL is not an absolute http(s) URL; the archive names commits without links");
    return undefined;
  }
}

/** One summary line; with `verbose`, every file added, changed or removed first (a first build adds hundreds). */
function printBuild(result: BuildResult, verbose: boolean): void {
  const { publish } = result;
  if (verbose) {
    // The .gz and .br copies change with their file: list the file once.
    const listed = (files: string[]) => files.filter((file) => !/\.(gz|br)$/.test(file));
    for (const file of listed(publish.added)) console.log(`  added    ${file}`);
    for (const file of listed(publish.changed)) console.log(`  changed  ${file}`);
    for (const file of listed(publish.removed)) console.log(`  removed  ${file}`);
  }
  const kb = (publish.bytesWritten / 1024).toFixed(1);
  const { archive } = result;
  const kept = archive.versions === 0 ? "" : archive.keepsThisVersion ? ` (a version archive/ keeps; ${archive.versions} kept)` : ` (archive/ keeps ${archive.versions} other version(s))`;
  console.log(
    `build: ${result.ids.length} providers, review queue ${result.reviewQueue.length}; ` +
      `${publish.added.length} added, ${publish.changed.length} changed, ${publish.removed.length} removed, ` +
      `${publish.unchanged} unchanged; ${publish.filesWritten} files (${kb} KiB) written` +
      (verbose || publish.added.length + publish.changed.length + publish.removed.length === 0 ? "" : " (--verbose lists them)") +
      `; dataset version ${result.version}${kept}`,
  );
}

async function runBuild(paths: ProjectPaths, options: { baseUrl: string; today?: string; githubPages?: boolean; verbose?: boolean; programRoot: string }): Promise<number> {
  try {
    const result = await build(paths, {
      programRoot: options.programRoot,
      baseUrl: options.baseUrl,
      today: options.today,
      githubPages: options.githubPages,
      sourceDateEpoch: process.env.SOURCE_DATE_EPOCH,
      writeRootHostFiles: true,
      repositoryUrl: repositoryUrl(),
      onLockWait: (message) => console.error(message),
    });
    printProblems(result.warnings);
    printBuild(result, options.verbose === true);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BuildLockTimeout) {
      console.error(`build: ${error.message}; public/ was left as it was`);
      return EXIT.failed;
    }
    if (!(error instanceof InvalidInputError)) throw error;
    printProblems(error.problems);
    console.error(`build: ${errorsOf(error.problems).length} error(s); public/ was left as it was`);
    return EXIT.failed;
  }
}

/**
 * Runs the command line once; returns the exit code instead of exiting, so tests can call it in-process.
 * projectRoot is --root's default: the bundled command (bin/evidence.js) lives elsewhere and says where.
 */
export async function main(argv: readonly string[], projectRoot = PROJECT_ROOT): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name("evidence")
    .description("Build, check and serve the open evidence API for European AI infrastructure.")
    .option("--root <dir>", "project folder holding data/ and public/", projectRoot)
    .showHelpAfterError()
    .exitOverride();
  const paths = () => projectPaths(path.resolve(program.opts().root as string));
  const baseUrlOption = ["--base-url <url>", "absolute URL the API is served from, used in every full URL written", parseBaseUrl] as const;
  const todayOption = ["--today <date>", "the build day that no verification may be later than (default: today, UTC)", parseDate] as const;
  const verboseOption = ["--verbose", "list every file the build added, changed or removed"] as const;

  program
    .command("validate")
    .description("check every data file and report every problem, without writing anything")
    .option(...todayOption)
    .action(async (options: { today?: string }) => {
      const dataset = await loadDataset(paths(), options.today ?? todayUtc());
      printProblems(dataset.problems);
      const errors = errorsOf(dataset.problems).length;
      const warnings = warningsOf(dataset.problems).length;
      if (errors > 0) {
        console.error(`validate: ${errors} error(s), ${warnings} warning(s); nothing was written`);
        exitCode = EXIT.failed;
        return;
      }
      console.log(`validate: ${dataset.providers.length} providers valid, ${warnings} warning(s)`);
    });

  program
    .command("build")
    .description("validate the data and write public/ (only when everything is valid)")
    .option(...baseUrlOption, defaultBaseUrl())
    .option(...todayOption)
    .option("--github-pages", "also write the copies that make /api/data, /api/data/{id} and /api/status answer on GitHub Pages")
    .option(...verboseOption)
    .action(async (options: { baseUrl: string; today?: string; githubPages?: boolean; verbose?: boolean }) => {
      exitCode = await runBuild(paths(), { ...options, programRoot: projectRoot });
    });

  program
    .command("serve")
    .description("serve public/ on 127.0.0.1 with the API's exact paths, headers and JSON errors")
    .option("--port <port>", "port to listen on (default: PORT or 3000)", (text) => {
      const port = Number(text);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("expected a port number");
      return port;
    })
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--build-if-needed", "build first, unless public/ was built from the data/, scripts/ and archive/ there are now")
    .option(...baseUrlOption, defaultBaseUrl())
    .option(...verboseOption)
    .action(async (options: { port?: number; host: string; buildIfNeeded?: boolean; baseUrl: string; verbose?: boolean }) => {
      const port = options.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("PORT must be a port number");
      // Before the build: a second npm start must not rebuild public/ and only then find the port taken.
      const taken = await portTaken(port, options.host);
      if (taken) {
        console.error(`serve: port ${port} on ${options.host} is ${taken}; stop the other server or choose another port, e.g. PORT=${port === 65535 ? 3001 : port + 1} npm start (nothing was built)`);
        exitCode = EXIT.failed;
        return;
      }
      if (options.buildIfNeeded) {
        // Nothing under data/, scripts/ or archive/ changed since public/ was built: serve it as it is.
        if (await publishedIsCurrent(paths(), { programRoot: projectRoot, baseUrl: options.baseUrl, sourceDateEpoch: process.env.SOURCE_DATE_EPOCH, repositoryUrl: repositoryUrl() })) console.log("build: public/ is up to date with data/, scripts/ and archive/; serving it without a build");
        else exitCode = await runBuild(paths(), { baseUrl: options.baseUrl, verbose: options.verbose, programRoot: projectRoot });
        if (exitCode !== EXIT.ok) return;
      }
      const { startServer } = await import("../serve/server.js");
      const server = await startServer({ publicDir: paths().publicDir, port, host: options.host, baseUrl: options.baseUrl });
      console.log(`serving ${path.relative(process.cwd(), paths().publicDir) || "public"} on ${server.origin}`);
      for (const route of ["/api/data", "/api/data/{id}", "/api/status", "/"]) console.log(`  ${server.origin}${route}`);
      console.log("press Ctrl-C to stop");
      const stop = () => void server.close().then(() => process.exit(EXIT.ok));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });

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
    .option("--record", "also save each provider's raw models answer as a test fixture, once per provider (test/fixtures/models/<id>.recorded.json)")
    .action(async (options: { provider?: string[]; url?: string; timeout: number; retries: number; backoff: number; concurrency: number; summaryFile?: string; allowPrivate?: boolean; record?: boolean }) => {
      if (options.concurrency < 1) throw new UsageError("--concurrency must be at least 1");
      if (options.url && options.provider?.length !== 1) throw new UsageError("--url needs exactly one --provider");
      const dataset = await loadDataset(paths(), todayUtc());
      if (errorsOf(dataset.problems).length > 0) {
        printProblems(dataset.problems);
        console.error("scrape: the data has errors; fix them first (npm run validate)");
        exitCode = EXIT.failed;
        return;
      }
      const records = dataset.providers;
      const unknownIds = (options.provider ?? []).filter((id) => !records.some((record) => record.id === id));
      if (unknownIds.length > 0) throw new UsageError(`no provider with id ${unknownIds.join(", ")}`);
      const { scrape } = await import("../scrape/scrape.js");
      const summary = await scrape(paths(), records, {
        only: options.provider ?? [],
        url: options.url,
        concurrency: options.concurrency,
        policy: { ...DEFAULT_POLICY, timeoutMs: options.timeout, retries: options.retries, backoffMs: options.backoff, allowPrivate: options.allowPrivate === true },
        ...(options.record && { recordTo: path.join(paths().root, "test", "fixtures", "models") }),
      });
      console.log(`scrape: ${summary.checked} checked, ${summary.ok} ok, ${summary.failed} failed, ${summary.skipped.length} without api.base_url skipped`);
      if (options.summaryFile) {
        // The review queue as the next build will write it: the same load → validate → merge.
        const merged = await loadDataset(paths(), todayUtc());
        const { writeRefreshSummary } = await import("../scrape/summary.js");
        await writeRefreshSummary(path.resolve(options.summaryFile), summary, merged.reviewQueue, todayUtc());
        console.log(`scrape: summary written to ${options.summaryFile}`);
      }
    });

  program
    .command("report")
    .description("print the maintainer's report: coverage by category and country, Facts by status, provenance, gaps, review queue")
    .option("--top <n>", "how many entries of each list to print", parseCount, 10)
    .option("--stale-days <n>", "list Facts verified more than this many days ago", parseCount, STALE_AFTER_DAYS)
    .option(...todayOption)
    .action(async (options: { top: number; staleDays: number; today?: string }) => {
      const today = options.today ?? todayUtc();
      const dataset = await loadDataset(paths(), today);
      if (errorsOf(dataset.problems).length > 0) {
        printProblems(dataset.problems);
        console.error("report: the data has errors; fix them first (npm run validate)");
        exitCode = EXIT.failed;
        return;
      }
      const comparedFirst = await readComparedFirst(path.join(paths().data, "compared-first.json"));
      const { formatReport, reportOf } = await import("../report.js");
      console.log(formatReport(reportOf(dataset.providers, { today, staleDays: options.staleDays, comparedFirst, sourceDates: dataset.sourceDates }), dataset.reviewQueue, options.top));
    });

  registerJobCommands(program, { paths, setExitCode: (code) => (exitCode = code) });
  registerQuotesCommand(program, { paths, setExitCode: (code) => (exitCode = code) });
  registerDocumentVersionsCommand(program, { paths, setExitCode: (code) => (exitCode = code) });
  registerDiffFactsCommand(program, { paths, setExitCode: (code) => (exitCode = code) });

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}`);
      return EXIT.usage;
    }
    // An unexpected failure: one line, no stack trace; DEBUG=1 shows the stack.
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    return EXIT.failed;
  }
  return exitCode;
}
