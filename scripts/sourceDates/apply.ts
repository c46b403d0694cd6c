import { promises as fs } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { factsOf } from "../schema/facts.js";
import { repositoryFileKey, repositoryFileOf, type SourceDates } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";

export interface Redated {
  id: string;
  path: string;
  from: string | null;
  to: string | null;
}

const LAST_CHANGED = /(last changed(?: in (?:a )?commit of| on)?) (\d{4}-\d{2}-\d{2})/g;
/** "at commit abc (committed <date>)": true of the commit, but read as the file's date unless the note says otherwise. */
const COMMITTED = /\(committed (\d{4}-\d{2}-\d{2})(?=[,;)])/g;

/** The note's own "last changed <date>" follows the computed date, so a note never contradicts its Fact. */
function redatedNote(note: string, from: string | null, to: string | null): string {
  if (from === null) return note;
  return note
    .replace(LAST_CHANGED, (whole, phrase: string, date: string) => {
      if (date !== from) return whole;
      return to === null ? "history of the file not readable, so undated" : `${phrase} ${to}`;
    })
    .replace(COMMITTED, (whole, date: string) => {
      if (date !== from) return whole;
      return to === null ? `${whole}; the file's own last change could not be read` : `${whole}; this file last changed ${to}`;
    });
}

/**
 * Rewrites the seed's source_date of every Fact whose source_url pins a repository file to the computed
 * date (null where the history could not be read), and marks the record updated. Files keep their
 * two-space layout; a file that is not a JSON object is left alone (the validator names it).
 */
export async function applySourceDates(paths: ProjectPaths, dates: SourceDates, only: readonly string[], today: string): Promise<Redated[]> {
  const redated: Redated[] = [];
  const names = (await fs.readdir(paths.providers)).filter((name) => name.endsWith(".json")).sort();
  for (const name of names) {
    const file = path.join(paths.providers, name);
    let record: Record<string, unknown>;
    try {
      const value = JSON.parse(await fs.readFile(file, "utf8")) as unknown;
      if (value === null || typeof value !== "object" || Array.isArray(value)) continue;
      record = value as Record<string, unknown>;
    } catch {
      continue;
    }
    const id = typeof record.id === "string" ? record.id : name.slice(0, -5);
    if (only.length > 0 && !only.includes(id)) continue;
    let changed = false;
    for (const [factPath, fact] of factsOf(record)) {
      if (fact.status === "unknown" || typeof fact.source_url !== "string") continue;
      const pinned = repositoryFileOf(fact.source_url);
      if (!pinned?.pinned) continue;
      const entry = dates.files[repositoryFileKey(pinned)];
      if (!entry) continue;
      const from = typeof fact.source_date === "string" ? fact.source_date : null;
      if (from === entry.date && "source_date" in fact) continue;
      fact.source_date = entry.date;
      if (typeof fact.note === "string") fact.note = redatedNote(fact.note, from, entry.date);
      redated.push({ id, path: factPath.map(String).join("."), from, to: entry.date });
      changed = true;
    }
    if (!changed) continue;
    record.record_updated_at = today;
    await writeAtomically(file, `${JSON.stringify(record, null, 2)}\n`);
  }
  return redated;
}
