import type { ProjectPaths } from "./config.js";
import { loadData } from "./load/loadData.js";
import { mergeObservations, type ReviewEntry } from "./merge/merge.js";
import { Provider, type DatasetMeta, type SourceDates } from "./schema/index.js";
import { canonicalize } from "./schema/walk.js";
import { errorsOf, type Problem } from "./problems.js";
import { validateData } from "./validate/validate.js";

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
    return { meta: validated.meta, providers: validated.providers.map((entry) => entry.record), files, reviewQueue: [], sourceDates: validated.sourceDates, problems: validated.problems };
  }
  const merged = mergeObservations(
    validated.providers.map((entry) => entry.record),
    validated.observations,
  );
  // The merge adds members to the records it touches; put those back in canonical key order.
  const providers = merged.providers.map((record) => (validated.observations.has(record.id) ? (canonicalize(Provider, record) as Provider) : record));
  return { meta: validated.meta, providers, files, reviewQueue: merged.reviewQueue, sourceDates: validated.sourceDates, problems: validated.problems };
}
