import { promises as fs } from "node:fs";
import path from "node:path";
import { LIMITS, type ProjectPaths } from "../config.js";
import { nestsDeeperThan } from "../load/jsonScan.js";
import { jsonPath } from "../problems.js";
import { CorroborationFile, NETWORK_PRICE_REGISTRIES, type PriceRegistryName } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";
import { fetchRegistryFile, MAX_REGISTRY_BYTES, type FetchOptions } from "./fetchRegistry.js";
import { readRegistry, registryOfFile, UnreadableRegistry, type ReadRegistry } from "./formats.js";
import { provenanceOf, readFromGit } from "./localCopy.js";
import { modelsDevFolderUrl, PROVIDER_MAPPINGS, REGISTRY_SOURCES, pageUrl, type FileRegistryName, type PinnedCopy } from "./sources.js";

export interface CorroborateOptions {
  /** The registries read from their published URLs (ignored when `from` names files). */
  registries: readonly FileRegistryName[];
  /** Local copies in either registry's format, or git directories and checkouts of a registry, read instead of the network. */
  from: readonly string[];
  /** Which commit a local copy is, per registry (--pinned-url); a copy in a checkout of its registry says it itself. */
  pinned?: readonly PinnedCopy[];
  fetch: FetchOptions;
  now: string;
}

export type CorroborateOutcome =
  | { registry: PriceRegistryName; kind: "written"; written: CorroborationFile; read: ReadRegistry; file: string; commitUnknown?: string }
  | { registry: PriceRegistryName | null; kind: "failed"; source: string; reason: string; /** A last good file stays in place. */ kept?: boolean };

// A fifth of the build's per-file limit, as for the scraper's observations: no registry can make a build fail.
const MAX_WRITTEN_BYTES = 1024 * 1024;

type Read = Omit<CorroborationFile, "registry" | "source_url" | "providers" | "checked_at">["read"];
interface Bytes {
  registry: PriceRegistryName;
  json: unknown;
  read: Read;
  /** Where a person reads what was read: the registry's file (models.dev: its providers/ folder) at the commit read. */
  sourceUrl: string;
  commitUnknown?: string;
}

type Parsed = { json: unknown } | { reason: string };

function parseJson(bytes: Buffer): Parsed {
  // Checked before parsing: 32 MB of brackets would cost well over a gigabyte to build.
  if (nestsDeeperThan(bytes, LIMITS.maxOutsideDepth)) return { reason: `JSON nested deeper than ${LIMITS.maxOutsideDepth} levels` };
  try {
    return { json: JSON.parse(bytes.toString("utf8")) };
  } catch {
    // The parser's message quotes the text; a fixed sentence says enough.
    return { reason: "not JSON" };
  }
}

async function readLocalCopy(file: string): Promise<{ json: unknown } | { reason: string }> {
  let bytes: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { reason: "not a regular file" };
    if (stat.size > MAX_REGISTRY_BYTES) return { reason: `over ${MAX_REGISTRY_BYTES} bytes` };
    bytes = await fs.readFile(file);
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read" };
  }
  return parseJson(bytes);
}

/**
 * The door: what was read becomes a CorroborationFile only through the schema the build reads it with, and
 * only a file that fits is written. Anything else is a failure of that source; the last good file stays.
 */
async function land(paths: ProjectPaths, input: Bytes, now: string, sourceLabel: string): Promise<CorroborateOutcome> {
  const fail = (reason: string): CorroborateOutcome => ({ registry: input.registry, kind: "failed", source: sourceLabel, reason });
  let read: ReadRegistry;
  try {
    read = readRegistry(input.registry, input.json);
  } catch (error) {
    if (error instanceof UnreadableRegistry) return fail(error.message);
    throw error;
  }
  const ids = Object.keys(read.providers).sort();
  if (ids.length === 0) {
    const names = PROVIDER_MAPPINGS[input.registry].map((mapping) => mapping.registryProvider);
    return fail(`lists none of the providers mapped to records (${[...new Set(names)].join(", ")})`);
  }
  const candidate = {
    registry: input.registry,
    source_url: input.sourceUrl,
    read: input.read,
    checked_at: now,
    providers: Object.fromEntries(ids.map((id) => [id, read.providers[id]])),
  };
  const checked = CorroborationFile.safeParse(candidate);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return fail(`refused at ${jsonPath(issue.path)}: ${issue.message}`);
  }
  const text = `${JSON.stringify(checked.data, null, 2)}\n`;
  if (Buffer.byteLength(text) > MAX_WRITTEN_BYTES) return fail(`would write over ${MAX_WRITTEN_BYTES} bytes`);
  const file = path.join(paths.corroborations, `${input.registry}.json`);
  await writeAtomically(file, text);
  return { registry: input.registry, kind: "written", written: checked.data, read, file, ...(input.commitUnknown && { commitUnknown: input.commitUnknown }) };
}

async function fromNetwork(paths: ProjectPaths, registry: FileRegistryName, options: CorroborateOptions): Promise<CorroborateOutcome> {
  const source = REGISTRY_SOURCES[registry];
  const fetched = await fetchRegistryFile(source, options.fetch);
  const label = `${source.repository} ${source.path}`;
  if (!fetched.ok) return { registry, kind: "failed", source: label, reason: fetched.reason };
  const parsed = parseJson(fetched.bytes);
  if ("reason" in parsed) return { registry, kind: "failed", source: label, reason: parsed.reason };
  const { json } = parsed;
  const read: Read = { from: "network", url: fetched.url, commit: fetched.commit, committed_on: fetched.committedOn, etag: fetched.etag, last_modified: fetched.lastModified };
  return land(paths, { registry, json, read, sourceUrl: pageUrl(source, fetched.commit ?? source.branch), ...(fetched.commitUnknown && { commitUnknown: fetched.commitUnknown }) }, options.now, label);
}

/**
 * A local copy is cited by what it is: the registry's file at the commit it holds (pinned URL), never the file
 * on its live branch, whose bytes may differ from those read. A copy nothing dates is refused.
 */
async function fromLocal(given: string, pins: readonly PinnedCopy[]): Promise<Omit<Bytes, "commitUnknown"> | { registry: PriceRegistryName | null; reason: string }> {
  const isFolder = await fs.stat(given).then((stat) => stat.isDirectory(), () => false);
  if (isFolder) {
    const fromGit = await readFromGit(given, MAX_REGISTRY_BYTES);
    if (!fromGit.ok) return { registry: null, reason: fromGit.reason };
    const { commit, committedOn } = fromGit.provenance;
    const read: Read = { from: "file", file: path.basename(given).slice(0, 200), commit, committed_on: committedOn, etag: null, last_modified: null };
    // models.dev's folders are read as files of text, not as one JSON file.
    if (fromGit.registry === "models.dev") return { registry: "models.dev", json: fromGit.copy, sourceUrl: modelsDevFolderUrl(commit), read };
    const parsed = parseJson(fromGit.bytes);
    if ("reason" in parsed) return { registry: fromGit.registry, reason: parsed.reason };
    return { registry: fromGit.registry, json: parsed.json, sourceUrl: pageUrl(REGISTRY_SOURCES[fromGit.registry], commit), read };
  }
  const local = await readLocalCopy(given);
  if ("reason" in local) return { registry: null, reason: local.reason };
  const registry = registryOfFile(local.json);
  if (registry === null) return { registry: null, reason: "neither genai-prices' format (a list of providers) nor litellm's (an object of models)" };
  const known = await provenanceOf(given, registry, pins);
  if (!known.ok) return { registry, reason: known.reason };
  const { commit, committedOn } = known.provenance;
  return { registry, json: local.json, sourceUrl: pageUrl(REGISTRY_SOURCES[registry], commit), read: { from: "file", file: path.basename(given).slice(0, 200), commit, committed_on: committedOn, etag: null, last_modified: null } };
}

async function fromFiles(paths: ProjectPaths, files: readonly string[], pins: readonly PinnedCopy[], now: string): Promise<CorroborateOutcome[]> {
  const outcomes: CorroborateOutcome[] = [];
  const seen = new Set<PriceRegistryName>();
  for (const file of files) {
    const name = path.basename(file);
    const local = await fromLocal(file, pins);
    if ("reason" in local) {
      outcomes.push({ registry: local.registry, kind: "failed", source: name, reason: local.reason });
    } else if (seen.has(local.registry)) {
      outcomes.push({ registry: local.registry, kind: "failed", source: name, reason: `a second local copy in ${local.registry}'s format; give one per registry` });
    } else {
      seen.add(local.registry);
      outcomes.push(await land(paths, local, now, name));
    }
  }
  return outcomes;
}

/**
 * Reads the price registries (their published files, or the local copies given) and writes what they list
 * for the mapped providers to data/corroborations/<registry>.json. The build does the comparing. models.dev
 * is read only from a git copy given with `from`.
 */
export async function runCorroborate(paths: ProjectPaths, options: CorroborateOptions): Promise<CorroborateOutcome[]> {
  let outcomes: CorroborateOutcome[];
  if (options.from.length > 0) outcomes = await fromFiles(paths, options.from, options.pinned ?? [], options.now);
  else {
    const registries = NETWORK_PRICE_REGISTRIES.filter((registry) => options.registries.length === 0 || options.registries.includes(registry));
    outcomes = [];
    for (const registry of registries) outcomes.push(await fromNetwork(paths, registry, options));
  }
  return Promise.all(outcomes.map(async (outcome) => (outcome.kind === "failed" && outcome.registry ? { ...outcome, kept: await exists(path.join(paths.corroborations, `${outcome.registry}.json`)) } : outcome)));
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
