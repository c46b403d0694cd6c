import { createHash } from "node:crypto";
import { lstatSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { LIMITS } from "../config.js";
import { parseJsonText } from "../load/readJson.js";
import { InvalidInputError, errorsOf, type Problem } from "../problems.js";
import { RecordedVersion } from "../schema/index.js";
import { problemsFromIssues } from "../validate/schemaIssues.js";
import { writeAtomically } from "../util/files.js";

/**
 * The archive of published versions, kept in the repository (archive/ at the project root, committed):
 * for each version a small manifest (archive/versions/<version>.json) and the provider files it is made of,
 * each stored once under the SHA-256 of its bytes (archive/records/<sha256>.json), so a version that changed
 * one record adds one record file and a manifest. A version's bytes are rebuilt from these by the join below,
 * which never changes with the rest of the code, and checked against the SHA-256 recorded with them: what was
 * published once is what every later build serves at /archive/<version>.json.
 */
export const ARCHIVE_FOLDER = "archive";

export const archivePaths = (root: string) => ({
  versions: path.join(root, ARCHIVE_FOLDER, "versions"),
  records: path.join(root, ARCHIVE_FOLDER, "records"),
});

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

/** The dataset's bytes from its parts: `head`, the provider files without their newlines joined by commas, `]}\n`. */
export function joinDataset(head: string, providerFiles: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from(head)];
  providerFiles.forEach((file, index) => {
    if (index > 0) parts.push(Buffer.from(","));
    parts.push(file.subarray(0, file.length - 1));
  });
  parts.push(Buffer.from("]}\n"));
  return Buffer.concat(parts);
}

/** Why a stored file cannot be used, or null when it is a regular file (never a link) of a sane size. */
function storedFileProblem(root: string, file: string, stat: { isFile(): boolean; size: number } | null): Problem | null {
  const where = { severity: "error" as const, file: relative(root, file), path: "$" };
  if (!stat) return { ...where, rule: "archive-file-missing", message: "is named by an archived version but missing: restore it from the repository's history (a published version's bytes never change)" };
  if (!stat.isFile()) return { ...where, rule: "not-a-file", message: "must be a regular file (not a link, folder or device)" };
  if (stat.size > LIMITS.maxFileBytes * 64) return { ...where, rule: "max-file-size", message: `is ${stat.size} bytes, over the archive's limit` };
  return null;
}

async function readStoredFile(root: string, file: string, problems: Problem[]): Promise<Buffer | null> {
  const problem = storedFileProblem(root, file, await fs.lstat(file).catch(() => null));
  if (problem) problems.push(problem);
  return problem ? null : fs.readFile(file);
}

function readStoredFileSync(root: string, file: string, problems: Problem[]): Buffer | null {
  let stat: ReturnType<typeof lstatSync> | null = null;
  try {
    stat = lstatSync(file);
  } catch {
    // missing: said below
  }
  const problem = storedFileProblem(root, file, stat ?? null);
  if (problem) problems.push(problem);
  return problem ? null : readFileSync(file);
}

/**
 * Every recorded version's manifest, checked against its schema and its file name. Problems are errors: a
 * build does not publish an archive it cannot vouch for.
 */
export async function readRecordedVersions(root: string): Promise<{ versions: RecordedVersion[]; problems: Problem[] }> {
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
    const bytes = await readStoredFile(root, file, problems);
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
    versions.push(checked.data);
  }
  return { versions, problems };
}

/**
 * Rebuilds recorded versions' bytes, reading each stored provider file once however many versions share it.
 * A version whose parts are missing or whose bytes no longer match its SHA-256 is a problem, never a
 * silently different file.
 */
export class ArchiveReader {
  private readonly records = new Map<string, Buffer | null>();
  constructor(private readonly root: string) {}

  /** Synchronous, so the site can take each version's bytes as it writes them instead of holding them all. */
  bytesOf(recorded: RecordedVersion, problems: Problem[]): Buffer | null {
    const files: Buffer[] = [];
    const before = problems.length;
    for (const hash of recorded.records) {
      let bytes = this.records.get(hash);
      if (bytes === undefined) {
        const file = path.join(archivePaths(this.root).records, `${hash}.json`);
        bytes = readStoredFileSync(this.root, file, problems);
        if (bytes && sha256(bytes) !== hash) {
          problems.push({ severity: "error", file: relative(this.root, file), path: "$", rule: "archive-bytes-changed", message: "no longer has the SHA-256 it is named by: restore it from the repository's history (a published version's bytes never change)" });
          bytes = null;
        }
        this.records.set(hash, bytes);
      }
      if (bytes) files.push(bytes);
    }
    if (problems.length > before) return null;
    const dataset = joinDataset(recorded.head, files);
    if (dataset.length !== recorded.bytes || sha256(dataset) !== recorded.sha256) {
      const file = relative(this.root, path.join(archivePaths(this.root).versions, `${recorded.version}.json`));
      problems.push({ severity: "error", file, path: "$.sha256", rule: "archive-bytes-changed", message: `rebuilds to bytes other than the ones published as version ${recorded.version}: restore archive/ from the repository's history` });
      return null;
    }
    return dataset;
  }
}

/** A version whose dataset the site serves at /archive/<version>.json: its bytes as first published, and the commit of its data. */
export interface KeptVersion {
  version: string;
  /** The newest commit that changed data/ when it was published (full id); null for uncommitted data. */
  commit: string | null;
  committedAt: string | null;
  /** Kept in the repository's archive/ folder (false: only the current build's, from uncommitted data). */
  recorded: boolean;
  sha256: string;
  size: number;
  /** Its bytes, read when they are written (a build never holds every version at once); absent for the one written with the dataset. */
  read?: () => Buffer;
}

/**
 * Every version the repository keeps, each read, checked and rebuilt only when the site writes it. A manifest
 * that cannot be read stops the build here; a stored file that no longer matches stops it when it is read.
 */
export async function keptVersions(root: string): Promise<KeptVersion[]> {
  const { versions, problems } = await readRecordedVersions(root);
  if (errorsOf(problems).length > 0) throw new InvalidInputError(problems);
  const reader = new ArchiveReader(root);
  return versions.map((recorded) => ({
    version: recorded.version,
    commit: recorded.commit,
    committedAt: recorded.committed_at,
    recorded: true,
    sha256: recorded.sha256,
    size: recorded.bytes,
    read: () => {
      const found: Problem[] = [];
      const bytes = reader.bytesOf(recorded, found);
      if (!bytes) throw new InvalidInputError(found);
      return bytes;
    },
  }));
}

/** What the build published as the current version, in the parts the archive keeps. */
export interface PublishedVersion {
  version: string;
  commit: string;
  committedAt: string;
  head: string;
  providerFiles: readonly Buffer[];
  /** SHA-256 of the dataset as the build wrote it: the parts must join to exactly these bytes. */
  sha256: string;
}

/**
 * Records a published version: its provider files not yet stored, then its manifest, each written whole or
 * not at all. An existing manifest is never rewritten (the first publication's bytes stay the version's
 * bytes); returns whether this call recorded the version.
 */
export async function recordVersion(root: string, published: PublishedVersion): Promise<boolean> {
  const folders = archivePaths(root);
  const manifest = path.join(folders.versions, `${published.version}.json`);
  if (await fs.lstat(manifest).then(() => true, () => false)) return false;
  const dataset = joinDataset(published.head, published.providerFiles);
  if (sha256(dataset) !== published.sha256) {
    throw new Error("the archive's layout no longer joins to the published dataset: scripts/archive/store.ts (joinDataset) and scripts/site/api/dataset.ts (openDataset) must agree");
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
  // One member per line, records one per line: a later version's manifest differs from this one in a few lines.
  const text = `{\n${Object.entries(entry)
    .map(([key, value]) => `  ${JSON.stringify(key)}: ${Array.isArray(value) ? `[\n${value.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]` : JSON.stringify(value)}`)
    .join(",\n")}\n}\n`;
  await writeAtomically(manifest, text);
  return true;
}
