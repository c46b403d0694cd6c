import { diffSnapshots } from "../history/diff.js";
import type { ChangeEntry, ChangesDocument, History } from "../history/shapes.js";
import { addText, jsonText, type Artefacts } from "./artefacts.js";
import { atomFeed } from "./feed.js";

/** Where the change feed is published inside public/. */
export const CHANGES_FILES = { json: "api/changes.json", feed: "feed.xml" } as const;

/** For a build that was not given the history (renderSite called without it, as in most tests). */
export const HISTORY_NOT_READ: History = { history: "unavailable", note: "This build did not read the git history of data/." };

/** Entries /api/changes.json holds at most: enough for months of edits, small enough to fetch on a phone. */
export const MAX_CHANGE_ENTRIES = 500;

export interface ChangesOptions {
  /** The build's generated_at, so an unchanged history rebuilds to the same bytes. */
  generatedAt: string;
  maxEntries?: number;
}

/**
 * /api/changes.json from the history: each snapshot compared with the one before it, newest first. Pure.
 * The oldest snapshot of a cut window has no predecessor and only serves as a base: comparing it with
 * nothing would report every provider as added on that day.
 */
export function changesDocument(history: History, options: ChangesOptions): ChangesDocument {
  const maxEntries = options.maxEntries ?? MAX_CHANGE_ENTRIES;
  if (history.history === "unavailable") {
    return { generated_at: options.generatedAt, history: "unavailable", note: history.note, commits_read: 0, truncated: false, skipped: [], entries: [] };
  }
  const { snapshots, reachesFirstCommit } = history;
  const listed = reachesFirstCommit ? snapshots.length : Math.max(0, snapshots.length - 1);
  const entries: ChangeEntry[] = [];
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
  return { generated_at: options.generatedAt, history: "git", note: history.note, commits_read: listed, truncated, skipped: [...history.skipped], entries };
}

/** A provider's newest `count` changes, newest first, for its page. */
export function recentChangesFor(providerId: string, entries: readonly ChangeEntry[], count: number): ChangeEntry[] {
  const found: ChangeEntry[] = [];
  for (const entry of entries) {
    if (found.length >= count) break;
    if (entry.provider_id === providerId) found.push(entry);
  }
  return found;
}

/** Writes /api/changes.json and /feed.xml; returns the document so pages can show each provider's changes. */
export function emitChanges(artefacts: Artefacts, history: History, options: { generatedAt: string; baseUrl: string }): ChangesDocument {
  const document = changesDocument(history, { generatedAt: options.generatedAt });
  addText(artefacts, CHANGES_FILES.json, jsonText(document));
  addText(artefacts, CHANGES_FILES.feed, atomFeed(document, { baseUrl: options.baseUrl }));
  return document;
}
