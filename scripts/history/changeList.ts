import { diffSnapshots } from "./diff.js";
import { readHistory, type HistoryOptions } from "./readHistory.js";
import type { ChangesDocument, History, HistoryChange } from "./shapes.js";

/**
 * Every change the history holds, before the site pages it (/api/changes.json and its next pages): all the
 * change feed takes from the history, and small where the history it is made from is not.
 */
export type ChangeList = Omit<ChangesDocument, "generated_at" | "page" | "pages" | "total_entries" | "next" | "entries"> & { entries: HistoryChange[] };

/**
 * Each snapshot compared with the one before it, newest first. Pure. The oldest snapshot of a cut window has
 * no predecessor and only serves as a base: comparing it with nothing would report every provider as added
 * on that day.
 */
export function changeListOf(history: History, maxEntries = Number.POSITIVE_INFINITY): ChangeList {
  if (history.history === "unavailable") return { history: "unavailable", note: history.note, commits_read: 0, truncated: false, skipped: [], entries: [] };
  const { snapshots, reachesFirstCommit } = history;
  const listed = reachesFirstCommit ? snapshots.length : Math.max(0, snapshots.length - 1);
  const entries: HistoryChange[] = [];
  let truncated = false;
  for (let index = 0; index < listed; index += 1) {
    const changes = diffSnapshots(snapshots[index + 1] ?? null, snapshots[index]!);
    if (entries.length + changes.length > maxEntries) {
      entries.push(...changes.slice(0, maxEntries - entries.length));
      truncated = true;
      break;
    }
    entries.push(...changes);
  }
  return { history: "git", note: history.note, commits_read: listed, truncated, skipped: [...history.skipped], entries };
}

/**
 * The change list of the history of data/ under root. Never rejects: a history that cannot be read is a list
 * that says why.
 */
export async function readChangeList(root: string, options: HistoryOptions = {}): Promise<ChangeList> {
  try {
    return changeListOf(await readHistory(root, options));
  } catch (error) {
    return changeListOf({ history: "unavailable", note: `the history of data/ could not be read: ${error instanceof Error ? error.message : String(error)}` });
  }
}
