import type { RecordSummary } from "../records/summary.js";
import type { Category, FactStatus, Status } from "../schema/index.js";
import { FILES } from "../routes.js";
import { addText, jsonText, type Artefacts } from "./artefacts.js";

/** Status of the dataset, from the summaries of its records. */
export function statusOf(version: string, records: readonly RecordSummary[], reviewQueue: number, generatedAt: string): Status {
  const byCategory: Partial<Record<Category, number>> = {};
  const byStatus: Partial<Record<FactStatus, number>> = {};
  let newest: string | null = null;
  let oldest: string | null = null;
  for (const record of records) {
    byCategory[record.category] = (byCategory[record.category] ?? 0) + 1;
    for (const [status, count] of Object.entries(record.factsByStatus) as Array<[FactStatus, number]>) byStatus[status] = (byStatus[status] ?? 0) + count;
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
    by_category: byCategory,
    facts_by_status: byStatus,
  };
}

export function emitStatus(artefacts: Artefacts, status: Status): void {
  addText(artefacts, FILES.status, jsonText(status));
}
