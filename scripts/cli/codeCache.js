// Plain JavaScript (checked by tsc through JSDoc): it runs before anything can load TypeScript.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { readOrNull, writeAtomically } from "./bundle.js";

/**
 * @typedef {object} RunningBundle
 * @property {Record<string, unknown>} exports What the bundle exports.
 * @property {boolean} cached True when V8 took the kept code cache.
 * @property {() => void} keepCodeCache Keeps the code compiled so far, the functions the command ran included,
 *   for the next start; does nothing when the kept cache was taken. Call it once the command is done.
 */

/**
 * Runs a CommonJS bundle (bundle.js) with V8's code cache kept beside it. Parsing the CLI's 1.3 MB at every
 * start, then compiling each function a command calls the first time it is called, cost every command about
 * 60 ms of work the previous run had already done (a build of the real data takes about 0.7 s). Node 22 and later
 * keep such a cache themselves (module.enableCompileCache), Node 20 only through vm.Script's cachedData.
 *
 * The cache is code derived from the bundle alone, never from the data: a build with it is as cold as one
 * without, only its program starts sooner. It is named by the bundle's SHA-256 and by V8's version, as V8
 * checks a cache's version and flags itself but, of the source, only its length; a cache V8 refuses is made anew.
 *
 * With `sourceMaps` (DEBUG=1), the bundle is required instead, without the cache: Node maps stack traces
 * through a bundle's source map only for modules it loads itself.
 *
 * @param {string} file The bundle.
 * @param {string} version The bundle's SHA-256.
 * @param {{ sourceMaps?: boolean }} [options]
 * @returns {RunningBundle}
 */
export function runBundle(file, version, options = {}) {
  const require = createRequire(file);
  if (options.sourceMaps) {
    process.setSourceMapsEnabled(true);
    return { exports: require(file), cached: false, keepCodeCache: () => {} };
  }
  const cacheFile = codeCacheFile(file, version);
  const cachedData = readOrNull(cacheFile) ?? undefined;
  const script = new vm.Script(Module.wrap(readFileSync(file, "utf8")), {
    filename: file,
    cachedData,
    // A dynamic import() in the bundle resolves as it would in a module Node loaded itself.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, path.dirname(file));
  let kept = cached;
  return {
    exports: module.exports,
    cached,
    keepCodeCache() {
      if (kept) return;
      kept = true;
      try {
        writeAtomically(cacheFile, script.createCachedData());
        removeOtherCaches(file, version);
      } catch {
        // A cache that cannot be kept (a read-only install) only means the next start compiles again.
      }
    },
  };
}

const CACHE_SUFFIX = ".code-cache";

/** @param {string} file @param {string} version */
const codeCacheFile = (file, version) => `${file}.${version.slice(0, 16)}.v8-${process.versions.v8}${CACHE_SUFFIX}`;

/** The caches of earlier bundles; those of other V8 versions for this bundle stay (CI runs two Node versions). @param {string} file @param {string} version */
function removeOtherCaches(file, version) {
  const prefix = `${path.basename(file)}.`;
  const current = `${prefix}${version.slice(0, 16)}.`;
  for (const name of readdirSync(path.dirname(file))) {
    if (name.startsWith(prefix) && name.endsWith(CACHE_SUFFIX) && !name.startsWith(current)) rmSync(path.join(path.dirname(file), name), { force: true });
  }
}
