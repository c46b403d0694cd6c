import type { ReviewEntry } from "../merge/review.js";
import { factsOf } from "../schema/facts.js";
import { isGone, type Provider, type SourceWatch } from "../schema/index.js";
import { quoteKey } from "../quotes/match.js";

export interface WatchReview {
  providers: Provider[];
  entries: ReviewEntry[];
  /** Distinct cited URLs behind Facts whose source changed since verification, and behind gone sources. */
  sourcesChanged: number;
  sourcesGone: number;
}

type FactNode = Record<string, unknown> & { status?: unknown; source_url?: unknown; verified_at?: unknown; source_date?: unknown; quote?: unknown };

/**
 * What the source watch means for the Facts: a review entry per Fact whose page changed after it was
 * verified, is gone or moved to another site, and a proposal for each undated Fact whose page states a date.
 * The Fact itself only gets a `source_watch` mark; its value, status and dates stay the person's.
 */
export function reviewSources(providers: readonly Provider[], watch: SourceWatch | null): WatchReview {
  const review = new SourceReview(watch);
  const marked = providers.map((provider) => review.record(provider));
  return { providers: marked, ...review.totals() };
}

/** `reviewSources` one record at a time, for a pipeline that does not hold every record at once. */
export class SourceReview {
  readonly entries: ReviewEntry[] = [];
  private readonly changedUrls = new Set<string>();
  private readonly goneUrls = new Set<string>();
  private readonly watch: SourceWatch | null;

  constructor(watch: SourceWatch | null) {
    this.watch = watch && Object.keys(watch).length > 0 ? watch : null;
  }

  /** The record with its Facts marked, or the record itself when no Fact needs a mark. */
  record(provider: Provider): Provider {
    const { watch, entries, changedUrls, goneUrls } = this;
    if (!watch) return provider;
    const marks: Array<[PropertyKey[], { state: "changed" | "gone" | "moved" | "quote_missing"; since: string }]> = [];
    for (const [path, fact] of factsOf(provider) as ReadonlyArray<[PropertyKey[], FactNode]>) {
      if (fact.status === "unknown" || fact.status === "not_applicable" || typeof fact.source_url !== "string") continue;
      const seen = Object.hasOwn(watch, fact.source_url) ? watch[fact.source_url] : undefined;
      if (!seen) continue;
      const where = { provider: provider.id, path: `$.${path.map(String).join(".")}`, source: fact.source_url };
      const verified = typeof fact.verified_at === "string" ? fact.verified_at : null;
      // A Fact with the source's own words is judged by them: the page may change, the quote must still be there.
      const quoteHeld = typeof fact.quote === "string" && fact.quote.trim() !== "" ? seen.quotes?.[quoteKey(fact.quote)] : undefined;
      if (seen.moved_off_site) {
        const since = seen.first_failed_at ?? seen.checked_at;
        marks.push([path, { state: "moved", since }]);
        entries.push({ kind: "source_moved", ...where, manual_value: fact.value, observed_value: seen.final_url, observed_at: since.slice(0, 10) });
      } else if (isGone(seen)) {
        const since = seen.first_failed_at ?? seen.checked_at;
        marks.push([path, { state: "gone", since }]);
        goneUrls.add(fact.source_url);
        entries.push({ kind: "source_gone", ...where, manual_value: fact.value, observed_value: seen.status, observed_at: since.slice(0, 10), note: seen.error ?? `HTTP ${seen.status}` });
      } else if (quoteHeld === false) {
        marks.push([path, { state: "quote_missing", since: seen.checked_at }]);
        changedUrls.add(fact.source_url);
        entries.push({ kind: "quote_missing", ...where, manual_value: fact.value, observed_at: seen.checked_at.slice(0, 10), excerpt: String(fact.quote).slice(0, 300) });
      } else if (quoteHeld !== true && seen.changed_at && verified !== null && seen.changed_at.slice(0, 10) > verified) {
        marks.push([path, { state: "changed", since: seen.changed_at }]);
        changedUrls.add(fact.source_url);
        entries.push({ kind: "source_changed", ...where, manual_value: fact.value, observed_at: seen.changed_at.slice(0, 10), ...(seen.change_excerpt && { excerpt: seen.change_excerpt }) });
      } else if (fact.source_date === null && seen.page_date && (verified === null || seen.page_date <= verified)) {
        entries.push({ kind: "source_date_found", ...where, observed_value: seen.page_date, observed_at: seen.checked_at.slice(0, 10), ...(seen.page_date_basis && { note: seen.page_date_basis }) });
      }
    }
    if (marks.length === 0) return provider;
    const copy = structuredClone(provider) as unknown as Record<string, unknown>;
    for (const [path, mark] of marks) {
      let node = copy;
      for (const key of path.slice(0, -1)) node = node[key as string] as Record<string, unknown>;
      node[path.at(-1) as string] = { ...(node[path.at(-1) as string] as object), source_watch: mark };
    }
    return copy as unknown as Provider;
  }

  totals(): Omit<WatchReview, "providers"> {
    return { entries: this.entries, sourcesChanged: this.changedUrls.size, sourcesGone: this.goneUrls.size };
  }
}
