import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { DocumentArchive } from "../schema/documentVersions.js";
import { comparableUrl } from "./review.js";

const run = promisify(execFile);

/** Enough for any archive's declaration; a larger file is not one. */
const MAX_DECLARATION_BYTES = 256 * 1024;
const MAX_DECLARATIONS = 20_000;
const MAX_VERSIONS = 50;

async function git(gitDir: string, args: string[], maxBuffer = 64 * 1024 * 1024): Promise<string> {
  const { stdout } = await run("git", ["--git-dir", gitDir, ...args], { maxBuffer });
  return stdout;
}

/** The git directory of a bare copy or of a checkout. */
export async function gitDirOf(directory: string): Promise<string> {
  for (const candidate of [`${directory}/.git`, directory]) {
    try {
      await git(candidate, ["rev-parse", "--git-dir"]);
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${directory} is not a git directory or a checkout`);
}

/**
 * Where each document of an archive is read from: Open Terms Archive's declarations name a service and, per
 * document type, the address it fetches (`fetch`, or several under `combine`). Versions are stored as
 * `<service>/<document type>.<ext>`.
 */
export async function readDeclarations(gitDir: string): Promise<Map<string, { service: string; type: string }>> {
  const byUrl = new Map<string, { service: string; type: string }>();
  const names = (await git(gitDir, ["ls-tree", "--name-only", "HEAD", "declarations/"]))
    .split("\n")
    .filter((name) => name.endsWith(".json") && !name.endsWith(".history.json"))
    .slice(0, MAX_DECLARATIONS);
  for (const name of names) {
    let declaration: { name?: unknown; terms?: Record<string, { fetch?: unknown; combine?: Array<{ fetch?: unknown }> }> };
    try {
      const text = await git(gitDir, ["show", `HEAD:${name}`], MAX_DECLARATION_BYTES);
      declaration = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof declaration.name !== "string" || !declaration.terms || typeof declaration.terms !== "object") continue;
    for (const [type, terms] of Object.entries(declaration.terms)) {
      const urls = [terms?.fetch, ...(Array.isArray(terms?.combine) ? terms.combine.map((part) => part?.fetch) : [])].filter((url): url is string => typeof url === "string");
      for (const url of urls) byUrl.set(comparableUrl(url), { service: declaration.name, type });
    }
  }
  return byUrl;
}

export interface Wanted {
  /** Paths of the archive's files that Facts pin. */
  paths: ReadonlySet<string>;
  /** Other cited addresses, compared as comparableUrl gives them. */
  urls: ReadonlySet<string>;
}

/** The archive's versions of the documents Facts cite, newest first, with the address each is read from. */
export async function readArchive(gitDir: string, repository: string, today: string, wanted: Wanted, declarations: Map<string, { service: string; type: string }> | null): Promise<DocumentArchive> {
  const commit = (await git(gitDir, ["rev-parse", "HEAD"])).trim();
  const files = new Set((await git(gitDir, ["ls-tree", "-r", "--name-only", "HEAD"])).split("\n").filter(Boolean));
  const fileOf = (service: string, type: string) => [...files].find((file) => file.startsWith(`${service}/${type}.`)) ?? null;
  const chosen = new Map<string, string | undefined>();
  for (const path of wanted.paths) if (files.has(path)) chosen.set(path, undefined);
  for (const [url, document] of declarations ?? []) {
    const path = fileOf(document.service, document.type);
    // A document is kept when a Fact cites its address, or its file; either way it says where it is read from.
    if (path && (wanted.urls.has(url) || (chosen.has(path) && chosen.get(path) === undefined))) chosen.set(path, url);
  }
  const documents: DocumentArchive["documents"] = {};
  for (const [path, url] of [...chosen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const log = await git(gitDir, ["log", `-n${MAX_VERSIONS}`, "--format=%H %ct", "HEAD", "--", path]);
    const versions = log
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [hash, seconds] = line.split(" ");
        return { commit: hash!, date: new Date(Number(seconds) * 1000).toISOString().slice(0, 10) };
      });
    documents[path] = { ...(url && { fetch_url: url }), versions };
  }
  return { repository, read_at: today, commit, documents };
}
