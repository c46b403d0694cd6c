/**
 * Why an entry waits for a person. observation_differs: the scraper saw another value than the seed's.
 * source_changed / source_gone / source_moved: the source watch saw the cited page change since the Fact
 * was verified, answer 404/410 or stop resolving, or redirect to another site. source_date_found: the watch
 * read a date on the page of an undated Fact (a proposal, never written into the Fact by the machine).
 * registry_mismatch: the company register disagrees with the record. price_disagrees: a public price
 * registry lists another price for a model, in the record's currency, beyond rounding. model_unlisted: a
 * price registry lists a model that the record's complete models list (partial: false) lacks. quote_missing: the
 * source watch read the cited page and the Fact's quote (the source's own words) is no longer in it.
 * source_newer_version: an archive of legal documents holds a version of the cited document newer than the
 * Fact's verification.
 */
export const REVIEW_KINDS = ["observation_differs", "source_changed", "quote_missing", "source_newer_version", "source_gone", "source_moved", "source_date_found", "registry_mismatch", "price_disagrees", "model_unlisted"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** A deviation between the manually verified seed and what a machine saw, for a person to settle. */
export interface ReviewEntry {
  kind: ReviewKind;
  provider: string;
  path: string;
  /** The seed's value. */
  manual_value?: unknown;
  /** What was seen instead: the observed value, the page's date, the new address, the register's flags. */
  observed_value?: unknown;
  observed_at: string;
  source: string;
  /** What the path is about when the path alone does not say (a model's name and the price's unit). */
  note?: string;
  /** source_changed: the first new sentences of the page. */
  excerpt?: string;
}

/** One line of text for a review entry, the same in the report and the refresh pull request. */
export function describeReviewEntry(entry: ReviewEntry): string {
  const seen = JSON.stringify(entry.observed_value);
  switch (entry.kind) {
    case "observation_differs":
      return `manual ${JSON.stringify(entry.manual_value)} vs observed ${seen} (${entry.observed_at}, ${entry.source})`;
    case "source_changed":
      return `source changed ${entry.observed_at} since it was verified (${entry.source})${entry.excerpt ? `: "${entry.excerpt}"` : ""}`;
    case "quote_missing":
      return `the quote is no longer on the page (read ${entry.observed_at}, ${entry.source}): "${entry.excerpt ?? ""}"`;
    case "source_newer_version":
      return `a newer version of the source document exists, ${seen}${entry.note ? ` (${entry.note})` : ""} (${entry.source})`;
    case "source_gone":
      return `source gone (${entry.note ?? "no answer"}) since ${entry.observed_at} (${entry.source})`;
    case "source_moved":
      return `source redirects to another site, ${seen} (${entry.source})`;
    case "source_date_found":
      return `undated Fact; the page states ${seen}${entry.note ? ` (${entry.note})` : ""} (${entry.source})`;
    case "registry_mismatch":
      return `register disagrees: ${seen}${entry.note ? ` (${entry.note})` : ""} (${entry.source})`;
    case "price_disagrees":
      return `manual ${JSON.stringify(entry.manual_value)} vs price registry ${seen}${entry.note ? ` (${entry.note})` : ""} (${entry.observed_at}, ${entry.source})`;
    case "model_unlisted":
      return `a price registry lists ${seen}, missing from the complete models list${entry.note ? ` (${entry.note})` : ""} (${entry.observed_at}, ${entry.source})`;
  }
}
