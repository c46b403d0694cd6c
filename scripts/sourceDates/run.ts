import type { ProjectPaths } from "../config.js";
import { loadData } from "../load/loadData.js";
import type { NetPolicy } from "../net/request.js";
import { factsOf } from "../schema/facts.js";
import { admit } from "../net/door.js";
import { cleanText } from "../net/outsideText.js";
import { SourceDateEntry, SourceDates as SourceDatesFile, repositoryFileKey, repositoryFileOf, type RepositoryFile, type SourceDates } from "../schema/index.js";
import { mapLimit } from "../util/pool.js";
import { findClone, resolveInClone, type Resolution } from "./clones.js";
import { FORGE_APIS, resolveByApi } from "./forgeApi.js";
import { readSourceDates, writeSourceDates } from "./store.js";

export interface SourceDatesOptions {
  /** A folder of clones to read histories from before asking a forge's API. */
  clones?: string;
  /** Only the Facts of these provider ids. */
  only: readonly string[];
  /** Never ask a forge's API (what cannot be read from a clone stays unresolved). */
  offline: boolean;
  /** Resolve again even the entries that already have a date. */
  refresh: boolean;
  endpoints: Partial<Record<RepositoryFile["forge"], string>>;
  policy: NetPolicy;
  env: NodeJS.ProcessEnv;
  today: string;
}

/** A pinned repository file and the Facts that cite it. */
export interface CitedFile {
  key: string;
  file: RepositoryFile;
  citedBy: { id: string; path: string }[];
  /** The earliest verified_at of the Facts citing it: the file was read then, so it last changed no later. */
  readBy: string | null;
}

export interface SourceDatesRun {
  cited: CitedFile[];
  /** Keys resolved on this run (new or refreshed). */
  resolved: string[];
  /** Keys still without a date, with the reason. */
  unresolved: { key: string; reason: string }[];
  /** Keys that already had a date and were kept. */
  kept: number;
  /** Entries dropped because no Fact cites them any more (only on a run over every provider). */
  pruned: string[];
  /** source_urls that name a repository file by branch, not commit: their content is not fixed, so not datable. */
  unpinned: { id: string; path: string; url: string }[];
  dates: SourceDates;
}

/** Every repository file the seed's researched Facts cite, read from the raw files (a run must work while dates are wrong). */
export async function citedRepositoryFiles(paths: ProjectPaths, only: readonly string[]): Promise<{ cited: CitedFile[]; unpinned: SourceDatesRun["unpinned"] }> {
  const loaded = await loadData(paths);
  const byKey = new Map<string, CitedFile>();
  const unpinned: SourceDatesRun["unpinned"] = [];
  for (const raw of loaded.providers) {
    if (raw.value === null || typeof raw.value !== "object" || Array.isArray(raw.value)) continue;
    const id = typeof (raw.value as { id?: unknown }).id === "string" ? (raw.value as { id: string }).id : raw.stem;
    if (only.length > 0 && !only.includes(id)) continue;
    for (const [factPath, fact] of factsOf(raw.value as Record<string, unknown>)) {
      if (fact.status === "unknown" || typeof fact.source_url !== "string") continue;
      const file = repositoryFileOf(fact.source_url);
      if (!file) continue;
      const where = factPath.map(String).join(".");
      if (!file.pinned) {
        unpinned.push({ id, path: where, url: fact.source_url });
        continue;
      }
      const key = repositoryFileKey(file);
      const entry = byKey.get(key) ?? { key, file, citedBy: [], readBy: null };
      entry.citedBy.push({ id, path: where });
      const verified = typeof fact.verified_at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(fact.verified_at) ? fact.verified_at : null;
      if (verified !== null && (entry.readBy === null || verified < entry.readBy)) entry.readBy = verified;
      byKey.set(key, entry);
    }
  }
  return { cited: [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1)), unpinned };
}

async function resolveOne(file: RepositoryFile, options: SourceDatesOptions): Promise<Resolution & { via?: SourceDateEntry["via"] }> {
  if (options.clones) {
    const clone = await findClone(options.clones, file.repository);
    if (clone) {
      const inClone = await resolveInClone(clone, file);
      // A clone that lacks the pinned commit is out of date; the forge may still know it.
      if ("date" in inClone || !inClone.unresolved.startsWith("commit ")) return { ...inClone, via: "clone" };
    }
  }
  if (options.offline) return { unresolved: options.clones ? `no clone of ${file.repository} holding commit ${file.ref.slice(0, 12)} in the clones folder, and the API was not asked (--offline)` : "no clones folder given and the API was not asked (--offline)" };
  const byApi = await resolveByApi(file, options);
  return { ...byApi, via: FORGE_APIS[file.forge].via };
}

/**
 * The door of data/source-dates.json: a computed date is kept only when its entry fits the file's schema (a
 * real day, not before 1990, not after today) and the file did not change after a person read it. A refused
 * date is a failure of that file on this run: it stays unresolved, or keeps the date it had.
 */
function atTheDoor(item: CitedFile, found: Extract<Resolution, { date: string }> & { via?: SourceDateEntry["via"] }, today: string): { date: string; entry: SourceDateEntry } | { unresolved: string } {
  const entry = { date: found.date, last_change: found.lastChange, ...(found.via && { via: found.via }), checked_at: today };
  const admitted = admit(SourceDateEntry, entry, "data/source-dates.json");
  if (!admitted.ok) return { unresolved: `${found.via ?? "history"}: ${admitted.reason}` };
  if (item.readBy !== null && found.date > item.readBy) return { unresolved: `${found.via ?? "history"}: refused at the door: the history dates the file's last change ${found.date}, after a Fact citing it was verified (${item.readBy})` };
  return { date: found.date, entry: admitted.value };
}

/**
 * Computes the date of every cited pinned file that has none yet, keeps every date already computed (the
 * history before a commit cannot change), and writes data/source-dates.json.
 */
export async function runSourceDates(paths: ProjectPaths, options: SourceDatesOptions): Promise<SourceDatesRun> {
  const dates = await readSourceDates(paths.sourceDates);
  const { cited, unpinned } = await citedRepositoryFiles(paths, options.only);
  const files: Record<string, SourceDateEntry> = { ...dates.files };
  const resolved: string[] = [];
  const unresolved: SourceDatesRun["unresolved"] = [];
  let kept = 0;
  const todo = cited.filter((item) => {
    const known = files[item.key];
    if (known && known.date !== null && !options.refresh) {
      kept++;
      return false;
    }
    return true;
  });
  // Clones answer in milliseconds; the API is kept to a few requests at a time.
  const answers = await mapLimit(todo, 4, async (item) => [item, await resolveOne(item.file, options)] as const);
  for (const [item, found] of answers) {
    const answer = "date" in found ? atTheDoor(item, found, options.today) : found;
    if ("date" in answer) {
      files[item.key] = answer.entry;
      resolved.push(item.key);
    } else {
      const previous = files[item.key];
      // A refresh that cannot reach the history keeps the date it had rather than forgetting it.
      if (previous && previous.date !== null) {
        kept++;
        continue;
      }
      files[item.key] = { date: null, unresolved: cleanText(answer.unresolved, 300), checked_at: options.today };
      unresolved.push({ key: item.key, reason: answer.unresolved });
    }
  }
  const pruned: string[] = [];
  if (options.only.length === 0) {
    const citedKeys = new Set(cited.map((item) => item.key));
    for (const key of Object.keys(files)) {
      if (!citedKeys.has(key)) {
        delete files[key];
        pruned.push(key);
      }
    }
  }
  const next: SourceDates = { ...(dates.$comment !== undefined && { $comment: dates.$comment }), files };
  // Each new entry passed the door; the whole file is checked once more before it replaces the last.
  const whole = admit(SourceDatesFile, next, "data/source-dates.json");
  if (!whole.ok) throw new Error(`source-dates: ${whole.reason}`);
  await writeSourceDates(paths.sourceDates, next);
  return { cited, resolved, unresolved, kept, pruned, unpinned, dates: next };
}
