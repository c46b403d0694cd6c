import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * At least two test files at a time, also on two cores (vitest's default there is one): most of the suite waits
 * on child processes, servers, locks and timers rather than computing, so the second file uses the time the
 * first spends waiting (measured on two cores: 11 min with one, 4.5 min with two).
 */
export const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Tests of machinery built for 10,000+ providers (files too large to hold whole, compression on worker threads):
 * `npm run test:scale` runs them, with the loops of many runs at full length; CI runs both suites.
 */
export const SCALE_ONLY = ["test/streamed-files.test.ts", "test/compression-workers.test.ts"];
/** Tests whose loops `npm test` runs a few times and `npm run test:scale` at full length (see runsOf in test/helpers.ts). */
export const LOOPS = ["test/crash.test.ts", "test/property.test.ts"];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...SCALE_ONLY],
    maxWorkers: MAX_WORKERS,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
