import { changeListOf, type ChangeList } from "../../history/changeList.js";
import type { ChangeEntry, ChangesDocument, History } from "../../history/shapes.js";
import { addText, jsonText, type Artefacts } from "../artefacts.js";
import { atomFeed } from "./feed.js";

/** Where the change feed is published inside public/. */
export const CHANGES_FILES = { json: "api/changes.json", feed: "feed.xml" } as const;

/** For a build that was not given the history (renderSite called without it, as in most tests). */
export const CHANGES_NOT_READ: ChangeList = changeListOf({ history: "unavailable", note: "This build did not read the git history of data/." });

export interface ChangesOptions {
  /** The build's generated_at, so an unchanged history rebuilds to the same bytes. */
  generatedAt: string;
  maxEntries?: number;
}

/** /api/changes.json from the history (see changeListOf). Pure. */
export function changesDocument(history: History, options: ChangesOptions): ChangesDocument {
  return documentOf(changeListOf(history, options.maxEntries), options.generatedAt);
}

const documentOf = (changes: ChangeList, generatedAt: string): ChangesDocument => ({ generated_at: generatedAt, ...changes });

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
export function emitChanges(artefacts: Artefacts, changes: ChangeList, options: { generatedAt: string; baseUrl: string }): ChangesDocument {
  const document = documentOf(changes, options.generatedAt);
  addText(artefacts, CHANGES_FILES.json, jsonText(document));
  addText(artefacts, CHANGES_FILES.feed, atomFeed(document, { baseUrl: options.baseUrl }));
  return document;
}
