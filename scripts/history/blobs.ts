import { LIMITS } from "../config.js";
import { runGit, type GitCall } from "./git.js";
import { depthOf } from "../load/readJson.js";

/** One git answer holds at most this many bytes of files, so memory stays bounded however long the history. */
const BATCH_BYTES = 64 * 1024 * 1024;

/**
 * The contents of blobs by id, read through one `git cat-file --batch` per batch instead of one
 * `git show` per file and commit: a history of 200 commits of 100 files would otherwise start 20,000 processes.
 */
export async function readBlobs(blobs: ReadonlyMap<string, number>, call: Omit<GitCall, "input" | "maxBuffer">): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const answer = await runGit(["cat-file", "--batch"], { ...call, input: `${batch.join("\n")}\n`, maxBuffer: bytes + batch.length * 128 + 1024 });
    for (const [id, content] of parseBatch(answer)) out.set(id, content);
    batch = [];
    bytes = 0;
  };
  for (const [id, size] of blobs) {
    if (bytes + size > BATCH_BYTES) await flush();
    batch.push(id);
    bytes += size;
  }
  await flush();
  return out;
}

/** `<id> <type> <size>\n<content>\n` per object, `<id> missing\n` for none. */
function parseBatch(answer: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let at = 0;
  while (at < answer.length) {
    const end = answer.indexOf(0x0a, at);
    if (end < 0) break;
    const [id, type, size] = answer.subarray(at, end).toString("latin1").split(" ");
    at = end + 1;
    if (type === "missing" || size === undefined || id === undefined) continue;
    const length = Number(size);
    out.set(id, answer.subarray(at, at + length));
    at += length + 1;
  }
  return out;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export type Parsed = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/**
 * A JSON object from a file as it stood at some commit. Old commits were never checked by today's loader,
 * so anything may be there: every failure is a reason, never an exception.
 */
export function parseJsonObject(bytes: Uint8Array): Parsed {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, reason: "not UTF-8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ""));
  } catch {
    // Without the engine's message: it differs between Node versions, and the build must not.
    return { ok: false, reason: "not valid JSON" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, reason: "not a JSON object" };
  // The Fact walker and the value comparison recurse: a file nested deeper than the loader allows is skipped.
  if (depthOf(value, LIMITS.maxDepth) > LIMITS.maxDepth) return { ok: false, reason: `nested deeper than ${LIMITS.maxDepth} levels` };
  return { ok: true, value: value as Record<string, unknown> };
}

