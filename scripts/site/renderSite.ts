import type { LoadedDataset } from "../dataset.js";
import type { Provider } from "../schema/index.js";
import { summarize, type RecordSummary } from "./summary.js";
import { FILES } from "../routes.js";
import type { ChangeList } from "../history/changeList.js";
import { createHash } from "node:crypto";
import type { Spool } from "../util/spool.js";
import { addAlias, addText, jsonText, openArtefact, type Artefacts } from "./artefacts.js";
import { CHANGES_NOT_READ, emitChanges, recentChangesByProvider } from "./api/changes.js";
import { openDatasetCsv } from "./api/csv.js";
import { openProvidersCsv } from "./api/providersCsv.js";
import { openProvidersIndex } from "./api/providersIndex.js";
import { openPricesCsv, openPricesJson, priceRowsOf } from "./api/prices.js";
import { LANG_PREFIX, LANGS } from "./browse/messages.js";
import type { PriceRow } from "../schema/index.js";
import { emitBrowse } from "./browse/emitBrowse.js";
import { providerPage } from "./browse/providerPage.js";
import { archivePage } from "./browse/archivePage.js";
import { repositoryBase } from "./browse/factEvidence.js";
import { attributionOf } from "../schema/evidenceRules.js";
import { factAt } from "../schema/factPath.js";
import { datasetHeadText, openDataset } from "./api/dataset.js";
import { archiveIndex, emitArchive, hashingWriter, unchangedSince, type KeptArchive } from "./api/archive.js";
import { NO_ARCHIVE } from "../archive/store.js";
import { datasetVersion } from "./version.js";
import { dataPackage } from "./describe/dataPackage.js";
import { dcatAp } from "./describe/dcat.js";
import { emitErrors } from "./api/errors.js";
import { emitHostFiles } from "./hosts/hosts.js";
import { emitInterfaceDescriptions } from "./describe/openapi.js";
import { emitReviewQueue } from "./api/reviewQueue.js";
import { emitStatus, statusOf } from "./api/status.js";

export interface SiteOptions {
  baseUrl: string;
  /** The build day (YYYY-MM-DD), for staleness counts. */
  today: string;
  /** Seconds since the epoch, the reproducible-builds convention; else the data's newest date is used. */
  sourceDateEpoch?: string;
  /** What changed in the git history of data/ (readChangeList); without it the change feed says it was not read. */
  changes?: ChangeList;
  /**
   * The versions archive/ keeps (scripts/archive/store.ts), the repository's address, and the kept version that
   * first published each commit of the history (history/versionOfCommit.ts).
   */
  archive?: { kept: KeptArchive; repositoryUrl?: string; versionOfCommit?: ReadonlyMap<string, string> };
  /** Told after each record's files are handed over, and before the pages of all records: the build keeps its heap in bounds. */
  memory?: { tick(): void; check(): void };
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
  /** The dataset version, derived from the published data (see version.ts). */
  version: string;
  /** The dataset as published, in the parts the archive keeps: its text before the first provider, and its SHA-256. */
  dataset: { head: string; sha256: string };
}

/** One record as the site renders it: its file's bytes, its summary, and the record itself on demand. */
export interface RenderRecord {
  summary: RecordSummary;
  /** The provider file: the record's JSON and a newline, byte for byte its entry in the dataset (read anew when spooled). */
  readonly json: Buffer;
  /** The record; parsed again from its bytes (`json`, when the caller has them already) when only the bytes were kept. */
  record(json?: Buffer): Provider;
}

/** A record kept whole: for data small enough to hold, and for tests. */
export function renderRecordOf(record: Provider): RenderRecord {
  return { summary: summarize(record), json: Buffer.from(jsonText(record)), record: () => record };
}

/**
 * A record kept as its JSON bytes and its summary: about a third of the memory of the validated object, and
 * the bytes are the provider file and its part of the dataset as they stand.
 */
export function compactRecordOf(record: Provider): RenderRecord {
  const { summary, json } = renderRecordOf(record);
  return { summary, json, record: (bytes = json) => JSON.parse(bytes.toString("utf8")) as Provider };
}

/**
 * A record kept as its summary only, its JSON bytes set aside in a spool (util/spool.ts) and read back each time
 * they are asked for: the build at scale holds none of the records' bytes.
 */
export function spooledRecordOf(spool: Spool): (record: Provider) => RenderRecord {
  return (record) => {
    const { summary, json } = renderRecordOf(record);
    const place = spool.put(json);
    return {
      summary,
      get json() {
        return spool.get(place);
      },
      record(bytes) {
        return JSON.parse((bytes ?? spool.get(place)).toString("utf8")) as Provider;
      },
    };
  };
}

/** What the site is rendered from: the records whole (`providers`) or as the build keeps them (`records`). */
export type SiteData = Pick<LoadedDataset, "reviewQueue" | "sources"> & { meta: NonNullable<LoadedDataset["meta"]> } & (
    | { providers: readonly Provider[] }
    | { records: readonly RenderRecord[] }
  );

/**
 * Records → files, handed to `site` one by one (a Map, or a publication that writes them as they come).
 * The dataset document first, from the records' bytes; then one pass over the records, each parsed once
 * (when kept as bytes) for its page and its rows of the two CSV exports, which are written in parts. Pure: the
 * same dataset and options always give the same bytes.
 */
export function renderSite<T extends Artefacts = Site>(dataset: SiteData, options: SiteOptions, site: T = new Map() as unknown as T): RenderedSite<T> {
  const records = "records" in dataset ? dataset.records : dataset.providers.map(renderRecordOf);
  const summaries = records.map((entry) => entry.summary);
  const generatedAt = generatedAtFor(summaries, options.sourceDateEpoch);
  const version = datasetVersion(dataset.meta, records);
  const kept = options.archive?.kept ?? NO_ARCHIVE;
  const versionOfCommit = options.archive?.versionOfCommit;
  const changes = options.changes ?? CHANGES_NOT_READ;
  const changeEntries = emitChanges(site, changes, { generatedAt, baseUrl: options.baseUrl, versions: { ofCommit: (commit) => versionOfCommit?.get(commit), current: version } });
  // The dataset first, from the records' bytes alone: it is the largest file, and its compressed copies are
  // then made while everything else is rendered. A version the archive does not keep is served at its archive
  // address for this build too: the same bytes, under a second name.
  const keptCurrent = kept.versions.some((entry) => entry.version === version);
  const head = datasetHeadText(dataset.meta, version, generatedAt);
  let published = { sha256: "", size: 0 };
  // A sink that cannot link takes the second copy as the dataset streams.
  const tee = !keptCurrent && !site.alias ? [openArtefact(site, FILES.archivedVersion(version))] : [];
  const datasetFile = openDataset(hashingWriter([openArtefact(site, FILES.dataset), ...tee], (sha256, size) => (published = { sha256, size })), head);
  for (const entry of records) datasetFile.add(entry.json);
  datasetFile.end();
  if (!keptCurrent && site.alias) site.alias(FILES.archivedVersion(version), FILES.dataset);
  // Each provider page cites its record's permanent copy, named by the SHA-256 of its bytes, and the version
  // since which those bytes are unchanged when the archive knows it: one changed record changes its own pages only.
  const since = unchangedSince([...kept.versions].reverse());
  const recordHashes: string[] = [];
  const csv = openDatasetCsv({ spreadsheet: openArtefact(site, FILES.csv), plain: openArtefact(site, FILES.plainCsv) }, version);
  const providersCsv = openProvidersCsv({ spreadsheet: openArtefact(site, FILES.providersCsv), plain: openArtefact(site, FILES.plainProvidersCsv) }, version);
  const providersIndex = openProvidersIndex(openArtefact(site, FILES.providersIndex), { version, license: dataset.meta.license }, generatedAt);
  const pricesJson = openPricesJson(openArtefact(site, FILES.prices), { version, license: dataset.meta.license }, generatedAt);
  const pricesCsv = openPricesCsv({ spreadsheet: openArtefact(site, FILES.pricesCsv), plain: openArtefact(site, FILES.plainPricesCsv) }, version);
  const prices: PriceRow[] = [];
  // Whose statement each price is, for the price page's badges (a row names its Fact, not its source's kind).
  const priceAttributions = new WeakMap<PriceRow, string | null>();
  // A provider page names the version of a recent change only when the archive keeps it: the version this build
  // publishes, unkept, changes with any record, and naming it would rewrite every page with a recent change.
  const recentChanges = recentChangesByProvider(keptCurrent ? changeEntries : changeEntries.map((entry) => (entry.dataset_version === version ? { ...entry, dataset_version: "" } : entry)), 5);
  const repository = repositoryBase(options.archive?.repositoryUrl);
  for (const entry of records) {
    const json = entry.json;
    const record = entry.record(json);
    site.set(FILES.provider(record.id), json);
    const hash = createHash("sha256").update(json).digest("hex");
    recordHashes.push(hash);
    addAlias(site, FILES.archivedRecord(hash), FILES.provider(record.id), () => json);
    const cite = { address: `${options.baseUrl}/${FILES.archivedRecord(hash)}`, since: since.get(hash) ?? null };
    for (const lang of LANGS) {
      const context = { baseUrl: options.baseUrl, cite, recentChanges: recentChanges.get(record.id) ?? [], lang, repository };
      site.set(`${LANG_PREFIX[lang]}${FILES.providerPage(record.id)}`, Buffer.from(providerPage(record, entry.summary, context)));
    }
    const recordPrices = priceRowsOf(record);
    prices.push(...recordPrices);
    for (const row of recordPrices) priceAttributions.set(row, attributionOf(factAt(record, row.fact.split(".") as [string]) ?? {}));
    csv.add(record);
    providersCsv.add(record);
    providersIndex.add(record);
    pricesJson.add(recordPrices);
    pricesCsv.add(recordPrices);
    options.memory?.tick();
  }
  csv.end();
  providersCsv.end();
  providersIndex.end();
  pricesJson.end();
  pricesCsv.end();
  const status = { ...statusOf(version, summaries, dataset.reviewQueue.length, generatedAt, options.today), sources_changed: dataset.sources.changed, sources_gone: dataset.sources.gone };
  emitStatus(site, status);
  options.memory?.check();
  emitBrowse(site, summaries, prices, status, options.baseUrl, repository, (row) => priceAttributions.get(row) ?? null);
  emitErrors(site, options.baseUrl);
  emitHostFiles(site, summaries.map((record) => record.id), version);
  emitReviewQueue(site, dataset.reviewQueue);
  emitInterfaceDescriptions(site, options.baseUrl);
  addText(site, FILES.dataPackage, `${JSON.stringify(dataPackage(status, options.baseUrl), null, 2)}\n`);
  addText(site, FILES.dcat, `${JSON.stringify(dcatAp(status, options.baseUrl), null, 2)}\n`);
  const current = { version, ...published, records: recordHashes };
  const idOf = (hash: string) => kept.record(hash).id;
  const currentIds = new Map(recordHashes.map((hash, index) => [hash, records[index]!.summary.id]));
  const index = archiveIndex(current, kept, (hash) => currentIds.get(hash) ?? idOf(hash), changes, { baseUrl: options.baseUrl, repositoryUrl: options.archive?.repositoryUrl });
  emitArchive(site, index, kept, new Set(recordHashes));
  const currentProviders = new Set(summaries.map((summary) => summary.id));
  for (const lang of LANGS) addText(site, `${LANG_PREFIX[lang]}${FILES.archivePage}`, archivePage(index, currentProviders, lang));
  return { files: site, generatedAt, version, dataset: { head, sha256: published.sha256 } };
}
