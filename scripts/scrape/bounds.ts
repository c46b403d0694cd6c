/**
 * Limits on what one endpoint can put into data/observations/<id>.json. The build refuses an input file
 * over 5 MB, so an endpoint that answers with a million models or megabyte-long names must not be able to
 * make the next build fail: the observation is capped well below that.
 */
export const OBSERVATION_LIMITS = {
  maxModels: 1000,
  maxStringLength: 200,
  maxAliases: 10,
  /** A fifth of the build's per-file limit, so an observation never comes near it. */
  maxObservationBytes: 1024 * 1024,
} as const;

// C0/C1 controls and the bidirectional overrides that make text display differently from what it is.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A provider's string as it may be written: without control characters, trimmed, not over the limit; null otherwise. */
export function boundedText(value: unknown, max: number = OBSERVATION_LIMITS.maxStringLength): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(UNSAFE_CHARACTERS, "").trim();
  // Too long is dropped, not cut: a cut model id would name a model that does not exist.
  return text.length > 0 && text.length <= max ? text : null;
}

/** A positive whole number such as a context length, or undefined. */
export function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Compact JSON of an observation that fits `maxBytes`; when it does not, `shrink` is asked for a smaller
 * one until it fits (each call must return something smaller, or null to give up).
 */
export function boundedJson<T>(value: T, shrink: (current: T) => T | null, maxBytes: number = OBSERVATION_LIMITS.maxObservationBytes): string {
  let current: T | null = value;
  while (current !== null) {
    const text = `${JSON.stringify(current)}\n`;
    if (Buffer.byteLength(text) <= maxBytes) return text;
    current = shrink(current);
  }
  throw new Error(`an observation cannot be made smaller than ${maxBytes} bytes`);
}
