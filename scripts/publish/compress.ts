import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from "node:zlib";

/** Text files worth compressing ahead of time; below the size a gzip header costs more than it saves. */
const COMPRESSIBLE = /\.(json|jsonld|html|txt|css|js|svg|xml|csv)$/;
const MIN_BYTES = 1024;

/**
 * gzip level 4: over a 10,000-provider site's compressible files it took 10.5 s against level 6's 15.6 s, for
 * copies 4–6 % larger (BENCHMARKS.md, November 28th, night). The copies serve the local server only: hosts
 * compress on their own.
 */
export const GZIP_LEVEL = 4;

/**
 * The archive's files (archive/<version>.json, archive/records/<sha256>.json) get no copies: they are many, large
 * and rarely read, and at a cold build each version would cost 40 ms of compression (hosts compress them on the way
 * anyway). Its index and its page do.
 */
const KEPT_VERSION = /^archive\/(?!index\.(json|html)$)/;

/** Whether a file of this many bytes gets `.gz` and `.br` copies. */
export function isCompressibleSize(file: string, size: number): boolean {
  return COMPRESSIBLE.test(file) && size >= MIN_BYTES && !KEPT_VERSION.test(file);
}

/** Whether a file gets `.gz` and `.br` copies. */
export function isCompressible(file: string, bytes: Buffer): boolean {
  return isCompressibleSize(file, bytes.length);
}

export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Below this size a file is a page to brotli's quality (see brotliParams). */
const BROTLI_PAGE_BYTES = 1024 * 1024;

/**
 * Brotli quality 3 for a page-sized file, 4 for a larger one. Over the pages of a 10,000-provider site quality 3
 * took 4.7 s against quality 4's 7.5 s, for copies 5 % larger; on the large lists (the dataset, the CSVs, the
 * prices page) quality 4 was as fast or faster and its copies much smaller, as its hashing finds the repeats far
 * apart in them (BENCHMARKS.md, November 28th, night). The window is sized to the file: brotli's default 4 MB
 * window made every small file allocate and free a large encoder state, most of a build's kernel time
 * (BENCHMARKS.md).
 */
export function brotliParams(size: number): Record<number, number> {
  // At most 4 MB (22 bits, brotli's default): the 16 MB window took 25 MiB more memory on the 83 MB dataset file of
  // 10,000 providers for 3 % fewer bytes.
  const window = Math.min(22, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
  return {
    [constants.BROTLI_PARAM_QUALITY]: size < BROTLI_PAGE_BYTES ? 3 : 4,
    [constants.BROTLI_PARAM_LGWIN]: window,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
}

/**
 * The `.gz` and `.br` siblings of a compressible file, so the local server can answer in either encoding
 * without compressing per request; none for other files. Hosts that compress on their own ignore them.
 * Both are deterministic for the same input and the same zlib, so an unchanged site rebuilds to the same bytes.
 * A build makes them every time, never trusting a published copy: one changed behind its back (at another
 * level, with a file name in its header) may decode to the same bytes and still differ from a fresh build.
 */
export function compressedSiblings(file: string, bytes: Buffer): Array<[string, Buffer]> {
  if (!isCompressible(file, bytes)) return [];
  return [
    [`${file}.gz`, gzipSync(bytes, { level: GZIP_LEVEL })],
    [`${file}.br`, brotliCompressSync(bytes, { params: brotliParams(bytes.length) })],
  ];
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Both compressed copies of bytes held whole, made on libuv's thread pool while the caller goes on, even when
 * the caller is synchronous: with an output buffer as large as the input, each copy is one job of the pool,
 * where zlib's usual 16 KB parts would each wait for the caller's event loop. The same bytes as
 * `compressedSiblings`.
 */
export function compressInBackground(bytes: Buffer): Promise<{ gzip: Buffer; brotli: Buffer }> {
  // Compressed output can be a little larger than its input: room for that, so no second part is needed.
  const chunkSize = Math.max(64 * 1024, bytes.length + (bytes.length >> 3) + 1024);
  return Promise.all([gzipAsync(bytes, { level: GZIP_LEVEL, chunkSize }), brotliAsync(bytes, { params: brotliParams(bytes.length), chunkSize })]).then(([gzipped, brotli]) => ({ gzip: gzipped, brotli }));
}

/**
 * Large files are read and compressed in parts of 1 MiB, not the streams' 64 KiB and 16 KiB: each part is a job of
 * libuv's thread pool and a turn of the event loop, and the copies of a 10,000-provider site's large files took
 * 8.9 s with the small parts against 6.2 s with these (BENCHMARKS.md, November 28th, night). The bytes are the
 * same whatever the parts (deflate and brotli's stream encoder depend only on the input and the flushes).
 */
const PART_BYTES = 1024 * 1024;
const readParts = (source: string) => createReadStream(source, { highWaterMark: PART_BYTES });

const encoderFor = (suffix: ".gz" | ".br", size: number) =>
  suffix === ".gz" ? createGzip({ level: GZIP_LEVEL, chunkSize: PART_BYTES }) : createBrotliCompress({ params: brotliParams(size), chunkSize: PART_BYTES });

/**
 * Compresses a file already on disk into `target`, reading and writing it in parts, on libuv's thread
 * pool: for the files too large to hold whole. Same parameters as `compressedSiblings`.
 */
export async function compressFile(source: string, target: string, suffix: ".gz" | ".br", size: number): Promise<void> {
  await pipeline(readParts(source), encoderFor(suffix, size), createWriteStream(target, { flags: "wx" }));
}

/** A pipeline's last stage that feeds what reaches it into `hash`. */
const into = (hash: Hash) => async (parts: AsyncIterable<Buffer>) => {
  for await (const part of parts) hash.update(part);
};

/** The SHA-256 of what `compressFile` would write, without writing it: to check a published copy of a large file. */
export async function compressedDigest(source: string, suffix: ".gz" | ".br", size: number): Promise<Buffer> {
  const hash = createHash("sha256");
  await pipeline(readParts(source), encoderFor(suffix, size), into(hash));
  return hash.digest();
}

/** The SHA-256 of a file's bytes, read in parts; null when it cannot be read. */
export async function fileDigest(file: string): Promise<Buffer | null> {
  const hash = createHash("sha256");
  return pipeline(readParts(file), into(hash)).then(() => hash.digest(), () => null);
}
