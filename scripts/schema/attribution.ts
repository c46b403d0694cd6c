import type { FactLike } from "./fact.js";
import { factAt, stringValueOf } from "./factPath.js";

/**
 * Whose statement a Fact is, and whether a price's currency is proven, read from the kind of its source. Kept free of
 * schema code, because the pages' scripts (which run in the browser) word answers with it too; the kinds' meanings
 * and the status table are in evidenceRules.ts.
 */

export const SOURCE_TYPES = [
  "provider_terms",
  "privacy_policy",
  "provider_docs",
  "provider_site",
  "provider_blog",
  "pricing_page",
  "certificate",
  "company_register",
  "regulator",
  "third_party",
  "press",
  "derived",
] as const;
export type SourceTypeToken = (typeof SOURCE_TYPES)[number];

export type AttributionToken = "provider" | "press" | "third_party" | "register" | "certificate" | "derived";

const ATTRIBUTION_OF: Record<SourceTypeToken, AttributionToken> = {
  provider_terms: "provider",
  privacy_policy: "provider",
  provider_docs: "provider",
  provider_site: "provider",
  provider_blog: "provider",
  pricing_page: "provider",
  certificate: "certificate",
  company_register: "register",
  regulator: "register",
  third_party: "third_party",
  press: "press",
  derived: "derived",
};

export const isSourceType = (text: unknown): text is SourceTypeToken => typeof text === "string" && (SOURCE_TYPES as readonly string[]).includes(text);

/** Whose statement a Fact is; null for a Fact without a known source type (unknown, not researched). */
export function attributionOf(fact: Pick<FactLike, "source_type">): AttributionToken | null {
  return isSourceType(fact.source_type) ? ATTRIBUTION_OF[fact.source_type] : null;
}

/**
 * The currency a price is in, where its source proves it: a price read on the provider's own pages, or on the very
 * page that states the currency, is in the record's pricing.currency; a price from anywhere else (a registry, a
 * press article) keeps its numbers but no currency (null), so it is never sorted or filtered with proven prices.
 */
export function provenCurrencyOf(record: object, price: Pick<FactLike, "source_type" | "source_url">): string | null {
  const currencyFact = factAt(record, ["pricing", "currency"]);
  const stated = stringValueOf(currencyFact);
  if (stated === null) return null;
  return attributionOf(price) === "provider" || (typeof price.source_url === "string" && price.source_url === currencyFact?.source_url) ? stated : null;
}
