import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { LIMITS } from "../config.js";
import { jsonPath, type Problem } from "../problems.js";
import { jsonErrorOffset } from "./jsonErrorOffset.js";
import { nestsDeeperThan, scanJson } from "./jsonScan.js";

export type ReadResult = { ok: true; value: unknown } | { ok: false; problem: Omit<Problem, "file" | "severity"> };

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return { line, column };
}

/**
 * How deep the value nests, counting up to just past `limit`. Recursive, but it never descends past the
 * limit, so a hostile file cannot overflow the stack here; it allocates nothing, which matters at
 * thousands of files.
 */
export function depthOf(value: unknown, limit: number, depth = 1): number {
  if (value === null || typeof value !== "object") return depth - 1;
  if (depth > limit) return depth;
  let deepest = depth;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let index = 0; index < children.length && deepest <= limit; index += 1) {
    const child = children[index];
    if (child !== null && typeof child === "object") {
      const inner = depthOf(child, limit, depth + 1);
      if (inner > deepest) deepest = inner;
    }
  }
  return deepest;
}

/**
 * JSON.parse keeps a member named "__proto__" as data, but every later step that copies objects by
 * assignment (zod included) would turn it into a prototype: dropped from the output, or worse, read
 * through. No field of the schema has that name, so such a member is refused outright.
 */
const FORBIDDEN_KEY = "__proto__";

function forbiddenKeyPath(value: unknown): string | null {
  const stack: Array<[unknown, PropertyKey[]]> = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (Object.hasOwn(node, FORBIDDEN_KEY)) return jsonPath([...path, FORBIDDEN_KEY]);
    for (const [key, child] of Object.entries(node)) stack.push([child, [...path, Array.isArray(node) ? Number(key) : key]]);
  }
  return null;
}

/** Parses JSON text with the checks a data file needs: encoding, BOM, syntax position, depth. */
export function parseJsonText(bytes: Uint8Array): ReadResult {
  if (bytes.length === 0) return { ok: false, problem: { path: "$", rule: "json-empty", message: "the file is empty" } };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      ok: false,
      problem: { path: "$", rule: "json-bom", message: "the file starts with a byte-order mark; save it as UTF-8 without BOM" },
    };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, problem: { path: "$", rule: "utf8", message: "the file is not valid UTF-8" } };
  }
  if (text.trim() === "") return { ok: false, problem: { path: "$", rule: "json-empty", message: "the file is empty" } };
  // Before parsing, so a file of brackets is refused without building it.
  if (nestsDeeperThan(text, LIMITS.maxDepth)) {
    return {
      ok: false,
      problem: { path: "$", rule: "max-depth", message: `nesting is deeper than the limit of ${LIMITS.maxDepth} levels` },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(reason);
    const offset = position ? Number(position[1]) : jsonErrorOffset(text);
    const where = lineAndColumn(text, offset);
    // V8 quotes an excerpt of the text in some messages; a one-line error keeps only the reason.
    const detail = reason
      .replace(/ in JSON at position \d+.*$/s, "")
      .replace(/, \.\.\.".*$/s, "")
      .replace(/, ".*"(\.\.\.)? is not valid JSON$/s, "")
      .replace(/\s+/g, " ")
      .trim();
    return {
      ok: false,
      problem: {
        path: "$",
        rule: "json-syntax",
        message: `invalid JSON at line ${where.line}, column ${where.column}: ${detail}`,
      },
    };
  }
  const hidden = scanJson(text);
  if (hidden?.kind === "duplicate-key") {
    const first = lineAndColumn(text, hidden.first);
    const second = lineAndColumn(text, hidden.second);
    return {
      ok: false,
      problem: {
        path: hidden.path,
        rule: "duplicate-key",
        message: `the member is named twice in one object (line ${first.line}, column ${first.column} and line ${second.line}, column ${second.column}); JSON readers would silently keep only one`,
      },
    };
  }
  if (hidden?.kind === "number-out-of-range") {
    const where = lineAndColumn(text, hidden.offset);
    return {
      ok: false,
      problem: { path: hidden.path, rule: "number-out-of-range", message: `the number at line ${where.line}, column ${where.column} cannot be represented (it would be published as 0 or null)` },
    };
  }
  // The walk runs only where the key can be spelled: literally, or hidden behind \u escapes.
  if (text.includes(FORBIDDEN_KEY) || text.includes("\\u")) {
    const at = forbiddenKeyPath(value);
    if (at) return { ok: false, problem: { path: at, rule: "forbidden-key", message: `a member named "${FORBIDDEN_KEY}" is not allowed in data files` } };
  }
  return { ok: true, value };
}

export type BytesResult = { ok: true; bytes: Buffer } | { ok: false; problem: Omit<Problem, "file" | "severity"> };

function tooLarge(size: number): BytesResult {
  return {
    ok: false,
    problem: {
      path: "$",
      rule: "max-file-size",
      message: `the file is ${size} bytes, over the limit of ${LIMITS.maxFileBytes} bytes (5 MB)`,
    },
  };
}

/**
 * Reads a file already known to be `size` bytes, refusing it before reading when that is over the size
 * limit. Synchronous: for thousands of small files the calls cost a tenth of the promise-based ones.
 */
export function readLimitedBytesSync(file: string, size: number): BytesResult {
  if (size > LIMITS.maxFileBytes) return tooLarge(size);
  // One byte more than expected, to notice a file that grew since it was looked at.
  const bytes = Buffer.allocUnsafe(size + 1);
  let filled = 0;
  const fd = openSync(file, "r");
  try {
    // A regular file reads short only at its end: stop there instead of asking once more for nothing.
    while (filled < bytes.length) {
      const asked = bytes.length - filled;
      const read = readSync(fd, bytes, filled, asked, null);
      filled += read;
      if (read < asked) break;
    }
  } finally {
    closeSync(fd);
  }
  if (filled <= size) return { ok: true, bytes: bytes.subarray(0, filled) };
  // It grew while being read: read it again whole, and check the limit on what was read.
  const whole = readFileSync(file);
  return whole.length > LIMITS.maxFileBytes ? tooLarge(whole.length) : { ok: true, bytes: whole };
}
