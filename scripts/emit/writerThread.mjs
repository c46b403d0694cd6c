// @ts-check
/**
 * The writer thread: receives files from the build and writes them with synchronous calls on its own
 * thread, so writing overlaps the main thread's rendering instead of waiting for it to finish.
 * Plain JavaScript because a worker thread does not inherit the TypeScript loader of its parent.
 * (Measured on 2 cores: one synchronous writer beat both async writes with 32 under way in this thread
 * and parallel writes from the main thread, which compete with rendering for the same cores.)
 *
 * It also hashes each file (off the main thread) and compares it with the hash in the current
 * generation's manifest: an unchanged file becomes a hard link to the current copy instead of a write.
 *
 * Messages in: { kind: "file", file, bytes, previous } (previous: the current hash or null), { kind: "reuse",
 * file, previous } (the file is the current generation's, unchanged: link it without being sent its bytes)
 * and { kind: "finish" }.
 * Reply to "finish": { kind: "finished", filesWritten, bytesWritten, hashes, changed } or { kind: "failed", message }.
 */
import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ root: string, current: string | null }} */
const { root, current } = workerData;
const made = new Set([path.dirname(root)]);
let filesWritten = 0;
/** @type {Record<string, string>} */
const hashes = {};
/** @type {string[]} */
const changed = [];
let bytesWritten = 0;
/** @type {string | null} */
let failure = null;

/** @param {string} dir */
function ensureFolder(dir) {
  if (made.has(dir)) return;
  ensureFolder(path.dirname(dir));
  try {
    mkdirSync(dir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
  }
  made.add(dir);
}

/**
 * @param {string} file
 * @param {string} hash
 */
function reuse(file, hash) {
  if (!current) throw new Error("nothing to reuse: there is no current generation");
  hashes[file] = hash;
  const source = path.join(current, file);
  const target = path.join(root, file);
  ensureFolder(path.dirname(target));
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
    filesWritten += 1;
    bytesWritten += statSync(target).size;
  }
}

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
port.on("message", (/** @type {{ kind: string, file: string, bytes: Uint8Array, previous: string | null }} */ message) => {
  if (message.kind === "finish") {
    port.postMessage(failure ? { kind: "failed", message: failure } : { kind: "finished", filesWritten, bytesWritten, hashes, changed });
    return;
  }
  if (failure) return;
  try {
    if (message.kind === "reuse") {
      reuse(message.file, /** @type {string} */ (message.previous));
      return;
    }
    const hash = createHash("sha1").update(message.bytes).digest("base64url");
    hashes[message.file] = hash;
    const unchanged = message.previous === hash;
    if (message.previous !== null && !unchanged) changed.push(message.file);
    const target = path.join(root, message.file);
    ensureFolder(path.dirname(target));
    if (unchanged && current) {
      try {
        linkSync(path.join(current, message.file), target);
        return;
      } catch {
        // No hard links here (or the old file is gone): write the bytes instead.
      }
    }
    writeFileSync(target, message.bytes);
    filesWritten += 1;
    bytesWritten += message.bytes.byteLength;
  } catch (error) {
    failure = `${message.file}: ${error instanceof Error ? error.message : String(error)}`;
  }
});
