import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { isModelsDev, readModelsDevCopy, type ModelsDevCopy } from "./modelsDev.js";
import { MODELS_DEV_SOURCE, PROVIDER_MAPPINGS, REGISTRY_SOURCES, type FileRegistryName, type PinnedCopy } from "./sources.js";

const run = promisify(execFile);

/** Which commit of its registry's repository a local copy is, and the day of that commit when known. */
export interface Provenance {
  commit: string;
  committedOn: string | null;
}

/**
 * git, never letting a checkout's own configuration run anything: no file-system monitor, and blobs hashed
 * without the checkout's filters (a filter is a command the repository's configuration names).
 */
async function git(gitArgs: readonly string[], maxBuffer = 1024 * 1024): Promise<Buffer> {
  const { stdout } = await run("git", ["-c", "core.fsmonitor=false", ...gitArgs], { encoding: "buffer", maxBuffer, env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } });
  return stdout;
}
const gitText = async (gitArgs: readonly string[]) => (await git(gitArgs)).toString("utf8").trim();

/** The repository a remote address names on GitHub ("owner/repo"), or null. */
function githubRepositoryOf(remote: string): string | null {
  const match = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?\/?$/i.exec(remote.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** A checkout whose origin names another repository cannot vouch for a commit of this one. */
async function otherOrigin(gitArgs: readonly string[], source: { repository: string }): Promise<string | null> {
  const remote = await gitText([...gitArgs, "config", "--get", "remote.origin.url"]).catch(() => "");
  const named = remote ? githubRepositoryOf(remote) : null;
  return remote && named !== source.repository.toLowerCase() ? `its origin is ${named ?? "not on GitHub"}, not ${source.repository}` : null;
}

/** The newest commit at HEAD that changed the file (or any of the folders), and its UTC day: the commit the pinned URL names. */
async function lastChange(gitArgs: readonly string[], ...files: string[]): Promise<Provenance | null> {
  const [commit, seconds] = (await gitText([...gitArgs, "log", "-1", "--format=%H %ct", "HEAD", "--", ...files]).catch(() => "")).split(" ");
  if (!commit || !/^[0-9a-f]{40}$/.test(commit)) return null;
  return { commit, committedOn: seconds ? new Date(Number(seconds) * 1000).toISOString().slice(0, 10) : null };
}

export type GitRead =
  | { ok: true; registry: FileRegistryName; bytes: Buffer; provenance: Provenance }
  | { ok: true; registry: "models.dev"; copy: ModelsDevCopy; provenance: Provenance }
  | { ok: false; reason: string };

/**
 * models.dev's mapped provider folders as committed at HEAD; the copy as a whole is dated by the newest
 * commit that changed one of them.
 */
async function readModelsDev(gitArgs: readonly string[], maxBytes: number): Promise<GitRead> {
  const elsewhere = await otherOrigin(gitArgs, MODELS_DEV_SOURCE);
  if (elsewhere) return { ok: false, reason: `holds a ${MODELS_DEV_SOURCE.folder}/ folder like models.dev's, but ${elsewhere}` };
  const read = await readModelsDevCopy(git, gitArgs, (folder) => lastChange(gitArgs, folder), maxBytes);
  if (!read.ok) return read;
  const folders = Object.keys(read.copy.providers).map((provider) => `${MODELS_DEV_SOURCE.folder}/${provider}`);
  if (folders.length === 0) {
    const names = [...new Set(PROVIDER_MAPPINGS["models.dev"].map((mapping) => mapping.registryProvider))];
    return { ok: false, reason: `holds none of the models.dev providers mapped to records (${names.join(", ")})` };
  }
  const provenance = await lastChange(gitArgs, ...folders);
  if (!provenance) return { ok: false, reason: `the history of ${MODELS_DEV_SOURCE.folder}/ cannot be read` };
  return { ok: true, registry: "models.dev", copy: read.copy, provenance };
}

/**
 * A git directory or checkout of a registry's repository, given with --from: its file (models.dev: its mapped
 * providers' model files) as committed at HEAD (what the pinned URL shows; uncommitted changes in a checkout
 * are not read), whichever registry the repository holds.
 */
export async function readFromGit(directory: string, maxBytes: number): Promise<GitRead> {
  const dotGit = path.join(directory, ".git");
  const gitDir = (await fs.stat(dotGit).catch(() => null)) ? dotGit : directory;
  const gitArgs = ["--git-dir", gitDir];
  if (!(await gitText([...gitArgs, "rev-parse", "--git-dir"]).then(() => true, () => false))) return { ok: false, reason: "a folder that is not a git directory or checkout" };
  for (const registry of Object.keys(REGISTRY_SOURCES) as FileRegistryName[]) {
    const source = REGISTRY_SOURCES[registry];
    const size = Number(await gitText([...gitArgs, "cat-file", "-s", `HEAD:${source.path}`]).catch(() => "NaN"));
    if (!Number.isFinite(size)) continue;
    const elsewhere = await otherOrigin(gitArgs, source);
    if (elsewhere) return { ok: false, reason: `holds ${source.path}, but ${elsewhere}` };
    if (size > maxBytes) return { ok: false, reason: `${source.path} is over ${maxBytes} bytes` };
    const provenance = await lastChange(gitArgs, source.path);
    if (!provenance) return { ok: false, reason: `the history of ${source.path} cannot be read` };
    return { ok: true, registry, bytes: await git([...gitArgs, "show", `HEAD:${source.path}`], maxBytes + 1), provenance };
  }
  if (await isModelsDev(git, gitArgs)) return readModelsDev(gitArgs, maxBytes);
  const known = [...Object.values(REGISTRY_SOURCES).map((source) => `${source.repository} ${source.path}`), `${MODELS_DEV_SOURCE.repository} ${MODELS_DEV_SOURCE.folder}/`];
  return { ok: false, reason: `a repository holding none of ${known.join(", ")} at HEAD` };
}

/**
 * A local file's commit: a pin given for its registry (--pinned-url), else the checkout it lies in, when that is
 * a checkout of the registry's repository, the file sits at the registry's path and equals it as committed at
 * HEAD. Otherwise nothing says which bytes these are, and nothing may cite them: the reason says what to give.
 */
export async function provenanceOf(file: string, registry: FileRegistryName, pins: readonly PinnedCopy[]): Promise<{ ok: true; provenance: Provenance } | { ok: false; reason: string }> {
  const pin = pins.find((candidate) => candidate.registry === registry);
  if (pin) return { ok: true, provenance: { commit: pin.commit, committedOn: null } };
  const source = REGISTRY_SOURCES[registry];
  const ask = `which commit of ${source.repository} ${source.path} it is cannot be told; give --from a git checkout or git directory of ${source.repository}, or --pinned-url https://github.com/${source.repository}/blob/<commit>/${source.path}`;
  const real = await fs.realpath(file).catch(() => file);
  const top = await gitText(["-C", path.dirname(real), "rev-parse", "--show-toplevel"]).catch(() => "");
  if (!top) return { ok: false, reason: ask };
  const gitArgs = ["-C", top];
  const relative = path.relative(top, real).split(path.sep).join("/");
  if (relative !== source.path) return { ok: false, reason: `${ask} (it lies in a checkout, but not at ${source.path})` };
  const elsewhere = await otherOrigin(gitArgs, source);
  if (elsewhere) return { ok: false, reason: `${ask} (${elsewhere})` };
  const [committed, own] = await Promise.all([gitText([...gitArgs, "rev-parse", `HEAD:${relative}`]).catch(() => ""), gitText([...gitArgs, "hash-object", "--no-filters", "--", relative]).catch(() => "-")]);
  if (committed !== own) return { ok: false, reason: `${ask} (it differs from the checkout's HEAD)` };
  const provenance = await lastChange(gitArgs, relative);
  return provenance ? { ok: true, provenance } : { ok: false, reason: ask };
}
