import { configDefaults, defineConfig } from "vitest/config";

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
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
