#!/usr/bin/env node
// The package's command. esbuild bundles scripts/cli/program.ts into one JavaScript file at every start, so
// what runs is always the TypeScript in scripts/ as it is now, and nothing kept from an earlier run (a bundle,
// a code cache, a derived value) is ever read back. Loading the project's modules one by one through tsx's
// loader instead cost every command several times as long as bundling them.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { tieringFlags } from "./tiering.js";
import { WORKER_ENTRIES, bundleOptions, workerBuildOptions } from "./workers.js";

// Before any of the program is compiled: the flags apply to the functions compiled after them.
for (const flag of tieringFlags(process.versions.v8)) setFlagsFromString(flag);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The program as one ES module, its imports of packages resolved from this project's node_modules, and the
 * workers' programs, bundled in one run of esbuild.
 */
async function bundleProgram() {
  const { build, stop } = await import("esbuild");
  // DEBUG=1 prints stack traces: an inline source map makes them name the TypeScript files and lines.
  const debug = Boolean(process.env.DEBUG);
  if (debug) process.setSourceMapsEnabled(true);
  const [program, ...workers] = await Promise.all([
    build({ ...bundleOptions(root, "scripts/cli/program.ts", debug), format: "esm", packages: "external" }).then((result) => result.outputFiles[0].contents),
    ...Object.entries(WORKER_ENTRIES).map(async ([name, entry]) => [name, (await build(workerBuildOptions(root, entry, debug))).outputFiles[0].text]),
  ]).finally(stop); // esbuild's own process would otherwise stay for as long as npm start serves
  return { program, workers };
}

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};

/** The bundles of commands killed before they could remove theirs: never read, only removed. */
function removeLeftovers(dir) {
  for (const name of readdirSync(dir)) {
    const pid = Number(/^program-(\d+)\.mjs$/.exec(name)?.[1]);
    if (pid > 0 && pid !== process.pid && !isRunning(pid)) rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * Runs the bundle from a file of this process's own inside node_modules, where the bundle's imports of packages
 * resolve, and removes it once loaded. Where it cannot be written (a read-only install), tsx runs the program.
 */
async function load(bundle) {
  const dir = path.join(root, "node_modules", ".cache", "evidence");
  const file = path.join(dir, `program-${process.pid}.mjs`);
  try {
    mkdirSync(dir, { recursive: true });
    removeLeftovers(dir);
    writeFileSync(file, bundle);
  } catch (error) {
    console.warn(`evidence: running through tsx (${error instanceof Error ? error.message : String(error)})`);
    const { register } = await import("tsx/esm/api");
    register();
    return import("../scripts/cli/program.ts");
  }
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(file, { force: true });
  }
}

let bundle;
try {
  bundle = await bundleProgram();
} catch (error) {
  // A syntax or import error in scripts/: esbuild's message names the file, line and column.
  console.error(`evidence: scripts/ could not be bundled: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const program = await load(bundle.program);
for (const [name, source] of bundle.workers) program.provideBundledWorker(name, source);
process.exitCode = await program.main(process.argv, root);
