import { z } from "zod";
import { HttpUrl, IsoDateTime, SourceDate } from "./primitives.js";

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
    page_date_basis: z.string().max(200).nullable().describe("Where page_date was read: the visible line, JSON-LD, a meta tag, front matter or the Last-Modified header (weakest)."),
    changed_at: IsoDateTime.nullable().describe("When a run first saw content different from the run before; null while it has not changed."),
    change_excerpt: z.string().max(300).optional().describe("The first new sentences of the changed text."),
    first_failed_at: IsoDateTime.optional().describe("Since when the URL fails (404, 410, no answer); absent while it answers."),
    error: z.string().max(300).optional().describe("Why the last fetch gave no readable page."),
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

/** A source is gone when it answers 404 or 410, or no longer resolves. */
export const isGone = (entry: SourceWatchEntry) => entry.status === 404 || entry.status === 410 || (entry.status === null && /host not found|does not resolve|no address/i.test(entry.error ?? ""));
