import type { ScrapeSource } from "./sources.js";

type Pagination = NonNullable<ScrapeSource["pagination"]>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The address of the next page, or null when this was the last one. A next link that leaves the
 * endpoint's origin is not followed: the pages of one list live on one server, and nothing the answer
 * says may point the scraper elsewhere.
 */
export function nextPageUrl(pagination: Pagination | undefined, body: unknown, endpoint: string): string | null {
  if (!pagination || !isObject(body)) return null;
  if (pagination.style === "cursor") {
    if (body.has_more !== true || typeof body.last_id !== "string" || body.last_id === "") return null;
    const next = new URL(endpoint);
    next.searchParams.set(pagination.param, body.last_id);
    return next.href;
  }
  const link = typeof body.next === "string" ? body.next : isObject(body.links) && typeof body.links.next === "string" ? body.links.next : null;
  if (!link) return null;
  try {
    const next = new URL(link, endpoint);
    return next.origin === new URL(endpoint).origin ? next.href : null;
  } catch {
    return null;
  }
}
