/**
 * `npm run archive -- <command>`: the publishing workflow's handling of the kept versions, in archive/ (the archive
 * branch checked out). `verify` checks every version and builds the newest again from their commits; `record` keeps
 * the version public/ publishes; `notes` writes a version's release notes. Nothing here runs in a local build.
 */
import { Command, CommanderError, InvalidArgumentError } from "commander";
import { promises as fs, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { todayUtc } from "../config.js";
import { formatProblem } from "../problems.js";
import { releaseNotesOf } from "./notes.js";
import { rebuildFromRepository } from "./rebuild.js";
import { recordPublished } from "./record.js";
import { VERSIONS_REBUILT, verifyArchive } from "./verify.js";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function parseCount(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError("expected a whole number, 0 or more");
  return value;
}

/** A branch, tag or commit to read the history from; never anything git would take for an option. */
function parseRef(text: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/.test(text) || text.includes("..")) throw new InvalidArgumentError("expected a branch, tag or commit name");
  return text;
}

function parseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError("expected an absolute http(s) URL");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || url.search || url.hash) throw new InvalidArgumentError("expected an absolute http(s) URL");
  return url.href.replace(/\/+$/, "");
}

/** Appends `name=value` lines to a GitHub Actions output file (GITHUB_OUTPUT). */
async function writeOutputs(file: string | undefined, values: Record<string, string>): Promise<void> {
  if (!file) return;
  await fs.appendFile(file, Object.entries(values).map(([key, value]) => `${key}=${value}\n`).join(""));
}

export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name("archive")
    .description("Check, keep and describe the dataset's kept versions (archive/, the archive branch checked out).")
    .option("--root <dir>", "project folder holding archive/ and public/", PROJECT_ROOT)
    .exitOverride();
  const root = () => path.resolve(program.opts().root as string);

  program
    .command("verify")
    .description("check every kept version, that its commit is in the history, and build the newest again from their commits")
    .option("--rebuild <n>", "how many of the newest versions to build again from their commits", parseCount, VERSIONS_REBUILT)
    .option("--head <ref>", "the history every version's commit must be in", parseRef, "HEAD")
    .action(async (options: { rebuild: number; head: string }) => {
      const report = await verifyArchive(root(), {
        today: todayUtc(),
        rebuild: options.rebuild,
        head: options.head,
        rebuildAt: rebuildFromRepository(root(), (line) => console.log(line)),
        log: (line) => console.log(line),
      });
      for (const problem of report.problems) console.error(formatProblem(problem));
      console.log(`verify: ${report.verified.length} version(s) verified, ${report.rebuilt.length} of them built again from their commits and found byte for byte the same${report.rebuilt.length ? ` (${report.rebuilt.join(", ")})` : ""}`);
      if (report.problems.length > 0) {
        console.error(`verify: ${report.problems.length} problem(s); the archive is refused and nothing may be deployed from it`);
        exitCode = 1;
      }
    });

  program
    .command("record")
    .description("keep the version public/ publishes, built from the commit checked out (the publishing workflow's step)")
    .option("--github-output <file>", "append version=<version> and added=<true|false> to this file (GITHUB_OUTPUT)")
    .action(async (options: { githubOutput?: string }) => {
      const outcome = await recordPublished(root(), path.join(root(), "public"));
      console.log(outcome.added ? `record: kept version ${outcome.version}, built from commit ${outcome.commit.slice(0, 12)}` : `record: version ${outcome.version} is kept already`);
      await writeOutputs(options.githubOutput, { version: outcome.version, added: String(outcome.added) });
    });

  program
    .command("notes")
    .description("print the release notes of a kept version (the newest by default): what it is and what changed")
    .option("--version <version>", "the version (default: the newest kept)")
    .option("--base-url <url>", "the site's address", parseUrl, process.env.EVIDENCE_BASE_URL ?? "https://eu-ai-infra-evidence.github.io")
    .option("--repository-url <url>", "the repository's web address, for links to the commit", parseUrl)
    .action(async (options: { version?: string; baseUrl: string; repositoryUrl?: string }) => {
      process.stdout.write(await releaseNotesOf(root(), { version: options.version, today: todayUtc(), baseUrl: options.baseUrl, repositoryUrl: options.repositoryUrl ?? process.env.EVIDENCE_REPOSITORY_URL }));
    });

  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    console.error(`archive: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG) console.error(error);
    return 1;
  }
  return exitCode;
}

// Started as a program (npm run archive), not when a test imports it; realpath, as a symlinked checkout names the file twice.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) process.exitCode = await main(process.argv);
