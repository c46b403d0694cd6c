import { factsOf } from "../validate/discipline.js";
import type { Category, FactStatus, Provider, Status } from "../schema/index.js";
import { FILES } from "../routes.js";
import { addText, jsonText, type Artefacts } from "./artefacts.js";

export interface Freshness {
  newest: string | null;
  oldest: string | null;
  byStatus: Partial<Record<FactStatus, number>>;
}

/** Verification dates and status counts over every Fact of the dataset. */
export function freshnessOf(providers: readonly Provider[]): Freshness {
  let newest: string | null = null;
  let oldest: string | null = null;
  const byStatus: Partial<Record<FactStatus, number>> = {};
  for (const record of providers) {
    for (const [, fact] of factsOf(record as Record<string, unknown>)) {
      const status = fact.status as FactStatus;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      const date = fact.verified_at;
      if (typeof date === "string") {
        if (newest === null || date > newest) newest = date;
        if (oldest === null || date < oldest) oldest = date;
      }
    }
  }
  return { newest, oldest, byStatus };
}

export function statusOf(version: string, providers: readonly Provider[], reviewQueue: number, generatedAt: string): Status {
  const byCategory: Partial<Record<Category, number>> = {};
  for (const record of providers) byCategory[record.category] = (byCategory[record.category] ?? 0) + 1;
  const freshness = freshnessOf(providers);
  return {
    ok: true,
    dataset_version: version,
    providers_total: providers.length,
    inference_api: byCategory.inference_api ?? 0,
    last_verified: freshness.newest,
    oldest_verified: freshness.oldest,
    review_queue: reviewQueue,
    generated_at: generatedAt,
    by_category: byCategory,
    facts_by_status: freshness.byStatus,
  };
}

export function emitStatus(artefacts: Artefacts, status: Status): void {
  addText(artefacts, FILES.status, jsonText(status));
}
