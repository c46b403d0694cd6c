/**
 * Where a build's memory goes: generates N synthetic providers (default 10,000) in a temporary folder and
 * builds them in this process, printing RSS, V8 heap and buffers after each stage. Run with
 * `node --import tsx tools/bench/stages.ts [providers]`.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectPaths, todayUtc } from "../../scripts/config.js";
import { loadRecords } from "../../scripts/dataset.js";
import { readChangeList } from "../../scripts/history/changeList.js";
import { Publication } from "../../scripts/publish/publication.js";
import { HeapBudget, collectGarbage } from "../../scripts/util/memory.js";
import { compactRecordOf, renderSite } from "../../scripts/site/renderSite.js";
import { writeSyntheticData } from "./synthetic.js";

const count = Number(process.argv[2] ?? 10_000);
const mib = (bytes: number) => String(Math.round(bytes / 1024 ** 2)).padStart(6);
const stage = (name: string) => {
  const usage = process.memoryUsage();
  console.log(`${name.padEnd(22)} rss ${mib(usage.rss)}  heap used ${mib(usage.heapUsed)}  buffers ${mib(usage.arrayBuffers)}  peak rss ${mib(process.resourceUsage().maxRSS * 1024)} MiB`);
};

const providersDir = path.join("data", "providers");
const templates = await Promise.all(
  (await fs.readdir(providersDir)).filter((name) => name.endsWith(".json")).map(async (name) => {
    const record = JSON.parse(await fs.readFile(path.join(providersDir, name), "utf8"));
    delete record.$schema;
    return record;
  }),
);
const work = await fs.mkdtemp(path.join(os.tmpdir(), `stages-${count}-`));
try {
  await writeSyntheticData(work, templates, count);
  stage("start");
  const paths = projectPaths(work);
  const today = todayUtc();
  const dataset = await loadRecords(paths, today, compactRecordOf);
  if (!dataset.meta) throw new Error("the synthetic data did not validate");
  stage("loaded and validated");
  // As the build does between loading and rendering.
  collectGarbage();
  stage("after a full GC");
  const publication = await Publication.open(paths.publicDir);
  renderSite({ ...dataset, meta: dataset.meta }, { baseUrl: "https://bench.example", today, sourceDateEpoch: "1767225600", changes: await readChangeList(work), memory: new HeapBudget() }, publication);
  stage("rendered and written");
  await publication.finish();
  stage("swapped in");
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
