import { HIDDEN_CHARACTERS } from "../schema/primitives.js";

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

// Zero-width characters and the byte-order mark are dropped from a name; they change nothing a reader sees.
const ZERO_WIDTH = /[\u200b-\u200f\ufeff]/g;

/**
 * A provider's string as it may be written: trimmed, not over the limit; null otherwise. A string with a
 * hidden character (a control, a bidirectional override, a tag character, a lone surrogate) is dropped
 * whole, not cleaned: "llama-3" followed by tag characters is not the model "llama-3".
 */
export function boundedText(value: unknown, max: number = OBSERVATION_LIMITS.maxStringLength): string | null {
  if (typeof value !== "string" || HIDDEN_CHARACTERS.test(value)) return null;
  const text = value.replace(ZERO_WIDTH, "").trim();
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
