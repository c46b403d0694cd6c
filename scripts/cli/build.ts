import type { Command } from "commander";
import { build, type BuildResult } from "../build.js";
import { readSourceDateEpoch, type ProjectPaths } from "../config.js";
import { InvalidInputError, errorsOf } from "../problems.js";
import { BuildLockTimeout } from "../publish/lock.js";
import { EXIT, printProblems, type CommandContext } from "./context.js";
import { baseUrlOption, defaultBaseUrl, parseBaseUrl, todayOption, verboseOption } from "./options.js";

/**
 * EVIDENCE_REPOSITORY_URL: the source repository's web address (the Pages workflow sets it), for the archive's
 * links to the data at a commit; absent or not a plain http(s) address, the archive names commits only.
 */
export function repositoryUrl(): string | undefined {
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

/** Builds public/ and says what it wrote; `build` and `serve --build-if-needed` both run it. Returns the exit code. */
export async function runBuild(paths: ProjectPaths, options: { baseUrl: string; today?: string; githubPages?: boolean; verbose?: boolean; programRoot: string }): Promise<number> {
  const epoch = readSourceDateEpoch(process.env.SOURCE_DATE_EPOCH);
  if (!epoch.ok) {
    console.error(`build: ${epoch.message}; public/ was left as it was`);
    return EXIT.usage;
  }
  try {
    const result = await build(paths, {
      programRoot: options.programRoot,
      baseUrl: options.baseUrl,
      today: options.today,
      githubPages: options.githubPages,
      sourceDateEpoch: epoch.seconds,
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

/** `build`: validates the data and writes public/, only when everything is valid. */
export function registerBuildCommand(program: Command, context: CommandContext): void {
  program
    .command("build")
    .description("validate the data and write public/ (only when everything is valid)")
    .option(...baseUrlOption, defaultBaseUrl())
    .option(...todayOption)
    .option("--github-pages", "also write the copies that make /api/data, /api/data/{id} and /api/status answer on GitHub Pages")
    .option(...verboseOption)
    .action(async (options: { baseUrl: string; today?: string; githubPages?: boolean; verbose?: boolean }) => {
      context.setExitCode(await runBuild(context.paths(), { ...options, programRoot: context.programRoot }));
    });
}
