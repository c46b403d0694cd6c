import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cacheKey, codeVersion, readBuildCache, writeBuildCache } from "./buildCache.js";
import { todayUtc, type ProjectPaths } from "./config.js";
import type { Artefacts } from "./emit/artefacts.js";
import { emitBrowse } from "./emit/browse/emitBrowse.js";
import { emitDataset } from "./emit/dataset.js";
import { emitErrors } from "./emit/errors.js";
import { emitHostFiles, rootHostFiles } from "./emit/hosts.js";
import { emitInterfaceDescriptions } from "./emit/openapi.js";
import { Generation, currentGeneration, hashBytes, type PublishReport } from "./emit/publish.js";
import { emitReviewQueue, reviewQueueText } from "./emit/reviewQueue.js";
import { emitStatus, statusOf } from "./emit/status.js";
import { parseInput, readInputs, type InputBytes, type RawFile } from "./load/loadData.js";
import type { ReviewEntry } from "./merge/merge.js";
import { processRecord } from "./records/processRecord.js";
import { checkSharedSources } from "./validate/consistency.js";
import { isCachedRecordOf, recordKey, type CachedRecord } from "./records/recordCache.js";
import type { RecordSummary } from "./records/summary.js";
import { FILES } from "./routes.js";
import { InvalidInputError, errorsOf, type Problem } from "./validate/problems.js";
import { writeIfChanged } from "./util/files.js";
import { validateMeta, validateObservations } from "./validate/validate.js";

/** The project folder holding the code that builds the site (not the data folder being built). */
const CODE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface BuildOptions {
  baseUrl: string;
  /** The build day (YYYY-MM-DD): no verification may be dated later. */
  today?: string;
  /** Seconds since the epoch, the reproducible-builds convention; else the data's newest date is used. */
  sourceDateEpoch?: string;
  /** Also rewrite the host files at the project root (serve.json, _headers, vercel.json, netlify.toml). */
  writeRootHostFiles?: boolean;
}

export interface BuildResult {
  /** Provider ids in output order. */
  ids: string[];
  reviewQueue: ReviewEntry[];
  warnings: Problem[];
  publish: PublishReport;
  generatedAt: string;
  /** True when nothing the output depends on had changed, so nothing was rebuilt. */
  upToDate: boolean;
  /** Records whose published files were kept because nothing they depend on had changed. */
  recordsReused: number;
}

/**
 * generated_at: from SOURCE_DATE_EPOCH when given, else the newest date the data itself carries, so an
 * unchanged dataset rebuilds to identical bytes.
 */
export function generatedAtFor(records: readonly RecordSummary[], sourceDateEpoch?: string): string {
  if (sourceDateEpoch !== undefined && /^\d+$/.test(sourceDateEpoch)) {
    return new Date(Number(sourceDateEpoch) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  let newest = "1970-01-01";
  for (const record of records) if (record.newestDate > newest) newest = record.newestDate;
  return `${newest}T00:00:00Z`;
}

/**
 * A provider's JSON as the current generation has it, when its bytes still match the manifest (the
 * dataset is assembled from it); null when it cannot be trusted or read.
 */
function publishedJson(generation: Generation, id: string): Buffer | null {
  const file = FILES.provider(id);
  const expected = generation.currentHash(file);
  const folder = generation.currentFolder;
  if (!expected || !folder || !generation.currentHash(FILES.providerPage(id))) return null;
  try {
    const bytes = readFileSync(path.join(folder, file));
    return hashBytes(bytes) === expected ? bytes : null;
  } catch {
    return null;
  }
}

async function writeHostAndQueueFiles(paths: ProjectPaths, options: BuildOptions, reviewQueue: readonly ReviewEntry[]): Promise<void> {
  await writeIfChanged(paths.reviewQueue, reviewQueueText(reviewQueue));
  if (options.writeRootHostFiles) {
    for (const [name, text] of rootHostFiles()) await writeIfChanged(path.join(paths.root, name), text);
  }
}

/** Load, validate, merge and emit every artefact; public/ changes only when all of it succeeded. */
export async function build(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  const today = options.today ?? todayUtc();
  const inputs = await readInputs(paths);
  const code = await codeVersion(CODE_ROOT);
  const key = cacheKey({
    inputs: inputs.fingerprint,
    code,
    baseUrl: options.baseUrl,
    today,
    sourceDateEpoch: options.sourceDateEpoch,
  });
  const cache = await readBuildCache(paths.generations);
  let warnings: Problem[] = [];
  let generatedAt = "";
  const current = await currentGeneration(paths.publicDir);
  if (cache && cache.key === key && current && path.basename(current) === cache.generation) {
    // Nothing the output depends on has changed: the published generation is already this build.
    await writeHostAndQueueFiles(paths, options, cache.reviewQueue);
    return {
      ids: cache.ids,
      reviewQueue: cache.reviewQueue,
      warnings: cache.warnings,
      generatedAt: cache.generatedAt,
      upToDate: true,
      recordsReused: cache.ids.length,
      publish: { added: [], changed: [], removed: [], unchanged: Object.keys(cache.manifest).length, bytesWritten: 0, filesWritten: 0, generation: null },
    };
  }

  // Everything but the provider files is small: read, parse and check it before the records.
  const problems: Problem[] = [...inputs.problems];
  const parse = (input: InputBytes) => parseInput(input, problems);
  const metaFile = inputs.meta ? parse(inputs.meta) : null;
  const meta = metaFile ? validateMeta(metaFile, problems) : null;
  const observationFiles = inputs.observations.map(parse).filter((file): file is RawFile => file !== null);
  const observations = validateObservations(observationFiles, new Set(inputs.providers.map((input) => input.stem)), problems);

  // The new generation is written while the records are validated and rendered: a failed build
  // throws it away before anything is published.
  const previous = cache && current && path.basename(current) === cache.generation ? cache.manifest : null;
  const generation = await Generation.open(paths.publicDir, paths.generations, previous);
  const artefacts: Artefacts = { set: (file, bytes) => generation.add(file, bytes) };
  const summaries: RecordSummary[] = [];
  const providerFiles: Uint8Array[] = [];
  const reviewQueue: ReviewEntry[] = [];
  const records: Record<string, CachedRecord> = {};
  let recordsReused = 0;
  const record = (entry: CachedRecord, json: Buffer) => {
    // Ids equal file names, so they are unique; a record that got here twice would be a bug upstream.
    if (Object.hasOwn(records, entry.summary.id)) throw new Error(`record ${entry.summary.id} was built twice`);
    records[entry.summary.id] = entry;
    summaries.push(entry.summary);
    providerFiles.push(json);
    reviewQueue.push(...entry.review);
  };
  let published: Awaited<ReturnType<Generation["commit"]>>;
  try {
    const observationBytes = new Map(inputs.observations.map((input) => [input.stem, input.bytes]));
    const sharedKey = cacheKey({ code, today });
    const cachedRecords = previous ? cache?.records ?? {} : {};
    for (const input of inputs.providers) {
      const recordKeyNow = recordKey(sharedKey, input.bytes, observations.has(input.stem) ? observationBytes.get(input.stem) : undefined);
      const cached = Object.hasOwn(cachedRecords, input.stem) ? cachedRecords[input.stem] : undefined;
      const json = cached?.key === recordKeyNow && isCachedRecordOf(cached, input.stem) ? publishedJson(generation, input.stem) : null;
      if (cached && json) {
        // Unchanged since the published build: keep its files, skip validating and rendering it.
        problems.push(...cached.problems);
        record(cached, json);
        generation.add(FILES.provider(input.stem), json, { keep: true });
        generation.reuse(FILES.providerPage(input.stem));
        recordsReused += 1;
        continue;
      }
      const { problems: found, output } = processRecord(input, observations.get(input.stem), today);
      problems.push(...found);
      if (!output) continue;
      record({ key: recordKeyNow, summary: output.summary, review: output.review, problems: found }, output.json);
      generation.add(FILES.provider(output.id), output.json, { keep: true });
      generation.add(FILES.providerPage(output.id), output.page);
    }
    const fileOf = new Map(inputs.providers.map((input) => [input.stem, input.file]));
    problems.push(...checkSharedSources(summaries.map((summary) => ({ file: fileOf.get(summary.id) ?? summary.id, id: summary.id, citations: summary.citations }))));
    if (errorsOf(problems).length > 0 || !meta) throw new InvalidInputError(problems);
    warnings = problems;
    generatedAt = generatedAtFor(summaries, options.sourceDateEpoch);
    emitDataset(artefacts, meta, providerFiles, generatedAt);
    const status = statusOf(meta.version, summaries, reviewQueue.length, generatedAt, today);
    emitStatus(artefacts, status);
    emitBrowse(artefacts, summaries, status, options.baseUrl);
    emitErrors(artefacts, options.baseUrl);
    emitHostFiles(artefacts, summaries.map((record) => record.id));
    emitReviewQueue(artefacts, reviewQueue);
    emitInterfaceDescriptions(artefacts, options.baseUrl);
    published = await generation.commit();
  } catch (error) {
    await generation.abort();
    throw error;
  }
  const { report, manifest } = published;
  await writeHostAndQueueFiles(paths, options, reviewQueue);
  const ids = summaries.map((record) => record.id);
  const shown = await currentGeneration(paths.publicDir);
  if (shown) await writeBuildCache(paths.generations, { key, generation: path.basename(shown), manifest, ids, reviewQueue, warnings, generatedAt, records });
  return { ids, reviewQueue, warnings, publish: report, generatedAt, upToDate: false, recordsReused };
}
