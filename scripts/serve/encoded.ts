import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { ENCODINGS } from "../publish/compress.js";
import { HTML_HEADERS, JSON_HEADERS, JSON_LD_HEADERS } from "../routes.js";

const TYPES: Record<string, Readonly<Record<string, string>>> = {
  ".json": JSON_HEADERS,
  ".jsonld": JSON_LD_HEADERS,
  ".html": { "Content-Type": "text/html; charset=utf-8", ...HTML_HEADERS },
  ".txt": { "Content-Type": "text/plain; charset=utf-8" },
  ".css": { "Content-Type": "text/css; charset=utf-8" },
  ".js": { "Content-Type": "text/javascript; charset=utf-8" },
  ".svg": { "Content-Type": "image/svg+xml" },
  ".xml": { "Content-Type": "application/xml; charset=utf-8" },
  ".csv": { "Content-Type": "text/csv; charset=utf-8" },
};

/** Whether answers at this file depend on Accept-Encoding (a cache must keep them apart). */
export const variesByEncoding = (file: string) => Object.hasOwn(TYPES, path.extname(file));

/** The encoding to answer in: br before gzip, unless the client gives it q=0 or does not name it. */
export function chooseEncoding(header: string | undefined): (typeof ENCODINGS)[number] | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get("*");
  for (const encoding of ENCODINGS) {
    const q = accepted.get(encoding.name) ?? wildcard ?? 0;
    if (q > 0) return encoding;
  }
  return null;
}

interface Entry {
  bytes: Buffer;
  etag: string;
  mtimeMs: number;
  size: number;
}

/**
 * Answers from a build's precompressed sibling (`x.json.br`, `x.json.gz`) when the client accepts it:
 * right Content-Length, Content-Encoding, Vary, and an ETag of its own per encoding. Returns false when
 * there is nothing to send that way (the caller then serves the plain file).
 */
export function createEncodedSender(publicDir: string) {
  const cache = new Map<string, Entry>();
  async function load(file: string): Promise<Entry | null> {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const known = cache.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
    const bytes = await fs.readFile(file);
    const entry = { bytes, etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`, mtimeMs: stat.mtimeMs, size: stat.size };
    if (cache.size > 10_000) cache.clear();
    cache.set(file, entry);
    return entry;
  }

  return async function sendEncoded(request: http.IncomingMessage, response: http.ServerResponse, file: string): Promise<boolean> {
    const headers = TYPES[path.extname(file)];
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (!headers || !encoding) return false;
    const root = await fs.realpath(publicDir).catch(() => null);
    const candidate = path.join(publicDir, `${file}${encoding.suffix}`);
    const real = await fs.realpath(candidate).catch(() => null);
    if (!root || !real || path.relative(root, real).startsWith("..")) return false;
    const entry = await load(real);
    if (!entry) return false;
    const common = { ...headers, Vary: "Accept-Encoding", ETag: entry.etag };
    const match = request.headers["if-none-match"];
    if (match && (match.trim() === "*" || match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag))) {
      response.writeHead(304, common);
      response.end();
      return true;
    }
    response.writeHead(200, { ...common, "Content-Encoding": encoding.name, "Content-Length": entry.bytes.length });
    response.end(request.method === "HEAD" ? undefined : entry.bytes);
    return true;
  };
}
