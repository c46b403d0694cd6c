import type { ProjectPaths } from "./config.js";
import { loadData } from "./load/loadData.js";
import { mergeObservations, type ReviewEntry } from "./merge/merge.js";
import { Provider, type DatasetMeta, type SourceDates } from "./schema/index.js";
import { canonicalize } from "./schema/walk.js";
import { errorsOf, type Problem } from "./problems.js";
import { validateData } from "./validate/validate.js";
import { reviewSources } from "./watch/review.js";
import { mergeRegistry } from "./registry/merge.js";

/** The dataset as every command sees it: validated, merged with what the scraper saw, in id order. */
export interface LoadedDataset {
  /** Null when the metadata file is missing or invalid (then `problems` says why). */
  meta: DatasetMeta | null;
  providers: Provider[];
  /** The provider file each record came from, for locating problems found later. */
  files: Map<string, string>;
  reviewQueue: ReviewEntry[];
  /** The computed dates of pinned repository files (data/source-dates.json), when present. */
  sourceDates: SourceDates | null;
  /** Distinct cited URLs whose page changed after a Fact citing it was verified, and that are gone (data/sources.json). */
  sources: { changed: number; gone: number };
  /** Errors and warnings, every one of them: commands decide whether errors stop them. */
  problems: Problem[];
}

/**
 * The one pipeline: load → validate → merge. `build`, `validate`, `report`, `scrape` and `serve` all
 * read the data through it, so no command can see a record another would refuse.
 */
export async function loadDataset(paths: ProjectPaths, today: string): Promise<LoadedDataset> {
  const validated = validateData(await loadData(paths), today);
  const files = new Map(validated.providers.map(({ file, record }) => [record.id, file]));
  if (errorsOf(validated.problems).length > 0) {
    return { meta: validated.meta, providers: validated.providers.map((entry) => entry.record), files, reviewQueue: [], sourceDates: validated.sourceDates, sources: { changed: 0, gone: 0 }, problems: validated.problems };
  }
  const merged = mergeObservations(
    validated.providers.map((entry) => entry.record),
    validated.observations,
  );
  // The merge adds members to the records it touches; put those back in canonical key order.
  const canonical = merged.providers.map((record) => (validated.observations.has(record.id) ? (canonicalize(Provider, record) as Provider) : record));
  // The register's answer joins as _registry; it corroborates, never overwrites.
  const registered = mergeRegistry(canonical, validated.registry);
  const withRegistry = registered.providers.map((record) => (validated.registry.has(record.id) ? (canonicalize(Provider, record) as Provider) : record));
  // The source watch marks Facts whose page changed, went or moved, and queues them for a person.
  const watched = reviewSources(withRegistry, validated.sourceWatch);
  return {
    meta: validated.meta,
    providers: watched.providers,
    files,
    reviewQueue: [...merged.reviewQueue, ...registered.entries, ...watched.entries],
    sourceDates: validated.sourceDates,
    sources: { changed: watched.sourcesChanged, gone: watched.sourcesGone },
    problems: validated.problems,
  };
}
