/**
 * npm run bench: builds synthetic datasets of several sizes and compares the build with the floor of
 * writing the same bytes; then the real dataset's cold build with its floor, as whole processes. Prints a
 * table, the real dataset's pairs and, last, one summary line (the 10,000-provider size, or the first).
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { alternatePairs, timedNode } from "./pairs.js";
import { benchRealDataset } from "./realDataset.js";
import { writeSyntheticData } from "./synthetic.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const sizes = (process.env.BENCH_SIZES ?? "1000,10000,50000").split(",").map(Number);

interface Measured {
  ms: number;
  peakRssMb: number;
  filesWritten?: number;
  bytesWritten?: number;
  files?: number;
}

async function node(script: string, args: string[]): Promise<{ result: Measured; wallMs: number }> {
  const { stdout, wallMs } = await timedNode(["--import", "tsx", path.join(here, script), ...args], root);
  return { result: JSON.parse(stdout.trim().split("\n").at(-1)!) as Measured, wallMs };
}

const templates = await Promise.all(
  (await fs.readdir(path.join(root, "data", "providers"))).filter((n) => n.endsWith(".json")).map(async (n) => {
    const record = JSON.parse(await fs.readFile(path.join(root, "data", "providers", n), "utf8"));
    delete record.$schema;
    return record;
  }),
);

/**
 * Full build and floor are each measured this many times (alternating); the medians are compared. Five at
 * 1,000: one pair there takes seconds, and single pairs ranged from 1.1 to 2.6 within one run of three.
 */
const repetitions = (size: number) => Number(process.env.BENCH_REPS ?? (size <= 1_000 ? 5 : size <= 10_000 ? 3 : 1));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const header = ["providers", "files", "MiB written", "build ms (median)", "build wall ms (process)", "floor ms (median)", "build/floor (range)", "peak RSS MiB", "no-op ms / files written", "one change ms / files written", "/api/data KiB: plain / gzip / br"];
const widths = header.map((h) => Math.max(h.length, 12));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(" | ")} |`;
console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? "unknown CPU"} × ${os.cpus().length}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB`);
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);

let summary = "";
for (const size of sizes) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${size}-`));
  try {
    await writeSyntheticData(work, templates, size);
    // Full build and floor alternate, each after deleting its previous output; the ratio is taken of the medians.
    const builds: Array<Awaited<ReturnType<typeof node>>> = [];
    const floors: Array<Awaited<ReturnType<typeof node>>> = [];
    const floorOut = path.join(work, "floor");
    const buildFresh = async () => {
      await fs.rm(path.join(work, "public"), { recursive: true, force: true });
      builds.push(await node("buildOnce.ts", [work]));
    };
    const floorFresh = async () => {
      await fs.rm(floorOut, { recursive: true, force: true });
      floors.push(await node("floor.ts", [path.join(work, "public"), floorOut]));
    };
    await alternatePairs(repetitions(size), buildFresh, floorFresh);
    await fs.rm(floorOut, { recursive: true, force: true });
    const full = builds.at(-1)!;
    const buildMs = median(builds.map((b) => b.result.ms));
    const floorMs = median(floors.map((f) => f.result.ms));
    const ratios = builds.map((b, index) => b.result.ms / floors[index]!.result.ms);
    const peakRssMb = Math.max(...builds.map((b) => b.result.peakRssMb));
    // Bytes on the wire for /api/data: the plain file, and the precompressed copies the server sends.
    const size_ = async (suffix: string) => ((await fs.stat(path.join(work, "public", "api", "data", `index.json${suffix}`)).catch(() => ({ size: 0 }))).size / 1024).toFixed(0);
    const wire = `${await size_("")} / ${await size_(".gz")} / ${await size_(".br")}`;
    const noop = await node("buildOnce.ts", [work]);
    const changed = path.join(work, "data", "providers", "bench-000007.json");
    const record = JSON.parse(await fs.readFile(changed, "utf8"));
    record.name = "Benchmark provider 7, renamed";
    await fs.writeFile(changed, JSON.stringify(record, null, 2));
    const one = await node("buildOnce.ts", [work]);
    const ratio = buildMs / floorMs;
    console.log(line([
      String(size),
      String(full.result.files),
      (full.result.bytesWritten! / 1024 / 1024).toFixed(1),
      buildMs.toFixed(0),
      median(builds.map((b) => b.wallMs)).toFixed(0),
      floorMs.toFixed(0),
      ratios.length > 1 ? `${ratio.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` : ratio.toFixed(2),
      peakRssMb.toFixed(0),
      `${noop.result.ms.toFixed(0)} / ${noop.result.filesWritten}`,
      `${one.result.ms.toFixed(0)} / ${one.result.filesWritten}`,
      wire,
    ]));
    if (size === 10000 || !summary) {
      summary = `bench: providers=${size} ratio_to_floor=${ratio.toFixed(2)} peak_rss_mb=${peakRssMb.toFixed(0)} noop_files_written=${noop.result.filesWritten} one_change_files_written=${one.result.filesWritten} api_data_kib=${wire.replace(/ /g, "")}`;
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

const realPairs = Number(process.env.BENCH_REAL_PAIRS ?? 6);
if (realPairs > 0) {
  const real = await benchRealDataset(root, realPairs);
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  const ratios = real.buildMs.map((ms, index) => ms / real.floorMs[index]!);
  const ratio = median(real.buildMs) / median(real.floorMs);
  console.log(`\nreal dataset (data/ at HEAD: ${real.providers} providers, ${real.files} files), whole processes on plain Node, ${realPairs} alternating pair(s):`);
  console.log(`  cold build (node bin/evidence.js build in a fresh clone): median ${median(real.buildMs).toFixed(0)} ms (${range(real.buildMs)})`);
  console.log(`  floor (floor.ts bundled to JavaScript, into a new folder): median ${median(real.floorMs).toFixed(0)} ms (${range(real.floorMs)})`);
  console.log(`  build/floor: ${ratio.toFixed(2)} (pairs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})\n`);
  summary += ` real_ratio_to_floor=${ratio.toFixed(2)}`;
}

console.log(summary);
