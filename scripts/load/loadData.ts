import { existsSync, lstatSync, promises as fs, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { LIMITS, type ProjectPaths } from "../config.js";
import type { Problem } from "../problems.js";
import { WINDOWS_RESERVED } from "../schema/primitives.js";
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
  /** data/source-dates.json, when present. */
  sourceDates: RawFile | null;
  /** data/sources.json, when present. */
  sourceWatch: RawFile | null;
  /** data/document-versions.json, when present. */
  documentVersions: RawFile | null;
  /** data/registry/<id>.json */
  registry: RawFile[];
  /** data/corroborations/<registry>.json */
  corroborations: RawFile[];
  problems: Problem[];
}

/** An input file's bytes, read but not parsed. */
const EMPTY = Buffer.alloc(0);

export interface InputBytes {
  file: string;
  stem: string;
  bytes: Buffer;
  /** A file about the whole dataset, not one record, whatever its name: its problems name no record id. */
  datasetWide?: true;
}

/** Every input of a build, read but not parsed. */
export interface Inputs {
  meta: InputBytes | null;
  providers: InputBytes[];
  observations: InputBytes[];
  sourceDates: InputBytes | null;
  sourceWatch: InputBytes | null;
  documentVersions: InputBytes | null;
  registry: InputBytes[];
  corroborations: InputBytes[];
  problems: Problem[];
}

/** Files about the whole dataset, not one record: their problems name no record id. */
const DATASET_WIDE_FILES = new Set(["dataset", "source-dates", "sources", "document-versions"]);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function relative(paths: ProjectPaths, file: string): string {
  return path.relative(paths.root, file).split(path.sep).join("/");
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The JSON files of a folder, sorted; null when the folder is missing. */
async function listJsonFiles(dir: string): Promise<string[] | null> {
  try {
    const names = await fs.readdir(dir);
    return names.filter((name) => name.endsWith(".json")).sort();
  } catch {
    return null;
  }
}

/**
 * Reads one input file, whatever it holds (dataset metadata, a provider, an observation), with the same
 * checks for all: it must resolve inside data/ (a link pointing elsewhere is never followed), be a regular
 * file (not a FIFO or a device that would hang or never end) and be within the size limit. Nothing of the
 * file's bytes goes into a message. Synchronous on purpose: nothing else runs while inputs are read, and for
 * thousands of small files the synchronous calls cost a tenth of the promise-based ones.
 */
function readInputFile(paths: ProjectPaths, full: string, stem: string, dataRoot: string, problems: Problem[], id?: string): InputBytes | null {
  const checked = checkInputFile(paths, full, stem, dataRoot, problems, id);
  return checked ? readCheckedFile(checked, problems) : null;
}

/** An input file that passed the checks of `readInputFile` and is not read yet. */
interface CheckedFile {
  file: string;
  stem: string;
  id: string | undefined;
  real: string;
  size: number;
}

/**
 * `realFolder`: the folder's resolved path, when the caller resolved it once for all its files; a file that
 * is not a link then resolves to that folder and its own name, without asking the file system again for
 * every file.
 */
function checkInputFile(paths: ProjectPaths, full: string, stem: string, dataRoot: string, problems: Problem[], id?: string, realFolder?: string): CheckedFile | null {
  const file = relative(paths, full);
  const problem = (rule: string, message: string) => {
    problems.push({ severity: "error", file, ...(id !== undefined && { id }), path: "$", rule, message });
    return null;
  };
  let stat: Stats;
  try {
    stat = lstatSync(full);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? problem("missing-file", "the file is missing") : problem("unreadable", "the file cannot be opened");
  }
  let real = full;
  try {
    real = realFolder !== undefined && !stat.isSymbolicLink() ? path.join(realFolder, path.basename(full)) : realpathSync(full);
    if (stat.isSymbolicLink()) stat = statSync(real);
  } catch {
    return problem("unreadable", "the file cannot be opened (a broken symbolic link?)");
  }
  if (!isInside(real, dataRoot)) return problem("outside-data", "the file resolves to a place outside data/; only files inside data/ are read");
  if (!stat.isFile()) return problem("not-a-file", "not a regular file");
  return { file, stem, id, real, size: stat.size };
}

function readCheckedFile({ file, stem, id, real, size }: CheckedFile, problems: Problem[]): InputBytes | null {
  let result: ReturnType<typeof readLimitedBytesSync>;
  try {
    result = readLimitedBytesSync(real, size);
  } catch {
    problems.push({ severity: "error", file, ...(id !== undefined && { id }), path: "$", rule: "unreadable", message: "the file cannot be read" });
    return null;
  }
  if (result.ok) return { file, stem, bytes: result.bytes };
  problems.push({ severity: "error", file, ...(id !== undefined && { id }), ...result.problem });
  return null;
}

/** Checks one folder of per-record JSON files; the record id comes from the file name, so the name is checked first. */
function checkFolder(paths: ProjectPaths, dir: string, dataRoot: string, names: readonly string[], problems: Problem[]): CheckedFile[] {
  const files: CheckedFile[] = [];
  let realFolder: string | undefined;
  try {
    realFolder = names.length > 0 ? realpathSync(dir) : undefined;
  } catch {
    realFolder = undefined; // each file is then resolved on its own, and reports its own problem
  }
  for (const name of names) {
    const stem = name.slice(0, -".json".length);
    if (!SLUG.test(stem) || WINDOWS_RESERVED.test(stem)) {
      problems.push({ severity: "error", file: relative(paths, path.join(dir, name)), id: stem, path: "$", rule: "file-name", message: `the file name must be a slug followed by .json (lower-case letters, digits, single hyphens; not a name Windows reserves such as con or nul), got ${JSON.stringify(name)}` });
      continue;
    }
    const checked = checkInputFile(paths, path.join(dir, name), stem, dataRoot, problems, stem, realFolder);
    if (checked) files.push(checked);
  }
  return files;
}

/** Reads one folder of per-record JSON files. */
function readFolder(paths: ProjectPaths, dir: string, dataRoot: string, names: readonly string[], problems: Problem[]): InputBytes[] {
  return checkFolder(paths, dir, dataRoot, names, problems).flatMap((checked) => readCheckedFile(checked, problems) ?? []);
}

/** Every input of a build read, except the provider files: those are checked, and read one at a time later. */
interface CheckedInputs extends Omit<Inputs, "providers"> {
  providers: CheckedFile[];
}

/** Reads every input file's bytes, without parsing. */
export async function readInputs(paths: ProjectPaths): Promise<Inputs> {
  const checked = await checkInputs(paths);
  return { ...checked, providers: checked.providers.flatMap((file) => readCheckedFile(file, checked.problems) ?? []) };
}

async function checkInputs(paths: ProjectPaths): Promise<CheckedInputs> {
  const problems: Problem[] = [];
  let dataRoot: string;
  try {
    dataRoot = realpathSync(paths.data);
  } catch {
    problems.push({ severity: "error", file: relative(paths, paths.data), path: "$", rule: "missing-folder", message: "the data folder is missing" });
    return { meta: null, providers: [], observations: [], sourceDates: null, sourceWatch: null, documentVersions: null, registry: [], corroborations: [], problems };
  }
  const meta = readInputFile(paths, paths.datasetMeta, "dataset", dataRoot, problems);
  const providerNames = await listJsonFiles(paths.providers);
  if (providerNames === null) {
    problems.push({ severity: "error", file: relative(paths, paths.providers), path: "$", rule: "missing-folder", message: "the providers folder is missing or cannot be read" });
  }
  const providers = checkFolder(paths, paths.providers, dataRoot, providerNames ?? [], problems);
  const observations = readFolder(paths, paths.observations, dataRoot, (await listJsonFiles(paths.observations)) ?? [], problems);
  const optional = (file: string, stem: string) => (existsSync(file) || isBrokenLink(file) ? readInputFile(paths, file, stem, dataRoot, problems) : null);
  const sourceDates = optional(paths.sourceDates, "source-dates");
  const sourceWatch = optional(paths.sourceWatch, "sources");
  const documentVersions = optional(paths.documentVersions, "document-versions");
  const registry = readFolder(paths, paths.registry, dataRoot, (await listJsonFiles(paths.registry)) ?? [], problems);
  // Named after a price registry, not a record: read like the dataset-wide files.
  const corroborations = ((await listJsonFiles(paths.corroborations)) ?? []).flatMap((name) => {
    const input = readInputFile(paths, path.join(paths.corroborations, name), name.slice(0, -".json".length), dataRoot, problems);
    return input ? [{ ...input, datasetWide: true as const }] : [];
  });
  const total =
    providers.reduce((sum, file) => sum + file.size, 0) +
    [...(meta ? [meta] : []), ...observations, ...(sourceDates ? [sourceDates] : []), ...(sourceWatch ? [sourceWatch] : []), ...(documentVersions ? [documentVersions] : []), ...registry, ...corroborations].reduce((sum, input) => sum + input.bytes.length, 0);
  if (total > LIMITS.maxTotalBytes) {
    problems.push({ severity: "error", file: relative(paths, paths.data), path: "$", rule: "max-total-size", message: `the data files hold ${total} bytes in all, over the limit of ${LIMITS.maxTotalBytes} bytes` });
  }
  return { meta, providers, observations, sourceDates, sourceWatch, documentVersions, registry, corroborations, problems };
}

/** A symbolic link whose target is gone: present, so reported, not skipped as absent. */
function isBrokenLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Parses one input file; one that is not JSON becomes a Problem that names it. */
export function parseInput(input: InputBytes, problems: Problem[]): RawFile | null {
  const result = parseJsonText(input.bytes);
  if (result.ok) return { file: input.file, stem: input.stem, value: result.value };
  const wide = input.datasetWide === true || DATASET_WIDE_FILES.has(input.stem);
  problems.push({ severity: "error", file: input.file, ...(!wide && { id: input.stem }), ...result.problem });
  return null;
}

/**
 * Parses what was read, letting go of each file's bytes once parsed: at 10,000 providers they are 80 MB
 * that would otherwise stay alive until every file is parsed.
 */
export function parseInputs(inputs: Inputs): LoadedData {
  const problems = [...inputs.problems];
  const parse = (input: InputBytes) => {
    const parsed = parseInput(input, problems);
    input.bytes = EMPTY;
    return parsed;
  };
  const meta = inputs.meta ? parse(inputs.meta) : null;
  const providers = inputs.providers.map(parse).filter((file): file is RawFile => file !== null);
  const observations = inputs.observations.map(parse).filter((file): file is RawFile => file !== null);
  const sourceDates = inputs.sourceDates ? parse(inputs.sourceDates) : null;
  const sourceWatch = inputs.sourceWatch ? parse(inputs.sourceWatch) : null;
  const documentVersions = inputs.documentVersions ? parse(inputs.documentVersions) : null;
  const registry = inputs.registry.map(parse).filter((file): file is RawFile => file !== null);
  const corroborations = inputs.corroborations.map(parse).filter((file): file is RawFile => file !== null);
  return { meta, providers, observations, sourceDates, sourceWatch, documentVersions, registry, corroborations, problems };
}

export async function loadData(paths: ProjectPaths): Promise<LoadedData> {
  return parseInputs(await readInputs(paths));
}

/** A provider file that passed its checks, read and parsed only when `read` is called. */
export interface DeferredFile {
  file: string;
  stem: string;
  /** Reads and parses the file; null (with a located problem) when it cannot be read or is not JSON. */
  read(problems: Problem[]): RawFile | null;
}

export interface DeferredData extends Omit<LoadedData, "providers"> {
  /** In id (file stem) order. */
  providers: DeferredFile[];
}

/**
 * Everything loaded except the provider files, which are read and parsed one at a time by whoever walks
 * them: at 10,000 providers, holding every file's bytes and then every parsed record at once cost the
 * build 250 MB before the first record was validated.
 */
export async function loadDataDeferred(paths: ProjectPaths): Promise<DeferredData> {
  const { providers, ...rest } = await checkInputs(paths);
  const others = parseInputs({ ...rest, providers: [] });
  const byStem = [...providers].sort((a, b) => (a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0));
  return {
    ...others,
    providers: byStem.map((checked) => ({
      file: checked.file,
      stem: checked.stem,
      read: (problems: Problem[]) => {
        const input = readCheckedFile(checked, problems);
        return input ? parseInput(input, problems) : null;
      },
    })),
  };
}
