import type { RecordSummary } from "../summary.js";
import type { Category, FactStatus, Status } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { addText, jsonText, type Artefacts } from "../artefacts.js";

/** A Fact last verified longer ago than this is stale: its source may have changed since. */
export const STALE_AFTER_DAYS = 180;

/** The day `days` days before `today` (both YYYY-MM-DD). */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Status of the dataset, from the summaries of its records. */
export function statusOf(version: string, records: readonly RecordSummary[], reviewQueue: number, generatedAt: string, today: string): Status {
  // Keys come from data: objects without a prototype, so a status named "constructor" is just a key.
  const byCategory: Partial<Record<Category, number>> = Object.create(null);
  const byStatus: Partial<Record<FactStatus, number>> = Object.create(null);
  const staleBefore = daysBefore(today, STALE_AFTER_DAYS);
  let stale = 0;
  let sourceDated = 0;
  let newest: string | null = null;
  let oldest: string | null = null;
  for (const record of records) {
    byCategory[record.category] = (byCategory[record.category] ?? 0) + 1;
    for (const [status, count] of Object.entries(record.factsByStatus) as Array<[FactStatus, number]>) byStatus[status] = (byStatus[status] ?? 0) + count;
    sourceDated += record.sourceDated;
    for (const [day, count] of Object.entries(record.verifiedOn)) if (day < staleBefore) stale += count;
    if (record.newestVerified !== null && (newest === null || record.newestVerified > newest)) newest = record.newestVerified;
    if (record.oldestVerified !== null && (oldest === null || record.oldestVerified < oldest)) oldest = record.oldestVerified;
  }
  return {
    ok: true,
    dataset_version: version,
    providers_total: records.length,
    inference_api: byCategory.inference_api ?? 0,
    last_verified: newest,
    oldest_verified: oldest,
    review_queue: reviewQueue,
    generated_at: generatedAt,
    by_category: { ...byCategory },
    facts_by_status: { ...byStatus },
    facts_with_source_date: sourceDated,
    stale_facts: stale,
    stale_after_days: STALE_AFTER_DAYS,
  };
}

export function emitStatus(artefacts: Artefacts, status: Status): void {
  addText(artefacts, FILES.status, jsonText(status));
}
