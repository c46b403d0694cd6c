import { promises as fs } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CompressionPool, type CompressedCopy } from "../scripts/publish/compressPool.js";
import { compressedSiblings } from "../scripts/publish/compress.js";
import { makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

const trees: Tree[] = [];
const pools: CompressionPool[] = [];
const saved = process.env.EVIDENCE_COMPRESSION_WORKERS;
afterEach(async () => {
  for (const tree of trees.splice(0)) await tree.cleanup();
  for (const pool of pools.splice(0)) await pool.close();
  if (saved === undefined) delete process.env.EVIDENCE_COMPRESSION_WORKERS;
  else process.env.EVIDENCE_COMPRESSION_WORKERS = saved;
});

const records = () => ["one-ai", "two-ai", "three-ai", "four-ai"].map((id) => minimalRecord(id));

async function builtWith(workers: string): Promise<Tree> {
  process.env.EVIDENCE_COMPRESSION_WORKERS = workers;
  const tree = await makeTree(records());
  trees.push(tree);
  await tree.build();
  return tree;
}

const text = (size: number, seed: string) => Buffer.from(Array.from({ length: size / 16 }, (_, index) => `${seed}-${String(index).padStart(8, "0")}\n`).join(""));

describe("compression on worker threads", () => {
  it("publishes the same bytes as compressing in place, with no copy missing", async () => {
    const inPlace = await snapshot((await builtWith("0")).paths.publicDir);
    const onWorkers = await snapshot((await builtWith("2")).paths.publicDir);
    expect([...onWorkers.keys()].filter((file) => file.endsWith(".br")).length).toBeGreaterThan(10);
    expect(onWorkers).toEqual(inPlace);
  });

  it("makes a copy again when the published one no longer decodes to its file, and keeps the others", async () => {
    const tree = await builtWith("1");
    const page = path.join(tree.paths.publicDir, "providers", "two-ai.html");
    await fs.writeFile(`${page}.br`, Buffer.from("not brotli"));
    await fs.writeFile(`${page}.gz`, gunzipSync(await fs.readFile(`${page}.gz`)));
    const repaired = await tree.build();
    expect(repaired.publish.changed).toEqual(["providers/two-ai.html.br", "providers/two-ai.html.gz"]);
    const plain = await fs.readFile(page);
    expect(brotliDecompressSync(await fs.readFile(`${page}.br`)).equals(plain)).toBe(true);
    expect(gunzipSync(await fs.readFile(`${page}.gz`)).equals(plain)).toBe(true);
  });

  it("hands small files to the workers and leaves a file over the limit to the caller", () => {
    const pool = new CompressionPool(2);
    pools.push(pool);
    const ready: CompressedCopy[] = [];
    const small = ["a", "b", "c"].map((seed) => [`${seed}.json`, text(4096, seed)] as const);
    for (const [file, bytes] of small) expect(pool.submit(file, bytes, ready)).toBe(true);
    expect(pool.submit("big.json", text(2 * 1024 * 1024, "big"), ready)).toBe(false);
    // Once a large file has come, the rest is compressed by the caller: the workers have stopped.
    expect(pool.submit("late.json", text(4096, "late"), ready)).toBe(false);
    ready.push(...pool.drain());
    const made = new Map(ready.map((copy) => [copy.sibling, copy.bytes]));
    expect([...made.keys()].sort()).toEqual(["a.json.br", "a.json.gz", "b.json.br", "b.json.gz", "c.json.br", "c.json.gz"]);
    for (const [file, bytes] of small) {
      const inPlace = new Map(compressedSiblings(file, bytes));
      expect(made.get(`${file}.br`)).toEqual(inPlace.get(`${file}.br`));
      expect(made.get(`${file}.gz`)).toEqual(inPlace.get(`${file}.gz`));
    }
  });
});
