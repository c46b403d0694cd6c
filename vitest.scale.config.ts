import { defineConfig } from "vitest/config";
import { LOOPS, MAX_WORKERS, SCALE_ONLY } from "./vitest.config.js";

/** `npm run test:scale`: the scale machinery's tests, and the loops of many runs at full length. */
export default defineConfig({
  test: {
    include: [...SCALE_ONLY, ...LOOPS],
    env: { EVIDENCE_TEST_SCALE: "1" },
    maxWorkers: MAX_WORKERS,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
