import { promises as fs } from "node:fs";
import { SourceDates, type SourceDateEntry } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";

export const SOURCE_DATES_COMMENT =
  "Computed by npm run source-dates, not typed: for each repository file a source_url pins, the UTC day of the last commit that changed it at or before the pinned commit. A resolved entry never changes (the history before a commit is fixed); an unresolved one says why and is tried again on the next run.";

/** The committed file, or an empty one when it does not exist yet; a file that does not fit the schema is refused, never overwritten. */
export async function readSourceDates(file: string): Promise<SourceDates> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { $comment: SOURCE_DATES_COMMENT, files: {} };
    throw error;
  }
  const parsed = SourceDates.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} does not fit its schema (${parsed.error.issues[0]?.message ?? "invalid"}); fix or delete it, then run again`);
  return parsed.data;
}

/** One entry per line, keys sorted: a re-run that learnt nothing rewrites nothing, and a review reads one line per file. */
export function sourceDatesText(dates: SourceDates): string {
  const keys = Object.keys(dates.files).sort();
  const lines = keys.map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(ordered(dates.files[key]!))}`);
  return `{\n  "$comment": ${JSON.stringify(dates.$comment ?? SOURCE_DATES_COMMENT)},\n  "files": {\n${lines.join(",\n")}${lines.length ? "\n" : ""}  }\n}\n`;
}

function ordered(entry: SourceDateEntry): SourceDateEntry {
  const { date, last_change, via, unresolved, checked_at } = entry;
  return { date, ...(last_change && { last_change }), ...(via && { via }), ...(unresolved && { unresolved }), checked_at };
}

export async function writeSourceDates(file: string, dates: SourceDates): Promise<void> {
  await writeAtomically(file, sourceDatesText(dates));
}
