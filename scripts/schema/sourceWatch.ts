import { z } from "zod";
import { HttpUrl, IsoDateTime, OutsideText, SourceDate } from "./primitives.js";

/** What the source watch (npm run sources) last saw at one cited URL. */
export const SourceWatchEntry = z
  .strictObject({
    checked_at: IsoDateTime.describe("When the URL was last fetched."),
    status: z.number().int().min(100).max(599).nullable().describe("The HTTP status of the last answer; null when nothing answered (no such host, refused, timed out)."),
    final_url: HttpUrl.nullable().describe("Where the answer came from after redirects within the same site; for a redirect to another site, where it pointed."),
    moved_off_site: z.boolean().optional().describe("True when the URL redirected to another site (not followed)."),
    content_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .describe("SHA-256 of the page's normalised main text (markup, scripts, navigation, headers, footers and whitespace removed); kept from the last readable answer while the page fails."),
    page_date: SourceDate.nullable().describe("The page's own date: YYYY-MM-DD, or YYYY-MM when it states only a month."),
    page_date_basis: OutsideText(200).nullable().describe("Where page_date was read: the visible line, JSON-LD, a meta tag, front matter or the Last-Modified header (weakest)."),
    changed_at: IsoDateTime.nullable().describe("When a run first saw content different from the run before; null while it has not changed."),
    change_excerpt: OutsideText(300).optional().describe("The first new sentences of the changed text."),
    first_failed_at: IsoDateTime.optional().describe("Since when the URL fails the same way (the same status and error); absent while it answers. The gone rule reads it."),
    error: OutsideText(300).optional().describe("Why the last fetch gave no readable page."),
    quotes: z
      .record(z.string().regex(/^[0-9a-f]{16}$/), z.boolean())
      .optional()
      .refine((quotes) => quotes === undefined || Object.keys(quotes).length <= 500, { message: "at most 500 quotes per page" })
      .describe("For each quote of a Fact citing this URL (keyed by the start of the quote's SHA-256): whether the page's text held it when it was last read. Kept while the page fails."),
    sentences: z
      .string()
      .regex(/^(?:[0-9a-f]{8})*$/)
      .max(8 * 400)
      .optional()
      .describe("Short hashes of the main text's sentences, to say what changed next time without keeping the text."),
  })
  .meta({ id: "SourceWatchEntry" });
export type SourceWatchEntry = z.infer<typeof SourceWatchEntry>;

/** data/sources.json: an object keyed by the cited URL. */
export const SourceWatch = z.record(HttpUrl, SourceWatchEntry).meta({ id: "SourceWatch" });
export type SourceWatch = z.infer<typeof SourceWatch>;

/** A failure counts as gone only when it is seen again this long after it was first seen. */
export const GONE_AFTER_HOURS = 20;

/** The failures that say a page is gone: 404, 410, or a name that no longer resolves. */
export const isGoneFailure = (status: number | null, error: string | undefined) => status === 404 || status === 410 || (status === null && /^host not found$/.test(error ?? ""));

/**
 * A source is gone when it answered 404 or 410, or no longer resolved, and did so again at least
 * GONE_AFTER_HOURS after the first time (first_failed_at): one bad hour of a server or a resolver marks nothing.
 */
export function isGone(entry: SourceWatchEntry): boolean {
  if (!isGoneFailure(entry.status, entry.error) || entry.first_failed_at === undefined) return false;
  return Date.parse(entry.checked_at) - Date.parse(entry.first_failed_at) >= GONE_AFTER_HOURS * 3_600_000;
}
