import { promises as fs } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import type { Problem } from "../validate/problems.js";
import { readJsonFile } from "./readJson.js";

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
 * checked before anything else; a file that resolves outside data/ is never read.
 */
async function loadFolder(paths: ProjectPaths, dir: string, problems: Problem[]): Promise<RawFile[]> {
  const files: RawFile[] = [];
  const dataRoot = await fs.realpath(paths.data);
  for (const name of await listJsonFiles(dir)) {
    const full = path.join(dir, name);
    const file = relative(paths, full);
    const stem = name.slice(0, -".json".length);
    const report = (rule: string, message: string) =>
      problems.push({ severity: "error", file, id: stem, path: "$", rule, message });
    if (!SLUG.test(stem)) {
      report("file-name", `the file name must be a slug followed by .json (lower-case letters, digits, single hyphens), got "${name}"`);
      continue;
    }
    let real: string;
    try {
      real = await fs.realpath(full);
    } catch {
      report("unreadable", "the file cannot be opened (a broken symbolic link?)");
      continue;
    }
    if (!isInside(real, dataRoot)) {
      report("outside-data", "the file is a link to a place outside data/; only files inside data/ are read");
      continue;
    }
    const stat = await fs.stat(real);
    if (!stat.isFile()) {
      report("not-a-file", "not a regular file");
      continue;
    }
    const result = await readJsonFile(real);
    if (!result.ok) {
      problems.push({ severity: "error", file, id: stem, ...result.problem });
      continue;
    }
    files.push({ file, stem, value: result.value });
  }
  return files;
}

export async function loadData(paths: ProjectPaths): Promise<LoadedData> {
  const problems: Problem[] = [];
  let meta: RawFile | null = null;
  const metaFile = relative(paths, paths.datasetMeta);
  try {
    const result = await readJsonFile(paths.datasetMeta);
    if (result.ok) meta = { file: metaFile, stem: "dataset", value: result.value };
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
  try {
    await fs.access(paths.providers);
  } catch {
    problems.push({
      severity: "error",
      file: relative(paths, paths.providers),
      path: "$",
      rule: "missing-folder",
      message: "the providers folder is missing",
    });
    return { meta, providers: [], observations: [], problems };
  }
  const providers = await loadFolder(paths, paths.providers, problems);
  const observations = await loadFolder(paths, paths.observations, problems);
  return { meta, providers, observations, problems };
}
