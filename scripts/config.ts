import path from "node:path";

/** Limits that keep a hostile or mistaken input from exhausting the build. */
export const LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  /** All data files together: far above any real dataset (10,000 providers are about 60 MB), far below memory. */
  maxTotalBytes: 512 * 1024 * 1024,
  maxDepth: 32,
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
