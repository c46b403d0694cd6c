/** One measured build in its own process, so peak RSS is the build's own. Prints one JSON line. */
import { build } from "../../scripts/build.js";
import { projectPaths, todayUtc } from "../../scripts/config.js";

const root = process.argv[2]!;
// Today, not a fixed day: the synthetic records are copies of the real ones, whose dates move on with the calendar.
const started = performance.now();
const result = await build(projectPaths(root), { baseUrl: "https://bench.example", today: todayUtc(), sourceDateEpoch: "1767225600" }).catch((error: { problems?: Array<{ file: string; path: string; rule: string; severity: string }> }) => {
  console.error(`build failed: ${(error.problems ?? []).filter((p) => p.severity === "error").slice(0, 5).map((p) => `${p.file} ${p.path} [${p.rule}]`).join("; ") || String(error)}`);
  process.exit(1);
});
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    filesWritten: result.publish.filesWritten,
    bytesWritten: result.publish.bytesWritten,
    files: result.publish.added.length + result.publish.changed.length + result.publish.unchanged,
  }),
);
