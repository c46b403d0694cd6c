import { setTimeout as sleep } from "node:timers/promises";
import { LIMITS } from "../config.js";
import { nestsDeeperThan } from "../load/jsonScan.js";
import { BodyTooLarge, DEFAULT_NET_POLICY, PROJECT_URL, describeNetworkError, discard, getFollowing, readLimited, type NetPolicy } from "../net/request.js";
import { mayCarryKey, type KeyGrant } from "./apiKey.js";

export interface FetchPolicy extends NetPolicy {
  retries: number;
  /** First backoff; doubles on each retry unless the server sends Retry-After. */
  backoffMs: number;
  /** Longest wait a Retry-After may ask for before the attempt is given up. */
  maxRetryAfterMs: number;
  /** Pages read at most from a provider that pages. */
  maxPages: number;
  /**
   * All the time one provider may take, retries, Retry-After waits and pages included, so a slow or
   * throttling provider cannot hold a worker for long.
   */
  providerDeadlineMs: number;
}

export const DEFAULT_POLICY: FetchPolicy = {
  ...DEFAULT_NET_POLICY,
  timeoutMs: 15_000,
  retries: 3,
  backoffMs: 1_000,
  maxRetryAfterMs: 60_000,
  maxBodyBytes: 2 * 1024 * 1024,
  maxPages: 20,
  providerDeadlineMs: 120_000,
  userAgent: `eu-ai-infra-evidence-scraper/0.2 (+${PROJECT_URL}; reads public models lists once a week)`,
};

export type JsonResult =
  | { ok: true; httpStatus: number; body: unknown; text: string; attempts: number; url: string }
  | { ok: false; httpStatus: number | null; error: string; attempts: number };

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Reads one JSON answer politely: a timeout per request, retries with backoff on 429 and 5xx (honouring
 * Retry-After, but never past the provider's deadline), a size limit on the body, redirects only within the
 * same site, and a result instead of an exception. The key goes only to its granted host, decided per hop.
 */
export async function getJson(endpoint: string, grant: KeyGrant | undefined, policy: FetchPolicy = DEFAULT_POLICY, deadline = Date.now() + policy.providerDeadlineMs): Promise<JsonResult> {
  let attempts = 0;
  let last: Extract<JsonResult, { ok: false }> = { ok: false, httpStatus: null, error: "not attempted", attempts };
  let start: URL;
  try {
    start = new URL(endpoint);
  } catch {
    return { ok: false, httpStatus: null, error: "unreadable address", attempts };
  }
  const headersFor = (url: URL): Record<string, string> => (mayCarryKey(grant, url) ? { authorization: `Bearer ${grant.key}` } : {});
  const budgetSpent = `the provider's time budget (${Math.round(policy.providerDeadlineMs / 1000)} s) is spent`;
  const waitOrGiveUp = async (ms: number, failed: Extract<JsonResult, { ok: false }>): Promise<JsonResult | null> => {
    if (Date.now() + ms > deadline) return { ...failed, error: `${failed.error}; ${budgetSpent}` };
    await sleep(ms);
    return null;
  };
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    attempts += 1;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { ok: false, httpStatus: last.httpStatus, error: budgetSpent, attempts };
    let hop;
    try {
      hop = await getFollowing(start, { policy, accept: "application/json", headersFor, signal: AbortSignal.timeout(Math.min(policy.timeoutMs, remaining)) });
    } catch (error) {
      const described = describeNetworkError(error);
      last = { ok: false, httpStatus: null, error: described, attempts };
      if (described !== "timeout" || attempt === policy.retries) return last;
      const gaveUp = await waitOrGiveUp(policy.backoffMs * 2 ** attempt, last);
      if (gaveUp) return gaveUp;
      continue;
    }
    if (hop.kind === "refused") return { ok: false, httpStatus: null, error: hop.reason, attempts };
    if (hop.kind === "moved") return { ok: false, httpStatus: hop.status, error: `redirect to another site (${hop.location.host}) not followed`, attempts };
    const { response, url } = hop;
    if (response.status === 429 || response.status >= 500) {
      await discard(response);
      last = { ok: false, httpStatus: response.status, error: `HTTP ${response.status}`, attempts };
      if (attempt === policy.retries) return last;
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (asked !== null && asked > policy.maxRetryAfterMs) {
        return { ...last, error: `HTTP ${response.status}; Retry-After ${Math.round(asked / 1000)} s is longer than this run waits` };
      }
      const gaveUp = await waitOrGiveUp(asked ?? policy.backoffMs * 2 ** attempt, last);
      if (gaveUp) return gaveUp;
      continue;
    }
    if (!response.ok) {
      await discard(response);
      const reason = response.status === 401 || response.status === 403 ? " (an API key is needed or was refused)" : "";
      return { ok: false, httpStatus: response.status, error: `HTTP ${response.status}${reason}`, attempts };
    }
    let text: string;
    try {
      text = (await readLimited(response, policy.maxBodyBytes)).toString("utf8");
    } catch (error) {
      if (error instanceof BodyTooLarge) return { ok: false, httpStatus: response.status, error: `body larger than ${policy.maxBodyBytes} bytes`, attempts };
      return { ok: false, httpStatus: response.status, error: describeNetworkError(error), attempts };
    }
    if (/html/i.test(response.headers.get("content-type") ?? "") || /^\s*</.test(text)) {
      return { ok: false, httpStatus: response.status, error: "HTML instead of JSON", attempts };
    }
    if (nestsDeeperThan(text, LIMITS.maxOutsideDepth)) return { ok: false, httpStatus: response.status, error: `JSON nested deeper than ${LIMITS.maxOutsideDepth} levels`, attempts };
    try {
      return { ok: true, httpStatus: response.status, body: JSON.parse(text), text, attempts, url: url.href };
    } catch {
      return { ok: false, httpStatus: response.status, error: "invalid JSON", attempts };
    }
  }
  return last;
}
