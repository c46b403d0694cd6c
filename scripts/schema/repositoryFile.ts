import { z } from "zod";
import { IsoDate, OutsideText } from "./primitives.js";

/** A file in a public repository as a source_url names it. */
export interface RepositoryFile {
  /** github.com or gitlab.com */
  forge: "github.com" | "gitlab.com";
  /** owner/name (GitLab: group/subgroup/name), as cited. */
  repository: string;
  /** The commit or branch the URL names. */
  ref: string;
  /** True when ref is a full commit hash: only then is the content fixed and datable. */
  pinned: boolean;
  path: string;
}

const FULL_COMMIT = /^[0-9a-f]{40}$/i;
const MAY_NAME_A_FORGE = /git|%|[^\x20-\x7e]/i;

function decodedPath(segments: readonly string[]): string | null {
  try {
    const path = segments.map(decodeURIComponent).join("/");
    return path.length > 0 && !path.split("/").includes("..") ? path : null;
  } catch {
    return null;
  }
}

/**
 * Reads a repository file out of a source_url: github.com/<owner>/<repo>/(blob|raw)/<ref>/<path>,
 * raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>, gitlab.com/<group…>/<repo>/-/(blob|raw)/<ref>/<path>.
 * Anything else (a pull request, a directory listing, another host) is not a repository file: null.
 */
export function repositoryFileOf(sourceUrl: string): RepositoryFile | null {
  // Most cited pages are not on a forge, and parsing every URL is work a build does for each Fact. Without "git", a percent
  // sign or a character outside printable ASCII (which the URL parser maps or drops: fullwidth letters,
  // %67ithub.com, a tab inside "gi\tthub.com"), no URL can name one of the hosts below.
  if (!MAY_NAME_A_FORGE.test(sourceUrl)) return null;
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter((part) => part !== "");
  const make = (forge: RepositoryFile["forge"], repository: string, ref: string, rest: string[]): RepositoryFile | null => {
    const path = decodedPath(rest);
    return path ? { forge, repository, ref, pinned: FULL_COMMIT.test(ref), path } : null;
  };
  if (host === "github.com" && parts.length >= 5 && (parts[2] === "blob" || parts[2] === "raw")) {
    return make("github.com", `${parts[0]}/${parts[1]}`, parts[3]!, parts.slice(4));
  }
  if (host === "raw.githubusercontent.com" && parts.length >= 4) {
    // refs/heads/<branch>/… names a branch; otherwise the third segment is the ref.
    if (parts[2] === "refs" && parts[3] === "heads" && parts.length >= 6) return make("github.com", `${parts[0]}/${parts[1]}`, parts[4]!, parts.slice(5));
    return make("github.com", `${parts[0]}/${parts[1]}`, parts[2]!, parts.slice(3));
  }
  if (host === "gitlab.com") {
    const dash = parts.indexOf("-");
    if (dash >= 2 && (parts[dash + 1] === "blob" || parts[dash + 1] === "raw") && parts.length >= dash + 4) {
      return make("gitlab.com", parts.slice(0, dash).join("/"), parts[dash + 2]!, parts.slice(dash + 3));
    }
  }
  return null;
}

/** The key of a pinned file in data/source-dates.json: forge/repository@commit:path (host and repository lower-cased). */
export function repositoryFileKey(file: RepositoryFile): string {
  return `${file.forge}/${file.repository.toLowerCase()}@${file.ref.toLowerCase()}:${file.path}`;
}

/** Older commit dates are taken for a forged or broken history (a zero time is 1970-01-01), not a date. */
export const EARLIEST_COMMIT_DAY = "1990-01-01";

/** One pinned file's computed date, or why it could not be computed. */
export const SourceDateEntry = z.strictObject({
  /** The UTC day of the last commit that changed the file at or before the pinned commit; null when unreadable. */
  date: IsoDate.nullable(),
  /** That commit. */
  last_change: z.string().regex(/^[0-9a-f]{40}$/).optional(),
  /** Where the history was read: a local clone or the forge's API. */
  via: z.enum(["clone", "github-api", "gitlab-api"]).optional(),
  /** Why no date could be computed (the history could not be read); the date is then never guessed. */
  unresolved: OutsideText(300).pipe(z.string().min(1)).optional(),
  checked_at: IsoDate,
})
  .refine((entry) => (entry.date === null) === (entry.unresolved !== undefined), { message: "an entry has either a date or the reason it has none (unresolved), not both" })
  .refine((entry) => entry.date === null || (entry.date >= EARLIEST_COMMIT_DAY && entry.date <= entry.checked_at), {
    message: `a file's last change is dated no earlier than ${EARLIEST_COMMIT_DAY} and no later than the day it was checked`,
    path: ["date"],
  });
export type SourceDateEntry = z.infer<typeof SourceDateEntry>;

export const SourceDates = z
  .strictObject({
    $comment: z.string().optional(),
    files: z.record(z.string().min(1), SourceDateEntry),
  })
  .meta({ id: "SourceDates" });
export type SourceDates = z.infer<typeof SourceDates>;
