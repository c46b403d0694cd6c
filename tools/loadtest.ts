/**
 * A bounded load test of the local server on loopback: a fixed duration and number of connections,
 * a mix of valid and unknown ids, and a check of every answer's status. Prints throughput and latency.
 */
import autocannon from "autocannon";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../scripts/build.js";
import { DEFAULT_BASE_URL, projectPaths } from "../scripts/config.js";
import { startServer } from "../scripts/serve/server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.LOADTEST_SECONDS ?? 10);
const connections = Number(process.env.LOADTEST_CONNECTIONS ?? 100);

const paths = projectPaths(root);
const { ids } = await build(paths, { baseUrl: DEFAULT_BASE_URL });
const server = await startServer({ publicDir: paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: DEFAULT_BASE_URL });


const plan: Array<{ path: string; status: number }> = [
  { path: "/api/status", status: 200 },
  { path: "/api/data", status: 200 },
  ...ids.slice(0, 20).map((id) => ({ path: `/api/data/${id}`, status: 200 })),
  ...ids.slice(0, 5).map((id) => ({ path: `/api/data/${id}/`, status: 200 })),
  ...Array.from({ length: 10 }, (_, i) => ({ path: `/api/data/no-such-provider-${i}`, status: 404 })),
  { path: "/api/nothing-here", status: 404 },
];

let wrong = 0;
const wrongSamples: string[] = [];
const counts = new Map<number, number>();

const result = await autocannon({
  url: server.origin,
  connections,
  duration: seconds,
  requests: plan.map((entry) => ({
    method: "GET" as const,
    path: entry.path,
    onResponse: (status: number) => {
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status !== entry.status) {
        wrong += 1;
        if (wrongSamples.length < 5) wrongSamples.push(`${entry.path}: ${status}, expected ${entry.status}`);
      }
    },
  })),
});
await server.close();

const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(`load test: ${seconds} s, ${connections} connections, ${plan.length} paths (${plan.filter((p) => p.status === 404).length} unknown)`);
console.log(`  requests: ${total} answered, ${result.errors} errors, ${result.timeouts} timeouts, ${wrong} with a wrong status`);
console.log(`  statuses: ${[...counts.entries()].sort().map(([s, n]) => `${s}×${n}`).join(", ")}`);
console.log(`  throughput: ${result.requests.average.toFixed(0)} req/s on average (min ${result.requests.min}, max ${result.requests.max}); ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`);
console.log(`  latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`);
for (const sample of wrongSamples) console.log(`  wrong: ${sample}`);
const failed = wrong > 0 || result.errors > 0 || result.timeouts > 0 || total === 0;
console.log(failed ? "load test: FAILED" : "load test: every request answered with the right status");
process.exitCode = failed ? 1 : 0;
