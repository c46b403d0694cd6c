import { execFile } from "node:child_process";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { factsOf } from "../schema/facts.js";
import { pathKey } from "../schema/factPath.js";
import { pinnedFileOf, quoteFoundIn, type PinnedFile } from "./match.js";

const run = promisify(execFile);

/** One Fact's quote held against the text of its source. */
export interface QuoteCheck {
  id: string;
  path: string;
  sourceUrl: string;
  /** found: every part of the quote is in the source; missing: it is not; no_quote: the Fact has none yet. */
  result: "found" | "missing" | "no_quote";
  quote?: string;
}

/** A record as it stands in a seed file: read without validating, so a file mid-edit can still be checked. */
export interface SeedRecord {
  id: string;
  value: Record<string, unknown>;
}

export async function readSeeds(providersDir: string, only: readonly string[] = []): Promise<SeedRecord[]> {
  const names = (await readdir(providersDir)).filter((name) => name.endsWith(".json")).sort();
  const records: SeedRecord[] = [];
  for (const name of names) {
    const id = name.slice(0, -".json".length);
    if (only.length > 0 && !only.includes(id)) continue;
    try {
      records.push({ id, value: JSON.parse(await readFile(path.join(providersDir, name), "utf8")) as Record<string, unknown> });
    } catch (error) {
      throw new Error(`${path.join(providersDir, name)}: not readable JSON (${(error as Error).message}); fix it before checking quotes`);
    }
  }
  return records;
}

/** Every quote of the records whose source the given text is (`sourceUrl` equal), checked against it. */
export function checkAgainstText(records: readonly SeedRecord[], sourceUrl: string, text: string): QuoteCheck[] {
  const checks: QuoteCheck[] = [];
  for (const record of records) {
    for (const [factPath, fact] of factsOf(record.value)) {
      if (fact.source_url !== sourceUrl) continue;
      checks.push(checkOne(record.id, factPath, fact, text));
    }
  }
  return checks;
}

function checkOne(id: string, factPath: PropertyKey[], fact: { quote?: unknown; source_url?: unknown }, text: string): QuoteCheck {
  const base = { id, path: pathKey(factPath), sourceUrl: String(fact.source_url) };
  if (typeof fact.quote !== "string" || fact.quote.trim() === "") return { ...base, result: "no_quote" };
  return { ...base, quote: fact.quote, result: quoteFoundIn(fact.quote, text) ? "found" : "missing" };
}

/** Reads pinned files from a git directory (a bare copy or a checkout): the file as it was at the pinned commit. */
export async function gitReader(directory: string): Promise<(file: PinnedFile) => Promise<string | null>> {
  const dotGit = path.join(directory, ".git");
  const gitDir = (await stat(dotGit).catch(() => null)) ? dotGit : directory;
  await run("git", ["--git-dir", gitDir, "rev-parse", "--git-dir"]).catch(() => {
    throw new Error(`${directory} is not a git directory or a checkout`);
  });
  return async (file) => {
    try {
      const { stdout } = await run("git", ["--git-dir", gitDir, "show", `${file.commit}:${file.path}`], { maxBuffer: 16 * 1024 * 1024 });
      return stdout;
    } catch {
      // The commit or the file is not in this repository: the Fact cites another one.
      return null;
    }
  };
}

/** Every quote whose source is a file pinned in the repository the reader reads, checked against that file at its commit. */
export async function checkAgainstRepository(records: readonly SeedRecord[], read: (file: PinnedFile) => Promise<string | null>): Promise<QuoteCheck[]> {
  const checks: QuoteCheck[] = [];
  const texts = new Map<string, Promise<string | null>>();
  for (const record of records) {
    for (const [factPath, fact] of factsOf(record.value)) {
      const pinned = typeof fact.source_url === "string" ? pinnedFileOf(fact.source_url) : null;
      if (!pinned) continue;
      const key = `${pinned.commit}:${pinned.path}`;
      if (!texts.has(key)) texts.set(key, read(pinned));
      const text = await texts.get(key)!;
      if (text === null) continue;
      checks.push(checkOne(record.id, factPath, fact, text));
    }
  }
  return checks;
}

/** The lines a person reads: what is missing first, then what has no quote yet, then a count. */
export function formatChecks(checks: readonly QuoteCheck[]): string {
  const lines: string[] = [];
  const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);
  for (const check of checks.filter((item) => item.result === "missing")) lines.push(`missing   ${check.id} ${check.path}: ${JSON.stringify(clip(check.quote ?? ""))} not found in ${check.sourceUrl}`);
  for (const check of checks.filter((item) => item.result === "no_quote")) lines.push(`no quote  ${check.id} ${check.path} (${check.sourceUrl})`);
  const count = (result: QuoteCheck["result"]) => checks.filter((item) => item.result === result).length;
  lines.push(`quotes: ${count("found")} found, ${count("missing")} missing, ${count("no_quote")} Facts without a quote, of ${checks.length} Facts citing this source`);
  return lines.join("\n");
}
