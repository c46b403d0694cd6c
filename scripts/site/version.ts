import { createHash } from "node:crypto";
import type { DatasetMeta } from "../schema/index.js";

/**
 * The dataset version, derived from the published data alone: `YYYY-MM-DD.<12 hex digits>`. The date is the
 * newest date the records carry (readable, and it moves with the research); the digits are the start of the
 * SHA-256 of what /api/data publishes, left out only what the version is stamped on: the version itself and
 * `generated_at` (which SOURCE_DATE_EPOCH may set). The same data gives the same version on any machine; a
 * change of any published byte (a Fact, the merge's output, the dataset's own text) gives a new one.
 */
export function datasetVersion(meta: DatasetMeta, records: Iterable<{ json: Buffer; summary: { newestDate: string } }>): string {
  const hash = createHash("sha256");
  // A fixed prefix: what is hashed is this layout, named, so no other byte string of the project hashes alike.
  hash.update(`eu-ai-infra-evidence dataset\n${JSON.stringify(publishedMeta(meta))}\n`);
  let newest = "1970-01-01";
  for (const record of records) {
    hash.update(record.json);
    if (record.summary.newestDate > newest) newest = record.summary.newestDate;
  }
  return `${newest}.${hash.digest("hex").slice(0, 12)}`;
}

/** The dataset's own members that /api/data publishes beside the version and generated_at, in their order. */
export function publishedMeta(meta: DatasetMeta): Record<string, unknown> {
  return {
    ...(meta.source !== undefined && { source: meta.source }),
    ...(meta.note !== undefined && { note: meta.note }),
    license: meta.license,
    ...(meta.license_url !== undefined && { license_url: meta.license_url }),
  };
}
