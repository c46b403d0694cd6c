import { jsonPath } from "../problems.js";

/** What JSON.parse accepts silently but a data file must not hold. */
export type ScanFinding =
  | { kind: "duplicate-key"; path: string; first: number; second: number }
  | { kind: "number-out-of-range"; path: string; offset: number; literal: string };

/** An open object or array; its path is read off the chain of open containers only when something is found. */
interface Frame {
  parent: Frame | null;
  /** The member names seen so far, with the offset of each; null for an array. */
  keys: Map<string, number> | null;
  key: string | null;
  index: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;

const isStructural = (code: number) => code === COMMA || code === CLOSE_ARRAY || code === CLOSE_OBJECT;
const isWhitespace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** Where in the document the next value inside `frame` sits. */
function pathAt(frame: Frame | null): PropertyKey[] {
  const segments: PropertyKey[] = [];
  for (let open = frame; open; open = open.parent) segments.push(open.keys ? (open.key ?? "") : open.index);
  return segments.reverse();
}

/** The offset of the quote that closes the string opening at `start` (the end of the text if none does). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    if (end < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    // An odd number of backslashes escapes the quote.
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/**
 * One pass over JSON text that JSON.parse has already accepted, finding what it hides: a member named
 * twice in one object (JSON.parse keeps the last, silently), and a number that does not survive parsing
 * (1e-400 becomes 0, 1e400 becomes Infinity, which serialises as null). Offsets are into `text`. It reads
 * character codes and builds a path only for what it reports: the loader runs it on every data file.
 */
export function scanJson(text: string): ScanFinding | null {
  let top = null as Frame | null;
  let expectKey = false;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      top = { parent: top, keys: code === OPEN_OBJECT ? new Map() : null, key: null, index: 0 };
      expectKey = code === OPEN_OBJECT;
      i += 1;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      top = top?.parent ?? null;
      expectKey = false;
      i += 1;
    } else if (code === COMMA) {
      if (top && !top.keys) top.index += 1;
      expectKey = top?.keys != null;
      i += 1;
    } else if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const first = top.keys.get(key);
        if (first !== undefined) return { kind: "duplicate-key", path: jsonPath([...pathAt(top.parent), key]), first, second: i };
        top.keys.set(key, i);
        top.key = key;
        expectKey = false;
      }
      i = end + 1;
    } else if (code === MINUS || isDigit(code)) {
      let end = i + 1;
      while (end < length && !isWhitespace(text.charCodeAt(end)) && !isStructural(text.charCodeAt(end))) end += 1;
      const literal = text.slice(i, end);
      const value = Number(literal);
      if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(literal.split(/[eE]/)[0]!))) {
        return { kind: "number-out-of-range", path: jsonPath(pathAt(top)), offset: i, literal: literal.slice(0, 32) };
      }
      i = end;
    } else {
      // Whitespace, a colon, true, false or null.
      i += 1;
    }
  }
  return null;
}

/** The offset of the byte after the string opening at `start`: its closing quote's, or the end. */
function byteStringEnd(bytes: Uint8Array, start: number): number {
  for (let i = start + 1; i < bytes.length; i += 1) {
    const code = bytes[i];
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE) return i;
  }
  return bytes.length;
}

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read before JSON.parse is asked to build it.
 * A size cap alone does not bound memory: 32 MB of "[" parse into sixteen million arrays, well over a
 * gigabyte, before any check of the parsed value could run. This pass allocates nothing and stops at the first
 * level too deep. Brackets inside strings do not count; on text that is not JSON at all it may answer either
 * way, and JSON.parse then refuses it. Bytes are read as UTF-8, whose multi-byte characters never hold a quote,
 * backslash or bracket byte.
 */
export function nestsDeeperThan(text: string | Uint8Array, limit: number): boolean {
  let depth = 0;
  if (typeof text === "string") {
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === QUOTE) i = stringEnd(text, i);
      else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        depth += 1;
        if (depth > limit) return true;
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth -= 1;
    }
    return false;
  }
  for (let i = 0; i < text.length; i += 1) {
    const code = text[i];
    if (code === QUOTE) i = byteStringEnd(text, i);
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}
