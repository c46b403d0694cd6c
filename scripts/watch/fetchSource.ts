import { BodyTooLarge, TEMPORARY_DNS_FAILURE, describeNetworkError, discard, getFollowing, readLimited, type NetPolicy } from "../net/request.js";
import { cleanText } from "../net/outsideText.js";

/** One look at a cited URL, before it is compared with the last one. */
export type Fetched =
  | { kind: "page"; status: number; finalUrl: string; contentType: string; body: string; lastModified: string | null }
  /** An answer that is not a readable page: an HTTP error, or a body too large or not text. */
  | { kind: "failed"; status: number | null; finalUrl: string | null; error: string }
  /** A redirect to another site, reported and not followed. */
  | { kind: "moved"; status: number; location: string }
  /** No answer for a reason that says nothing about the page (the resolver could not answer now): not counted. */
  | { kind: "deferred"; reason: string };

const READABLE = /text\/|html|xml|json|markdown|yaml/i;

/** Fetches one URL under the shared policy: same-site redirects only, a time and size limit, no cookies. */
export async function fetchSource(url: string, policy: NetPolicy): Promise<Fetched> {
  let hop;
  try {
    hop = await getFollowing(new URL(url), { policy, accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5", signal: AbortSignal.timeout(policy.timeoutMs) });
  } catch (error) {
    const described = describeNetworkError(error);
    if (described === TEMPORARY_DNS_FAILURE) return { kind: "deferred", reason: described };
    return { kind: "failed", status: null, finalUrl: null, error: described };
  }
  if (hop.kind === "refused") return { kind: "failed", status: null, finalUrl: null, error: hop.reason };
  if (hop.kind === "moved") return { kind: "moved", status: hop.status, location: hop.location.href };
  const { response } = hop;
  const finalUrl = hop.url.href;
  if (!response.ok) {
    await discard(response);
    return { kind: "failed", status: response.status, finalUrl, error: `HTTP ${response.status}` };
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType && !READABLE.test(contentType)) {
    await discard(response);
    return { kind: "failed", status: response.status, finalUrl, error: `not a text page (${cleanText(contentType.split(";")[0]!, 60)})` };
  }
  try {
    const bytes = await readLimited(response, policy.maxBodyBytes);
    return { kind: "page", status: response.status, finalUrl, contentType, body: bytes.toString("utf8"), lastModified: response.headers.get("last-modified") };
  } catch (error) {
    return { kind: "failed", status: response.status, finalUrl, error: error instanceof BodyTooLarge ? `larger than ${policy.maxBodyBytes} bytes` : describeNetworkError(error) };
  }
}
