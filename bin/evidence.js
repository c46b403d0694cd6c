#!/usr/bin/env node
// The CLI, run from one bundled JavaScript file that is made on first use and again whenever a file it was made
// from changes (scripts/cli/bundle.js); through tsx's loader when the bundle cannot be made here.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundle } from "../scripts/cli/bundle.js";
import { runBundle } from "../scripts/cli/codeCache.js";
import { startWorker } from "../scripts/cli/worker.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "node_modules", ".cache", "evidence-cli");
let program;
/** Keeps V8's code cache once the command is done (scripts/cli/codeCache.js). */
let keepCodeCache = () => {};
/** Lets the bundle keep what it derives from its own code alone (scripts/util/codeDerived.ts). */
let codeVersion = null;
/** What the command's worker threads run (scripts/cli/workerTasks.ts). */
let workers = null;
try {
  const { file, version } = await bundle({ root, entry: "scripts/cli/program.ts", outDir, inline: ["zod", "commander"] });
  // The worker threads' bundle is its own, a few kilobytes (scripts/cli/workerTasks.ts). When the command line
  // looks like a build, one worker starts now, beside the loading of the program, and waits for its task; other
  // commands start none (ending a worker that is still starting made `help` 50 ms slower). A wrong guess only
  // costs a thread, or the head start.
  const workerBundle = await bundle({ root, entry: "scripts/cli/workerMain.ts", outDir });
  const builds = process.argv.slice(2).some((arg) => arg === "build" || arg === "--build-if-needed");
  workers = { file: workerBundle.file, spare: builds ? startWorker(workerBundle.file) : null };
  // DEBUG=1 prints stack traces: they then name the TypeScript files and lines, not the bundle's.
  const running = runBundle(file, version, { sourceMaps: Boolean(process.env.DEBUG) });
  program = running.exports;
  keepCodeCache = running.keepCodeCache;
  codeVersion = { dir: path.join(outDir, "derived"), version };
} catch (error) {
  console.warn(`evidence: running through tsx (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
  const { register } = await import("tsx/esm/api");
  register();
  program = await import("../scripts/cli/program.ts");
}
process.exitCode = await program.main(process.argv, root, { codeVersion, workers });
keepCodeCache();
