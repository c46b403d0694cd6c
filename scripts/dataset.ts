import { setImmediate as nextTurn } from "node:timers/promises";
import type { ProjectPaths } from "./config.js";
import { loadDataDeferred } from "./load/loadData.js";
import { mergeRecord, type ReviewEntry } from "./merge/merge.js";
import { Provider, type DatasetMeta, type SourceDates } from "./schema/index.js";
import { canonicalize } from "./schema/walk.js";
import { errorsOf, type Problem } from "./problems.js";
import { DatasetValidation } from "./validate/validate.js";
import { SourceReview } from "./watch/review.js";
import { mergeRegistry } from "./registry/merge.js";
import { withDerivedFacts } from "./derive/derive.js";
import { mergePriceRegistries } from "./corroborate/merge.js";
import { DocumentVersionReview } from "./documentVersions/review.js";

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

/** The same dataset, with each record kept in whatever form the caller chose (`keep`). */
export interface KeptDataset<T> extends Omit<LoadedDataset, "providers"> {
  records: T[];
}

/**
 * The one pipeline: load → validate → merge → derive. `build`, `validate`, `report`, `scrape` and `serve` all
 * read the data through it, so no command can see a record another would refuse.
 */
export async function loadDataset(paths: ProjectPaths, today: string): Promise<LoadedDataset> {
  const { records, ...rest } = await loadRecords(paths, today, (record) => record);
  return { ...rest, providers: records };
}

/** Records loaded between two turns of the event loop. */
const YIELD_EVERY = 8;

/**
 * The pipeline, one provider file at a time: each is read, validated and merged, then handed to `keep`,
 * and only what `keep` returns stays in memory (the build keeps the record's JSON bytes and a summary: at
 * 10,000 providers, holding every validated record cost 170 MB of heap). The checks across records run at
 * the end, on the few members they compare. Records come in id order.
 */
export async function loadRecords<T>(paths: ProjectPaths, today: string, keep: (record: Provider) => T): Promise<KeptDataset<T>> {
  const loaded = await loadDataDeferred(paths);
  const validation = new DatasetValidation(loaded, new Set(loaded.providers.map((file) => file.stem)), today);
  const { meta, observations, registry, sourceDates, sourceWatch, documentVersions, corroborations } = validation.context;
  const files = new Map<string, string>();
  const records: T[] = [];
  const observed: ReviewEntry[] = [];
  const registered: ReviewEntry[] = [];
  const priced: ReviewEntry[] = [];
  const review = new SourceReview(sourceWatch);
  const versionReview = new DocumentVersionReview(documentVersions);
  const readProblems: Problem[] = [];
  for (const [index, input] of loaded.providers.entries()) {
    // Loading is synchronous work: now and then other work of the build (git reading the history of data/
    // beside it) gets a turn, or each of its steps waits for the whole load.
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    const raw = input.read(readProblems);
    const valid = raw ? validation.add(raw) : null;
    if (!valid) continue;
    let record = valid.record;
    files.set(record.id, valid.file);
    const observation = observations.get(record.id);
    // The merge adds members to the records it touches; put those back in canonical key order.
    if (observation) record = canonicalize(Provider, mergeRecord(record, observation, observed)) as Provider;
    // The register's answer joins as _registry; it corroborates, never overwrites.
    if (registry.has(record.id)) {
      const merged = mergeRegistry([record], registry);
      registered.push(...merged.entries);
      record = canonicalize(Provider, merged.providers[0]!) as Provider;
    }
    // The price registries corroborate prices and ask about models a complete list lacks; they never overwrite.
    if (corroborations.length > 0) {
      const checked = mergePriceRegistries(record, corroborations, today, priced);
      if (checked !== record) record = canonicalize(Provider, checked) as Provider;
    }
    // The source watch marks Facts whose page changed, went or moved, and queues them for a person.
    record = review.record(record);
    // An archive of legal documents holds a newer version of a cited document: a person re-reads it.
    versionReview.record(record);
    // Who can reach the data, and any other derived answer, from the Facts as merged.
    record = withDerivedFacts(record);
    records.push(keep(record));
  }
  const problems = [...readProblems, ...validation.finish()];
  const failed = errorsOf(problems).length > 0;
  const { entries, sourcesChanged, sourcesGone } = review.totals();
  return {
    meta,
    records,
    files,
    reviewQueue: failed ? [] : [...observed, ...registered, ...priced, ...entries, ...versionReview.entries],
    sourceDates,
    sources: failed ? { changed: 0, gone: 0 } : { changed: sourcesChanged, gone: sourcesGone },
    problems,
  };
}
