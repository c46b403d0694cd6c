import { spawn } from "node:child_process";
import { MODELS_DEV_SOURCE, PROVIDER_MAPPINGS } from "./sources.js";

/** One model file of a models.dev provider, as committed: its id (the path under models/, without .toml) and text. */
export interface ModelsDevFile {
  id: string;
  text: string;
}

/** One mapped provider's folder as read: the commit that last changed it, and its model files. */
export interface ModelsDevProviderCopy {
  commit: string;
  committed_on: string | null;
  files: ModelsDevFile[];
  /** Files left out before parsing: too large, too many, or not a plain file. */
  skipped: number;
}

/** What the reader of models.dev's format is given: the mapped providers' folders read from a git copy. */
export interface ModelsDevCopy {
  kind: "models.dev";
  providers: Record<string, ModelsDevProviderCopy>;
}

/** A model file is a few hundred bytes; one this large is not a model file. */
export const MAX_MODEL_FILE_BYTES = 64 * 1024;
/** models.dev's largest provider folders hold about 600 files. */
export const MAX_MODEL_FILES = 2000;

/** How a caller runs git against the copy (never letting its configuration run anything). */
export type GitRunner = (gitArgs: readonly string[], maxBuffer?: number) => Promise<Buffer>;

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number;
  path: string;
}

/** `git ls-tree -r -l -z` output: "<mode> <type> <object> <size>\t<path>\0". */
function treeEntries(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [mode, type, object, size] = record.slice(0, tab).trim().split(/\s+/);
    if (!mode || !type || !object) continue;
    entries.push({ mode, type, object, size: size === "-" ? Number.NaN : Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

/**
 * Several blobs at once through `git cat-file --batch`: one process instead of one per file. The answer is
 * bounded by the sizes the tree gave, so a copy cannot make this read more than it announced.
 */
function readBlobs(gitDir: readonly string[], objects: readonly string[], maxBytes: number): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-c", "core.fsmonitor=false", ...gitDir, "cat-file", "--batch"], { env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }, stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    let length = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        child.kill();
        reject(new Error(`git cat-file answered over ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    child.on("error", reject);
    child.on("close", () => {
      const output = Buffer.concat(chunks);
      const blobs = new Map<string, Buffer>();
      let at = 0;
      while (at < output.length) {
        const newline = output.indexOf(10, at);
        if (newline < 0) break;
        const [object, type, size] = output.subarray(at, newline).toString("utf8").split(" ");
        if (type !== "blob" || !object) break;
        const bytes = Number(size);
        blobs.set(object, output.subarray(newline + 1, newline + 1 + bytes));
        at = newline + 1 + bytes + 1;
      }
      resolve(blobs);
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(objects.map((object) => `${object}\n`).join(""));
  });
}

/** Whether a git copy is models.dev's repository: a providers/ folder holding a mapped provider's provider.toml. */
export async function isModelsDev(git: GitRunner, gitDir: readonly string[]): Promise<boolean> {
  const type = await git([...gitDir, "cat-file", "-t", `HEAD:${MODELS_DEV_SOURCE.folder}`]).then((out) => out.toString("utf8").trim(), () => "");
  if (type !== "tree") return false;
  for (const provider of new Set(PROVIDER_MAPPINGS["models.dev"].map((mapping) => mapping.registryProvider))) {
    const found = await git([...gitDir, "cat-file", "-t", `HEAD:${MODELS_DEV_SOURCE.folder}/${provider}/provider.toml`]).then((out) => out.toString("utf8").trim() === "blob", () => false);
    if (found) return true;
  }
  return false;
}

export type LastChange = (file: string) => Promise<{ commit: string; committedOn: string | null } | null>;

/**
 * The mapped providers' model files as committed at HEAD, each provider dated by the newest commit that
 * changed its folder (the commit its pinned folder URL names). Only regular files ending in .toml are read,
 * none over MAX_MODEL_FILE_BYTES, at most MAX_MODEL_FILES per provider and maxBytes in all.
 */
export async function readModelsDevCopy(git: GitRunner, gitDir: readonly string[], lastChange: LastChange, maxBytes: number): Promise<{ ok: true; copy: ModelsDevCopy } | { ok: false; reason: string }> {
  const copy: ModelsDevCopy = { kind: "models.dev", providers: {} };
  let total = 0;
  for (const provider of new Set(PROVIDER_MAPPINGS["models.dev"].map((mapping) => mapping.registryProvider))) {
    const folder = `${MODELS_DEV_SOURCE.folder}/${provider}`;
    const prefix = `${folder}/models/`;
    const listing = await git([...gitDir, "ls-tree", "-r", "-l", "-z", "HEAD", "--", prefix], 16 * 1024 * 1024).catch(() => null);
    if (listing === null) return { ok: false, reason: `the tree of ${prefix} cannot be read` };
    const entries = treeEntries(listing).filter((entry) => entry.path.startsWith(prefix));
    if (entries.length === 0) continue;
    const changed = await lastChange(folder);
    if (!changed) return { ok: false, reason: `the history of ${folder} cannot be read` };
    let skipped = 0;
    const wanted: TreeEntry[] = [];
    for (const entry of entries) {
      const plain = entry.type === "blob" && (entry.mode === "100644" || entry.mode === "100755") && entry.path.endsWith(".toml");
      if (!plain || !Number.isFinite(entry.size) || entry.size > MAX_MODEL_FILE_BYTES || wanted.length >= MAX_MODEL_FILES) skipped += 1;
      else wanted.push(entry);
    }
    const size = wanted.reduce((sum, entry) => sum + entry.size, 0);
    total += size;
    if (total > maxBytes) return { ok: false, reason: `the mapped providers' model files are over ${maxBytes} bytes` };
    // Each answer carries a header line of at most about 60 bytes besides the file.
    const blobs = await readBlobs(gitDir, wanted.map((entry) => entry.object), size + wanted.length * 128);
    const files: ModelsDevFile[] = [];
    for (const entry of wanted) {
      const bytes = blobs.get(entry.object);
      if (bytes === undefined || bytes.length !== entry.size) {
        skipped += 1;
        continue;
      }
      files.push({ id: entry.path.slice(prefix.length, -".toml".length), text: bytes.toString("utf8") });
    }
    copy.providers[provider] = { commit: changed.commit, committed_on: changed.committedOn, files, skipped };
  }
  return { ok: true, copy };
}
