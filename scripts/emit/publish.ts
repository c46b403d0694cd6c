import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { FILE_CONCURRENCY, mapLimit } from "../util/pool.js";

/** Messages to and from the writer thread (writerThread.mjs). */
type WriterMessage =
  | { kind: "file"; file: string; bytes: Uint8Array; previous: string | null }
  | { kind: "reuse"; file: string; previous: string }
  | { kind: "finish" };
type WriterReply =
  | { kind: "finished"; filesWritten: number; bytesWritten: number; hashes: Manifest; changed: string[] }
  | { kind: "failed"; message: string };

/**
 * Publishing by generations. `public` is a symbolic link to one complete generation folder under
 * `.site/`. A build writes a new generation (files whose bytes are unchanged are hard-linked from the
 * current one, so only changed bytes are written) and then swaps the link with a single atomic rename.
 * A build killed at any moment leaves `public` pointing at the complete old output; the next build
 * removes what the killed one left behind.
 */

export interface PublishReport {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  bytesWritten: number;
  filesWritten: number;
  generation: string | null;
}

/** Content hash of every file of a generation, so the next build can compare without reading it back. */
export type Manifest = Record<string, string>;

/** What a build leaves under .site/ besides the cache: generation folders and temporary files. */
const LEFTOVER = /^(g|legacy)-|\.tmp-\d+$/;

export const hashBytes = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest("base64url");

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(path.join(dir, entry.name), rel) : [rel];
    }),
  );
  return nested.flat();
}

/** The folder `public` currently shows, or null when there is none yet. */
export async function currentGeneration(publicDir: string): Promise<string | null> {
  try {
    return await fs.realpath(publicDir);
  } catch {
    return null;
  }
}

/** Removes generation folders and temporary files that no complete build points at. */
async function cleanLeftovers(publicDir: string, generations: string, keep: string | null): Promise<void> {
  let names: string[] = [];
  try {
    names = await fs.readdir(generations);
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(generations, name);
    if (!LEFTOVER.test(name) || (keep && path.resolve(full) === keep)) continue;
    await fs.rm(full, { recursive: true, force: true });
  }
  await fs.rm(`${publicDir}.next-link`, { force: true });
}

/** The hash of each file of the current output: from the manifest when it matches, else read back. */
async function currentHashes(current: string, manifest: Manifest | null): Promise<Manifest> {
  if (manifest) return manifest;
  const files = await listFiles(current);
  const hashes = await mapLimit(files, FILE_CONCURRENCY, async (file) => hashBytes(await fs.readFile(path.join(current, file))));
  return Object.fromEntries(files.map((file, index) => [file, hashes[index]!]));
}

/**
 * One new generation being written. Files are handed over as they are made (`add`) and written on a
 * separate thread at once; `commit` waits for the writes and swaps the link, `abort` throws it away.
 */
export class Generation {
  private manifest: Manifest = {};
  private readonly files: string[] = [];
  private report: PublishReport = { added: [], changed: [], removed: [], unchanged: 0, bytesWritten: 0, filesWritten: 0, generation: null };
  private readonly writer: Worker;
  private readonly failed: Promise<never>;


  private constructor(
    private readonly publicDir: string,
    private readonly generations: string,
    private readonly dir: string,
    private readonly current: string | null,
    private readonly isLink: boolean,
    private readonly old: Manifest,
  ) {
    this.writer = new Worker(new URL("./writerThread.mjs", import.meta.url), { workerData: { root: dir, current } });
    this.failed = new Promise<never>((_, reject) => this.writer.once("error", reject));
    this.failed.catch(() => undefined);
  }

  static async open(publicDir: string, generations: string, previousManifest: Manifest | null): Promise<Generation> {
    await fs.mkdir(generations, { recursive: true });
    let current = await currentGeneration(publicDir);
    const publicStat = await fs.lstat(publicDir).catch(() => null);
    const isLink = publicStat?.isSymbolicLink() ?? false;
    await cleanLeftovers(publicDir, generations, isLink ? current : null);
    // A plain folder from an older layout is the current output too; it is moved aside at the swap.
    if (publicStat && !isLink) current = path.resolve(publicDir);
    else if (!isLink) current = null;
    const old = current ? await currentHashes(current, isLink ? previousManifest : null) : {};
    const dir = path.join(generations, `g-${Date.now().toString(36)}-${process.pid}`);
    await fs.mkdir(dir);
    return new Generation(publicDir, generations, dir, current, isLink, old);
  }

  /**
   * Hands one file over to the writer thread, which hashes it and writes it (or hard-links the current
   * copy when the bytes are the same). A buffer that owns its memory is moved, not copied, and the
   * caller must not use it afterwards, unless `keep` asks for a copy to be sent instead.
   */
  add(file: string, bytes: Buffer, { keep = false }: { keep?: boolean } = {}): void {
    this.files.push(file);
    const previous = this.old[file] ?? null;
    if (previous === null) this.report.added.push(file);
    const message: WriterMessage = { kind: "file", file, bytes, previous };
    const ownsMemory = !keep && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    this.writer.postMessage(message, ownsMemory ? [bytes.buffer as ArrayBuffer] : []);
  }

  /** The hash of a file in the current generation, or null when it has none. */
  currentHash(file: string): string | null {
    return this.old[file] ?? null;
  }

  /**
   * Keeps a file of the current generation as it is, without its bytes: it is hard-linked (or copied)
   * into the new one. Only for files `currentHash` knows.
   */
  reuse(file: string): void {
    const previous = this.old[file];
    if (previous === undefined) throw new Error(`${file} is not in the current generation`);
    this.files.push(file);
    this.writer.postMessage({ kind: "reuse", file, previous } satisfies WriterMessage);
  }

  /** Where the current generation is, to read an unchanged file back; null when there is none. */
  get currentFolder(): string | null {
    return this.current;
  }

  private async finishWrites(): Promise<void> {
    const reply = new Promise<WriterReply>((resolve) => this.writer.once("message", resolve));
    this.writer.postMessage({ kind: "finish" } satisfies WriterMessage);
    const result = await Promise.race([reply, this.failed]);
    await this.writer.terminate();
    if (result.kind === "failed") throw new Error(`writing the output failed: ${result.message}`);
    this.report.filesWritten = result.filesWritten;
    this.report.bytesWritten = result.bytesWritten;
    this.report.changed = result.changed;
    this.report.unchanged = this.files.length - this.report.added.length - result.changed.length;
    this.manifest = result.hashes;
  }

  async commit(): Promise<{ report: PublishReport; manifest: Manifest }> {
    await this.finishWrites();
    const { report, manifest } = this;
    for (const file of Object.keys(this.old)) if (!(file in manifest)) report.removed.push(file);
    report.added.sort();
    report.changed.sort();
    report.removed.sort();
    if (this.isLink && report.added.length + report.changed.length + report.removed.length === 0) {
      // Same bytes as what is published: keep the current generation, drop the links just made.
      await fs.rm(this.dir, { recursive: true, force: true });
      return { report: { ...report, filesWritten: 0, bytesWritten: 0 }, manifest };
    }
    const link = `${this.publicDir}.next-link`;
    await fs.rm(link, { force: true });
    await fs.symlink(path.relative(path.dirname(this.publicDir), this.dir), link);
    if (this.current && !this.isLink) {
      // rename() cannot replace a folder with a link: move the old folder aside first (one-time migration).
      await fs.rename(this.publicDir, path.join(this.generations, `legacy-${process.pid}`));
    }
    await fs.rename(link, this.publicDir);
    report.generation = path.basename(this.dir);
    await cleanLeftovers(this.publicDir, this.generations, this.dir);
    return { report, manifest };
  }

  async abort(): Promise<void> {
    await this.writer.terminate();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
