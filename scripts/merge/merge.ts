import { isDeepStrictEqual } from "node:util";
import type { Fact, Observation, Provider } from "../schema/index.js";
import { OBSERVATION_SOURCES, type ObservedFact } from "./observed.js";
import type { ReviewEntry } from "./review.js";

export type { ReviewEntry } from "./review.js";

type Block = Record<string, Fact | undefined>;

function factAt(record: Record<string, unknown>, path: ObservedFact["path"]): Fact | undefined {
  if (path.length === 1) return record[path[0]] as Fact | undefined;
  return (record[path[0]] as Block | undefined)?.[path[1]];
}

function setFactAt(record: Record<string, unknown>, path: ObservedFact["path"], fact: Fact): void {
  if (path.length === 1) {
    record[path[0]] = fact;
    return;
  }
  const block = { ...((record[path[0]] as Block | undefined) ?? {}) };
  block[path[1]] = fact;
  record[path[0]] = block;
}

/**
 * The merge rule of the spec for one observed Fact: a missing or unknown seed Fact is topped up; an
 * agreeing one is marked corroborated; a disagreeing one keeps the manual value and goes to review.
 */
function mergeFact(record: Record<string, unknown>, observed: ObservedFact, queue: ReviewEntry[]): void {
  const seed = factAt(record, observed.path);
  const agrees = observed.agrees ?? ((manual: unknown) => isDeepStrictEqual(manual, observed.value));
  if (!seed || seed.status === "unknown") {
    setFactAt(record, observed.path, {
      value: observed.value,
      status: "confirmed",
      source_url: observed.sourceUrl,
      source_type: observed.sourceType,
      // The endpoint answered on that day; its answer is all the dating the value has.
      source_date: observed.observedAt,
      verified_at: observed.observedAt,
      verified_by: "scraper",
      ...(observed.partial !== undefined && { partial: observed.partial }),
      note: "Topped up from an automatic observation; not yet reviewed by a person.",
    });
    return;
  }
  if (agrees(seed.value)) {
    setFactAt(record, observed.path, { ...seed, corroborated_at: observed.observedAt, corroborated_by: "scraper" });
    return;
  }
  queue.push({
    kind: "observation_differs",
    provider: String(record.id),
    path: `$.${observed.path.join(".")}`,
    manual_value: seed.value,
    observed_value: observed.reviewValue ?? observed.value,
    observed_at: observed.observedAt,
    source: observed.sourceUrl,
  });
}

/** One record and its observation → the merged record; deviations are appended to `reviewQueue`. */
export function mergeRecord(provider: Provider, observation: Observation, reviewQueue: ReviewEntry[]): Provider {
  const record: Record<string, unknown> = { ...provider };
  for (const source of OBSERVATION_SOURCES) {
    const { facts, derived, apply } = source(provider, observation);
    for (const fact of facts) mergeFact(record, fact, reviewQueue);
    Object.assign(record, derived);
    apply?.(record, reviewQueue);
  }
  return record as Provider;
}
