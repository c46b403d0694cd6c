import { Command, CommanderError } from "commander";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { projectPaths } from "../config.js";
import { registerBuildCommand } from "./build.js";
import { EXIT, UsageError, type CommandContext } from "./context.js";
import { registerDiffFactsCommand } from "./diffFacts.js";
import { registerDocumentVersionsCommand } from "./documentVersions.js";
import { registerJobCommands } from "./jobs.js";
import { registerOpenQuestionsCommand } from "./openQuestions.js";
import { registerQuotesCommand } from "./quotes.js";
import { registerReportCommand } from "./report.js";
import { registerScrapeCommand } from "./scrape.js";
import { registerServeCommand } from "./serve.js";
import { registerValidateCommand } from "./validate.js";

export { EXIT } from "./context.js";
export { parseBaseUrl } from "./options.js";
export { provideBundledWorker } from "../util/bundledWorkers.js";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Every command, one module each, in the order `--help` lists them. */
const COMMANDS: ReadonlyArray<(program: Command, context: CommandContext) => void> = [
  registerValidateCommand,
  registerBuildCommand,
  registerServeCommand,
  registerScrapeCommand,
  registerReportCommand,
  registerOpenQuestionsCommand,
  registerJobCommands,
  registerQuotesCommand,
  registerDocumentVersionsCommand,
  registerDiffFactsCommand,
];

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
  const context: CommandContext = {
    paths: () => projectPaths(path.resolve(program.opts().root as string)),
    setExitCode: (code) => (exitCode = code),
    programRoot: projectRoot,
  };
  for (const register of COMMANDS) register(program, context);

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
