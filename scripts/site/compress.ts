import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, createBrotliCompress, createBrotliDecompress, createGunzip, createGzip, gunzipSync, gzip, gzipSync } from "node:zlib";

/** Text files worth compressing ahead of time; below the size a gzip header costs more than it saves. */
const COMPRESSIBLE = /\.(json|jsonld|html|txt|css|js|svg|xml|csv)$/;
const MIN_BYTES = 1024;

export const GZIP_LEVEL = 6;

/**
 * The kept versions' datasets (archive/<version>.json) get no copies: they are many, large and rarely read, and
 * at a cold build each would cost 40 ms of compression (hosts compress them on the way anyway).
 */
const KEPT_VERSION = /^archive\/(?!index\.json$)/;

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

/**
 * Quality 5 compresses a provider's files within 1 % of quality 9 in two
 * thirds of 9's time, measured on 2,013 files of 1,000 synthetic providers; above 1 MB (the dataset and the
 * CSV at scale) quality 5 too. gzip level 6 is within 1.2 % of level 9 in three quarters of its time. The
 * window is sized to the file: brotli's default 4 MB window made every small file allocate and free a
 * large encoder state, which cost 7 s of kernel time per 1,000 provider pages against 0.26 s sized.
 */
export function brotliParams(size: number): Record<number, number> {
  // At most 4 MB (22 bits, brotli's default): the 16 MB window took 25 MiB more memory on the 83 MB dataset file of
  // 10,000 providers for 3 % fewer bytes.
  const window = Math.min(22, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));
  return {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_LGWIN]: window,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
}

/** The published copy of a file, if there is one: lets an unchanged file keep its compressed siblings. */
export type PublishedReader = (file: string) => Buffer | null;

/**
 * Reuses a published compressed copy only when it decodes to exactly the bytes it stands for: compression
 * is most of a rebuild's time, and checking a copy by decoding it costs a fraction of making it again.
 */
function reusable(published: PublishedReader, file: string, bytes: Buffer, decode: (copy: Buffer) => Buffer): Buffer | null {
  const copy = published(file);
  if (!copy) return null;
  try {
    return decode(copy).equals(bytes) ? copy : null;
  } catch {
    return null;
  }
}

/**
 * The `.gz` and `.br` siblings of a compressible file, so the local server can answer in either encoding
 * without compressing per request; none for other files. Hosts that compress on their own ignore them.
 * Both are deterministic for the same input, so an unchanged site rebuilds to the same bytes.
 */
export function compressedSiblings(file: string, bytes: Buffer, published: PublishedReader = () => null): Array<[string, Buffer]> {
  if (!isCompressible(file, bytes)) return [];
  return [
    [`${file}.gz`, reusable(published, `${file}.gz`, bytes, gunzipSync) ?? gzipSync(bytes, { level: GZIP_LEVEL })],
    [`${file}.br`, reusable(published, `${file}.br`, bytes, brotliDecompressSync) ?? brotliCompressSync(bytes, { params: brotliParams(bytes.length) })],
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

/** The digest streamed files are compared by: of their bytes, or of what a compressed copy decodes to. */
export const createDigest = () => createHash("sha256");

const decoderFor = (suffix: string) => (suffix === ".gz" ? createGunzip() : createBrotliDecompress());

/**
 * Compresses a file already on disk into `target`, reading and writing it in parts, on libuv's thread
 * pool: for the files too large to hold whole. Same parameters as `compressedSiblings`.
 */
export async function compressFile(source: string, target: string, suffix: ".gz" | ".br", size: number): Promise<void> {
  const encoder = suffix === ".gz" ? createGzip({ level: GZIP_LEVEL }) : createBrotliCompress({ params: brotliParams(size) });
  await pipeline(createReadStream(source), encoder, createWriteStream(target, { flags: "wx" }));
}

/** Whether a compressed copy on disk decodes to bytes with this digest; false when it does not decode. */
export async function decodesToDigest(copy: string, suffix: ".gz" | ".br", digest: Buffer): Promise<boolean> {
  const hash = createDigest();
  try {
    await pipeline(createReadStream(copy), decoderFor(suffix), async (decoded: AsyncIterable<Buffer>) => {
      for await (const chunk of decoded) hash.update(chunk);
    });
  } catch {
    return false;
  }
  return hash.digest().equals(digest);
}
