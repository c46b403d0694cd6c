import { factsOf } from "../schema/facts.js";
import { repositoryFileKey, repositoryFileOf, type SourceDates } from "../schema/index.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";
import type { Provider } from "../schema/index.js";

/** A record as the validator hands it on: its file and the parsed record. */
interface DatedRecord {
  file: string;
  record: Provider;
}

export const SOURCE_DATES_FILE = "data/source-dates.json";

/**
 * A file pinned in a repository is dated by the last commit that changed it at or before the pinned commit,
 * computed by `npm run source-dates` into data/source-dates.json, never typed: a source_date that differs
 * from the computed one is refused, and where the history could not be read the date stays null, unless the
 * file states its own date (ms.date, updated:), which may then be given as the file's own statement.
 */
export function checkRepositoryDates(records: readonly DatedRecord[], dates: SourceDates | null): Problem[] {
  const problems: Problem[] = [];
  const files = dates?.files ?? {};
  for (const { file, record } of records) {
    for (const [path, fact] of factsOf(record)) {
      if (fact.status === "unknown" || typeof fact.source_url !== "string") continue;
      const pinned = repositoryFileOf(fact.source_url);
      if (!pinned?.pinned) continue;
      const key = repositoryFileKey(pinned);
      const entry = Object.hasOwn(files, key) ? files[key] : undefined;
      const where = { severity: "error" as const, file, id: record.id, path: jsonPath([...path, "source_date"]) };
      const stated = fact.source_date ?? null;
      if (!entry) {
        problems.push({
          ...where,
          rule: "repository-date-not-computed",
          message: `source_url pins ${pinned.path} in ${pinned.forge}/${pinned.repository} at ${pinned.ref.slice(0, 12)}, which ${SOURCE_DATES_FILE} does not list: run npm run source-dates (with --clones <folder> or network access) and commit the file`,
        });
      } else if (entry.date === null && stated !== null && (fact as { source_date_basis?: unknown }).source_date_basis !== "stated_in_file") {
        problems.push({
          ...where,
          rule: "repository-date-unreadable",
          message: `source_date ${String(stated)} cannot be checked: the history of ${pinned.forge}/${pinned.repository} could not be read (${SOURCE_DATES_FILE}: ${entry.unresolved}); the date stays null rather than guessed, unless the file states its own date (then set source_date_basis: "stated_in_file" and quote the statement in the note)`,
        });
      } else if (entry.date !== null && stated !== entry.date) {
        problems.push({
          ...where,
          rule: "repository-date-differs",
          message: `source_date ${stated === null ? "null" : String(stated)} differs from ${entry.date}, the day of the last commit that changed ${pinned.path} at or before the pinned commit ${pinned.ref.slice(0, 12)} (${SOURCE_DATES_FILE})`,
        });
      }
    }
  }
  return problems;
}
