import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Site } from "./renderSite.js";

/** Text files worth compressing ahead of time; below the size a gzip header costs more than it saves. */
const COMPRESSIBLE = /\.(json|html|txt|css|js|svg|xml|csv)$/;
const MIN_BYTES = 1024;

export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Adds a `.gz` and a `.br` sibling beside every compressible file, so the local server can answer in
 * either encoding without compressing per request. Hosts that compress on their own ignore them.
 * Both are deterministic for the same input, so an unchanged site rebuilds to the same bytes.
 */
export function addCompressedSiblings(files: Site): void {
  for (const [file, bytes] of [...files]) {
    if (!COMPRESSIBLE.test(file) || bytes.length < MIN_BYTES) continue;
    files.set(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files.set(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    );
  }
}
