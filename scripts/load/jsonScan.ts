import { jsonPath } from "../problems.js";

/** What JSON.parse accepts silently but a data file must not hold. */
export type ScanFinding =
  | { kind: "duplicate-key"; path: string; first: number; second: number }
  | { kind: "number-out-of-range"; path: string; offset: number; literal: string };

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

/**
 * One pass over JSON text that JSON.parse has already accepted, finding what it hides: a member named
 * twice in one object (JSON.parse keeps the last, silently), and a number that does not survive parsing
 * (1e-400 becomes 0, 1e400 becomes Infinity, which serialises as null). Offsets are into `text`.
 */
export function scanJson(text: string): ScanFinding | null {
  type Frame = { kind: "object"; keys: Map<string, number>; key: string | null; path: PropertyKey[] } | { kind: "array"; index: number; path: PropertyKey[] };
  const stack: Frame[] = [];
  let expectKey = false;
  let i = 0;
  const here = (): PropertyKey[] => {
    const top = stack.at(-1);
    if (!top) return [];
    return top.kind === "object" ? [...top.path, top.key ?? ""] : [...top.path, top.index];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (WHITESPACE.has(ch) || ch === ":") {
      i += 1;
    } else if (ch === "{" || ch === "[") {
      const path = here();
      stack.push(ch === "{" ? { kind: "object", keys: new Map(), key: null, path } : { kind: "array", index: 0, path });
      expectKey = ch === "{";
      i += 1;
    } else if (ch === "}" || ch === "]") {
      stack.pop();
      expectKey = false;
      i += 1;
    } else if (ch === ",") {
      const top = stack.at(-1);
      if (top?.kind === "array") top.index += 1;
      expectKey = top?.kind === "object";
      i += 1;
    } else if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const top = stack.at(-1);
      if (expectKey && top?.kind === "object") {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const first = top.keys.get(key);
        if (first !== undefined) return { kind: "duplicate-key", path: jsonPath([...top.path, key]), first, second: i };
        top.keys.set(key, i);
        top.key = key;
        expectKey = false;
      }
      i = end + 1;
    } else {
      let end = i;
      while (end < text.length && !WHITESPACE.has(text[end]!) && !",]}".includes(text[end]!)) end += 1;
      const literal = text.slice(i, end);
      if (/^-?\d/.test(literal)) {
        const value = Number(literal);
        const mantissaIsZero = !/[1-9]/.test(literal.split(/[eE]/)[0]!);
        if (!Number.isFinite(value) || (value === 0 && !mantissaIsZero)) {
          return { kind: "number-out-of-range", path: jsonPath(here()), offset: i, literal: literal.slice(0, 32) };
        }
      }
      i = end;
    }
  }
  return null;
}
