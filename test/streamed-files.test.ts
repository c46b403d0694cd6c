import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { loadDataset } from "../scripts/dataset.js";
import { nextDir } from "../scripts/publish/folders.js";
import { Publication, type PublishReport } from "../scripts/publish/publication.js";
import { FILES } from "../scripts/routes.js";
import type { Artefacts } from "../scripts/site/artefacts.js";
import { compressedSiblings } from "../scripts/publish/compress.js";
import { htmlSafeJson, withGithubPagesCopies } from "../scripts/site/hosts/githubPages.js";
import { renderSite } from "../scripts/site/renderSite.js";
import { BASE_URL, makeTree, minimalRecord, TODAY, type Tree } from "./helpers.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempPublicDir(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "streamed-"));
  cleanups.push(() => fs.rm(root, { recursive: true, force: true }));
  return path.join(root, "public");
}

/** Parts of a text large enough to be compressed, different per seed. */
const parts = (count: number, seed: string) => Array.from({ length: count }, (_, index) => Buffer.from(`{"part":${index},"seed":"${seed}","text":"${"evidence ".repeat(40)}"}\n`));

/** Publishes one file handed over in these parts, and returns the report. */
async function publishInParts(publicDir: string, file: string, chunks: Buffer[]): Promise<PublishReport> {
  const publication = await Publication.open(publicDir);
  const writer = publication.open(file);
  for (const chunk of chunks) writer.write(chunk);
  writer.end();
  return publication.finish();
}

async function expectPublished(publicDir: string, file: string, bytes: Buffer): Promise<void> {
  const plain = await fs.readFile(path.join(publicDir, file));
  expect(plain.equals(bytes)).toBe(true);
  expect(gunzipSync(await fs.readFile(path.join(publicDir, `${file}.gz`))).equals(bytes)).toBe(true);
  expect(brotliDecompressSync(await fs.readFile(path.join(publicDir, `${file}.br`))).equals(bytes)).toBe(true);
}

describe("files too large to hold whole are handed over in parts", () => {
  it("the dataset and both CSV exports reach the publication in parts, never as one buffer", async () => {
    const tree: Tree = await makeTree(["one-ai", "two-ai", "three-ai"].map((id) => minimalRecord(id)));
    cleanups.push(() => tree.cleanup());
    const dataset = await loadDataset(tree.paths, TODAY);
    const whole = new Set<string>();
    const inParts = new Map<string, Buffer[]>();
    const sink: Artefacts = {
      set: (file) => void whole.add(file),
      open: (file) => {
        const chunks: Buffer[] = [];
        return { write: (chunk) => void chunks.push(chunk), end: () => void inParts.set(file, chunks) };
      },
    };
    renderSite({ ...dataset, meta: dataset.meta! }, { baseUrl: BASE_URL, today: TODAY }, sink);
    for (const file of [FILES.dataset, FILES.csv, FILES.providersCsv]) {
      expect(whole.has(file)).toBe(false);
      // A heading or opening, then at least one part per provider.
      expect(inParts.get(file)!.length).toBeGreaterThan(3);
    }
    // The parts join into the same bytes a sink that cannot stream receives whole.
    const joined = renderSite({ ...dataset, meta: dataset.meta! }, { baseUrl: BASE_URL, today: TODAY }).files;
    for (const [file, chunks] of inParts) expect(Buffer.concat(chunks).equals(joined.get(file)!)).toBe(true);
    const document = JSON.parse(joined.get(FILES.dataset)!.toString("utf8"));
    expect(document.providers.map((record: { id: string }) => record.id)).toEqual(["one-ai", "three-ai", "two-ai"]);
  });

  it("writes a new file part by part, with compressed copies equal to compressing it whole", async () => {
    const publicDir = await tempPublicDir();
    const chunks = parts(200, "a");
    const bytes = Buffer.concat(chunks);
    const report = await publishInParts(publicDir, "api/big.json", chunks);
    expect(report.added).toEqual(["api/big.json", "api/big.json.br", "api/big.json.gz"]);
    expect(report.filesWritten).toBe(3);
    await expectPublished(publicDir, "api/big.json", bytes);
    const inPlace = new Map(compressedSiblings("api/big.json", bytes));
    expect((await fs.readFile(path.join(publicDir, "api/big.json.gz"))).equals(inPlace.get("api/big.json.gz")!)).toBe(true);
    expect((await fs.readFile(path.join(publicDir, "api/big.json.br"))).equals(inPlace.get("api/big.json.br")!)).toBe(true);
  });

  it("makes the copies of a file too large to compress in memory from disk, in parts, with the bytes of compressing it whole", async () => {
    const publicDir = await tempPublicDir();
    // Over the 16 MiB compressed in memory, so the copies are made from disk in `finish`, and over the 1 MiB below which brotli treats a file as a page.
    const chunks = Array.from({ length: 17 * 1024 }, (_, index) => Buffer.from(`${String(index).padStart(8, "0")}:${"evidence ".repeat(113)}\n`));
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBeGreaterThan(16 * 1024 * 1024);
    await publishInParts(publicDir, "api/large.csv", chunks);
    const inPlace = new Map(compressedSiblings("api/large.csv", bytes));
    expect((await fs.readFile(path.join(publicDir, "api/large.csv.gz"))).equals(inPlace.get("api/large.csv.gz")!)).toBe(true);
    expect((await fs.readFile(path.join(publicDir, "api/large.csv.br"))).equals(inPlace.get("api/large.csv.br")!)).toBe(true);
  });

  it("writes nothing, not even the new folder, when the parts equal the published file", async () => {
    const publicDir = await tempPublicDir();
    await publishInParts(publicDir, "api/big.json", parts(200, "a"));
    const publication = await Publication.open(publicDir);
    const writer = publication.open("api/big.json");
    for (const chunk of parts(200, "a")) writer.write(chunk);
    writer.end();
    await expect(fs.lstat(nextDir(publicDir))).rejects.toThrow();
    const report = await publication.finish();
    expect(report.filesWritten).toBe(0);
    expect(report.unchanged).toBe(3);
    await expect(fs.lstat(nextDir(publicDir))).rejects.toThrow();
  });

  it("keeps the equal beginning and takes the rest when a part in the middle changes", async () => {
    const publicDir = await tempPublicDir();
    const first = parts(200, "a");
    await publishInParts(publicDir, "api/big.json", first);
    const changed = [...first];
    changed[120] = Buffer.from('{"part":120,"changed":true}\n');
    const report = await publishInParts(publicDir, "api/big.json", changed);
    expect(report.changed).toEqual(["api/big.json", "api/big.json.br", "api/big.json.gz"]);
    await expectPublished(publicDir, "api/big.json", Buffer.concat(changed));
  });

  it("ends the file where its parts end when the published one was longer, and grows it when shorter", async () => {
    const publicDir = await tempPublicDir();
    const long = parts(200, "a");
    await publishInParts(publicDir, "api/big.json", long);
    await publishInParts(publicDir, "api/big.json", long.slice(0, 150));
    await expectPublished(publicDir, "api/big.json", Buffer.concat(long.slice(0, 150)));
    await publishInParts(publicDir, "api/big.json", long);
    await expectPublished(publicDir, "api/big.json", Buffer.concat(long));
  });

  it("publishes the last version of a file handed over twice in one build, with copies of that version", async () => {
    const publicDir = await tempPublicDir();
    const publication = await Publication.open(publicDir);
    for (const seed of ["first", "second"]) {
      const writer = publication.open("api/big.json");
      for (const chunk of parts(300, seed)) writer.write(chunk);
      writer.end();
    }
    const report = await publication.finish();
    expect(report.added).toEqual(["api/big.json", "api/big.json.br", "api/big.json.gz"]);
    await expectPublished(publicDir, "api/big.json", Buffer.concat(parts(300, "second")));
  });

  it.each([
    ["a file read back whole", 200],
    ["a file too large to hold whole (over 16 MB)", 44_000],
  ])("review 4, finding 12: makes the copies of %s again when the published ones were made by hand, even ones that decode to it", async (_kind, count) => {
    const publicDir = await tempPublicDir();
    const chunks = parts(count, "a");
    const bytes = Buffer.concat(chunks);
    await publishInParts(publicDir, "api/big.json", chunks);
    const fresh = await Promise.all([".gz", ".br"].map((suffix) => fs.readFile(path.join(publicDir, `api/big.json${suffix}`))));
    // A valid gzip copy made at another level decodes to the file and still differs from what a build makes.
    const otherLevel = gzipSync(bytes, { level: 1 });
    expect(gunzipSync(otherLevel).equals(bytes)).toBe(true);
    await fs.writeFile(path.join(publicDir, "api/big.json.gz"), otherLevel);
    await fs.writeFile(path.join(publicDir, "api/big.json.br"), Buffer.from("not brotli"));
    const report = await publishInParts(publicDir, "api/big.json", chunks);
    expect(report.changed).toEqual(["api/big.json.br", "api/big.json.gz"]);
    expect(report.unchanged).toBe(1);
    expect(await fs.readFile(path.join(publicDir, "api/big.json.gz"))).toEqual(fresh[0]);
    expect(await fs.readFile(path.join(publicDir, "api/big.json.br"))).toEqual(fresh[1]);
    await expectPublished(publicDir, "api/big.json", bytes);
    // Copies as the build made them are kept: nothing is written.
    expect((await publishInParts(publicDir, "api/big.json", chunks)).filesWritten).toBe(0);
  }, 60_000);

  it("leaves public/ as it was when the build is abandoned halfway through a file", async () => {
    const publicDir = await tempPublicDir();
    const chunks = parts(200, "a");
    await publishInParts(publicDir, "api/big.json", chunks);
    const publication = await Publication.open(publicDir);
    const writer = publication.open("api/big.json");
    writer.write(Buffer.from("something else entirely"));
    await publication.abandon();
    await expectPublished(publicDir, "api/big.json", Buffer.concat(chunks));
    await expect(fs.lstat(nextDir(publicDir))).rejects.toThrow();
  });

  it("counts every byte it wrote, the compressed copies made side by side included", async () => {
    const publicDir = await tempPublicDir();
    const publication = await Publication.open(publicDir);
    const first = publication.open("api/one.json");
    const second = publication.open("api/two.csv");
    const others = parts(150, "two");
    parts(150, "one").forEach((chunk, index) => {
      first.write(chunk);
      second.write(others[index]!);
    });
    first.end();
    second.end();
    const report = await publication.finish();
    let onDisk = 0;
    for (const file of ["api/one.json", "api/two.csv"]) for (const suffix of ["", ".gz", ".br"]) onDisk += (await fs.stat(path.join(publicDir, file + suffix))).size;
    expect(report.filesWritten).toBe(6);
    expect(report.bytesWritten).toBe(onDisk);
  });

  it("gives the GitHub Pages copy of a file handed over in parts the same bytes as of the whole file", async () => {
    const text = Buffer.from('{"a":"<b>&amp; å ä ö</b>","c":"&&<<>>"}\n'.repeat(50));
    for (const size of [1, 2, 3, 7, 64]) {
      const copies = new Map<string, Buffer[]>();
      const sink: Artefacts = {
        set: () => undefined,
        open: (file) => {
          const chunks: Buffer[] = [];
          copies.set(file, chunks);
          return { write: (chunk) => void chunks.push(chunk), end: () => undefined };
        },
      };
      const writer = withGithubPagesCopies(sink).open!(FILES.dataset);
      for (let at = 0; at < text.length; at += size) writer.write(text.subarray(at, at + size));
      writer.end();
      expect(Buffer.concat(copies.get("api/data/index.html")!).equals(htmlSafeJson(text))).toBe(true);
      expect(Buffer.concat(copies.get(FILES.dataset)!).equals(text)).toBe(true);
    }
  });
});
