import path from "node:path";
import { todayUtc, type ProjectPaths } from "./config.js";
import { loadRecords } from "./dataset.js";
import { rootHostFiles } from "./site/hosts/hosts.js";
import { withGithubPagesCopies } from "./site/hosts/githubPages.js";
import { editorSchemaText, prepareInterfaceDescriptions } from "./site/describe/openapi.js";
import { renderSite, spooledRecordOf } from "./site/renderSite.js";
import { Spool } from "./util/spool.js";
import type { Artefacts } from "./site/artefacts.js";
import { reviewQueueText } from "./site/api/reviewQueue.js";
import type { ReviewEntry } from "./merge/merge.js";
import { startHistoryThread, type HistoryThread } from "./history/onThread.js";
import { firstVersionOfCommits, readCommitParents } from "./history/versionOfCommit.js";
import { keptArchive } from "./archive/store.js";
import { withBuildLock } from "./publish/lock.js";
import { Publication, type PublishReport } from "./publish/publication.js";
import { prepareClientScripts } from "./site/browse/clientScripts.js";
import { inputsStamp, writeStamp, type StampOptions } from "./publish/stamp.js";
import { writeIfChanged } from "./util/files.js";
import { HeapBudget, collectGarbage } from "./util/memory.js";
import { InvalidInputError, errorsOf, type Problem } from "./problems.js";

export { generatedAtFor } from "./site/renderSite.js";

export interface BuildOptions {
  baseUrl: string;
  /** The build day (YYYY-MM-DD): no verification may be dated later. */
  today?: string;
  /** Seconds since the epoch, the reproducible-builds convention; else the data's newest date is used. */
  sourceDateEpoch?: string;
  /** Also rewrite the host files at the project root (serve.json, _headers, vercel.json, netlify.toml). */
  writeRootHostFiles?: boolean;
  /** Add the copies that make the spec's paths answer on GitHub Pages (see emit/githubPages.ts). */
  githubPages?: boolean;
  /** Told once, when another build holds the lock, who holds it. */
  onLockWait?: (message: string) => void;
  /** The source repository's web address, for the archive's links to the data at a commit. */
  repositoryUrl?: string;
  /** The folder this program's scripts/ are in, when not the data's (`--root`): what public/ is stamped with. */
  programRoot?: string;
}

export interface BuildResult {
  /** Provider ids in output order. */
  ids: string[];
  reviewQueue: ReviewEntry[];
  warnings: Problem[];
  publish: PublishReport;
  generatedAt: string;
  /** True when the published files already had these bytes, so nothing was written. */
  upToDate: boolean;
  /** The dataset version this build published. */
  version: string;
  /** Whether the archive (archive/, when checked out) keeps this version, and how many versions it keeps. */
  archive: { keepsThisVersion: boolean; versions: number };
}

const stampOptions = (paths: ProjectPaths, options: BuildOptions, today: string): StampOptions => ({
  programRoot: options.programRoot ?? paths.root,
  baseUrl: options.baseUrl,
  today,
  sourceDateEpoch: options.sourceDateEpoch ?? null,
  githubPages: options.githubPages === true,
  repositoryUrl: options.repositoryUrl ?? null,
});

/**
 * Whether public/ was built by this program from exactly the inputs it would read now (data/, scripts/, the
 * archive, the history's head) with these options: then a build would write nothing, and `npm start` serves
 * public/ without one. See publish/stamp.ts.
 */
export async function publishedIsCurrent(paths: ProjectPaths, options: BuildOptions): Promise<boolean> {
  const { isCurrent } = await inputsStamp(paths, stampOptions(paths, options, options.today ?? todayUtc()));
  return isCurrent;
}

/**
 * Load, validate and merge (the one pipeline), render every file, publish them as one whole. Nothing
 * under public/ changes unless all of it succeeded; one build runs at a time. The build reads archive/ when it is
 * there and never writes it: versions are kept by the publishing workflow alone (scripts/archive/record.ts).
 */
export async function build(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  const today = options.today ?? todayUtc();
  return withBuildLock(paths.publicDir, async () => {
    const history = startHistoryThread();
    try {
      return await buildLocked(paths, options, today, history);
    } finally {
      history.close();
    }
  }, { onWait: options.onLockWait });
}

/** The build itself, with the lock held and the history's thread started. */
async function buildLocked(paths: ProjectPaths, options: BuildOptions, today: string, history: HistoryThread): Promise<BuildResult> {
  // What the inputs are before anything is read: an input changed while building makes the next start build again.
  const stamp = await inputsStamp(paths, stampOptions(paths, options, today));
  // The history of data/ is read on its own thread while the records load here; a history that cannot be read is
  // a list that says why.
  const changesRead = history.read(paths.root);
  const scriptsBundled = prepareClientScripts();
  const parentsRead = readCommitParents(paths.root);
  const kept = await keptArchive(paths.root, today);
  // Each record is kept as a summary, its JSON bytes in a spool (143 MB at 10,000 providers), not as the
  // validated object (see loadRecords).
  const memory = new HeapBudget();
  const spool = new Spool();
  try {
    const keep = spooledRecordOf(spool);
    const dataset = await loadRecords(paths, today, (record) => {
      memory.tick();
      return keep(record);
    });
    const { meta } = dataset;
    if (errorsOf(dataset.problems).length > 0 || !meta) throw new InvalidInputError(dataset.problems);
    collectGarbage();
    prepareInterfaceDescriptions();
    const changes = await changesRead;
    await scriptsBundled;
    const versionOfCommit = kept.versions.length > 0 ? firstVersionOfCommits(await parentsRead, kept.versions) : new Map<string, string>();
    // Files go to the new folder as they are rendered, compressed copies beside them: the site is never
    // held in memory whole. A failure on the way leaves public/ as it was.
    const publication = await Publication.open(paths.publicDir);
    let rendered: ReturnType<typeof renderSite<Artefacts>>;
    let report: PublishReport;
    try {
      const sink = options.githubPages ? withGithubPagesCopies(publication) : publication;
      rendered = renderSite(
        { ...dataset, meta },
        {
          baseUrl: options.baseUrl,
          today,
          sourceDateEpoch: options.sourceDateEpoch,
          changes,
          archive: { kept, repositoryUrl: options.repositoryUrl, versionOfCommit },
          memory,
        },
        sink,
      );
      report = await publication.finish();
    } catch (error) {
      await publication.abandon();
      throw error;
    }
    await writeIfChanged(paths.reviewQueue, reviewQueueText(dataset.reviewQueue));
    if (options.writeRootHostFiles) {
      for (const [name, text] of rootHostFiles()) await writeIfChanged(path.join(paths.root, name), text);
      await writeIfChanged(path.join(paths.data, "provider.schema.json"), editorSchemaText());
    }
    await writeStamp(paths.publicDir, stamp);
    return {
      ids: dataset.records.map((record) => record.summary.id),
      reviewQueue: dataset.reviewQueue,
      warnings: dataset.problems,
      publish: report,
      generatedAt: rendered.generatedAt,
      upToDate: report.filesWritten === 0,
      version: rendered.version,
      archive: { keepsThisVersion: kept.versions.some((version) => version.version === rendered.version), versions: kept.versions.length },
    };
  } finally {
    spool.close();
  }
}
