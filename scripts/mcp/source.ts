/** Where the data comes from: the local build (public/ under --root) or a deployed site (--base-url), as one Snapshot. */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { LIMITS, projectPaths } from "../config.js";
import { nestsDeeperThan } from "../load/jsonScan.js";
import { FILES } from "../routes.js";
import { Dataset, Status } from "../schema/index.js";

/** The data every tool answers from, and where and when it was read (so an answer can say how fresh it is). */
export interface Snapshot {
  dataset: Dataset;
  status: Status;
  /** The local build folder or the deployed site the data came from. */
  origin: string;
  /** When the data was last read from disk or revalidated against the site (ISO 8601). */
  checkedAt: string;
  /** Set when the site could not be reached and an earlier copy is being used. */
  warnings: string[];
}

export interface DataSource {
  /** Where the data comes from, for the log line at start-up. */
  readonly description: string;
  /** True for a deployed site: the answers then depend on something outside this machine. */
  readonly remote: boolean;
  load(): Promise<Snapshot>;
}

/** A failure the user can act on (no build yet, site down, wrong shape): reported as a tool error, never a crash. */
export class SourceError extends Error {}

/** A deployed site is not trusted to be small: 64 MB is far above the real dataset (about 1 MB) and far below memory. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The same schemas the build writes with: data of another shape is refused with the paths that are wrong. */
function parseWith<Schema extends z.ZodType>(schema: Schema, json: unknown, where: string): z.infer<Schema> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const first = result.error.issues
    .slice(0, 3)
    .map((issue) => `$${issue.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("")}: ${issue.message}`);
  throw new SourceError(`${where} does not have the shape of the API (${first.join("; ")}${result.error.issues.length > 3 ? "; …" : ""})`);
}

function parseJson(text: string, where: string): unknown {
  // Before parsing: a 64 MB document of brackets would cost gigabytes to build, whatever the schema then says.
  if (nestsDeeperThan(text, LIMITS.maxOutsideDepth)) throw new SourceError(`${where} is nested deeper than ${LIMITS.maxOutsideDepth} levels, which no document of the API is`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SourceError(`${where} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** How answers name the local build: where it lies on this machine is no business of a client's. */
export const LOCAL_BUILD = "the local build (public/)";

/**
 * Reads public/ under a project folder. The files are read again only when they change (a new build swaps
 * public/ whole), so the server started before a build answers from that build once it is there.
 */
export function localBuildSource(root: string): DataSource {
  const publicDir = projectPaths(root).publicDir;
  const datasetFile = path.join(publicDir, FILES.dataset);
  const statusFile = path.join(publicDir, FILES.status);
  // What an answer may say about where it read: relative to the project, never the machine's folders.
  const shown = (file: string) => `public/${path.relative(publicDir, file).split(path.sep).join("/")}`;
  let cached: { stamp: string; snapshot: Snapshot } | undefined;

  const stampOf = async (file: string) => {
    try {
      const stat = await fs.stat(file);
      return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new SourceError(`no build found: ${shown(file)} does not exist. Run \`npm run build\` in the project folder, or start the server with --base-url <deployed site>.`);
      }
      throw unreadable(file, error);
    }
  };
  // An error of the file system quotes the absolute path; a client is told the file and the code only.
  const unreadable = (file: string, error: unknown) => new SourceError(`could not read ${shown(file)} (${(error as NodeJS.ErrnoException).code ?? "error"})`);

  return {
    description: `local build in ${publicDir}`,
    remote: false,
    async load() {
      const stamp = `${await stampOf(datasetFile)}|${await stampOf(statusFile)}`;
      if (cached?.stamp === stamp) return cached.snapshot;
      const read = (file: string) => fs.readFile(file, "utf8").catch((error: unknown) => Promise.reject(unreadable(file, error)));
      const [datasetText, statusText] = await Promise.all([read(datasetFile), read(statusFile)]);
      const snapshot: Snapshot = {
        dataset: parseWith(Dataset, parseJson(datasetText, shown(datasetFile)), shown(datasetFile)),
        status: parseWith(Status, parseJson(statusText, shown(statusFile)), shown(statusFile)),
        origin: LOCAL_BUILD,
        checkedAt: new Date().toISOString(),
        warnings: [],
      };
      cached = { stamp, snapshot };
      return snapshot;
    },
  };
}

export interface RemoteOptions {
  /** Revalidate a resource at most this often; in between, the copy in memory is used without a request. */
  refreshSeconds: number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** One API resource held in memory with the ETag it came with. */
interface Held<T> {
  value: T;
  etag: string | null;
  checkedAt: number;
}

async function readCapped(response: Response, where: string): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw new SourceError(`${where} is larger than ${MAX_BODY_BYTES} bytes`);
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Read in chunks, not response.text(): a body without a length header must not fill memory first.
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > MAX_BODY_BYTES) throw new SourceError(`${where} is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads /api/data and /api/status of a deployed site. Each is revalidated at most every refreshSeconds,
 * with If-None-Match, so an unchanged dataset costs a 304 and no parsing. When the site cannot be reached,
 * the last good copy is used and the answer says so.
 */
export function remoteSource(baseUrl: string, options: RemoteOptions): DataSource {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  function resource<T>(apiPath: string, schema: z.ZodType<T>) {
    const url = `${baseUrl}${apiPath}`;
    let held: Held<T> | undefined;
    let lastError: string | null = null;
    let inFlight: Promise<void> | undefined;

    const revalidate = async () => {
      const headers: Record<string, string> = { accept: "application/json" };
      if (held?.etag) headers["if-none-match"] = held.etag;
      let response: Response;
      let target = new URL(url);
      const signal = AbortSignal.timeout(timeoutMs);
      for (let hop = 0; ; hop += 1) {
        try {
          response = await fetchImpl(target, { headers, signal, redirect: "manual" });
        } catch (error) {
          throw new SourceError(`${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`);
        }
        if (response.status < 300 || response.status >= 400 || response.status === 304) break;
        await response.body?.cancel();
        const location = response.headers.get("location");
        const next = location ? new URL(location, target) : null;
        // The answers name the site they read; data from another host would be cited as this site's.
        if (!next || next.host !== new URL(baseUrl).host || next.protocol !== target.protocol || hop >= 3) {
          throw new SourceError(`${url} redirected to ${next ? next.host : "nowhere"}; a redirect to another host is not followed`);
        }
        target = next;
      }
      if (response.status === 304 && held) {
        await response.body?.cancel();
        held = { ...held, checkedAt: Date.now() };
        return;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SourceError(`${url} answered HTTP ${response.status}`);
      }
      const value = parseWith(schema, parseJson(await readCapped(response, url), url), url);
      held = { value, etag: response.headers.get("etag"), checkedAt: Date.now() };
    };

    return {
      url,
      async get(): Promise<{ value: T; checkedAt: number; warning: string | null }> {
        if (!held || Date.now() - held.checkedAt >= options.refreshSeconds * 1000) {
          // Calls that arrive together share one request.
          inFlight ??= revalidate()
            .then(() => {
              lastError = null;
            })
            .catch((error: unknown) => {
              if (!held) throw error;
              lastError = error instanceof Error ? error.message : String(error);
            })
            .finally(() => {
              inFlight = undefined;
            });
          await inFlight;
        }
        const current = held!;
        const warning = lastError ? `${lastError}; using the copy last checked at ${new Date(current.checkedAt).toISOString()}` : null;
        return { value: current.value, checkedAt: current.checkedAt, warning };
      },
    };
  }

  const dataset = resource("/api/data", Dataset);
  const status = resource("/api/status", Status);

  return {
    description: `deployed site ${baseUrl} (revalidated at most every ${options.refreshSeconds} s)`,
    remote: true,
    async load() {
      const [data, stat] = await Promise.all([dataset.get(), status.get()]);
      return {
        dataset: data.value,
        status: stat.value,
        origin: baseUrl,
        checkedAt: new Date(Math.min(data.checkedAt, stat.checkedAt)).toISOString(),
        warnings: [data.warning, stat.warning].filter((warning): warning is string => warning !== null),
      };
    },
  };
}
