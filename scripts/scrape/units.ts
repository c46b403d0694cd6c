/**
 * Price units. Providers quote per token (OpenRouter, OVHcloud), per million tokens or per minute of audio
 * (Berget); the dataset stores per 1 million tokens only. Every conversion goes through here, so a unit the
 * code does not know becomes "no price" instead of a wrong one.
 */

/** What a quoted price is for: a number of tokens, or something else (minutes, characters, steps, …). */
export type PriceBasis = { kind: "tokens"; per: number } | { kind: "other"; label: string };

const QUANTITY_WORDS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6 };

// Tokens of another modality are billed differently from text tokens and are not comparable to them.
const NOT_TEXT_TOKENS = /\b(ocr|audio|image|images|cache|cached)\b/;
const OTHER_UNITS = /(minute|\bmin\b|mins\b|second|\bsec\b|hour|character|\bchars?\b|step|image|request|page|call|query|search)/;
// "per token", "EUR/1M tokens", "1K tokens", "per_million_tokens", "mtok": a quantity (digits and/or a
// word) right before "tok…"; the quantity must start a word, so the "m" in "premium" is not a million.
const TOKEN_QUANTITY = /(?:^|[\s/(-])(\d+(?:[.,]\d+)*)?\s*(thousand|million|mn|k|m)?\s*tok(?:en)?s?\b/;

/** Reads a unit label as a provider writes it; null when it cannot be read. */
export function priceBasisOf(label: string): PriceBasis | null {
  const text = label.toLowerCase().replace(/[_\s]+/g, " ").trim();
  if (text === "") return null;
  if (!/tok/.test(text)) return OTHER_UNITS.test(text) ? { kind: "other", label: text } : null;
  if (NOT_TEXT_TOKENS.test(text)) return { kind: "other", label: text };
  const match = TOKEN_QUANTITY.exec(text);
  if (!match) return null;
  const count = match[1] ? Number(match[1].replace(/,/g, "")) : 1;
  const word = match[2] ? QUANTITY_WORDS[match[2]]! : 1;
  const per = count * word;
  return Number.isFinite(per) && per > 0 ? { kind: "tokens", per } : null;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A price for `per` tokens as a price per 1,000,000 tokens, computed on the decimal digits (a string such
 * as OpenRouter's "0.0000003" gives exactly 0.3, not 0.30000000000000004). Null for a value that is not a
 * number or is negative: OpenRouter writes "-1" for "priced by the model it routes to".
 */
export function perMillionTokens(value: string | number, per: number): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || !(per > 0)) return null;
  if (match[1] === "-" && /[1-9]/.test(`${match[2]}${match[3] ?? ""}`)) return null;
  const shift = Math.log10(1_000_000 / per);
  if (!Number.isInteger(shift)) {
    // A unit that is not a power of ten (never seen so far): plain arithmetic, rounded to 12 digits.
    return Number(((Number(text) * 1_000_000) / per).toPrecision(12));
  }
  const fraction = match[3] ?? "";
  const exponent = Number(match[4] ?? 0) - fraction.length + shift;
  const result = Number(`${match[2]}${fraction}e${exponent}`);
  return Number.isFinite(result) ? result : null;
}

/** An ISO 4217 code as the dataset writes it, or null. */
export function currencyCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}
