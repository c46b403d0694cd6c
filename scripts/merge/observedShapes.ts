import type { ReviewEntry } from "./review.js";

/**
 * A value an automatic source saw for one Fact of a record. Every observation source (the models list
 * today; a company register or a pricing page later) is turned into these, and the merge treats them alike.
 */
export interface ObservedFact {
  /** Path of the Fact inside the record, e.g. ["api", "openai_compatible"]. */
  path: [string] | [string, string];
  value: unknown;
  /** YYYY-MM-DD of the observation. */
  observedAt: string;
  sourceUrl: string;
  sourceType: string;
  /** Whether a manual value says the same; defaults to deep equality. */
  agrees?: (manual: unknown) => boolean;
  /** What a disagreement is reported as in the review queue (defaults to the observed value). */
  reviewValue?: unknown;
  /** For list values: whether the observation is a sample (true) or the source's complete list (false). */
  partial?: boolean;
}

export interface ObservedRecord {
  facts: ObservedFact[];
  /** Derived members written onto the record as they are, e.g. `_models_api`. */
  derived: Record<string, unknown>;
  /** For what is finer than one Fact (a price inside the models list): runs after the facts are merged. */
  apply?: (record: Record<string, unknown>, queue: ReviewEntry[]) => void;
}
