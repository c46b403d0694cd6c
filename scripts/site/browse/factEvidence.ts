import { safeHref, siteOf, type Lang } from "../../schema/answers.js";
import type { FactLike } from "../../schema/factPath.js";
import { fill, html, type Html } from "./markup.js";

/**
 * One Fact's evidence as a reader sees it: its status (a claimed Fact labelled by whose statement it is), both
 * dates, the source with its site, the source's own words, when it is valid, and a way to report a correction.
 * Rendered by the build (provider pages, procurement packs) and by the comparison's script in the browser, from
 * the same functions and the same words, so an answer reads the same everywhere.
 */

/** One language's words for evidence, as plain strings: they travel to the browser in a page's data block. */
export interface EvidenceWords {
  lang: Lang;
  status: Record<string, string>;
  /** Whose statement, by Attribution token. */
  attribution: Record<string, string>;
  /** source_type → Attribution token. */
  attributionOf: Record<string, string>;
  /** source_type → how the kind of source reads. */
  sourceTypes: Record<string, string>;
  /** A Fact's dotted path → its label, for the Facts a derived answer rests on. */
  fields: Record<string, string>;
  months: readonly string[];
  verified: string;
  byScraper: string;
  notVerified: string;
  sourceDated: string;
  undated: string;
  fileOwnDate: string;
  derivedFrom: string;
  validFrom: string;
  validUntil: string;
  quote: string;
  correction: string;
  correctionTitle: string;
  archived: string;
  notResearched: string;
}

const PINNED = /^https:\/\/(?:github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\/|raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\/|gitlab\.com\/.+\/-\/blob\/[0-9a-f]{40}\/)/;
const SERVED = /\bserved (?:as|at) ((?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s,;)"]*)?)/i;

/** The status as a reader needs it: `claimed` says whose statement it is (own, press, third party, register, derived). */
export function statusText(fact: FactLike, words: EvidenceWords): string {
  const status = String(fact.status);
  if (status === "claimed") {
    const who = typeof fact.source_type === "string" ? words.attributionOf[fact.source_type] : undefined;
    if (who && words.attribution[who]) return words.attribution[who]!;
  }
  return words.status[status] ?? status;
}

export function badge(fact: FactLike, words: EvidenceWords): Html {
  const status = String(fact.status);
  const known = status in words.status;
  return html`<span class="badge badge-${known ? status : "other"}">${statusText(fact, words)}</span>`;
}

/** "2025-10" reads as the month in the page's language; a day stays as it is. */
export function sourceDateText(date: string, words: EvidenceWords): string {
  const month = /^(\d{4})-(\d{2})$/.exec(date);
  return month ? `${words.months[Number(month[2]) - 1] ?? month[2]} ${month[1]}` : date;
}

/** When someone looked and how old what they looked at was; for a derived answer, the Facts it rests on. */
export function datesText(fact: FactLike, words: EvidenceWords): string {
  if (Array.isArray(fact.derived_from)) return fill(words.derivedFrom, { fields: fact.derived_from.map((path) => words.fields[String(path)] ?? String(path)).join(", ") });
  const parts: string[] = [];
  if (typeof fact.verified_at === "string") parts.push(fill(fact.verified_by === "scraper" ? words.byScraper : words.verified, { date: fact.verified_at }));
  else parts.push(words.notVerified);
  if (typeof fact.source_date === "string") parts.push(fill(words.sourceDated, { date: sourceDateText(fact.source_date, words) }) + ((fact as { source_date_basis?: unknown }).source_date_basis === "stated_in_file" ? ` ${words.fileOwnDate}` : ""));
  else if (fact.status !== "unknown") parts.push(words.undated);
  return parts.join(", ");
}

/** The validity the source states for a value (a price change, an end of support); empty when it states none. */
export function validityText(fact: { valid_from?: unknown; valid_until?: unknown }, words: EvidenceWords): string {
  return [
    typeof fact.valid_from === "string" ? fill(words.validFrom, { date: fact.valid_from }) : null,
    typeof fact.valid_until === "string" ? fill(words.validUntil, { date: fact.valid_until }) : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * The source as a link named by its site, the kind of source, and the full address for print. A pinned
 * repository file whose note names the address the provider serves the document at shows that address first and
 * the pinned file beside it, as the archived copy.
 */
export function sourceHtml(fact: FactLike, words: EvidenceWords, print = true): Html | "" {
  const href = safeHref(fact.source_url);
  if (!href) return "";
  const kind = typeof fact.source_type === "string" ? words.sourceTypes[fact.source_type] ?? fact.source_type.replace(/_/g, " ") : null;
  const served = PINNED.test(href) && typeof fact.note === "string" ? SERVED.exec(fact.note)?.[1]?.replace(/[.:]+$/, "") : undefined;
  const servedHref = served ? safeHref(`https://${served}`) : null;
  const full = (address: string) => (print ? html` <span class="print-url">${address}</span>` : "");
  if (servedHref) {
    return html`<a class="src" href="${servedHref}" rel="nofollow noopener">${siteOf(servedHref)}</a>${kind ? html` <span class="kind">${kind}</span>` : ""}${full(servedHref)} · <a class="src" href="${href}" rel="nofollow noopener">${words.archived}</a>${full(href)}`;
  }
  return html`<a class="src" href="${href}" rel="nofollow noopener">${siteOf(href)}</a>${kind ? html` <span class="kind">${kind}</span>` : ""}${full(href)}`;
}

/** The source's own words, with where in the source they stand; they stay in the source's language. */
export function quoteHtml(fact: FactLike, words: EvidenceWords): Html | "" {
  if (typeof fact.quote !== "string" || fact.quote.trim() === "") return "";
  const cite = safeHref(fact.source_url);
  return html`<blockquote class="quote"${cite ? html` cite="${cite}"` : ""}><span class="quote-label">${words.quote}</span> <q translate="no">${fact.quote}</q>${typeof fact.locator === "string" ? html` <span class="locator" translate="no">(${fact.locator})</span>` : ""}</blockquote>`;
}

/** Where a correction is reported: the repository's issue form for corrections, prefilled for one Fact. */
export interface CorrectionTarget {
  /** The repository's web address, as repositoryBase gives it; without it, no link. */
  repository: string | null;
  provider: string;
  providerName: string;
  field: string;
  fieldLabel: string;
  /** The value as the page shows it, with its status and source. */
  seen: string;
}

/** The repository's address as the issue form needs it; null for anything but an http(s) address. */
export function repositoryBase(url: string | null | undefined): string | null {
  const href = safeHref(url);
  if (!href) return null;
  const parsed = new URL(href);
  parsed.search = "";
  parsed.hash = "";
  return parsed.href.replace(/\/+$/, "").replace(/\.git$/, "");
}

const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

const param = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/**
 * The prefilled issue form for one Fact: provider, field and the value seen, filled; the proposal is the
 * reader's. `target.repository` is the address as repositoryBase gives it (normalised once per page, not per Fact).
 */
export function correctionHref(target: CorrectionTarget, words: EvidenceWords): string | null {
  if (!target.repository) return null;
  const query = [
    "template=correction.yml",
    param("title", fill(words.correctionTitle, { provider: target.providerName, field: target.fieldLabel })),
    param("provider", target.provider),
    param("field", target.field),
    param("value_seen", clip(target.seen, 500)),
  ];
  return `${target.repository}/issues/new?${query.join("&")}`;
}

export function correctionLink(target: CorrectionTarget, words: EvidenceWords): Html | "" {
  const href = correctionHref(target, words);
  return href ? html`<a class="correct" href="${href}" rel="nofollow noopener">${words.correction}</a>` : "";
}

/** What the correction form should say was seen: the value with its status (the form names the Fact, whose dates the record keeps). */
export function seenText(value: string, fact: FactLike | undefined, words: EvidenceWords): string {
  if (!fact || fact.status === "unknown") return words.notResearched;
  return `${value} (${statusText(fact, words)})`;
}

/**
 * One Fact as a compact cell: the value, its status, both dates, its source, when it is valid, the source's own
 * words and the correction link. `value` is the answer in words (escaped or markup).
 */
export function evidenceCell(fact: FactLike | undefined, value: Html | string, words: EvidenceWords, correction: CorrectionTarget | null): Html {
  const report = correction ? correctionLink(correction, words) : "";
  if (!fact || fact.status === "unknown" || fact.value === null || fact.value === undefined) {
    const notApplicable = fact?.status === "not_applicable";
    return html`<span class="muted">${notApplicable ? words.status.not_applicable : words.notResearched}</span>${report ? html`<br>${report}` : ""}`;
  }
  const display = typeof fact.display === "string" ? html`<br><span class="display" translate="no">“${fact.display}”</span>` : "";
  const validity = validityText(fact, words);
  const source = sourceHtml(fact, words);
  return html`<span class="value">${value}</span> ${badge(fact, words)}${display}
<br><span class="dates">${datesText(fact, words)}</span>${validity ? html`<br><span class="validity">${validity}</span>` : ""}${source ? html`<br>${source}` : ""}${quoteHtml(fact, words)}${report ? html`<span class="report">${report}</span>` : ""}`;
}
