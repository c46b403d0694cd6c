import type { LoadedDataset } from "../dataset.js";
import { summarize, type RecordSummary } from "./summary.js";
import { FILES } from "../routes.js";
import type { History } from "../history/shapes.js";
import { jsonText, openArtefact, type Artefacts } from "./artefacts.js";
import { emitChanges, HISTORY_NOT_READ, recentChangesFor } from "./changes.js";
import { writeDatasetCsv } from "./csv.js";
import { writeProvidersCsv } from "./providersCsv.js";
import { emitBrowse } from "./browse/emitBrowse.js";
import { providerPage } from "./browse/providerPage.js";
import { emitDataset } from "./dataset.js";
import { emitErrors } from "./errors.js";
import { emitHostFiles } from "./hosts.js";
import { emitInterfaceDescriptions } from "./openapi.js";
import { emitReviewQueue } from "./reviewQueue.js";
import { emitStatus, statusOf } from "./status.js";

export interface SiteOptions {
  baseUrl: string;
  /** The build day (YYYY-MM-DD), for staleness counts. */
  today: string;
  /** Seconds since the epoch, the reproducible-builds convention; else the data's newest date is used. */
  sourceDateEpoch?: string;
  /** The git history of data/, read by the build; without it the change feed says it was not read. */
  history?: History;
}

/** Every file of the published site: its path inside public/ and its bytes. */
export type Site = Map<string, Buffer>;

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

export interface RenderedSite<T extends Artefacts = Site> {
  files: T;
  generatedAt: string;
}

/**
 * Records → files, handed to `site` one by one (a Map, or a publication that writes them as they come).
 * Pure: the same dataset and options always give the same bytes.
 */
export function renderSite<T extends Artefacts = Site>(
  dataset: LoadedDataset & { meta: NonNullable<LoadedDataset["meta"]> },
  options: SiteOptions,
  site: T = new Map() as unknown as T,
): RenderedSite<T> {
  const summaries = dataset.providers.map(summarize);
  const generatedAt = generatedAtFor(summaries, options.sourceDateEpoch);
  const changes = emitChanges(site, options.history ?? HISTORY_NOT_READ, { generatedAt, baseUrl: options.baseUrl });
  const providerFileBytes: number[] = [];
  dataset.providers.forEach((record, index) => {
    const json = Buffer.from(jsonText(record));
    providerFileBytes.push(json.length);
    site.set(FILES.provider(record.id), json);
    site.set(FILES.providerPage(record.id), Buffer.from(providerPage(record, summaries[index]!, { baseUrl: options.baseUrl, version: dataset.meta.version, recentChanges: recentChangesFor(record.id, changes.entries, 5) })));
  });
  emitDataset(site, dataset.meta, dataset.providers, providerFileBytes, generatedAt);
  const status = { ...statusOf(dataset.meta.version, summaries, dataset.reviewQueue.length, generatedAt, options.today), sources_changed: dataset.sources.changed, sources_gone: dataset.sources.gone };
  emitStatus(site, status);
  emitBrowse(site, summaries, status, options.baseUrl);
  emitErrors(site, options.baseUrl);
  emitHostFiles(site, summaries.map((record) => record.id));
  emitReviewQueue(site, dataset.reviewQueue);
  emitInterfaceDescriptions(site, options.baseUrl);
  writeDatasetCsv(openArtefact(site, FILES.csv), dataset.providers);
  writeProvidersCsv(openArtefact(site, FILES.providersCsv), dataset.providers, options.baseUrl);
  return { files: site, generatedAt };
}
