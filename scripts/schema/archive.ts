import { z } from "zod";
import { IsoDate, IsoDateTime } from "./primitives.js";
import { DatasetVersion } from "./resources.js";

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, { message: "must be a SHA-256 in 64 lower-case hex digits" });
const ShortCommit = z.string().regex(/^[0-9a-f]{12}$/).describe("A commit, as the first 12 hex digits of its id.");

/**
 * archive/versions/<version>.json: one published version, written once by the publishing workflow that first
 * published it (on the archive branch, outside the main branch) and never again. Its bytes are `head`, the provider files named in `records` (each without its closing
 * newline) joined by commas, and `]}` with a newline: the layout /api/data had when it was recorded, kept here
 * so that no later change of the rendering code can change them; `sha256` checks them at every build.
 */
export const RecordedVersion = z.strictObject({
  version: DatasetVersion,
  commit: z.string().regex(/^[0-9a-f]{40,64}$/, { message: "must be a full commit id" }).describe("The commit of the project whose build published the version: building that commit again gives these bytes (the publishing workflow checks it)."),
  committed_at: IsoDateTime.describe("That commit's date."),
  sha256: Sha256.describe("SHA-256 of the dataset's bytes."),
  bytes: z.number().int().positive().describe("Length of the dataset's bytes."),
  head: z.string().startsWith("{").endsWith('"providers":[').describe("The dataset's text before its first provider."),
  records: z.array(Sha256).describe("The provider files in order, each named by the SHA-256 of its bytes (archive/records/<sha256>.json)."),
});
export type RecordedVersion = z.infer<typeof RecordedVersion>;

export const ArchivedVersion = z
  .object({
    version: z.string().describe("The dataset version: /api/data's version and /api/status's dataset_version when it was published."),
    date: IsoDate.describe("The UTC day of the commit whose data it is; for the current version of a build from uncommitted data, the day in its version."),
    commit: ShortCommit.nullable().describe("The commit of the project whose build published it (building it again gives these bytes); null for this build's own version when the archive does not keep it."),
    recorded: z.boolean().describe("true when the publishing workflow keeps its bytes (on the repository's archive branch), so they stay the same at every later build; false only for this build's own version when the archive does not keep it (a local build)."),
    url: z.string().describe("Its permanent address: the dataset exactly as it was published, under the site's configured base URL."),
    href: z.string().describe("The same file, relative to this index."),
    sha256: Sha256.describe("SHA-256 of the file's bytes."),
    bytes: z.number().int().positive(),
    data_url: z.string().nullable().describe("The data/ folder at that commit in the source repository; null when the build was not told the repository."),
    changes: z
      .object({
        providers_added: z.array(z.string()),
        providers_removed: z.array(z.string()),
        providers_changed: z.array(z.string()).describe("Providers whose published record differs from the one in the version before."),
      })
      .nullable()
      .describe("What changed against the version listed after it (the one before); null for the oldest listed. The change feed (/api/changes.json) has the Fact-by-Fact detail."),
  })
  .meta({ id: "ArchivedVersion" });
export type ArchivedVersion = z.infer<typeof ArchivedVersion>;

export const EarlierDataState = z
  .object({
    commit: ShortCommit,
    date: IsoDate.describe("Commit date, UTC."),
    label: z.string().describe("The version label typed in data/dataset.json at that commit; before versions were derived one label covered many states of the data, so it does not pin them."),
    data_url: z.string().nullable().describe("The data/ folder at that commit in the source repository; null when the build was not told the repository."),
  })
  .meta({ id: "EarlierDataState" });
export type EarlierDataState = z.infer<typeof EarlierDataState>;

export const ArchiveIndex = z
  .object({
    current_version: z.string().describe("The version /api/data serves now."),
    versions: z.array(ArchivedVersion).describe("Every published version whose dataset this site keeps, newest first."),
    earlier: z
      .array(EarlierDataState)
      .describe("Commits that changed the data before versions were derived, newest first, from the git history the change feed reads, each with the label then typed: their data is at data_url, not on this site."),
    note: z.string(),
  })
  .meta({ id: "ArchiveIndex" });
export type ArchiveIndex = z.infer<typeof ArchiveIndex>;
