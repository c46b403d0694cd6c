import type { SourceWatchEntry } from "../schema/index.js";
import type { Fetched } from "./fetchSource.js";
import { changeExcerpt, fullTextOf, mainTextOf, sentenceHashes, sentencesOf, sha256 } from "./mainText.js";
import { pageDateOf } from "./pageDate.js";

/** What happened to one URL on this run, for the summary. */
export type Outcome = "new" | "unchanged" | "changed" | "gone" | "moved" | "failed";

/**
 * The next entry for a URL from the last one and this run's answer. A failing page keeps what was last
 * read from it (hash, date, sentences), so a page that comes back unchanged is not a change.
 */
export function nextEntry(previous: SourceWatchEntry | undefined, fetched: Fetched, now: string, today: string): { entry: SourceWatchEntry; outcome: Outcome } {
  const kept = {
    content_sha256: previous?.content_sha256 ?? null,
    page_date: previous?.page_date ?? null,
    page_date_basis: previous?.page_date_basis ?? null,
    changed_at: previous?.changed_at ?? null,
    ...(previous?.change_excerpt !== undefined && { change_excerpt: previous.change_excerpt }),
    ...(previous?.sentences !== undefined && { sentences: previous.sentences }),
  };
  if (fetched.kind === "moved") {
    return {
      entry: { checked_at: now, status: fetched.status, final_url: fetched.location, moved_off_site: true, ...kept, first_failed_at: previous?.first_failed_at ?? now, error: "redirects to another site (not followed)" },
      outcome: "moved",
    };
  }
  if (fetched.kind === "failed") {
    const gone = fetched.status === 404 || fetched.status === 410 || (fetched.status === null && fetched.error === "host not found");
    return {
      entry: { checked_at: now, status: fetched.status, final_url: fetched.finalUrl ?? previous?.final_url ?? null, ...kept, first_failed_at: previous?.first_failed_at ?? now, error: fetched.error.slice(0, 300) },
      outcome: gone ? "gone" : "failed",
    };
  }
  const main = mainTextOf(fetched.body, fetched.contentType);
  const sentences = sentencesOf(main);
  const hash = sha256(main);
  const found = pageDateOf(fetched.body, fullTextOf(fetched.body, fetched.contentType), fetched.lastModified, today);
  const changed = previous?.content_sha256 != null && previous.content_sha256 !== hash;
  const excerpt = changed ? changeExcerpt(sentences, previous?.sentences ?? "") : null;
  const entry: SourceWatchEntry = {
    checked_at: now,
    status: fetched.status,
    final_url: fetched.finalUrl,
    content_sha256: hash,
    page_date: found?.date ?? null,
    page_date_basis: found?.basis.slice(0, 200) ?? null,
    changed_at: changed ? now : (previous?.changed_at ?? null),
    ...(changed ? excerpt !== null && { change_excerpt: excerpt.slice(0, 300) } : previous?.change_excerpt !== undefined && { change_excerpt: previous.change_excerpt }),
    sentences: sentenceHashes(sentences),
  };
  return { entry, outcome: previous?.content_sha256 == null ? "new" : changed ? "changed" : "unchanged" };
}
