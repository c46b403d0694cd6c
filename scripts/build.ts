import { promises as fs } from "node:fs";
import path from "node:path";
import { todayUtc, type ProjectPaths } from "./config.js";
import { emitDataset } from "./emit/dataset.js";
import { emitErrors } from "./emit/errors.js";
import { emitHostFiles, rootHostFiles } from "./emit/hosts.js";
import { emitStatus, statusOf } from "./emit/status.js";
import { emitBrowse } from "./emit/browse/emitBrowse.js";
import { emitInterfaceDescriptions } from "./emit/openapi.js";
import { emitReviewQueue, reviewQueueText } from "./emit/reviewQueue.js";
import { publish, type PublishReport } from "./emit/publish.js";
import type { Artefacts } from "./emit/artefacts.js";
import { loadData } from "./load/loadData.js";
import { mergeObservations, type ReviewEntry } from "./merge/merge.js";
import { Provider } from "./schema/index.js";
import { canonicalize } from "./schema/walk.js";
import { factsOf } from "./validate/discipline.js";
import { InvalidInputError, errorsOf, type Problem } from "./validate/problems.js";
import { validateData } from "./validate/validate.js";

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
  providers: Provider[];
  reviewQueue: ReviewEntry[];
  warnings: Problem[];
  publish: PublishReport;
  generatedAt: string;
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

async function writeIfChanged(file: string, text: string): Promise<boolean> {
  try {
    if ((await fs.readFile(file, "utf8")) === text) return false;
  } catch {
    // missing: write it
  }
  const temporary = `${file}.tmp-${process.pid}`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, file);
  return true;
}

/** Load, validate, merge and emit every artefact; public/ changes only when all of it succeeded. */
export async function build(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  const today = options.today ?? todayUtc();
  const validated = validateData(await loadData(paths), today);
  if (errorsOf(validated.problems).length > 0 || !validated.meta) throw new InvalidInputError(validated.problems);
  const loaded = validated.providers.map((entry) => entry.record);
  const merged = mergeObservations(loaded, validated.observations);
  // The merge adds members; put every record back in canonical key order.
  const providers = merged.providers.map((record) => canonicalize(Provider, record) as Provider);
  const { reviewQueue } = merged;
  const generatedAt = generatedAtFor(providers, options.sourceDateEpoch);

  const artefacts: Artefacts = new Map();
  emitDataset(artefacts, validated.meta, providers, generatedAt);
  const status = statusOf(validated.meta.version, providers, reviewQueue.length, generatedAt);
  emitStatus(artefacts, status);
  emitBrowse(artefacts, providers, status, options.baseUrl);
  emitErrors(artefacts, options.baseUrl);
  emitHostFiles(artefacts, providers.map((record) => record.id));
  emitReviewQueue(artefacts, reviewQueue);
  emitInterfaceDescriptions(artefacts, options.baseUrl);

  const report = await publish(artefacts, paths.publicDir, paths.generations);
  await writeIfChanged(paths.reviewQueue, reviewQueueText(reviewQueue));
  if (options.writeRootHostFiles) {
    for (const [name, text] of rootHostFiles()) await writeIfChanged(path.join(paths.root, name), text);
  }
  return { providers, reviewQueue, warnings: validated.problems, publish: report, generatedAt };
}
