import { setTimeout as sleep } from "node:timers/promises";

export interface FetchPolicy {
  timeoutMs: number;
  retries: number;
  /** First backoff; doubles on each retry unless the server sends Retry-After. */
  backoffMs: number;
  /** Longest wait a Retry-After may ask for before the attempt is given up. */
  maxRetryAfterMs: number;
  maxBodyBytes: number;
  userAgent: string;
}

export const DEFAULT_POLICY: FetchPolicy = {
  timeoutMs: 15_000,
  retries: 3,
  backoffMs: 1_000,
  maxRetryAfterMs: 60_000,
  maxBodyBytes: 2 * 1024 * 1024,
  userAgent: "eu-ai-infra-evidence-scraper/0.1 (+https://github.com/eu-ai-infra-evidence; reads public models lists once a day)",
};

export type ModelsListResult =
  | { ok: true; httpStatus: number; modelIds: string[]; attempts: number }
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

/** The ids of an OpenAI models list (`{"data":[{"id":…}]}`), or null when the body is not one. */
export function modelIdsOf(body: unknown): string[] | null {
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return null;
  const ids = list.map((item) => (item as { id?: unknown } | null)?.id);
  return ids.every((id): id is string => typeof id === "string" && id.length > 0 && id.length < 300) ? ids : null;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ENOTFOUND" || cause?.code === "EAI_AGAIN") return "host not found";
  if (cause?.code) return `network error (${cause.code})`;
  return error instanceof Error ? `network error (${error.message})` : "network error";
}

/**
 * Reads one models list politely: a timeout per request, retries with backoff on 429 and 5xx
 * (honouring Retry-After), a size limit on the body, and a result instead of an exception.
 */
export async function fetchModelsList(endpoint: string, apiKey: string | undefined, policy: FetchPolicy = DEFAULT_POLICY): Promise<ModelsListResult> {
  let attempts = 0;
  let last: ModelsListResult = { ok: false, httpStatus: null, error: "not attempted", attempts };
  for (let attempt = 0; attempt <= policy.retries; attempt += 1) {
    attempts += 1;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        headers: { accept: "application/json", "user-agent": policy.userAgent, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        redirect: "follow",
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
    } catch (error) {
      last = { ok: false, httpStatus: null, error: describe(error), attempts };
      if (describe(error) !== "timeout" || attempt === policy.retries) return last;
      await sleep(policy.backoffMs * 2 ** attempt);
      continue;
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable) {
      await response.body?.cancel().catch(() => undefined);
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
      await response.body?.cancel().catch(() => undefined);
      const reason = response.status === 401 || response.status === 403 ? " (an API key is needed or was refused)" : "";
      return { ok: false, httpStatus: response.status, error: `HTTP ${response.status}${reason}`, attempts };
    }
    let text: string;
    try {
      text = await readLimited(response, policy.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, httpStatus: response.status, error: `body larger than ${policy.maxBodyBytes} bytes`, attempts };
      }
      return { ok: false, httpStatus: response.status, error: describe(error), attempts };
    }
    const type = response.headers.get("content-type") ?? "";
    if (/html/i.test(type) || /^\s*</.test(text)) {
      return { ok: false, httpStatus: response.status, error: "HTML instead of JSON", attempts };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, httpStatus: response.status, error: "invalid JSON", attempts };
    }
    const ids = modelIdsOf(body);
    if (!ids) return { ok: false, httpStatus: response.status, error: "JSON is not an OpenAI models list", attempts };
    return { ok: true, httpStatus: response.status, modelIds: ids, attempts };
  }
  return last;
}
