/**
 * The worker threads' programs the command bundles beside the program at its start, by name (see
 * scripts/util/bundledWorkers.ts): each is one CommonJS script with its packages inside, run with `eval`.
 */
export const WORKER_ENTRIES = { history: "scripts/history/worker.ts" };

/**
 * esbuild's options for bundling one entry of scripts/ to run on Node, the same for the program and its workers.
 * @param {string} root the project folder
 * @param {string} entry the file the bundle starts from
 * @param {boolean} debug with an inline source map, for stack traces that name the TypeScript files
 */
export function bundleOptions(root, entry, debug) {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: /** @type {const} */ ("node"),
    target: "node20",
    sourcemap: debug ? /** @type {const} */ ("inline") : false,
    write: /** @type {const} */ (false),
    logLevel: /** @type {const} */ ("silent"),
  };
}

/**
 * esbuild's options for one worker's program: CommonJS, as a thread started with `eval` runs it.
 * @param {string} root the project folder
 * @param {string} entry a file of WORKER_ENTRIES
 * @param {boolean} debug with an inline source map
 */
export function workerBuildOptions(root, entry, debug) {
  return { ...bundleOptions(root, entry, debug), format: /** @type {const} */ ("cjs") };
}
