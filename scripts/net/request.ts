import { isIP } from "node:net";
import type { Response } from "undici";
import { undici } from "../util/packages.js";
import { HttpUrl } from "../schema/primitives.js";
import { PRIVATE_ADDRESS_REFUSED, bareHost, isLoopback, isPublicAddress } from "./addresses.js";
import { ADDRESS_REFUSED, dispatcherFor, systemResolver, type Resolver } from "./dispatcher.js";
import { sameSite } from "./site.js";

export type { Response } from "undici";

/**
 * The one fetch policy of every job that reads the outside world (the scraper, the source watch, the
 * register adapters): a time limit, a size limit, an honest User-Agent, no cookies (Node's fetch keeps
 * none), redirects followed by hand and only within the same site, and loopback, private, link-local and
 * reserved addresses refused unless a test allows them: checked in the lookup the connection itself is made
 * with (scripts/net/dispatcher.ts), so no second lookup can answer differently.
 */
export interface NetPolicy {
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** Loopback and private addresses are refused unless this is set (tests against a local server). */
  allowPrivate: boolean;
  /** Resolves host names; the system's resolver unless a test gives its own. */
  resolve?: Resolver;
}

export const PROJECT_URL = "https://eu-ai-infra-evidence.github.io";

export const DEFAULT_NET_POLICY: NetPolicy = {
  timeoutMs: 20_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: `eu-ai-infra-evidence/0.2 (+${PROJECT_URL}; checks the public pages it cites)`,
  allowPrivate: false,
};

export type Hop =
  | { kind: "answer"; response: Response; url: URL }
  /** A redirect to another site, not followed: where it pointed. */
  | { kind: "moved"; status: number; from: URL; location: URL }
  | { kind: "refused"; reason: string };

export interface GetOptions {
  policy: NetPolicy;
  accept: string;
  signal: AbortSignal;
  /** Extra headers for one hop (a key only to its pinned host); decided afresh at every hop. */
  headersFor?: (url: URL) => Record<string, string>;
  method?: "GET" | "HEAD";
}

export const discard = (response: Response) => response.body?.cancel().catch(() => undefined);

/** http(s) only; plain http is refused after https (a downgrade), except on loopback. */
function transportAllowed(url: URL, previous: URL | null): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return "not an http(s) address";
  if (previous?.protocol === "https:" && url.protocol === "http:" && !isLoopback(url.hostname)) return "redirect from https to plain http refused";
  return null;
}

/**
 * What the lookup cannot see: an address written as the host (the connection then asks no resolver) and
 * localhost, refused by name. A name is checked by the lookup of its connection.
 */
function hostAllowed(url: URL, allowPrivate: boolean): string | null {
  if (allowPrivate) return null;
  const bare = bareHost(url.hostname);
  if (bare === "localhost" || bare.endsWith(".localhost")) return "loopback address refused (use --allow-private for tests)";
  if (isIP(bare) && !isPublicAddress(bare)) return PRIVATE_ADDRESS_REFUSED;
  return null;
}

/**
 * One GET that follows redirects itself instead of letting fetch do it: fetch would follow them to any host
 * and resend headers. Each hop is checked (scheme, address) before it is asked; a redirect to another site
 * is reported, not followed.
 */
export async function getFollowing(start: URL, options: GetOptions): Promise<Hop> {
  let url = start;
  let previous: URL | null = null;
  for (let hop = 0; ; hop += 1) {
    const transport = transportAllowed(url, previous);
    if (transport) return { kind: "refused", reason: transport };
    const host = hostAllowed(url, options.policy.allowPrivate);
    if (host) return { kind: "refused", reason: host };
    const response = await undici().fetch(url, {
      method: options.method ?? "GET",
      headers: { accept: options.accept, "user-agent": options.policy.userAgent, ...options.headersFor?.(url) },
      redirect: "manual",
      signal: options.signal,
      dispatcher: dispatcherFor(options.policy.resolve ?? systemResolver, options.policy.allowPrivate, options.policy.timeoutMs),
    });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return { kind: "answer", response, url };
    await discard(response);
    const location = response.headers.get("location");
    if (!location) return { kind: "refused", reason: `HTTP ${response.status} without a Location` };
    if (hop >= options.policy.maxRedirects) return { kind: "refused", reason: `more than ${options.policy.maxRedirects} redirects` };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { kind: "refused", reason: "redirect to an unreadable address" };
    }
    // Where a redirect points is written down (final_url, a moved source): only an address the data files
    // accept, never javascript:, a user name or password, or characters a URL may not hold raw.
    if (!HttpUrl.safeParse(next.href).success) return { kind: "refused", reason: "redirect to an address that is not a plain http(s) URL (a user name or password, another scheme, or characters a URL may not hold)" };
    if (!sameSite(next, start)) return { kind: "moved", status: response.status, from: url, location: next };
    previous = url;
    url = next;
  }
}

export class BodyTooLarge extends Error {}

/** The body as bytes, refusing more than `limit` (whatever Content-Length claims). */
export async function readLimited(response: Response, limit: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await discard(response);
    throw new BodyTooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) {
      await discard(response);
      throw new BodyTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export const HOST_NOT_FOUND = "host not found";
export const TEMPORARY_DNS_FAILURE = "temporary DNS failure";

/**
 * A network failure in a few fixed words. Never the error's own message: it can quote a request header
 * (fetch's "invalid header value" repeats the header, key included), and these words go into committed
 * files and pull requests.
 */
export function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" && /^[A-Z0-9_]{1,40}$/.test(cause.code) ? cause.code : null;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === ADDRESS_REFUSED) return PRIVATE_ADDRESS_REFUSED;
  if (code === "ENOTFOUND") return HOST_NOT_FOUND;
  // A resolver that could not answer now is not an answer that the host is gone.
  if (code === "EAI_AGAIN") return TEMPORARY_DNS_FAILURE;
  if (code === "ETIMEOUT") return "timeout";
  if (code === "ECONNRESET") return "connection reset";
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) return `TLS error (${code})`;
  if (code) return `network error (${code})`;
  if (error instanceof TypeError) return "request refused by the HTTP client (an invalid address or header)";
  return "network error";
}

/** Removes every occurrence of the given secrets from a text that will be written or printed. */
export function scrubSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    scrubbed = scrubbed.split(secret).join("[redacted]");
    // A secret with a line break may be quoted one line at a time.
    for (const part of secret.split(/[\r\n]+/)) if (part.length >= 8) scrubbed = scrubbed.split(part).join("[redacted]");
  }
  return scrubbed;
}
