import path from "node:path";

/** Limits that keep a hostile or mistaken input from exhausting the build. */
export const LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  /** All data files together: far above any real dataset (10,000 providers are about 60 MB), far below memory. */
  maxTotalBytes: 512 * 1024 * 1024,
  maxDepth: 32,
  /**
   * JSON from outside (a register, a price registry, a models endpoint, a deployed site's /api/data) nests at
   * most this deep, checked before it is parsed: twice a data file's limit, several times any real answer.
   * The size caps alone let a file of brackets cost gigabytes.
   */
  maxOutsideDepth: 64,
} as const;

export const DEFAULT_BASE_URL = "https://eu-ai-infra-evidence.github.io";

export interface ProjectPaths {
  root: string;
  data: string;
  providers: string;
  observations: string;
  datasetMeta: string;
  publicDir: string;
  reviewQueue: string;
  /** Computed dates of the repository files that sources pin (npm run source-dates). */
  sourceDates: string;
  /** What the source watch saw at each cited URL (npm run sources). */
  sourceWatch: string;
  /** What archives of legal documents hold of the documents Facts cite (npm run document-versions). */
  documentVersions: string;
  /** The company registers' answers, one file per provider (npm run registry). */
  registry: string;
  /** What the public price registries list, one file per registry (npm run corroborate). */
  corroborations: string;
}

export function projectPaths(root: string): ProjectPaths {
  const data = path.join(root, "data");
  return {
    root,
    data,
    providers: path.join(data, "providers"),
    observations: path.join(data, "observations"),
    datasetMeta: path.join(data, "dataset.json"),
    publicDir: path.join(root, "public"),
    reviewQueue: path.join(data, "review-queue.json"),
    sourceDates: path.join(data, "source-dates.json"),
    sourceWatch: path.join(data, "sources.json"),
    documentVersions: path.join(data, "document-versions.json"),
    registry: path.join(data, "registry"),
    corroborations: path.join(data, "corroborations"),
  };
}

/** The day the build runs, in UTC, as YYYY-MM-DD; no verification may be dated later. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The last second SOURCE_DATE_EPOCH may name: 9999-12-31T23:59:59Z, the end of the years a date-time's four digits hold. */
export const MAX_SOURCE_DATE_EPOCH = 253_402_300_799;

export type SourceDateEpoch = { ok: true; seconds: string | undefined } | { ok: false; message: string };

/**
 * SOURCE_DATE_EPOCH as the reproducible-builds convention defines it: whole seconds since 1970-01-01T00:00:00Z.
 * Unset or empty, the build dates itself from the data. Anything else (a sign, a fraction, milliseconds, a
 * year past 9999) would publish a generated_at the API's own schema refuses, so it stops the build instead;
 * the convention asks a build to fail on a malformed value.
 */
export function readSourceDateEpoch(text: string | undefined): SourceDateEpoch {
  if (text === undefined || text === "") return { ok: true, seconds: undefined };
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  const rule = `whole seconds since 1970-01-01T00:00:00Z, 0 to ${MAX_SOURCE_DATE_EPOCH} (the end of year 9999)`;
  if (!/^\d{1,20}$/.test(text)) return { ok: false, message: `SOURCE_DATE_EPOCH is ${shown}; expected ${rule}, digits only` };
  const seconds = Number(text);
  if (seconds > MAX_SOURCE_DATE_EPOCH) {
    const milliseconds = seconds / 1000 <= MAX_SOURCE_DATE_EPOCH ? ` (it looks like milliseconds: ${Math.floor(seconds / 1000)} is that instant in seconds)` : "";
    return { ok: false, message: `SOURCE_DATE_EPOCH is ${shown}, past the end of year 9999${milliseconds}; expected ${rule}` };
  }
  return { ok: true, seconds: String(seconds) };
}
