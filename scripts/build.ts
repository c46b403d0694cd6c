import path from "node:path";
import { fileURLToPath } from "node:url";
import { cacheKey, codeVersion, readBuildCache, writeBuildCache } from "./buildCache.js";
import { todayUtc, type ProjectPaths } from "./config.js";
import type { Artefacts } from "./emit/artefacts.js";
import { emitBrowse, emitProviderPage } from "./emit/browse/emitBrowse.js";
import { emitDataset, emitProvider } from "./emit/dataset.js";
import { emitErrors } from "./emit/errors.js";
import { emitHostFiles, rootHostFiles } from "./emit/hosts.js";
import { emitInterfaceDescriptions } from "./emit/openapi.js";
import { Generation, currentGeneration, type PublishReport } from "./emit/publish.js";
import { emitReviewQueue, reviewQueueText } from "./emit/reviewQueue.js";
import { emitStatus, statusOf } from "./emit/status.js";
import { parseInputs, readInputs } from "./load/loadData.js";
import { mergeRecord, type ReviewEntry } from "./merge/merge.js";
import { Provider } from "./schema/index.js";
import { canonicalize } from "./schema/walk.js";
import { factsOf } from "./validate/discipline.js";
import { InvalidInputError, errorsOf, type Problem } from "./validate/problems.js";
import { writeIfChanged } from "./util/files.js";
import { validateData } from "./validate/validate.js";

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
}

/** The newest date the data itself carries, so an unchanged dataset rebuilds to identical bytes. */
function newestDataDate(providers: readonly Provider[]): string {
  let newest = "1970-01-01";
  for (const record of providers) {
    for (const date of [record.record_updated_at, record.last_full_review, record.last_scrape_at]) {
      if (date && date > newest) newest = date;
    }
    for (const [, fact] of factsOf(record as Record<string, unknown>)) {
      for (const date of [fact.verified_at, fact.corroborated_at]) {
        if (typeof date === "string" && date > newest) newest = date;
      }
    }
    const checked = record._models_api?.checked_at;
    if (checked && checked.slice(0, 10) > newest) newest = checked.slice(0, 10);
  }
  return `${newest}T00:00:00Z`;
}

export function generatedAtFor(providers: readonly Provider[], sourceDateEpoch?: string): string {
  if (sourceDateEpoch !== undefined && /^\d+$/.test(sourceDateEpoch)) {
    return new Date(Number(sourceDateEpoch) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  return newestDataDate(providers);
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
  const key = cacheKey({
    inputs: inputs.fingerprint,
    code: await codeVersion(CODE_ROOT),
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
      publish: { added: [], changed: [], removed: [], unchanged: Object.keys(cache.manifest).length, bytesWritten: 0, filesWritten: 0, generation: null },
    };
  }

  // The new generation is written while the records are validated and rendered: a failed build
  // throws it away before anything is published.
  const previous = cache && current && path.basename(current) === cache.generation ? cache.manifest : null;
  const generation = await Generation.open(paths.publicDir, paths.generations, previous);
  const artefacts: Artefacts = { set: (file, bytes) => generation.add(file, bytes) };
  const providers: Provider[] = [];
  const serialised: string[] = [];
  const reviewQueue: ReviewEntry[] = [];
  let published: Awaited<ReturnType<Generation["commit"]>>;
  try {
    const validated = validateData(parseInputs(inputs), today, (record, observation) => {
      // The merge adds members to the records it touches; put those back in canonical key order.
      const merged = observation ? (canonicalize(Provider, mergeRecord(record, observation, reviewQueue)) as Provider) : record;
      const json = JSON.stringify(merged);
      providers.push(merged);
      serialised.push(json);
      emitProvider(artefacts, merged.id, json);
      emitProviderPage(artefacts, merged);
    });
    if (errorsOf(validated.problems).length > 0 || !validated.meta) throw new InvalidInputError(validated.problems);
    warnings = validated.problems;
    generatedAt = generatedAtFor(providers, options.sourceDateEpoch);
    emitDataset(artefacts, validated.meta, serialised, generatedAt);
    const status = statusOf(validated.meta.version, providers, reviewQueue.length, generatedAt);
    emitStatus(artefacts, status);
    emitBrowse(artefacts, providers, status, options.baseUrl);
    emitErrors(artefacts, options.baseUrl);
    emitHostFiles(artefacts, providers.map((record) => record.id));
    emitReviewQueue(artefacts, reviewQueue);
    emitInterfaceDescriptions(artefacts, options.baseUrl);
    published = await generation.commit();
  } catch (error) {
    await generation.abort();
    throw error;
  }
  const { report, manifest } = published;
  await writeHostAndQueueFiles(paths, options, reviewQueue);
  const ids = providers.map((record) => record.id);
  const shown = await currentGeneration(paths.publicDir);
  if (shown) await writeBuildCache(paths.generations, { key, generation: path.basename(shown), manifest, ids, reviewQueue, warnings, generatedAt });
  return { ids, reviewQueue, warnings, publish: report, generatedAt, upToDate: false };
}
