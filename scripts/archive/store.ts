import { createHash } from "node:crypto";
import { lstatSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { LIMITS } from "../config.js";
import { parseJsonText } from "../load/readJson.js";
import { InvalidInputError, errorsOf, type Problem } from "../problems.js";
import { RecordedVersion } from "../schema/index.js";
import { problemsFromIssues } from "../validate/schemaIssues.js";
import { writeAtomically } from "../util/files.js";
import { publishedMetaOf, versionHash } from "./fingerprint.js";

/**
 * The archive of published versions: for each version a small manifest (versions/<version>.json) and the provider
 * files it is made of, each stored once under the SHA-256 of its bytes (records/<sha256>.json), so a version that
 * changed one record adds one record file and a manifest. It is not part of the project's main branch: the
 * publishing workflow keeps it on a data branch of its own, checks it out as archive/ (ignored by git) before it
 * builds, records the version it publishes there and pushes it back (scripts/archive/record.ts). A build reads
 * archive/ when it is there and serves every kept version from it; a local build never writes it.
 *
 * A version's bytes are rebuilt from these by the join below, which never changes with the rest of the code, and
 * checked against the SHA-256 and length recorded with them and against the version's own name (its hash part
 * is the fingerprint of the parts, fingerprint.ts). Whether the version is what its commit publishes is checked
 * by rebuilding that commit (verify.ts).
 */
export const ARCHIVE_FOLDER = "archive";

export const archivePaths = (root: string) => ({
  folder: path.join(root, ARCHIVE_FOLDER),
  versions: path.join(root, ARCHIVE_FOLDER, "versions"),
  records: path.join(root, ARCHIVE_FOLDER, "records"),
});

/**
 * What one manifest may ask a build to write: its own file no larger than a data file, the dataset it names no
 * larger than all data files together may be, and each provider file in it once. A manifest naming one stored
 * record 60,000 times (4 MB) would otherwise have every build write a 914 MB file.
 */
export const ARCHIVE_LIMITS = {
  manifestBytes: LIMITS.maxFileBytes,
  versionBytes: LIMITS.maxTotalBytes,
  /** A provider file as published: its seed file's limit, with room for what the merge adds. */
  recordBytes: LIMITS.maxFileBytes * 2,
} as const;

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The dataset's bytes from its parts: `head`, the provider files without their newlines joined by commas, `]}\n`. */
export function joinDataset(head: string, providerFiles: readonly Uint8Array[]): Buffer {
  const parts: Buffer[] = [Buffer.from(head)];
  providerFiles.forEach((file, index) => {
    if (index > 0) parts.push(Buffer.from(","));
    parts.push(Buffer.from(file.buffer, file.byteOffset, file.length - 1));
  });
  parts.push(Buffer.from("]}\n"));
  return Buffer.concat(parts);
}

/** The members of a version's head as published (`head` with `]}` after it), or why it is not a dataset's head. */
export function parseHead(head: string): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  const parsed = parseJsonText(Buffer.from(`${head}]}`));
  if (!parsed.ok) return { ok: false, reason: "its head is not the beginning of a dataset (no JSON object ending in \"providers\":[)" };
  const value = parsed.value as Record<string, unknown>;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, reason: "its head is not a JSON object" };
  if (typeof value.license !== "string") return { ok: false, reason: "its head names no licence, as every dataset does" };
  if (typeof value.generated_at !== "string") return { ok: false, reason: "its head has no generated_at, as every dataset does" };
  return { ok: true, value };
}

/** Why a stored file cannot be used, or null when it is a regular file (never a link) of a sane size. */
function storedFileProblem(root: string, file: string, stat: { isFile(): boolean; size: number } | null, limit: number): Problem | null {
  const where = { severity: "error" as const, file: relative(root, file), path: "$" };
  if (!stat) return { ...where, rule: "archive-file-missing", message: "is named by a kept version but missing: restore it from the archive branch's history (a published version's bytes never change)" };
  if (!stat.isFile()) return { ...where, rule: "not-a-file", message: "must be a regular file (not a link, folder or device)" };
  if (stat.size > limit) return { ...where, rule: "max-file-size", message: `is ${stat.size} bytes, over the archive's limit of ${limit} bytes for such a file` };
  return null;
}

async function readStoredFile(root: string, file: string, limit: number, problems: Problem[]): Promise<Buffer | null> {
  const problem = storedFileProblem(root, file, await fs.lstat(file).catch(() => null), limit);
  if (problem) problems.push(problem);
  return problem ? null : fs.readFile(file);
}

function readStoredFileSync(root: string, file: string, limit: number, problems: Problem[]): Buffer | null {
  let stat: ReturnType<typeof lstatSync> | null = null;
  try {
    stat = lstatSync(file);
  } catch {
    // missing: said below
  }
  const problem = storedFileProblem(root, file, stat ?? null, limit);
  if (problem) problems.push(problem);
  return problem ? null : readFileSync(file);
}

/** The checks of a manifest that need nothing but the manifest itself: what it may ask for, and its dates. */
function manifestProblems(recorded: RecordedVersion, shown: string, today: string): Problem[] {
  const problems: Problem[] = [];
  const problem = (path: string, rule: string, message: string) => problems.push({ severity: "error", file: shown, path, rule, message });
  const seen = new Map<string, number>();
  let repeated: { hash: string; first: number; again: number } | null = null;
  let repeats = 0;
  recorded.records.forEach((hash, index) => {
    const first = seen.get(hash);
    if (first === undefined) return void seen.set(hash, index);
    repeats += 1;
    repeated ??= { hash, first, again: index };
  });
  if (repeated) {
    const { hash, first, again } = repeated;
    problem(`$.records[${again}]`, "archive-record-twice", `version ${recorded.version} names provider file ${hash} again (first at $.records[${first}]; ${repeats} repeated in all): a dataset holds each provider once`);
  }
  if (recorded.bytes > ARCHIVE_LIMITS.versionBytes) problem("$.bytes", "archive-too-large", `version ${recorded.version} claims ${recorded.bytes} bytes, over the limit of ${ARCHIVE_LIMITS.versionBytes} bytes a dataset may have`);
  const day = recorded.version.slice(0, 10);
  if (day > today) problem("$.version", "archive-version-from-the-future", `version ${recorded.version} is dated ${day}, after the build day ${today}: no data can be published before the day it carries`);
  if (recorded.committed_at.slice(0, 10) > today) problem("$.committed_at", "archive-version-from-the-future", `version ${recorded.version} claims a commit of ${recorded.committed_at}, after the build day ${today}`);
  const head = parseHead(recorded.head);
  if (!head.ok) problem("$.head", "archive-not-a-dataset", `version ${recorded.version}: ${head.reason}`);
  else if (head.value.version !== recorded.version) problem("$.head", "archive-not-a-dataset", `version ${recorded.version}: its head names version ${JSON.stringify(head.value.version)}`);
  return problems;
}

/**
 * Every kept version's manifest, checked against its schema, its file name and the limits above. Problems are
 * errors: a build does not publish an archive it cannot vouch for.
 */
export async function readRecordedVersions(root: string, today: string): Promise<{ versions: RecordedVersion[]; problems: Problem[] }> {
  const folder = archivePaths(root).versions;
  const problems: Problem[] = [];
  const names = await fs.readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") problems.push({ severity: "error", file: relative(root, folder), path: "$", rule: "archive-unreadable", message: `cannot be read (${error.code ?? "error"})` });
    return [] as string[];
  });
  const versions: RecordedVersion[] = [];
  for (const name of names.sort()) {
    const file = path.join(folder, name);
    const shown = relative(root, file);
    if (!name.endsWith(".json")) {
      problems.push({ severity: "error", file: shown, path: "$", rule: "archive-file-name", message: "is not a version manifest (<version>.json); remove it" });
      continue;
    }
    const bytes = await readStoredFile(root, file, ARCHIVE_LIMITS.manifestBytes, problems);
    if (!bytes) continue;
    const parsed = parseJsonText(bytes);
    if (!parsed.ok) {
      problems.push({ severity: "error", file: shown, ...parsed.problem });
      continue;
    }
    const checked = RecordedVersion.safeParse(parsed.value);
    if (!checked.success) {
      problems.push(...problemsFromIssues(checked.error.issues, parsed.value, { file: shown }));
      continue;
    }
    if (`${checked.data.version}.json` !== name) {
      problems.push({ severity: "error", file: shown, path: "$.version", rule: "archive-file-name", message: `names version ${checked.data.version}, so its file must be ${checked.data.version}.json` });
      continue;
    }
    const found = manifestProblems(checked.data, shown, today);
    problems.push(...found);
    if (found.length === 0) versions.push(checked.data);
  }
  return { versions, problems };
}

/** A stored provider file, read and checked once: its bytes and the provider id it publishes. */
export interface StoredRecord {
  hash: string;
  bytes: Buffer;
  id: string;
}

/**
 * Reads the stored provider files, each once however many versions share it, and rebuilds versions' bytes from
 * them. A version whose parts are missing, are not provider files, are out of order, or whose bytes no longer
 * match its SHA-256, its length or its own name is a problem, never a silently different file.
 */
export class ArchiveReader {
  private readonly records = new Map<string, StoredRecord | null>();
  constructor(private readonly root: string) {}

  /** One stored provider file: a regular file named by its SHA-256, a JSON object whose `id` is a slug. */
  record(hash: string, problems: Problem[]): StoredRecord | null {
    const known = this.records.get(hash);
    if (known !== undefined) {
      if (known === null) problems.push(this.unusable(hash));
      return known;
    }
    const file = path.join(archivePaths(this.root).records, `${hash}.json`);
    const shown = relative(this.root, file);
    const found: Problem[] = [];
    const bytes = readStoredFileSync(this.root, file, ARCHIVE_LIMITS.recordBytes, found);
    let stored: StoredRecord | null = null;
    if (bytes && sha256(bytes) !== hash) {
      found.push({ severity: "error", file: shown, path: "$", rule: "archive-bytes-changed", message: "no longer has the SHA-256 it is named by: restore it from the archive branch's history (a published version's bytes never change)" });
    } else if (bytes) {
      const parsed = bytes.at(-1) === 0x0a ? parseJsonText(bytes) : null;
      const id = parsed?.ok && parsed.value !== null && typeof parsed.value === "object" && !Array.isArray(parsed.value) ? (parsed.value as { id?: unknown }).id : undefined;
      if (typeof id === "string" && SLUG.test(id)) stored = { hash, bytes, id };
      else found.push({ severity: "error", file: shown, path: "$", rule: "archive-not-a-dataset", message: "is not a provider file (a JSON object with a slug id, and a newline)" });
    }
    this.records.set(hash, stored);
    problems.push(...found);
    return stored;
  }

  private unusable(hash: string): Problem {
    return { severity: "error", file: relative(this.root, path.join(archivePaths(this.root).records, `${hash}.json`)), path: "$", rule: "archive-not-a-dataset", message: "cannot be used (see above)" };
  }

  /** Synchronous, so the site can take each version's bytes as it writes them instead of holding them all. */
  bytesOf(recorded: RecordedVersion, problems: Problem[]): Buffer | null {
    const shown = relative(this.root, path.join(archivePaths(this.root).versions, `${recorded.version}.json`));
    const before = problems.length;
    const head = parseHead(recorded.head);
    if (!head.ok) {
      problems.push({ severity: "error", file: shown, path: "$.head", rule: "archive-not-a-dataset", message: head.reason });
      return null;
    }
    const files: Buffer[] = [];
    const fingerprint = versionHash(publishedMetaOf(head.value));
    // The joined length is counted as the parts come: a manifest cannot make the build hold more than it claims.
    let length = recorded.head.length + 3;
    let previousId: string | null = null;
    for (const [index, hash] of recorded.records.entries()) {
      const stored = this.record(hash, problems);
      if (!stored) continue;
      if (previousId !== null && !(stored.id > previousId)) {
        problems.push({ severity: "error", file: shown, path: `$.records[${index}]`, rule: "archive-not-a-dataset", message: `provider ${stored.id} follows ${previousId}: a dataset lists each provider once, in id order` });
      }
      previousId = stored.id;
      length += stored.bytes.length - 1 + (index > 0 ? 1 : 0);
      if (length > recorded.bytes) {
        problems.push({ severity: "error", file: shown, path: `$.records[${index}]`, rule: "archive-bytes-changed", message: `its provider files come to more than the ${recorded.bytes} bytes version ${recorded.version} was published with` });
        return null;
      }
      fingerprint.update(stored.bytes);
      files.push(stored.bytes);
    }
    if (problems.length > before) return null;
    const dataset = joinDataset(recorded.head, files);
    if (dataset.length !== recorded.bytes || sha256(dataset) !== recorded.sha256) {
      problems.push({ severity: "error", file: shown, path: "$.sha256", rule: "archive-bytes-changed", message: `rebuilds to bytes other than the ones published as version ${recorded.version}: restore archive/ from the archive branch's history` });
      return null;
    }
    const digest = fingerprint.digest();
    if (recorded.version.slice(11) !== digest) {
      problems.push({
        severity: "error",
        file: shown,
        path: "$.version",
        rule: "archive-version-mismatch",
        message: `its text and provider files are not version ${recorded.version} (they fingerprint as ${recorded.version.slice(0, 10)}.${digest}): a published version never changes, so one of its parts was altered after it was published`,
      });
      return null;
    }
    return dataset;
  }
}

/** A version whose dataset the site serves at /archive/<version>.json: its bytes as first published, and its commit. */
export interface KeptVersion {
  version: string;
  /** The commit of the project whose build published it (full id): rebuilding that commit gives these bytes. */
  commit: string;
  committedAt: string;
  sha256: string;
  size: number;
  /** Its provider files in order, each by the SHA-256 of its bytes. */
  records: readonly string[];
  /** Its bytes, read and checked when they are written (a build never holds every version at once). */
  read(): Buffer;
}

/** The kept versions, newest first, and their stored provider files. */
export interface KeptArchive {
  versions: readonly KeptVersion[];
  /** A stored provider file, read and checked once; throws the problem when it cannot be used. */
  record(hash: string): StoredRecord;
}

export const NO_ARCHIVE: KeptArchive = {
  versions: [],
  record: (hash) => {
    throw new Error(`no archive holds ${hash}`);
  },
};

/** Newest first: by the date of the commit each was published from, then by name. */
export const newestFirst = (a: { committedAt: string; version: string }, b: { committedAt: string; version: string }) =>
  a.committedAt === b.committedAt ? (a.version < b.version ? 1 : a.version > b.version ? -1 : 0) : a.committedAt < b.committedAt ? 1 : -1;

/**
 * Every version archive/ keeps, each read, checked and rebuilt only when the site writes it. A manifest that
 * cannot be used stops the build here; a stored file that does not match stops it when it is read. No archive/
 * folder is an empty archive: a local build serves the versions only when the archive has been checked out.
 */
export async function keptArchive(root: string, today: string): Promise<KeptArchive> {
  const { versions, problems } = await readRecordedVersions(root, today);
  if (errorsOf(problems).length > 0) throw new InvalidInputError(problems);
  const reader = new ArchiveReader(root);
  const failing = <T>(read: (problems: Problem[]) => T | null): T => {
    const found: Problem[] = [];
    const value = read(found);
    if (value === null || found.length > 0) throw new InvalidInputError(found);
    return value;
  };
  return {
    versions: versions
      .map((recorded) => ({
        version: recorded.version,
        commit: recorded.commit,
        committedAt: recorded.committed_at,
        sha256: recorded.sha256,
        size: recorded.bytes,
        records: recorded.records,
        read: () => failing((found) => reader.bytesOf(recorded, found)),
      }))
      .sort(newestFirst),
    record: (hash) => failing((found) => reader.record(hash, found)),
  };
}

/** What a build published, in the parts the archive keeps. */
export interface PublishedVersion {
  version: string;
  commit: string;
  committedAt: string;
  head: string;
  providerFiles: readonly Buffer[];
  /** SHA-256 of the dataset as the build wrote it: the parts must join to exactly these bytes. */
  sha256: string;
}

/** A manifest's text: one member per line, records one per line, so a later version's differs in a few lines. */
export function manifestText(entry: RecordedVersion): string {
  return `{\n${Object.entries(entry)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${Array.isArray(value) ? `[\n${value.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]` : JSON.stringify(value)}`)
    .join(",\n")}\n}\n`;
}

/**
 * Keeps a published version: its provider files not yet stored, then its manifest, each written whole or not at
 * all. An existing manifest is never rewritten (the first publication's bytes stay the version's bytes); returns
 * whether this call kept the version. Only the publishing workflow calls it (scripts/archive/record.ts).
 */
export async function writeVersion(root: string, published: PublishedVersion): Promise<boolean> {
  const folders = archivePaths(root);
  const manifest = path.join(folders.versions, `${published.version}.json`);
  if (await fs.lstat(manifest).then(() => true, () => false)) return false;
  const dataset = joinDataset(published.head, published.providerFiles);
  if (sha256(dataset) !== published.sha256) {
    throw new Error("the provider files and the head do not join to the published dataset: scripts/archive/store.ts (joinDataset) and scripts/site/api/dataset.ts (openDataset) must agree");
  }
  const records: string[] = [];
  for (const file of published.providerFiles) {
    const hash = sha256(file);
    records.push(hash);
    const target = path.join(folders.records, `${hash}.json`);
    if (!(await fs.lstat(target).then(() => true, () => false))) await writeAtomically(target, file);
  }
  const entry: RecordedVersion = {
    version: published.version,
    commit: published.commit,
    committed_at: published.committedAt,
    sha256: sha256(dataset),
    bytes: dataset.length,
    head: published.head,
    records,
  };
  await writeAtomically(manifest, manifestText(entry));
  return true;
}
