import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Manifest } from "./emit/publish.js";
import { writeAtomically } from "./util/files.js";
import type { ReviewEntry } from "./merge/merge.js";
import type { CachedRecord } from "./records/recordCache.js";
import type { Problem } from "./validate/problems.js";

/**
 * What the last successful build knew: the fingerprint of everything it was built from (inputs, code,
 * options), the generation it published, and the content hashes of that generation's files.
 */
export interface BuildCache {
  key: string;
  generation: string;
  manifest: Manifest;
  ids: string[];
  reviewQueue: ReviewEntry[];
  warnings: Problem[];
  generatedAt: string;
  /** Each valid record of that build, by file name, for records that have not changed since. */
  records?: Record<string, CachedRecord>;
}

const CACHE_FILE = "build-cache.json";

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
    .sort();
}

/** A hash of the code that builds the site and of the locked dependencies: a change to either rebuilds all. */
export async function codeVersion(root: string): Promise<string> {
  const hash = createHash("sha256");
  const files = [...(await filesUnder(path.join(root, "scripts"))), path.join(root, "package-lock.json")];
  for (const file of files) {
    try {
      hash.update(path.relative(root, file)).update(await fs.readFile(file));
    } catch {
      hash.update(`${file}: missing`);
    }
  }
  return hash.digest("hex");
}

export function cacheKey(parts: Record<string, string | undefined>): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export async function readBuildCache(generations: string): Promise<BuildCache | null> {
  try {
    const cache = JSON.parse(await fs.readFile(path.join(generations, CACHE_FILE), "utf8")) as Partial<BuildCache> | null;
    // A cache of the wrong shape (edited, or from another version) is ignored: the build starts afresh.
    const whole =
      cache !== null &&
      typeof cache === "object" &&
      typeof cache.key === "string" &&
      typeof cache.generation === "string" &&
      typeof cache.manifest === "object" &&
      cache.manifest !== null &&
      Array.isArray(cache.ids) &&
      Array.isArray(cache.reviewQueue) &&
      Array.isArray(cache.warnings) &&
      typeof cache.generatedAt === "string";
    return whole ? (cache as BuildCache) : null;
  } catch {
    return null;
  }
}

export async function writeBuildCache(generations: string, cache: BuildCache): Promise<void> {
  await writeAtomically(path.join(generations, CACHE_FILE), JSON.stringify(cache));
}
