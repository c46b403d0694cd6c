import { createHash } from "node:crypto";
import { lstatSync, promises as fs, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import type { Problem } from "../validate/problems.js";
import { parseJsonText, readLimitedBytesSync } from "./readJson.js";

/** A parsed input file, not yet validated. */
export interface RawFile {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  /** The id the file name gives (file stem). */
  stem: string;
  value: unknown;
}

export interface LoadedData {
  meta: RawFile | null;
  providers: RawFile[];
  observations: RawFile[];
  problems: Problem[];
}

/** An input file's bytes, read but not parsed. */
export interface InputBytes {
  file: string;
  stem: string;
  bytes: Buffer;
}

/** Every input of a build, read but not parsed, with a fingerprint of all their bytes. */
export interface Inputs {
  meta: InputBytes | null;
  providers: InputBytes[];
  observations: InputBytes[];
  problems: Problem[];
  /** Changes whenever any input file, its name, or a problem found while reading changes. */
  fingerprint: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function relative(paths: ProjectPaths, file: string): string {
  return path.relative(paths.root, file).split(path.sep).join("/");
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

async function listJsonFiles(dir: string): Promise<string[]> {
  try {
    const names = await fs.readdir(dir);
    return names.filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Reads one folder of per-record JSON files. The record id comes from the file name, so the name is
 * checked before anything else; a file that resolves outside data/ is never read. Synchronous on
 * purpose: nothing else runs while inputs are read, and for thousands of small files the synchronous
 * calls cost a tenth of the promise-based ones.
 */
function readFolder(paths: ProjectPaths, dir: string, dataRoot: string, names: readonly string[], problems: Problem[]): InputBytes[] {
  // Files that are not links are inside data/ exactly when their folder is.
  const folderInside = isInside(realpathSync(dir), dataRoot);
  const files: InputBytes[] = [];
  for (const name of names) {
    const full = path.join(dir, name);
    const file = relative(paths, full);
    const stem = name.slice(0, -".json".length);
    const problem = (rule: string, message: string) => problems.push({ severity: "error", file, id: stem, path: "$", rule, message });
    if (!SLUG.test(stem)) {
      problem("file-name", `the file name must be a slug followed by .json (lower-case letters, digits, single hyphens), got "${name}"`);
      continue;
    }
    let stat: Stats;
    try {
      stat = lstatSync(full);
    } catch {
      problem("unreadable", "the file cannot be opened");
      continue;
    }
    let real = full;
    if (stat.isSymbolicLink() || !folderInside) {
      try {
        real = realpathSync(full);
        stat = statSync(real);
      } catch {
        problem("unreadable", "the file cannot be opened (a broken symbolic link?)");
        continue;
      }
      if (!isInside(real, dataRoot)) {
        problem("outside-data", "the file is a link to a place outside data/; only files inside data/ are read");
        continue;
      }
    }
    if (!stat.isFile()) {
      problem("not-a-file", "not a regular file");
      continue;
    }
    let result: ReturnType<typeof readLimitedBytesSync>;
    try {
      result = readLimitedBytesSync(real, stat.size);
    } catch {
      problem("unreadable", "the file cannot be read");
      continue;
    }
    if (result.ok) files.push({ file, stem, bytes: result.bytes });
    else problems.push({ severity: "error", file, id: stem, ...result.problem });
  }
  return files;
}

/** Reads every input file's bytes and fingerprints them, without parsing. */
export async function readInputs(paths: ProjectPaths): Promise<Inputs> {
  const problems: Problem[] = [];
  let meta: InputBytes | null = null;
  const metaFile = relative(paths, paths.datasetMeta);
  try {
    const result = readLimitedBytesSync(paths.datasetMeta, statSync(paths.datasetMeta).size);
    if (result.ok) meta = { file: metaFile, stem: "dataset", bytes: result.bytes };
    else problems.push({ severity: "error", file: metaFile, ...result.problem });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    problems.push({
      severity: "error",
      file: metaFile,
      path: "$",
      rule: missing ? "missing-file" : "unreadable",
      message: missing ? "the dataset metadata file is missing" : "the file cannot be read",
    });
  }
  let providers: InputBytes[] = [];
  let observations: InputBytes[] = [];
  try {
    await fs.access(paths.providers);
    const dataRoot = await fs.realpath(paths.data);
    providers = readFolder(paths, paths.providers, dataRoot, await listJsonFiles(paths.providers), problems);
    const observationNames = await listJsonFiles(paths.observations);
    if (observationNames.length > 0) observations = readFolder(paths, paths.observations, dataRoot, observationNames, problems);
  } catch {
    problems.push({ severity: "error", file: relative(paths, paths.providers), path: "$", rule: "missing-folder", message: "the providers folder is missing" });
  }
  const hash = createHash("sha256");
  for (const input of [...(meta ? [meta] : []), ...providers, ...observations]) {
    hash.update(input.file).update("\0").update(input.bytes).update("\0");
  }
  hash.update(JSON.stringify(problems));
  return { meta, providers, observations, problems, fingerprint: hash.digest("hex") };
}

/** Parses one input file; one that is not JSON becomes a Problem that names it. */
export function parseInput(input: InputBytes, problems: Problem[]): RawFile | null {
  const result = parseJsonText(input.bytes);
  if (result.ok) return { file: input.file, stem: input.stem, value: result.value };
  problems.push({ severity: "error", file: input.file, ...(input.stem !== "dataset" && { id: input.stem }), ...result.problem });
  return null;
}

/** Parses what was read. */
export function parseInputs(inputs: Inputs): LoadedData {
  const problems = [...inputs.problems];
  const parse = (input: InputBytes) => parseInput(input, problems);
  const meta = inputs.meta ? parse(inputs.meta) : null;
  const providers = inputs.providers.map(parse).filter((file): file is RawFile => file !== null);
  const observations = inputs.observations.map(parse).filter((file): file is RawFile => file !== null);
  return { meta, providers, observations, problems };
}

export async function loadData(paths: ProjectPaths): Promise<LoadedData> {
  return parseInputs(await readInputs(paths));
}
