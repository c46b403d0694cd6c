import { setTimeout as sleep } from "node:timers/promises";
import { mayCarryKey, type KeyGrant } from "./apiKey.js";

export interface FetchPolicy {
  timeoutMs: number;
  retries: number;
  /** First backoff; doubles on each retry unless the server sends Retry-After. */
  backoffMs: number;
  /** Longest wait a Retry-After may ask for before the attempt is given up. */
  maxRetryAfterMs: number;
  /** Per answer (per page, when a provider pages). */
  maxBodyBytes: number;
  /** Pages read at most from a provider that pages. */
  maxPages: number;
  /** Redirects followed at most within one request. */
  maxRedirects: number;
  userAgent: string;
}

export const DEFAULT_POLICY: FetchPolicy = {
  timeoutMs: 15_000,
  retries: 3,
  backoffMs: 1_000,
  maxRetryAfterMs: 60_000,
  maxBodyBytes: 2 * 1024 * 1024,
  maxPages: 20,
  maxRedirects: 5,
  userAgent: "eu-ai-infra-evidence-scraper/0.1 (+https://github.com/eu-ai-infra-evidence; reads public models lists once a week)",
};

export type JsonResult =
  | { ok: true; httpStatus: number; body: unknown; attempts: number; url: string }
  | { ok: false; httpStatus: number | null; error: string; attempts: number };

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

class BodyTooLarge extends Error {}

async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND" || cause?.code === "EAI_AGAIN") return "host not found";
  if (cause?.code) return `network error (${cause.code})`;
  return error instanceof Error ? `network error (${error.message})` : "network error";
}

const discard = (response: Response) => response.body?.cancel().catch(() => undefined);

type Hop = { response: Response; url: URL } | { error: string };

/**
 * One GET that follows redirects itself instead of letting fetch do it: fetch would resend the
 * Authorization header to wherever a Location points. Here every hop decides afresh whether the key may
 * go along (same host, https), so a redirect to another host is followed without it.
 */
async function getFollowing(start: URL, grant: KeyGrant | undefined, policy: FetchPolicy, signal: AbortSignal): Promise<Hop> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(url, {
      headers: { accept: "application/json", "user-agent": policy.userAgent, ...(mayCarryKey(grant, url) ? { authorization: `Bearer ${grant.key}` } : {}) },
      redirect: "manual",
      signal,
    });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return { response, url };
    await discard(response);
    const location = response.headers.get("location");
    if (!location) return { error: `HTTP ${response.status} without a Location` };
    if (hop >= policy.maxRedirects) return { error: `more than ${policy.maxRedirects} redirects` };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { error: "redirect to an unreadable address" };
    }
    if (next.protocol !== "https:" && next.protocol !== "http:") return { error: "redirect to a non-HTTP address" };
    url = next;
  }
}

/**
 * Reads one JSON answer politely: a timeout per request, retries with backoff on 429 and 5xx (honouring
 * Retry-After), a size limit on the body, and a result instead of an exception.
 */
export async function getJson(endpoint: string, grant: KeyGrant | undefined, policy: FetchPolicy = DEFAULT_POLICY): Promise<JsonResult> {
  let attempts = 0;
  let last: JsonResult = { ok: false, httpStatus: null, error: "not attempted", attempts };
  let start: URL;
  try {
    start = new URL(endpoint);
  } catch {
    return { ok: false, httpStatus: null, error: "unreadable address", attempts };
  }
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    attempts += 1;
    let hop: Hop;
    try {
      hop = await getFollowing(start, grant, policy, AbortSignal.timeout(policy.timeoutMs));
    } catch (error) {
      last = { ok: false, httpStatus: null, error: describe(error), attempts };
      if (describe(error) !== "timeout" || attempt === policy.retries) return last;
      await sleep(policy.backoffMs * 2 ** attempt);
      continue;
    }
    if ("error" in hop) return { ok: false, httpStatus: null, error: hop.error, attempts };
    const { response, url } = hop;
    if (response.status === 429 || response.status >= 500) {
      await discard(response);
      last = { ok: false, httpStatus: response.status, error: `HTTP ${response.status}`, attempts };
      if (attempt === policy.retries) return last;
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (asked !== null && asked > policy.maxRetryAfterMs) {
        return { ...last, error: `HTTP ${response.status}; Retry-After ${Math.round(asked / 1000)} s is longer than this run waits` };
      }
      await sleep(asked ?? policy.backoffMs * 2 ** attempt);
      continue;
    }
    if (!response.ok) {
      await discard(response);
      const reason = response.status === 401 || response.status === 403 ? " (an API key is needed or was refused)" : "";
      return { ok: false, httpStatus: response.status, error: `HTTP ${response.status}${reason}`, attempts };
    }
    let text: string;
    try {
      text = await readLimited(response, policy.maxBodyBytes);
    } catch (error) {
      await discard(response);
      if (error instanceof BodyTooLarge) return { ok: false, httpStatus: response.status, error: `body larger than ${policy.maxBodyBytes} bytes`, attempts };
      return { ok: false, httpStatus: response.status, error: describe(error), attempts };
    }
    if (/html/i.test(response.headers.get("content-type") ?? "") || /^\s*</.test(text)) {
      return { ok: false, httpStatus: response.status, error: "HTML instead of JSON", attempts };
    }
    try {
      return { ok: true, httpStatus: response.status, body: JSON.parse(text), attempts, url: url.href };
    } catch {
      return { ok: false, httpStatus: response.status, error: "invalid JSON", attempts };
    }
  }
  return last;
}
