import { jsonPath } from "../problems.js";
import { factsOf, type FactLike } from "../schema/facts.js";
import type { ChangeKind, FactState, HistoryChange, Snapshot } from "./shapes.js";

/** confirmed > claimed > planned > unknown. not_applicable, and any status the schema does not know, count as unknown. */
const STATUS_RANK: Readonly<Record<string, number>> = { confirmed: 3, claimed: 2, planned: 1, unknown: 0, not_applicable: 0 };

export function statusRank(status: unknown): number {
  return typeof status === "string" && Object.hasOwn(STATUS_RANK, status) ? STATUS_RANK[status]! : 0;
}

const orNull = (value: unknown) => (value === undefined ? null : value);
const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/** The part of a Fact a citation quotes (value, status, both dates) and where it came from. */
export function factState(fact: FactLike): FactState {
  return {
    value: orNull(fact.value),
    status: textOrNull(fact.status),
    verified_at: textOrNull(fact.verified_at),
    source_date: textOrNull(fact.source_date),
    source_url: textOrNull(fact.source_url),
  };
}

/** JSON equality that ignores the order of object keys: re-saving a file in another key order changes nothing. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Where and when a set of changes happened. */
export interface ChangeContext {
  commit: string;
  date: string;
  datasetVersion: string | null;
}

/** The kinds of change between two versions of one Fact, in a fixed order. */
export function factChanges(before: FactLike, after: FactLike): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (!sameJson(orNull(before.value), orNull(after.value))) kinds.push("value_changed");
  const rise = statusRank(after.status) - statusRank(before.status);
  if (rise > 0) kinds.push("status_raised");
  if (rise < 0) kinds.push("status_lowered");
  if (orNull(before.verified_at) !== orNull(after.verified_at)) kinds.push("verified");
  const sourceOf = (fact: FactLike) => [fact.source_url, fact.source_type, fact.source_date].map(orNull);
  if (!sameJson(sourceOf(before), sourceOf(after))) kinds.push("source_changed");
  return kinds;
}

/** Every change to one provider's Facts: the Facts of the newer record in their order, then the ones it lost. */
export function diffRecord(id: string, before: Record<string, unknown>, after: Record<string, unknown>, context: ChangeContext): HistoryChange[] {
  const entry = (path: string, kind: ChangeKind, was: FactLike | undefined, now: FactLike | undefined): HistoryChange => ({
    label: context.datasetVersion,
    date: context.date,
    commit: context.commit,
    provider_id: id,
    path,
    kind,
    before: was ? factState(was) : null,
    after: now ? factState(now) : null,
  });
  const old = new Map(factsOf(before).map(([path, fact]) => [jsonPath(path), fact] as const));
  const entries: HistoryChange[] = [];
  for (const [segments, fact] of factsOf(after)) {
    const path = jsonPath(segments);
    const was = old.get(path);
    old.delete(path);
    if (!was) entries.push(entry(path, "fact_added", undefined, fact));
    else for (const kind of factChanges(was, fact)) entries.push(entry(path, kind, was, fact));
  }
  for (const [path, was] of old) entries.push(entry(path, "fact_removed", was, undefined));
  return entries;
}

/**
 * What changed from one snapshot to the next, providers in id order. `before` null means the data begins
 * at `after`: each of its providers was added there.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot): HistoryChange[] {
  const context: ChangeContext = { commit: after.sha.slice(0, 12), date: after.committedAt.slice(0, 10), datasetVersion: after.datasetVersion };
  const previous = before?.providers ?? new Map<string, Record<string, unknown>>();
  const ids = [...new Set([...previous.keys(), ...after.providers.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries: HistoryChange[] = [];
  const whole = (id: string, kind: ChangeKind): HistoryChange => ({
    label: context.datasetVersion,
    date: context.date,
    commit: context.commit,
    provider_id: id,
    path: "$",
    kind,
    before: null,
    after: null,
  });
  for (const id of ids) {
    const was = previous.get(id);
    const now = after.providers.get(id);
    // The same file version is the same object in both snapshots: nothing to compare.
    if (was === now) continue;
    if (!was) entries.push(whole(id, "provider_added"));
    else if (!now) entries.push(whole(id, "provider_removed"));
    else entries.push(...diffRecord(id, was, now, context));
  }
  return entries;
}
