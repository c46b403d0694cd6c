import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, promises as fs, readFileSync, readSync, rmSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ArtefactWriter, Artefacts } from "../site/artefacts.js";
import { compressedDigest, compressedSiblings, compressFile, compressInBackground, ENCODINGS, fileDigest, isCompressible, isCompressibleSize } from "./compress.js";
import { CompressionPool, type CompressedCopy } from "./compressPool.js";
import { WriterPool } from "./writerPool.js";
import { mapLimit } from "../util/pool.js";
import { nextDir } from "./folders.js";
import { listPublished, publishedReader, type PublishedTree } from "./listing.js";
import { recoverInterruptedSwap, swapIn } from "./swap.js";

export interface PublishReport {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  filesWritten: number;
  bytesWritten: number;
}

/** A file's name and the names of its compressed copies. */
const withCopies = (file: string): string[] => [file, ...ENCODINGS.map(({ suffix }) => `${file}${suffix}`)];

/** Whether two paths are one file (the same inode): a copy the build linked before. */
function sameFile(a: string, b: string): boolean {
  try {
    const [one, two] = [lstatSync(a), lstatSync(b)];
    return one.isFile() && one.ino === two.ino && one.dev === two.dev;
  } catch {
    return false;
  }
}

/**
 * Worker threads that compress beside the thread that renders: one per spare core, at most three, or
 * EVIDENCE_COMPRESSION_WORKERS of them (0 compresses in place: less memory, and slower). On one core the build
 * compresses in place.
 */
function compressionWorkers(): number {
  const asked = process.env.EVIDENCE_COMPRESSION_WORKERS;
  if (asked !== undefined && /^\d+$/.test(asked.trim())) return Math.min(16, Number(asked.trim()));
  return Math.max(0, Math.min(3, os.availableParallelism() - 1));
}

/**
 * Threads that create the new files while rendering goes on (writerPool.ts): two, or EVIDENCE_WRITER_THREADS of
 * them (0 creates every file on the rendering thread). Two even on one core: a thread creating a file mostly
 * waits for the file system, not for the processor.
 */
function writerThreads(): number {
  const asked = process.env.EVIDENCE_WRITER_THREADS;
  if (asked !== undefined && /^\d+$/.test(asked.trim())) return Math.min(16, Number(asked.trim()));
  return 2;
}

/**
 * A file handed over in parts up to this size has its copies made in the background from its bytes read back
 * (the real data's dataset and exports; the dataset at 1,000 providers); a larger one is compressed from disk in
 * parts in `finish`, never held whole (the dataset at 10,000 providers).
 */
const MAX_BACKGROUND_COPY_BYTES = 16 * 1024 * 1024;

/** A file handed over in parts, too large to hold whole, whose copies are made from disk in `finish`. */
interface LargeFile {
  /** Where its bytes are: the new folder when it was written anew, else the published folder. */
  source: string;
  size: number;
  unchanged: boolean;
}

/**
 * A new generation of the site, written file by file as the build renders it, so the build never holds the
 * whole site in memory. Each file is compared with the published one as it arrives: an equal file is linked
 * from the published folder (a rebuild writes only what changed), a new or different one is written. The
 * compressed copies are made anew for every file and placed the same way, so a rebuild is byte for byte a
 * fresh build. Nothing is created beside public/ until the first difference, so a rebuild with nothing changed
 * writes nothing. `finish` swaps the complete new folder in (swap.ts). Call everything with the build lock held.
 */
export class Publication implements Artefacts {
  readonly report: PublishReport = { added: [], changed: [], removed: [], unchanged: 0, filesWritten: 0, bytesWritten: 0 };
  private readonly next: string;
  private readonly seen = new Set<string>();
  private readonly folders = new Set<string>();
  /** Unchanged files seen before the first difference: linked once the new folder is started. */
  private pendingLinks: string[] = [];
  private started = false;
  private readonly readPublished: (file: string) => Buffer | null;
  /** Makes the compressed copies on worker threads while rendering goes on; null when not compressing. */
  private readonly compression: CompressionPool | null;
  private readonly compress: boolean;
  /** Creates new files on worker threads, started with the first file written; null before, and once finished. */
  private writer: WriterPool | null = null;
  /** How many writing threads to start; 0 once they were closed, or when files are created here. */
  private writers = writerThreads();
  /** Files handed over in parts whose copies are made from disk in `finish`, by name. */
  private readonly large = new Map<string, LargeFile>();
  /** Files handed over in parts whose copies are being made in the background, by name. */
  private readonly copiesUnderWay = new Map<string, Promise<{ gzip: Buffer; brotli: Buffer } | Error>>();
  /** Descriptors of files being handed over in parts, closed if the build is abandoned. */
  private readonly openFiles = new Set<number>();
  /** Files whose published bytes were kept (linked from public/) rather than written anew. */
  private readonly keptFiles = new Set<string>();
  /** Files handed over as copies of others (`alias`), placed in `finish` once every file is there. */
  private readonly aliases = new Map<string, string>();

  private constructor(
    private readonly publicDir: string,
    private readonly publishedIsFolder: boolean,
    private readonly published: PublishedTree,
    compress: boolean,
  ) {
    this.next = nextDir(publicDir);
    const workers = compress ? compressionWorkers() : 0;
    this.compression = workers > 0 ? new CompressionPool(workers) : null;
    this.compress = compress;
    const reader = publishedReader(publicDir);
    this.readPublished = (file) => (published.files.has(file) ? reader(file) : null);
  }

  static async open(publicDir: string, options: { compress?: boolean } = {}): Promise<Publication> {
    await recoverInterruptedSwap(publicDir);
    const publicStat = await fs.lstat(publicDir).catch(() => null);
    // A public/ that is a link (an older layout) or not a folder is replaced by a real folder.
    const isFolder = publicStat?.isDirectory() === true;
    const published = isFolder ? await listPublished(publicDir) : { files: new Set<string>(), others: new Set<string>() };
    return new Publication(publicDir, isFolder, published, options.compress ?? true);
  }

  set(file: string, bytes: Buffer): void {
    const compressible = this.compress && isCompressible(file, bytes);
    if (compressible && this.takesWithCopies(file, bytes)) return this.writeWithCopies(file, bytes);
    this.place(file, bytes);
    if (!compressible) return;
    const ready: CompressedCopy[] = [];
    if (!this.compression?.submit(file, bytes, ready)) {
      for (const [sibling, copy] of compressedSiblings(file, bytes)) this.place(sibling, copy);
    }
    this.placeCopies(ready);
  }

  /**
   * Whether a file and its compressed copies can go to a writing thread at once, which makes the copies
   * (writerPool.ts): a file new to the site (as in a cold build), neither it nor a copy published, placed before
   * in this build, or too large for the threads. A file that is published takes the other way, which compares it
   * and each copy with what is published: a page edited by hand differs while its copies may still be right.
   */
  private takesWithCopies(file: string, bytes: Buffer): boolean {
    if (this.writers === 0 || bytes.byteLength > WriterPool.MAX_JOB_BYTES) return false;
    if (withCopies(file).some((name) => this.seen.has(name) || this.published.files.has(name) || this.published.others.has(name))) return false;
    return this.writer === null || this.writer.accepts(bytes);
  }

  /** A new file handed over with its copies to be made: all three are added. */
  private writeWithCopies(file: string, bytes: Buffer): void {
    for (const placed of withCopies(file)) {
      this.seen.add(placed);
      this.countNew(placed, false);
    }
    this.start();
    this.countWritten(bytes.length);
    this.report.filesWritten += ENCODINGS.length;
    this.writer ??= new WriterPool(this.writers);
    this.writer.writeWithCopies(path.join(this.next, file), bytes);
  }

  /**
   * A file with the bytes of one handed over before, under a second name (the archive's copy of a provider file or
   * of the dataset): a hard link to it, never a second write, and no compressed copies. Placed in `finish`.
   */
  alias(file: string, sameAs: string): void {
    if (!this.seen.has(sameAs)) throw new Error(`${file} was to be a copy of ${sameAs}, which was not handed over`);
    this.aliases.set(file, sameAs);
  }

  /**
   * Places the copies: one whose published entry is already the same file as its original's published one (a
   * link made by the build before) stays; any other is linked anew to the original in the new folder.
   */
  private placeAliases(): void {
    for (const [file, sameAs] of this.aliases) {
      const again = this.placedBefore(file);
      if (!again && this.keptFiles.has(sameAs) && this.published.files.has(file) && sameFile(path.join(this.publicDir, file), path.join(this.publicDir, sameAs))) {
        this.keepPublished(file, again);
        continue;
      }
      this.countNew(file, again);
      this.start();
      const target = path.join(this.next, file);
      this.folderFor(target);
      if (again) rmSync(target, { force: true });
      try {
        linkSync(path.join(this.next, sameAs), target);
        this.countWritten(0);
      } catch {
        this.write(file, readFileSync(path.join(this.next, sameAs)), true);
      }
    }
    this.aliases.clear();
  }

  private placeCopies(copies: CompressedCopy[]): void {
    for (const copy of copies) this.place(copy.sibling, copy.bytes);
  }

  /**
   * A file handed over in parts (the dataset and the CSVs, 80–90 MB each at 10,000 providers), never held
   * whole. Each part is compared with the same bytes of the published file; at the first difference the
   * new file starts as a copy of the published bytes before it and takes the rest as it comes.
   */
  open(file: string): ArtefactWriter {
    const again = this.placedBefore(file);
    let published: number | null = this.published.files.has(file) ? this.openTracked(path.join(this.publicDir, file), "r") : null;
    let out: number | null = null;
    let size = 0;
    let scratch = Buffer.alloc(0);
    /** From here on the file differs from the published one: write it, beginning with the bytes that did not. */
    const diverge = () => {
      this.start();
      const target = path.join(this.next, file);
      this.folderFor(target);
      if (again) {
        this.writer?.drain();
        rmSync(target, { force: true });
      }
      out = this.openTracked(target, "wx");
      if (published !== null) {
        const buffer = Buffer.allocUnsafe(Math.min(size, 1 << 20));
        for (let at = 0; at < size; ) {
          const read = readSync(published, buffer, 0, Math.min(buffer.length, size - at), at);
          if (read === 0) break;
          writeSync(out, buffer, 0, read);
          at += read;
        }
      }
      this.closeTracked(published);
      published = null;
    };
    return {
      write: (chunk) => {
        if (out === null && published !== null) {
          if (scratch.length < chunk.length) scratch = Buffer.allocUnsafe(Math.max(chunk.length, 64 * 1024));
          const read = readSync(published, scratch, 0, chunk.length, size);
          if (read === chunk.length && scratch.subarray(0, read).equals(chunk)) {
            size += chunk.length;
            return;
          }
        }
        if (out === null) diverge();
        writeSync(out!, chunk);
        size += chunk.length;
      },
      end: () => {
        const unchanged = out === null && published !== null && fstatSync(published).size === size;
        if (unchanged) {
          this.closeTracked(published);
          this.keepPublished(file, again);
        } else {
          if (out === null) diverge();
          this.closeTracked(out);
          this.countNew(file, again);
          this.countWritten(size);
        }
        // A file handed over again replaces its earlier version here too: only the last one gets copies.
        this.large.delete(file);
        this.copiesUnderWay.delete(file);
        if (!this.compress || !isCompressibleSize(file, size)) return;
        const source = path.join(unchanged ? this.publicDir : this.next, file);
        if (size <= MAX_BACKGROUND_COPY_BYTES) this.copiesUnderWay.set(file, this.compressInBackground(source));
        else this.large.set(file, { source, size, unchanged });
      },
    };
  }

  /**
   * Starts both copies of a file on the thread pool, from its bytes read back: they are made while the rest of
   * the site is rendered. A failure is kept for `finish`, never left unhandled.
   */
  private compressInBackground(source: string): Promise<{ gzip: Buffer; brotli: Buffer } | Error> {
    return compressInBackground(readFileSync(source)).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  }

  /** Places the copies made in the background; the first failure fails the build. */
  private async placeCopiesUnderWay(): Promise<void> {
    for (const [file, under] of this.copiesUnderWay) {
      const copies = await under;
      if (copies instanceof Error) throw new Error(`compressing ${file} failed: ${copies.message}`);
      this.place(`${file}.gz`, copies.gzip);
      this.place(`${file}.br`, copies.brotli);
    }
    this.copiesUnderWay.clear();
  }

  private openTracked(file: string, flags: "r" | "wx"): number {
    const fd = openSync(file, flags);
    this.openFiles.add(fd);
    return fd;
  }

  private closeTracked(fd: number | null): void {
    if (fd === null) return;
    this.openFiles.delete(fd);
    closeSync(fd);
  }

  /** A file whose published bytes stay: linked into the new folder, now or once it is started. */
  private keepPublished(file: string, again: boolean): void {
    this.keptFiles.add(file);
    if (!again) this.report.unchanged += 1;
    if (this.started) {
      // A file placed before in this build may still be on its way to the disk.
      if (again) this.writer?.drain();
      this.link(file);
    } else this.pendingLinks.push(file);
  }

  /** Counts a file that differs from what is published as changed or added, the first time it is placed. */
  private countNew(file: string, again: boolean): void {
    if (!again) (this.published.files.has(file) || this.published.others.has(file) ? this.report.changed : this.report.added).push(file);
  }

  private countWritten(bytes: number): void {
    this.report.filesWritten += 1;
    this.report.bytesWritten += bytes;
  }

  /**
   * The compressed copies of the large files, made from disk on the thread pool, one more at once than there
   * are cores (with only as many, they idled while a copy waited for the disk). The copy of an unchanged file is
   * first made into a digest only: the published copy stays when it has exactly those bytes, and is made again
   * when it was changed behind the build's back.
   */
  private async compressLarge(): Promise<void> {
    const copies = [...this.large].flatMap(([file, large]) => ENCODINGS.map(({ suffix }) => ({ ...large, suffix, sibling: `${file}${suffix}`, again: this.placedBefore(`${file}${suffix}`) })));
    await mapLimit(copies, os.availableParallelism() + 1, async ({ source, size, unchanged, suffix, sibling, again }) => {
      if (unchanged && this.published.files.has(sibling)) {
        const [fresh, published] = await Promise.all([compressedDigest(source, suffix, size), fileDigest(path.join(this.publicDir, sibling))]);
        if (published?.equals(fresh)) {
          this.keepPublished(sibling, again);
          return;
        }
      }
      this.start();
      const target = path.join(this.next, sibling);
      this.folderFor(target);
      if (again) rmSync(target, { force: true });
      await compressFile(source, target, suffix, size);
      this.countNew(sibling, again);
      // Read the size before adding: `x += await y` would add to the total as it stood before the wait.
      const { size: written } = await fs.stat(target);
      this.countWritten(written);
    });
  }

  private place(file: string, bytes: Buffer): void {
    const again = this.placedBefore(file);
    const published = this.readPublished(file);
    if (published?.equals(bytes)) {
      this.keepPublished(file, again);
      return;
    }
    this.countNew(file, again);
    this.start();
    this.write(file, bytes, again);
  }

  /** Marks a file as placed in this build; true when it was placed before (its entry may already exist). */
  private placedBefore(file: string): boolean {
    const again = this.seen.has(file);
    this.seen.add(file);
    return again;
  }

  private folderFor(target: string): void {
    const folder = path.dirname(target);
    if (this.folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
  }

  /** `mayExist`: the file was placed before in this build; the new folder holds nothing else. */
  private write(file: string, bytes: Buffer, mayExist: boolean): void {
    const target = path.join(this.next, file);
    this.countWritten(bytes.length);
    if (!this.writer && this.writers > 0) this.writer = new WriterPool(this.writers);
    // A new file goes to the writing threads, which make its folder when it is missing.
    if (!mayExist && this.writer?.accepts(bytes)) return this.writer.write(target, bytes);
    this.folderFor(target);
    // Never write through an existing entry: it may be a link to the published file, which must stay as it is.
    if (mayExist) {
      this.writer?.drain();
      rmSync(target, { force: true });
    }
    writeFileSync(target, bytes, { flag: "wx" });
  }

  private link(file: string): void {
    const target = path.join(this.next, file);
    this.folderFor(target);
    try {
      linkSync(path.join(this.publicDir, file), target);
    } catch {
      // A file system without hard links: copy the published bytes instead.
      rmSync(target, { force: true });
      this.write(file, readFileSync(path.join(this.publicDir, file)), true);
    }
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    rmSync(this.next, { recursive: true, force: true });
    mkdirSync(this.next, { recursive: true });
    this.folders.add(this.next);
    for (const file of this.pendingLinks) this.link(file);
    this.pendingLinks = [];
  }

  /** Swaps the new folder in, unless nothing differs from what is published. */
  async finish(): Promise<PublishReport> {
    if (this.compression) {
      try {
        this.placeCopies(this.compression.drain());
      } finally {
        await this.compression.close();
      }
    }
    await this.placeCopiesUnderWay();
    // Every file handed to the writing threads is on disk before the large files' copies and the aliases read them.
    await this.closeWriter();
    await this.compressLarge();
    this.placeAliases();
    const { report } = this;
    for (const file of [...this.published.files, ...this.published.others]) if (!this.seen.has(file)) report.removed.push(file);
    report.added.sort();
    report.changed.sort();
    report.removed.sort();
    if (this.publishedIsFolder && report.added.length + report.changed.length + report.removed.length === 0) return report;
    this.start();
    await swapIn(this.publicDir);
    return report;
  }

  /** Waits for every file handed to the writing threads, then ends them: what follows writes here. */
  private async closeWriter(): Promise<void> {
    const writer = this.writer;
    this.writers = 0;
    this.writer = null;
    if (!writer) return;
    try {
      writer.drain();
      this.report.bytesWritten += writer.copyBytesWritten();
    } finally {
      await writer.close();
    }
  }

  /** Leaves public/ as it was and removes the unfinished folder (a build that failed midway). */
  async abandon(): Promise<void> {
    for (const fd of this.openFiles) closeSync(fd);
    this.openFiles.clear();
    await this.compression?.close();
    // The threads end before the folder goes: none may create a file in it afterwards.
    const writer = this.writer;
    this.writers = 0;
    this.writer = null;
    await writer?.close(true);
    await fs.rm(this.next, { recursive: true, force: true });
  }
}
