import type { FactLike } from "./fact.js";

/** A Fact's place in a record: a top-level Fact (`models`) or a member of a block (`pricing.currency`). */
export type FactPath = readonly [string] | readonly [string, string];

export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join(".");

export type { FactLike };

/** The Fact at a path, if the record has one there. */
export function factAt(record: object, path: FactPath): FactLike | undefined {
  const top = (record as Record<string, unknown>)[path[0]];
  const found = path.length === 1 ? top : top && typeof top === "object" ? (top as Record<string, unknown>)[path[1]] : undefined;
  return found !== null && typeof found === "object" && "status" in found ? (found as FactLike) : undefined;
}

/** A Fact that says something: present, and neither unknown nor without a value. */
export const isResearched = (fact: FactLike | undefined): boolean => fact !== undefined && fact.status !== "unknown";

/** A researched Fact's value when it is a string (a code, a URL, a token); null otherwise. */
export const stringValueOf = (fact: FactLike | undefined): string | null => (isResearched(fact) && typeof fact!.value === "string" ? fact!.value : null);
