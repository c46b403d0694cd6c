import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WriterPool } from "../scripts/publish/writerPool.js";
import { compressedSiblings } from "../scripts/publish/compress.js";
import { makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

const trees: Tree[] = [];
const folders: string[] = [];
const pools: WriterPool[] = [];
const saved = process.env.EVIDENCE_WRITER_THREADS;
afterEach(async () => {
  for (const tree of trees.splice(0)) await tree.cleanup();
  for (const pool of pools.splice(0)) await pool.close();
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
  if (saved === undefined) delete process.env.EVIDENCE_WRITER_THREADS;
  else process.env.EVIDENCE_WRITER_THREADS = saved;
});

async function scratch(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "writer-threads-"));
  folders.push(folder);
  return folder;
}

async function builtWith(threads: string, ids: string[]): Promise<Tree> {
  process.env.EVIDENCE_WRITER_THREADS = threads;
  const tree = await makeTree(ids.map((id) => minimalRecord(id)));
  trees.push(tree);
  await tree.build();
  return tree;
}

describe("files created on writer threads", () => {
  it("writes every file handed over, making missing folders, before drain returns", async () => {
    const folder = await scratch();
    const pool = new WriterPool(2);
    pools.push(pool);
    const files = Array.from({ length: 300 }, (_, index) => ({ target: path.join(folder, `f${index % 7}`, `g${index % 3}`, `${index}.txt`), bytes: Buffer.from(`file ${index}\n`.repeat(index + 1)) }));
    for (const { target, bytes } of files) pool.write(target, bytes);
    pool.drain();
    for (const { target, bytes } of files) expect(await fs.readFile(target)).toEqual(bytes);
  });

  it("ends its threads by themselves, and when abandoned skips the files not yet begun", async () => {
    const folder = await scratch();
    const pool = new WriterPool(2);
    pools.push(pool);
    // Far more than the 16 MB the threads may be behind: when the last is handed over, many wait unbegun.
    const bytes = Buffer.from("evidence, ".repeat(50_000));
    const count = 80;
    for (let index = 0; index < count; index += 1) pool.writeWithCopies(path.join(folder, `${index}.txt`), bytes);
    await pool.close(true);
    const written = (await fs.readdir(folder)).filter((name) => name.endsWith(".txt"));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(count);
    // Closed without abandoning, every file handed over is written before the threads end.
    const other = await scratch();
    const second = new WriterPool(2);
    pools.push(second);
    for (let index = 0; index < count; index += 1) second.write(path.join(other, `${index}.txt`), bytes);
    await second.close();
    expect((await fs.readdir(other)).length).toBe(count);
  });

  it("reports a file it could not create by its path, and never writes through an existing one", async () => {
    const folder = await scratch();
    await fs.writeFile(path.join(folder, "taken.txt"), "kept\n");
    await fs.writeFile(path.join(folder, "a-file"), "not a folder\n");
    const pool = new WriterPool(1);
    pools.push(pool);
    pool.write(path.join(folder, "taken.txt"), Buffer.from("overwritten\n"));
    expect(() => pool.drain()).toThrow(/writing .*taken\.txt failed: EEXIST/);
    expect(await fs.readFile(path.join(folder, "taken.txt"), "utf8")).toBe("kept\n");
    const second = new WriterPool(1);
    pools.push(second);
    second.write(path.join(folder, "a-file", "inside.txt"), Buffer.from("x"));
    expect(() => second.drain()).toThrow(/inside\.txt failed: ENOTDIR/);
  });

  it("writes a file handed over with its copies, the copies the same bytes as compressing in place, and counts them", async () => {
    const folder = await scratch();
    const pool = new WriterPool(2);
    pools.push(pool);
    const files = Array.from({ length: 40 }, (_, index) => ({ file: `p${index % 5}/page-${index}.html`, bytes: Buffer.from(`<p>page ${index} å ä ö</p>\n`.repeat(60 + index)) }));
    for (const { file, bytes } of files) pool.writeWithCopies(path.join(folder, file), bytes);
    pool.drain();
    let copyBytes = 0;
    for (const { file, bytes } of files) {
      expect(await fs.readFile(path.join(folder, file))).toEqual(bytes);
      for (const [sibling, expected] of compressedSiblings(file, bytes)) {
        expect(await fs.readFile(path.join(folder, sibling))).toEqual(expected);
        copyBytes += expected.length;
      }
    }
    expect(pool.copyBytesWritten()).toBe(copyBytes);
  });

  it("names the copy it could not create, and leaves what was there", async () => {
    const folder = await scratch();
    await fs.writeFile(path.join(folder, "page.html.br"), "kept\n");
    const pool = new WriterPool(1);
    pools.push(pool);
    pool.writeWithCopies(path.join(folder, "page.html"), Buffer.from("<p>x</p>\n".repeat(200)));
    expect(() => pool.drain()).toThrow(/writing .*page\.html\.br failed: EEXIST/);
    expect(await fs.readFile(path.join(folder, "page.html.br"), "utf8")).toBe("kept\n");
  });

  it("a build reports the same files and bytes with and without them, the bytes those on disk", async () => {
    const ids = ["one-ai", "two-ai", "three-ai"];
    const reports = [];
    for (const threads of ["0", "2"]) {
      process.env.EVIDENCE_WRITER_THREADS = threads;
      const tree = await makeTree(ids.map((id) => minimalRecord(id)));
      trees.push(tree);
      const { publish } = await tree.build();
      // A copy the build linked (the archive's) is one file on disk under two names, written once.
      const inodes = new Map<number, number>();
      for (const [file] of await snapshot(tree.paths.publicDir)) {
        const { ino, size } = await fs.stat(path.join(tree.paths.publicDir, file));
        inodes.set(ino, size);
      }
      expect(publish.bytesWritten).toBe([...inodes.values()].reduce((sum, size) => sum + size, 0));
      expect(publish.filesWritten).toBe(publish.added.length);
      reports.push({ files: publish.filesWritten, bytes: publish.bytesWritten, added: publish.added });
    }
    expect(reports[1]).toEqual(reports[0]);
  });

  it("a build publishes the same bytes with and without them, fresh and again after a change", async () => {
    const ids = ["one-ai", "two-ai", "three-ai", "four-ai", "five-ai"];
    const here = await builtWith("0", ids);
    const threaded = await builtWith("2", ids);
    expect(await snapshot(threaded.paths.publicDir)).toEqual(await snapshot(here.paths.publicDir));
    // A rebuild after one change writes the changed files anew and links the rest: the same bytes again.
    for (const tree of [here, threaded]) await tree.writeProvider("two-ai", { ...minimalRecord("two-ai"), name: "Two AI, renamed" });
    process.env.EVIDENCE_WRITER_THREADS = "0";
    await here.build();
    process.env.EVIDENCE_WRITER_THREADS = "2";
    await threaded.build();
    const after = await snapshot(threaded.paths.publicDir);
    expect(after).toEqual(await snapshot(here.paths.publicDir));
    expect([...after.values()].some((base64) => Buffer.from(base64, "base64").includes("Two AI, renamed"))).toBe(true);
  });
});
