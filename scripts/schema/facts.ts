import type { FactLike, FactStatus } from "./fact.js";
import type { Provider } from "./provider.js";

export type { FactLike } from "./fact.js";

/** Members holding derived or registry objects, not Facts. */
const NOT_FACTS = new Set(["_contested", "_models_api", "_registry", "_observed"]);

export const isFact = (node: unknown): node is FactLike =>
  node !== null && typeof node === "object" && !Array.isArray(node) && "status" in node && "value" in node;

export type FactEntry = [PropertyKey[], FactLike];

/** Several emitters ask for the Facts of the same record: each record is walked once. */
const factsCache = new WeakMap<object, FactEntry[]>();

/**
 * Every Fact of a record with its path, wherever it stands: in the blocks the schema names, and in members
 * it does not name (a misspelt block, `ownership.x`), so that no Fact escapes the rules by its name. The
 * value of a Fact is not searched: what a Fact says is not itself a Fact.
 */
export function factsOf(record: Provider | Record<string, unknown>): readonly FactEntry[] {
  let facts = factsCache.get(record);
  if (facts) return facts;
  const found: FactEntry[] = [];
  const visit = (node: Record<string, unknown>, path: PropertyKey[]) => {
    for (const key of Object.keys(node)) {
      if (NOT_FACTS.has(key)) continue;
      const member = node[key];
      if (isFact(member)) found.push([[...path, key], member]);
      else if (member !== null && typeof member === "object" && !Array.isArray(member)) visit(member as Record<string, unknown>, [...path, key]);
    }
  };
  visit(record as Record<string, unknown>, []);
  facts = found;
  factsCache.set(record, facts);
  return facts;
}

/** How many Facts a record has of each status; the keys come from data, so the object has no prototype. */
export function factsByStatusOf(record: Provider | Record<string, unknown>): Partial<Record<FactStatus, number>> {
  const counts: Partial<Record<FactStatus, number>> = Object.create(null);
  for (const [, fact] of factsOf(record)) {
    const status = fact.status as FactStatus;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}
