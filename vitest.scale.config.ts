import { defineConfig } from "vitest/config";
import { LOOPS, SCALE_ONLY } from "./vitest.config.js";

/** `npm run test:scale`: the scale machinery's tests, and the loops of many runs at full length. */
export default defineConfig({
  test: {
    include: [...SCALE_ONLY, ...LOOPS],
    env: { EVIDENCE_TEST_SCALE: "1" },
    // One file at a time: the kills are spread over a build's own duration, which another file's work would stretch.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
