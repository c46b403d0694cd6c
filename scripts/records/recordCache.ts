import { createHash } from "node:crypto";
import type { ReviewEntry } from "../merge/merge.js";
import type { Problem } from "../validate/problems.js";
import type { RecordSummary } from "./summary.js";

/**
 * What a build remembers of one valid record, so that the next build can keep its published files
 * instead of validating and rendering it again when nothing it depends on has changed.
 */
export interface CachedRecord {
  /** See `recordKey`. */
  key: string;
  summary: RecordSummary;
  review: ReviewEntry[];
  /** Its warnings (a cached record has no errors). */
  problems: Problem[];
}

/**
 * Everything one record's outputs depend on: its file, its observation, the code, and the build day
 * (which the date rules check against). `shared` carries the code version and the day.
 */
export function recordKey(shared: string, file: Uint8Array, observation: Uint8Array | undefined): string {
  const hash = createHash("sha256").update(shared).update("\0").update(file);
  if (observation) hash.update("\0observation\0").update(observation);
  return hash.digest("base64url");
}

/** The cache is a file on disk that anyone can edit: an entry is only used when its shape is whole. */
export function isCachedRecordOf(entry: unknown, id: string): entry is CachedRecord {
  if (entry === null || typeof entry !== "object") return false;
  const { summary, review, problems } = entry as Partial<CachedRecord>;
  return (
    typeof summary === "object" && summary !== null && summary.id === id && typeof summary.newestDate === "string" &&
    Array.isArray(review) && Array.isArray(problems)
  );
}
