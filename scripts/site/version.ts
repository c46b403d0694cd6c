import { publishedMetaOf, versionHash } from "../archive/fingerprint.js";
import type { DatasetMeta } from "../schema/index.js";

/**
 * The DOI Zenodo mints for the dataset as a whole (the "concept DOI", which resolves to the newest version), once
 * the first release has been archived there: set it here and in CITATION.cff (`doi:`), and the methodology shows it
 * beside the version form of a citation. Each version's own DOI is on its release page.
 */
export const CONCEPT_DOI: string | null = null;

/**
 * The dataset version, derived from the published data alone: `YYYY-MM-DD.<12 hex digits>`. The date is the
 * newest date the records carry (readable, and it moves with the research); the digits are the start of the
 * SHA-256 of what /api/data publishes, left out only what the version is stamped on: the version itself and
 * `generated_at` (which SOURCE_DATE_EPOCH may set). The same data gives the same version on any machine; a
 * change of any published byte (a Fact, the merge's output, the dataset's own text) gives a new one. The hash
 * is the archive's (archive/fingerprint.ts), which checks every kept version with it.
 */
export function datasetVersion(meta: DatasetMeta, records: Iterable<{ json: Buffer; summary: { newestDate: string } }>): string {
  const hash = versionHash(publishedMeta(meta));
  let newest = "1970-01-01";
  for (const record of records) {
    hash.update(record.json);
    if (record.summary.newestDate > newest) newest = record.summary.newestDate;
  }
  return `${newest}.${hash.digest()}`;
}

/** The dataset's own members that /api/data publishes beside the version and generated_at, in their order. */
export function publishedMeta(meta: DatasetMeta): Record<string, unknown> {
  return publishedMetaOf(meta as unknown as Record<string, unknown>);
}
