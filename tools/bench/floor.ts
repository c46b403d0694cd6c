/**
 * The floor: the same output bytes written with nothing but JSON.stringify and fs.writeFile. The JSON
 * files are serialised from the records here; the other files (pages, host files) are read beforehand,
 * untimed, and only written. Prints one JSON line.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

const [builtDir, outDir] = [process.argv[2]!, process.argv[3]!];

async function list(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await list(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

const files = await list(builtDir);
const dataset = JSON.parse(await fs.readFile(path.join(builtDir, "api/data/index.json"), "utf8")) as { providers: Array<{ id: string }> };
const others = new Map<string, Buffer>();
for (const file of files) {
  if (file === "api/data/index.json" || /^api\/data\/[^/]+\/index\.json$/.test(file)) continue;
  others.set(file, await fs.readFile(path.join(builtDir, file)));
}

const started = performance.now();
const dirs = new Set<string>();
const write = async (file: string, data: string | Buffer) => {
  const target = path.join(outDir, file);
  const dir = path.dirname(target);
  if (!dirs.has(dir)) {
    await fs.mkdir(dir, { recursive: true });
    dirs.add(dir);
  }
  await fs.writeFile(target, data);
};
await write("api/data/index.json", `${JSON.stringify(dataset)}\n`);
for (const record of dataset.providers) await write(`api/data/${record.id}/index.json`, `${JSON.stringify(record)}\n`);
for (const [file, bytes] of others) await write(file, bytes);
console.log(JSON.stringify({ ms: performance.now() - started, files: files.length, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
