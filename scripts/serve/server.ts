import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serveHandler } from "../util/packages.js";
import { errorBody } from "../site/api/errors.js";
import { jsonText } from "../site/artefacts.js";
import { serveConfig } from "../site/hosts/hosts.js";
import { withBuildLock } from "../publish/lock.js";
import { recoverInterruptedSwap } from "../publish/swap.js";
import { createEncodedSender, variesByEncoding } from "./encoded.js";
import { ALLOWED_METHODS, CORS_PREFLIGHT_HEADERS, DOWNLOADS, FILES, HTML_HEADERS, JSON_HEADERS, LANGUAGE_FOLDERS, PAGE_FOLDERS, SECURITY_HEADERS, downloadHeaders, fileForPath, isApiPath, notFoundPageFor } from "../routes.js";

export interface ServerOptions {
  publicDir: string;
  port: number;
  host: string;
  baseUrl: string;
}

export interface RunningServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

const MAX_URL_LENGTH = 2048;
/** No file name of the site is longer; a longer segment would reach the file system only to fail there. */
const MAX_SEGMENT_LENGTH = 255;

/** Errors are not cached: an id added by the next build must not stay "not found" in a cache. */
function sendJson(response: http.ServerResponse, status: number, body: string | Buffer, head: boolean): void {
  response.writeHead(status, { ...JSON_HEADERS, "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  response.end(head ? undefined : body);
}

/**
 * Rejects request paths that no file of the site can have: undecodable escapes, NUL bytes,
 * backslashes, dot segments (in any spelling once decoded) and over-long URLs.
 */
export function unsafePath(rawUrl: string): boolean {
  if (rawUrl.length > MAX_URL_LENGTH) return true;
  const pathname = rawUrl.split("?")[0]!.split("#")[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  if (!decoded.startsWith("/")) return true;
  if (/[\0\\]/.test(decoded) || /[\0\\]/.test(pathname)) return true;
  return decoded.split("/").some((segment) => segment === ".." || segment === ".");
}

/** A path segment longer than any file name can be: not found, without asking the file system. */
function overlongSegment(rawUrl: string): boolean {
  return rawUrl.split("?")[0]!.split("/").some((segment) => segment.length > MAX_SEGMENT_LENGTH);
}

const notFoundError = () => Object.assign(new Error("not found"), { code: "ENOENT" });

type Head = { status: number; headers: http.OutgoingHttpHeaders };

/** The headers of a head without the ones that describe a body, for an answer that sends none. */
const withoutBody = (headers: http.OutgoingHttpHeaders, drop = /^content-(length|type|encoding)$/i) => Object.fromEntries(Object.entries(headers).filter(([key]) => !drop.test(key)));

/**
 * Lets `rewrite` replace the status and headers serve-handler is about to send with a head that has no body: the
 * body serve-handler then pipes is dropped.
 */
function rewriteHead(response: http.ServerResponse, rewrite: (head: Head) => Head | null): void {
  const writeHead = response.writeHead.bind(response) as (status: number, headers?: http.OutgoingHttpHeaders) => http.ServerResponse;
  let bodiless = false;
  response.writeHead = ((status: number, headers?: http.OutgoingHttpHeaders) => {
    const rewritten = rewrite({ status, headers: headers ?? {} });
    if (!rewritten) return writeHead(status, headers);
    bodiless = true;
    for (const name of ["content-length", "content-type"]) response.removeHeader(name);
    return writeHead(rewritten.status, rewritten.headers);
  }) as typeof response.writeHead;
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => http.ServerResponse;
  response.write = ((...args: unknown[]) => (bodiless ? true : write(...args))) as typeof response.write;
  response.end = ((...args: unknown[]) => (bodiless ? end() : end(...args))) as typeof response.end;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110, 13.1.2): `W/"x"` matches the ETag `"x"`, any tag of a
 * list may match, and `*` matches any file that exists. serve-handler compares the header with its ETag
 * as one exact string, so the header is taken away from it and its 200 head is turned here into a 304
 * without a body when the ETag it sends is among the tags.
 */
function notModifiedWhen(tags: readonly string[], response: http.ServerResponse) {
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = new Set(tags.map(weak));
  return ({ status, headers }: Head): Head | null => {
    const etag = headers.ETag ?? headers.etag ?? response.getHeader("etag");
    if (status !== 200 || !(wanted.has("*") || (typeof etag === "string" && wanted.has(weak(etag))))) return null;
    return { status: 304, headers: withoutBody(headers) };
  };
}

/**
 * A range the file cannot satisfy (`bytes=-0`, a start past its end): serve-handler answers 416 with the whole
 * file and the public cache lifetime of the file. The answer carries no body and is never cached, like every
 * error answer; its Content-Range header still gives the client the file's length.
 */
function unsatisfiableRangeWithoutBody({ status, headers }: Head): Head | null {
  if (status !== 416) return null;
  return { status, headers: { ...withoutBody(headers, /^(content-(length|type|encoding)|cache-control|etag|last-modified)$/i), "Cache-Control": "no-store", "Content-Length": 0 } };
}

/**
 * One byte range a server can serve: `bytes=a-b` (a <= b), `bytes=a-` or `bytes=-n`. Anything else is
 * ignored, as RFC 9110 (14.2) allows, so the client gets the whole file with 200 instead of serve-handler's
 * 416 that carries the whole file and a public cache lifetime.
 */
function readableRange(range: string): boolean {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === "" && match[2] === "")) return false;
  return match[1] === "" || match[2] === "" || Number(match[1]) <= Number(match[2]);
}

/** API paths answer with and without a trailing slash; files never have one. */
function withoutTrailingSlash(rawUrl: string): string {
  const [pathname, ...rest] = rawUrl.split("?");
  if (pathname && pathname.length > 1 && pathname.startsWith("/api/") && pathname.endsWith("/")) {
    return [pathname.replace(/\/+$/, ""), ...rest].join("?");
  }
  return rawUrl;
}

/**
 * The dataset version of the published site, from its status.json, read again only when that file changes: the
 * CSV files download under names with the version of the build that wrote them. null when none can be read.
 */
function publishedVersionReader(publicDir: string): () => Promise<string | null> {
  let known: { mtimeMs: number; size: number; version: string | null } | null = null;
  const file = path.join(publicDir, FILES.status);
  return async () => {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.version;
    let version: string | null = null;
    try {
      const parsed = JSON.parse(await fs.readFile(file, "utf8")) as { dataset_version?: unknown };
      // It goes into a header: only a version's own characters.
      if (typeof parsed.dataset_version === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(parsed.dataset_version)) version = parsed.dataset_version;
    } catch {
      // half written or not ours: no version in the name
    }
    known = { mtimeMs: stat.mtimeMs, size: stat.size, version };
    return version;
  };
}

export function createHandler(options: Pick<ServerOptions, "publicDir" | "baseUrl">) {
  const config = { ...serveConfig(), public: path.resolve(options.publicDir), etag: true };
  const publishedVersion = publishedVersionReader(config.public);
  const configs = new Map<string | null, typeof config>();
  /** serve-handler's configuration with the download names of this version. */
  const configFor = (version: string | null) => {
    let found = configs.get(version);
    if (!found) configs.set(version, (found = { ...serveConfig(version), public: config.public, etag: true }));
    return found;
  };
  /**
   * serve-handler refuses a link only where the final path is one; a linked folder on the way (public/x → /)
   * would still be followed. Every file it looks at must really lie inside the published folder.
   */
  const lstatInside = async (file: string) => {
    const [root, real] = await Promise.all([fs.realpath(config.public), fs.realpath(file)]);
    const rel = path.relative(root, real);
    if (rel.startsWith("..") || path.isAbsolute(rel)) throw notFoundError();
    return fs.lstat(file);
  };
  const errorJson = (code: Parameters<typeof errorBody>[0]) => jsonText(errorBody(code, options.baseUrl));
  const sendEncoded = createEncodedSender(config.public);

  /**
   * A build killed between its two renames leaves no public/ and the complete previous site beside it. A
   * running server puts it back itself, under the build lock, so it never races a build that is only
   * between its renames; requests that arrive meanwhile wait for the one recovery.
   */
  let recovering: Promise<void> | null = null;
  const publishedFolderPresent = () => fs.stat(config.public).then((stat) => stat.isDirectory(), () => false);
  async function recoverIfSwapWasCut(): Promise<void> {
    if (await publishedFolderPresent()) return;
    recovering ??= withBuildLock(options.publicDir, () => recoverInterruptedSwap(options.publicDir), { waitMs: 15_000 })
      .catch(() => undefined)
      .finally(() => {
        recovering = null;
      });
    await recovering;
  }

  async function notFoundBody(): Promise<Buffer | string> {
    try {
      return await fs.readFile(path.join(config.public, FILES.notFoundJson));
    } catch {
      return errorJson("not_found");
    }
  }

  /** A missing page address gets the page for people; a missing API path the JSON Error body. */
  async function sendNotFound(request: http.IncomingMessage, response: http.ServerResponse, head: boolean): Promise<void> {
    const pathname = (request.url ?? "/").split("?")[0]!;
    const page = isApiPath(pathname) ? null : await fs.readFile(path.join(config.public, notFoundPageFor(pathname))).catch(() => null);
    if (!page) return sendJson(response, 404, await notFoundBody(), head);
    response.writeHead(404, { "Content-Type": "text/html; charset=utf-8", ...HTML_HEADERS, "Cache-Control": "no-store", "Content-Length": page.length });
    response.end(head ? undefined : page);
  }

  return async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    for (const [key, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(key, value);
    const method = request.method ?? "GET";
    const head = method === "HEAD";
    if (method === "OPTIONS") {
      response.writeHead(204, { ...CORS_PREFLIGHT_HEADERS, "Content-Length": 0 });
      response.end();
      return;
    }
    if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
      response.setHeader("Allow", ALLOWED_METHODS.join(", "));
      sendJson(response, 405, errorJson("method_not_allowed"), false);
      return;
    }
    const rawUrl = request.url ?? "/";
    if (unsafePath(rawUrl)) {
      sendJson(response, 400, errorJson("bad_request"), head);
      return;
    }
    if (overlongSegment(rawUrl)) {
      await sendNotFound(request, response, head);
      return;
    }
    await recoverIfSwapWasCut();
    // A language folder's pages, and the versions page, link relative to their folder: /sv becomes /sv/ before they are read.
    const [pathname, query] = rawUrl.split(/\?(.*)/s);
    if (([...LANGUAGE_FOLDERS, ...PAGE_FOLDERS] as readonly string[]).includes(pathname!.slice(1))) {
      response.writeHead(301, { Location: `${pathname}/${query !== undefined ? `?${query}` : ""}`, "Cache-Control": "no-store", "Content-Length": 0 });
      response.end();
      return;
    }
    request.url = withoutTrailingSlash(rawUrl);
    const file = fileForPath(decodeURIComponent(request.url.split("?")[0]!));
    const download = DOWNLOADS.find((entry) => entry.file === file);
    const version = download ? await publishedVersion() : null;
    if (download) for (const [key, value] of Object.entries(downloadHeaders(download, version))) response.setHeader(key, value);
    if (variesByEncoding(file)) {
      response.setHeader("Vary", "Accept-Encoding");
      if (await sendEncoded(request, response, file)) return;
    }
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch) {
      delete request.headers["if-none-match"];
      rewriteHead(response, notModifiedWhen(ifNoneMatch.split(","), response));
    }
    const range = request.headers.range;
    if (range !== undefined && !readableRange(range)) delete request.headers.range;
    else if (range !== undefined) rewriteHead(response, unsatisfiableRangeWithoutBody);
    try {
      await serveHandler()(request, response, configFor(version), {
        lstat: lstatInside as unknown as typeof import("node:fs").lstat,
        // Every error answers with the API's Error body, whatever the request's Accept header says.
        sendError: async (_absolutePath, res, _acceptsJSON, _current, _handlers, _config, spec) => {
          const status = spec.statusCode;
          if (status === 404) return sendNotFound(request, res ?? response, head);
          sendJson(res ?? response, status === 400 ? 400 : 500, errorJson(status === 400 ? "bad_request" : "internal_error"), head);
        },
      });
    } catch (error) {
      if (process.env.DEBUG_SERVER) console.error(error);
      if (!response.headersSent) sendJson(response, 500, errorJson("internal_error"), head);
      else response.destroy();
    }
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // A build killed in the middle of its swap leaves the previous site beside public/: put it back first.
  await withBuildLock(options.publicDir, () => recoverInterruptedSwap(options.publicDir));
  const handle = createHandler(options);
  const server = http.createServer((request, response) => {
    void handle(request, response);
  });
  // CONNECT never reaches the request handler; without this it would be dropped with no answer.
  server.on("connect", (_request, socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
