import type { Provider } from "../schema/index.js";
import type { RawFile } from "../load/loadData.js";

export interface ReviewEntry {
  provider: string;
  path: string;
  manual_value: unknown;
  observed_value: unknown;
  observed_at: string;
  source: string;
}

export interface MergeResult {
  providers: Provider[];
  reviewQueue: ReviewEntry[];
}

/** Seed + observations → merged records and the review queue. */
export function mergeObservations(providers: Provider[], _observations: readonly RawFile[]): MergeResult {
  return { providers, reviewQueue: [] };
}
