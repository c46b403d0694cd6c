import { coverageOf, type Coverage } from "../schema/coverage.js";
import { stringValueOf } from "../schema/factPath.js";
import type { Category, FactStatus, Provider } from "../schema/index.js";
import { factsByStatusOf, factsOf } from "../schema/facts.js";
import { buyerAnswers, type BuyerAnswers } from "./recordAnswers.js";

/**
 * What the dataset-wide outputs (status, index page, generated_at, host files) need to know of one
 * record. Small, so a build keeps this (and the JSON bytes) instead of every parsed record, and the build
 * cache can store it for records that have not changed.
 */
export interface RecordSummary {
  id: string;
  name: string;
  legalName: string | null;
  category: Category;
  /** HQ country, when researched. */
  country: string | null;
  /** Availability, when researched. */
  availability: string | null;
  factsByStatus: Partial<Record<FactStatus, number>>;
  coverage: Coverage;
  answers: BuyerAnswers;
  /** Researched Facts (status not unknown) whose source carries a date. */
  sourceDated: number;
  /** How many Facts were verified on each day, for staleness counts against any build day. */
  verifiedOn: Record<string, number>;
  newestVerified: string | null;
  oldestVerified: string | null;
  /** The newest date the record carries anywhere (record dates, verifications, corroborations, observation). */
  newestDate: string;
}

export function summarize(record: Provider): RecordSummary {
  const verifiedOn: Record<string, number> = Object.create(null);
  let sourceDated = 0;
  let newestVerified: string | null = null;
  let oldestVerified: string | null = null;
  let newestDate = "1970-01-01";
  for (const date of [record.record_updated_at, record.last_full_review, record.last_scrape_at, record._models_api?.checked_at?.slice(0, 10)]) {
    if (date && date > newestDate) newestDate = date;
  }
  for (const [, fact] of factsOf(record)) {
    if (fact.status !== "unknown" && typeof fact.source_date === "string") sourceDated += 1;
    const verified = fact.verified_at;
    if (typeof verified === "string") {
      verifiedOn[verified] = (verifiedOn[verified] ?? 0) + 1;
      if (newestVerified === null || verified > newestVerified) newestVerified = verified;
      if (oldestVerified === null || verified < oldestVerified) oldestVerified = verified;
      if (verified > newestDate) newestDate = verified;
    }
    const corroborated = fact.corroborated_at;
    if (typeof corroborated === "string" && corroborated > newestDate) newestDate = corroborated;
  }
  const availability = record.availability_status;
  return {
    id: record.id,
    name: record.name,
    legalName: record.legal_name ?? null,
    category: record.category,
    country: stringValueOf(record.ownership?.country_hq),
    availability: availability && availability.status !== "unknown" ? String(availability.value) : null,
    factsByStatus: factsByStatusOf(record),
    coverage: coverageOf(record),
    answers: buyerAnswers(record),
    sourceDated,
    verifiedOn,
    newestVerified,
    oldestVerified,
    newestDate,
  };
}
