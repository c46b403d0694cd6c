import path from "node:path";
import { todayUtc, type ProjectPaths } from "./config.js";
import { loadRecords } from "./dataset.js";
import { rootHostFiles } from "./site/hosts/hosts.js";
import { withGithubPagesCopies } from "./site/hosts/githubPages.js";
import { editorSchemaText } from "./site/describe/openapi.js";
import { compactRecordOf, renderSite } from "./site/renderSite.js";
import { reviewQueueText } from "./site/api/reviewQueue.js";
import type { ReviewEntry } from "./merge/merge.js";
import { readChangeList } from "./history/changeList.js";
import { withBuildLock } from "./publish/lock.js";
import { Publication, type PublishReport } from "./publish/publication.js";
import { writeIfChanged } from "./util/files.js";
import { collectGarbage } from "./util/memory.js";
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
}

/**
 * Load, validate and merge (the one pipeline), render every file, publish them as one whole. Nothing
 * under public/ changes unless all of it succeeded; one build runs at a time.
 */
export async function build(paths: ProjectPaths, options: BuildOptions): Promise<BuildResult> {
  const today = options.today ?? todayUtc();
  return withBuildLock(paths.publicDir, async () => {
    // The history of data/ is read while the records load; a history that cannot be read is a list that says why.
    const changesRead = readChangeList(paths.root);
    // Each record is kept as its JSON bytes and a summary, not as the validated object (see loadRecords).
    const dataset = await loadRecords(paths, today, compactRecordOf);
    const { meta } = dataset;
    if (errorsOf(dataset.problems).length > 0 || !meta) throw new InvalidInputError(dataset.problems);
    collectGarbage();
    const changes = await changesRead;
    // Files go to the new folder as they are rendered, compressed copies beside them: the site is never
    // held in memory whole. A failure on the way leaves public/ as it was.
    const publication = await Publication.open(paths.publicDir);
    let generatedAt: string;
    let report: PublishReport;
    try {
      const sink = options.githubPages ? withGithubPagesCopies(publication) : publication;
      generatedAt = renderSite({ ...dataset, meta }, { baseUrl: options.baseUrl, today, sourceDateEpoch: options.sourceDateEpoch, changes }, sink).generatedAt;
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
    return {
      ids: dataset.records.map((record) => record.summary.id),
      reviewQueue: dataset.reviewQueue,
      warnings: dataset.problems,
      publish: report,
      generatedAt,
      upToDate: report.filesWritten === 0,
    };
  }, { onWait: options.onLockWait });
}
