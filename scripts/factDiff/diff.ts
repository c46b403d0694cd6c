import { jsonPath } from "../problems.js";
import { factsOf, type FactLike } from "../schema/facts.js";
import { sameJson } from "../history/diff.js";
import type { Seeds } from "./read.js";

/**
 * What a change to the seed files does, Fact by Fact, in the terms a reviewer checks: the value, the status, the
 * source, its date, the day it was verified and the source's own words. Seed files are compared as written (not
 * merged, not derived): that is what the pull request proposes.
 */

/** What a reviewer reads of one Fact. */
export interface FactSide {
  value: unknown;
  status: unknown;
  source_url: unknown;
  source_type: unknown;
  source_date: unknown;
  verified_at: unknown;
  quote: unknown;
  locator: unknown;
}

/** The parts of a Fact a reviewer checks, in the order they are shown. */
export const ASPECTS = ["value", "status", "source", "source date", "verified", "quote"] as const;
export type Aspect = (typeof ASPECTS)[number];

const MEMBERS_OF: Record<Aspect, ReadonlyArray<keyof FactSide>> = {
  value: ["value"],
  status: ["status"],
  source: ["source_url", "source_type"],
  "source date": ["source_date"],
  verified: ["verified_at"],
  quote: ["quote", "locator"],
};
const SHOWN = new Set<string>(Object.values(MEMBERS_OF).flat());

export interface FactChange {
  /** JSON path of the Fact inside the record, as the validator names it ($.ownership.country_hq). */
  path: string;
  kind: "added" | "removed" | "changed";
  before: FactSide | null;
  after: FactSide | null;
  /** For a changed Fact: the aspects that differ. */
  aspects: Aspect[];
  /** For a changed Fact: other members that differ (note, display, partial …), by name. */
  others: string[];
}

export type ProviderChange =
  | { id: string; name: string; kind: "added" | "removed" | "changed"; facts: FactChange[] }
  | { id: string; name: string; kind: "unreadable"; side: "base" | "head"; reason: string };

const orNull = (value: unknown) => (value === undefined ? null : value);

function sideOf(fact: FactLike): FactSide {
  return {
    value: orNull(fact.value),
    status: orNull(fact.status),
    source_url: orNull(fact.source_url),
    source_type: orNull(fact.source_type),
    source_date: orNull(fact.source_date),
    verified_at: orNull(fact.verified_at),
    quote: orNull(fact.quote),
    locator: orNull(fact.locator),
  };
}

function factChange(path: string, before: FactLike | undefined, after: FactLike | undefined): FactChange | null {
  if (!before) return { path, kind: "added", before: null, after: sideOf(after!), aspects: [], others: [] };
  if (!after) return { path, kind: "removed", before: sideOf(before), after: null, aspects: [], others: [] };
  const was = sideOf(before);
  const now = sideOf(after);
  const aspects = ASPECTS.filter((aspect) => MEMBERS_OF[aspect].some((member) => !sameJson(was[member], now[member])));
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => !SHOWN.has(name)).sort();
  const others = names.filter((name) => !sameJson(orNull((before as Record<string, unknown>)[name]), orNull((after as Record<string, unknown>)[name])));
  if (aspects.length === 0 && others.length === 0) return null;
  return { path, kind: "changed", before: was, after: now, aspects, others };
}

const nameOf = (record: Record<string, unknown> | undefined, id: string) => (typeof record?.name === "string" ? record.name : id);

/** Every Fact of the newer record in its order, then the ones it lost. */
export function diffRecord(before: Record<string, unknown>, after: Record<string, unknown>): FactChange[] {
  const old = new Map(factsOf(before).map(([segments, fact]) => [jsonPath(segments), fact] as const));
  const changes: FactChange[] = [];
  for (const [segments, fact] of factsOf(after)) {
    const path = jsonPath(segments);
    const change = factChange(path, old.get(path), fact);
    old.delete(path);
    if (change) changes.push(change);
  }
  for (const [path, fact] of old) changes.push(factChange(path, fact, undefined)!);
  return changes;
}

/**
 * The record's own members that are not Facts (name, website, category …): shown as "changed" rows of their
 * own, so a renamed provider or a new category is seen too.
 */
function memberChanges(before: Record<string, unknown>, after: Record<string, unknown>): FactChange[] {
  const plain = (record: Record<string, unknown>) =>
    new Map(Object.entries(record).filter(([key, value]) => key !== "$schema" && (value === null || typeof value !== "object" || Array.isArray(value))));
  const was = plain(before);
  const now = plain(after);
  const side = (value: unknown): FactSide => ({ value: orNull(value), status: null, source_url: null, source_type: null, source_date: null, verified_at: null, quote: null, locator: null });
  return [...new Set([...was.keys(), ...now.keys()])]
    .filter((key) => !sameJson(orNull(was.get(key)), orNull(now.get(key))))
    .map((key) => ({ path: jsonPath([key]), kind: "changed", before: side(was.get(key)), after: side(now.get(key)), aspects: ["value"], others: [] }));
}

/** What changed from the base's seed files to the head's, providers in id order; unchanged providers are left out. */
export function diffSeeds(base: Seeds, head: Seeds): ProviderChange[] {
  const ids = [...new Set([...base.keys(), ...head.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const changes: ProviderChange[] = [];
  for (const id of ids) {
    const was = base.get(id);
    const now = head.get(id);
    if (now && !now.ok) {
      changes.push({ id, name: id, kind: "unreadable", side: "head", reason: now.reason });
    } else if (was && !was.ok) {
      if (now) changes.push({ id, name: nameOf(now.value, id), kind: "unreadable", side: "base", reason: was.reason });
    } else if (!was && now) {
      changes.push({ id, name: nameOf(now.value, id), kind: "added", facts: factsOf(now.value).map(([segments, fact]) => factChange(jsonPath(segments), undefined, fact)!) });
    } else if (was && !now) {
      changes.push({ id, name: nameOf(was.value, id), kind: "removed", facts: [] });
    } else if (was && now) {
      const facts = [...memberChanges(was.value, now.value), ...diffRecord(was.value, now.value)];
      if (facts.length) changes.push({ id, name: nameOf(now.value, id), kind: "changed", facts });
    }
  }
  return changes;
}
