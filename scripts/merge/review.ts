/** A deviation between the manually verified seed and an automatic observation, for a person to settle. */
export interface ReviewEntry {
  provider: string;
  path: string;
  manual_value: unknown;
  observed_value: unknown;
  observed_at: string;
  source: string;
  /** What the path is about when the path alone does not say (a model's name and the price's unit). */
  note?: string;
}
