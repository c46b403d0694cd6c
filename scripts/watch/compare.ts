import { cleanText } from "../net/outsideText.js";
import { admit } from "../net/door.js";
import { SourceWatchEntry, isGone } from "../schema/index.js";
import type { Fetched } from "./fetchSource.js";
import { changeExcerpt, sentenceHashes, sentencesOf, sha256 } from "./mainText.js";
import { pageDateOf } from "./pageDate.js";
import { PAGE_BUDGET, PageTooSlow, readPageText, type Budget } from "./pageText.js";
import { quoteFoundIn, quoteKey } from "../quotes/match.js";

/** At most this many quotes are checked on one page (the schema of data/sources.json allows no more). */
const MAX_QUOTES = 500;

/**
 * What happened to one URL on this run, for the summary. `refused`: the answer did not fit data/sources.json
 * and the last good entry was kept; `deferred`: nothing could be learnt (a resolver that could not answer
 * now), so nothing was recorded.
 */
export type Outcome = "new" | "unchanged" | "changed" | "gone" | "moved" | "failed" | "refused" | "deferred";

/** The entry to write (null: keep what was there), what happened, and why when nothing new was written. */
export interface Comparison {
  entry: SourceWatchEntry | null;
  outcome: Outcome;
  reason?: string;
}

/** The same failure as last time (the same status and error, the same place for a move): its first time is kept. */
function firstFailedAt(previous: SourceWatchEntry | undefined, now: string, status: number | null, error: string, finalUrl: string | null): string {
  const same = previous?.first_failed_at !== undefined && previous.status === status && previous.error === error && (finalUrl === null || previous.final_url === finalUrl);
  return same ? previous.first_failed_at! : now;
}

/**
 * The next entry for a URL from the last one and this run's answer. A failing page keeps what was last
 * read from it (hash, date, sentences), so a page that comes back unchanged is not a change.
 */
async function compared(previous: SourceWatchEntry | undefined, fetched: Exclude<Fetched, { kind: "deferred" }>, now: string, today: string, budget: Budget, quotes: readonly string[]): Promise<{ entry: SourceWatchEntry; outcome: Outcome }> {
  const kept = {
    content_sha256: previous?.content_sha256 ?? null,
    page_date: previous?.page_date ?? null,
    page_date_basis: previous?.page_date_basis ?? null,
    changed_at: previous?.changed_at ?? null,
    ...(previous?.change_excerpt !== undefined && { change_excerpt: previous.change_excerpt }),
    ...(previous?.sentences !== undefined && { sentences: previous.sentences }),
    ...(previous?.quotes !== undefined && { quotes: previous.quotes }),
  };
  const failing = (status: number | null, finalUrl: string | null, error: string, moved: boolean): SourceWatchEntry => {
    const cleanError = cleanText(error, 300);
    return { checked_at: now, status, final_url: finalUrl, ...(moved && { moved_off_site: true }), ...kept, first_failed_at: firstFailedAt(previous, now, status, cleanError, moved ? finalUrl : null), error: cleanError };
  };
  if (fetched.kind === "moved") return { entry: failing(fetched.status, fetched.location, "redirects to another site (not followed)", true), outcome: "moved" };
  if (fetched.kind === "failed") {
    const entry = failing(fetched.status, fetched.finalUrl ?? previous?.final_url ?? null, fetched.error, false);
    return { entry, outcome: isGone(entry) ? "gone" : "failed" };
  }
  let page;
  try {
    page = await readPageText(fetched.body, fetched.contentType, budget);
  } catch (error) {
    if (!(error instanceof PageTooSlow)) throw error;
    return { entry: failing(fetched.status, fetched.finalUrl, error.message, false), outcome: "failed" };
  }
  const sentences = sentencesOf(page.main);
  const hash = sha256(page.main);
  const found = pageDateOf(page, fetched.body, fetched.lastModified, today);
  const changed = previous?.content_sha256 != null && previous.content_sha256 !== hash;
  const excerpt = changed ? changeExcerpt(sentences, previous?.sentences ?? "") : null;
  const entry: SourceWatchEntry = {
    checked_at: now,
    status: fetched.status,
    final_url: fetched.finalUrl,
    content_sha256: hash,
    page_date: found?.date ?? null,
    page_date_basis: found ? cleanText(found.basis, 200) : null,
    changed_at: changed ? now : (previous?.changed_at ?? null),
    ...(changed ? excerpt !== null && { change_excerpt: cleanText(excerpt, 300) } : previous?.change_excerpt !== undefined && { change_excerpt: previous.change_excerpt }),
    ...(quotes.length > 0 && { quotes: quotesSeen(quotes, page.full) }),
    sentences: sentenceHashes(sentences),
  };
  return { entry, outcome: previous?.content_sha256 == null ? "new" : changed ? "changed" : "unchanged" };
}

/**
 * Whether the page still holds each quote that cites it: the words, not the page, are what must still be
 * there, so a new cookie banner changes nothing and a rewritten clause is caught.
 */
function quotesSeen(quotes: readonly string[], text: string): Record<string, boolean> {
  const seen: Record<string, boolean> = {};
  for (const quote of quotes) {
    const key = quoteKey(quote);
    if (key in seen) continue;
    if (Object.keys(seen).length >= MAX_QUOTES) break;
    seen[key] = quoteFoundIn(quote, text);
  }
  return seen;
}

/**
 * The door of data/sources.json: the next entry, parsed by the schema of the file it lands in before it is
 * kept. An entry that does not fit is refused (the last good one stays) and named in the run's report.
 */
export async function nextEntry(previous: SourceWatchEntry | undefined, fetched: Fetched, now: string, today: string, budget: Budget = PAGE_BUDGET, quotes: readonly string[] = []): Promise<Comparison> {
  if (fetched.kind === "deferred") return { entry: null, outcome: "deferred", reason: `${fetched.reason}; nothing recorded, tried again on the next run` };
  const { entry, outcome } = await compared(previous, fetched, now, today, budget, quotes);
  const admitted = admit(SourceWatchEntry, entry, "data/sources.json");
  return admitted.ok ? { entry: admitted.value, outcome } : { entry: null, outcome: "refused", reason: admitted.reason };
}
