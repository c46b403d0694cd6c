import { z } from "zod";
import { IsoDate, IsoDateTime } from "../schema/primitives.js";

/**
 * The shapes of the change feed. Published ones are zod schemas, as everywhere in the project, so the
 * OpenAPI document can describe /api/changes.json from the same source the build writes it from.
 */

export const ChangeKind = z
  .enum([
    "provider_added",
    "provider_removed",
    "fact_added",
    "fact_removed",
    "value_changed",
    "status_raised",
    "status_lowered",
    "verified",
    "source_changed",
  ])
  .describe(
    "provider_added, provider_removed: a seed file appeared or went away (path is $). fact_added, fact_removed: a Fact appeared or went away at the path. value_changed: the value differs. status_raised, status_lowered: the status moved in the order confirmed > claimed > planned > unknown (not_applicable counts as unknown). verified: verified_at changed. source_changed: source_url, source_type or source_date changed.",
  );
export type ChangeKind = z.infer<typeof ChangeKind>;

/** What a Fact said at one commit: what a citation quotes together (value, status, both dates) and its source. */
export const FactState = z
  .object({
    value: z.unknown().describe("The Fact's value at that commit."),
    status: z.string().nullable(),
    verified_at: z.string().nullable(),
    source_date: z.string().nullable(),
    source_url: z.string().nullable(),
  })
  .describe("A Fact at one commit: value, status, verification date, source date and source link.");
export type FactState = z.infer<typeof FactState>;

export const ChangeEntry = z
  .object({
    dataset_version: z
      .string()
      .describe(
        "The dataset version that first published the change: the oldest version kept in /archive/index.json whose commit contains it, or, for a change no kept version holds yet, the version this site publishes now; for the commits from before versions were derived, the label then typed in data/dataset.json (one label covered many states of the data).",
      ),
    date: IsoDate.describe("Commit date, UTC."),
    commit: z.string().regex(/^[0-9a-f]{12}$/).describe("The commit, as the first 12 hex digits of its id."),
    provider_id: z.string().describe("The seed file's name without .json: data/providers/<provider_id>.json."),
    path: z.string().describe("JSON path of the Fact inside the record, such as $.pricing.currency; $ for a whole provider."),
    kind: ChangeKind,
    before: FactState.nullable().describe("The Fact before the commit; null when there was none."),
    after: FactState.nullable().describe("The Fact after the commit; null when there is none."),
  })
  .meta({ id: "ChangeEntry" });
export type ChangeEntry = z.infer<typeof ChangeEntry>;

/**
 * A change as the history gives it, before the build names the version that first published it: `label` is
 * the version typed in data/dataset.json at the commit (before versions were derived), else null.
 */
export type HistoryChange = Omit<ChangeEntry, "dataset_version"> & { label: string | null };

export const SkippedFile = z.object({
  commit: z.string(),
  path: z.string(),
  reason: z.string(),
});
export type SkippedFile = z.infer<typeof SkippedFile>;

export const ChangesDocument = z
  .object({
    generated_at: IsoDateTime,
    history: z
      .enum(["git", "unavailable"])
      .describe("git: derived from the git history of data/. unavailable: the build had no history to read (see note); entries is then empty, which does not mean nothing changed."),
    note: z.string().nullable().describe("Why the history is unavailable, or which span of it was read."),
    commits_read: z.number().int().nonnegative().describe("How many commits that changed data/ are compared."),
    truncated: z.boolean().describe("true when more changes were found than the pages hold; the oldest were left out."),
    skipped: z.array(SkippedFile).describe("Files that could not be read at some commit. Such a file keeps its earlier state, so no change is invented for it."),
    page: z.number().int().positive().describe("This page's number: 1 is /api/changes.json, n > 1 is /api/changes/n.json."),
    pages: z.number().int().positive().describe("How many pages the changes fill."),
    total_entries: z.number().int().nonnegative().describe("Entries on all pages together."),
    next: z
      .string()
      .nullable()
      .describe("The next (older) page, as a URL reference relative to this page's own URL (resolve it as a browser resolves a link); null on the last page, whose last entry is the oldest change listed."),
    entries: z.array(ChangeEntry).describe("Newest first: by commit, then provider id, then the Fact's place in the record. Page n holds entries (n-1)·size+1 to n·size of the whole list."),
  })
  .meta({ id: "ChangesDocument" });
export type ChangesDocument = z.infer<typeof ChangesDocument>;

/** The data as it stood after one commit. */
export interface Snapshot {
  /** Full commit id. */
  sha: string;
  /** Commit date-time, UTC (ISO 8601). */
  committedAt: string;
  datasetVersion: string | null;
  /** Provider id (file name) → parsed record. Unchanged files share one object across snapshots. */
  providers: ReadonlyMap<string, Record<string, unknown>>;
}

/** What readHistory found: snapshots newest first, or why there are none. */
export type History =
  | {
      history: "git";
      snapshots: readonly Snapshot[];
      /**
       * true when the oldest snapshot is the first commit that touched the data, so what it holds was added
       * there. false when the window was cut: the oldest snapshot is then only the base of the next one.
       */
      reachesFirstCommit: boolean;
      skipped: readonly SkippedFile[];
      note: string | null;
    }
  | { history: "unavailable"; note: string };
