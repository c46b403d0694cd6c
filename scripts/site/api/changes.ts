import { changeListOf, type ChangeList } from "../../history/changeList.js";
import type { ChangeEntry, ChangesDocument, History, HistoryChange } from "../../history/shapes.js";
import { FILES } from "../../routes.js";
import { addText, jsonText, type Artefacts } from "../artefacts.js";
import { atomFeed } from "./feed.js";

/** Entries per page of /api/changes.json, and in the Atom feed: months of edits, small enough to fetch on a phone. */
export const CHANGES_PER_PAGE = 500;

/** For a build that was not given the history (renderSite called without it, as in most tests). */
export const CHANGES_NOT_READ: ChangeList = changeListOf({ history: "unavailable", note: "This build did not read the git history of data/." });

export interface ChangesOptions {
  /** The build's generated_at, so an unchanged history rebuilds to the same bytes. */
  generatedAt: string;
  /** Entries per page. */
  pageSize?: number;
  /** Which version first published each change. */
  versions: ChangeVersions;
}

/** Which version first published each change: by its commit, and the version this build publishes for the rest. */
export interface ChangeVersions {
  /** The oldest kept version whose commit contains this commit (12 hex digits), if any. */
  ofCommit(commit: string): string | undefined;
  /** The version this build publishes: it holds every change of the history no kept version holds yet. */
  current: string;
}

/**
 * Every change with the dataset version that first published it: the label typed at its commit before versions
 * were derived, else the oldest kept version that contains its commit, else the version this build publishes.
 */
export function withVersions(entries: readonly HistoryChange[], versions: ChangeVersions): ChangeEntry[] {
  return entries.map(({ label, ...entry }) => ({ dataset_version: label ?? versions.ofCommit(entry.commit) ?? versions.current, ...entry }));
}

/** The path of page n inside public/: 1 is /api/changes.json, the rest are /api/changes/n.json. */
const pageFile = (page: number) => (page === 1 ? FILES.changes : FILES.changesPage(page));

/** Page n's link to page n+1, relative to page n's own URL, so it holds wherever the site is served. */
const nextLink = (page: number) => (page === 1 ? `changes/${page + 1}.json` : `${page + 1}.json`);

/** Every page of the change list, newest entries first; a list without entries is one empty page. Pure. */
export function changesPages(changes: ChangeList, options: ChangesOptions): ChangesDocument[] {
  const entries = withVersions(changes.entries, options.versions);
  const size = Math.max(1, Math.floor(options.pageSize ?? CHANGES_PER_PAGE));
  const pages = Math.max(1, Math.ceil(entries.length / size));
  return Array.from({ length: pages }, (_, index) => ({
    generated_at: options.generatedAt,
    history: changes.history,
    note: changes.note,
    commits_read: changes.commits_read,
    truncated: changes.truncated,
    skipped: changes.skipped,
    entries: entries.slice(index * size, (index + 1) * size),
    page: index + 1,
    pages,
    total_entries: entries.length,
    next: index + 1 < pages ? nextLink(index + 1) : null,
  }));
}

/** /api/changes.json (the first page) from the history (see changeListOf). Pure. */
export function changesDocument(history: History, options: ChangesOptions): ChangesDocument {
  return changesPages(changeListOf(history), options)[0]!;
}

/**
 * Each provider's newest `count` changes, newest first, for its page: one pass over every change, however many
 * providers and changes there are (the list is no longer cut at 500).
 */
export function recentChangesByProvider<T extends { provider_id: string }>(entries: readonly T[], count: number): ReadonlyMap<string, readonly T[]> {
  const found = new Map<string, T[]>();
  for (const entry of entries) {
    const list = found.get(entry.provider_id);
    if (!list) found.set(entry.provider_id, [entry]);
    else if (list.length < count) list.push(entry);
  }
  return found;
}

/** A provider's newest `count` changes, newest first. */
export function recentChangesFor<T extends { provider_id: string }>(providerId: string, entries: readonly T[], count: number): readonly T[] {
  return recentChangesByProvider(entries, count).get(providerId) ?? [];
}

/**
 * Writes /api/changes.json and its next pages, and /feed.xml from the first page (the feed keeps its window of
 * the newest changes); returns every change with its version, for the provider pages.
 */
export function emitChanges(artefacts: Artefacts, changes: ChangeList, options: ChangesOptions & { baseUrl: string }): ChangeEntry[] {
  const pages = changesPages(changes, options);
  pages.forEach((page, index) => addText(artefacts, pageFile(index + 1), jsonText(page)));
  addText(artefacts, FILES.feed, atomFeed(pages[0]!, { baseUrl: options.baseUrl }));
  return pages.flatMap((page) => page.entries);
}
