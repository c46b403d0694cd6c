import { promises as fs } from "node:fs";
import type { ProjectPaths } from "../config.js";
import { loadData } from "../load/loadData.js";
import { admit } from "../net/door.js";
import type { NetPolicy } from "../net/request.js";
import { factsOf } from "../schema/facts.js";
import { HttpUrl, SourceWatch, repositoryFileOf, type SourceWatchEntry } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";
import { mapLimit } from "../util/pool.js";
import { nextEntry, type Outcome } from "./compare.js";
import { fetchSource, type Fetched } from "./fetchSource.js";
import type { Budget } from "./pageText.js";

export interface WatchOptions {
  only: readonly string[];
  policy: NetPolicy;
  /** Hosts fetched at once. */
  concurrency: number;
  /** Requests under way at once to one host. */
  perHost: number;
  now: string;
  today: string;
  /** Replaces the network in tests of the comparison; the real fetch otherwise. */
  fetch?: (url: string, policy: NetPolicy) => Promise<Fetched>;
  /** The parsing budget of one page (tests shorten it). */
  budget?: Budget;
}

/** A cited URL and who cites it. */
export interface CitedUrl {
  url: string;
  citedBy: { id: string; path: string; quote?: string }[];
}

export interface WatchRun {
  cited: CitedUrl[];
  hosts: number;
  /** `entry` is what was written for the URL this run; null when nothing new was (refused, deferred). */
  outcomes: Array<{ url: string; outcome: Outcome; entry: SourceWatchEntry | null; previous?: SourceWatchEntry; reason?: string }>;
  pruned: string[];
}

/**
 * Every distinct source_url of a researched Fact. A file pinned at a commit in a repository is left out:
 * its content cannot change, and its date is computed by npm run source-dates.
 */
export async function citedUrls(paths: ProjectPaths, only: readonly string[]): Promise<CitedUrl[]> {
  const loaded = await loadData(paths);
  const byUrl = new Map<string, CitedUrl>();
  for (const raw of loaded.providers) {
    if (raw.value === null || typeof raw.value !== "object" || Array.isArray(raw.value)) continue;
    const record = raw.value as Record<string, unknown>;
    const id = typeof record.id === "string" ? record.id : raw.stem;
    if (only.length > 0 && !only.includes(id)) continue;
    for (const [path, fact] of factsOf(record)) {
      if (fact.status === "unknown" || fact.status === "not_applicable" || typeof fact.source_url !== "string") continue;
      if (repositoryFileOf(fact.source_url)?.pinned) continue;
      if (!HttpUrl.safeParse(fact.source_url).success) continue;
      const entry = byUrl.get(fact.source_url) ?? { url: fact.source_url, citedBy: [] };
      entry.citedBy.push({ id, path: path.map(String).join("."), ...(typeof fact.quote === "string" && fact.quote.trim() !== "" && { quote: fact.quote }) });
      byUrl.set(fact.source_url, entry);
    }
  }
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : 1));
}

export async function readSourceWatch(file: string): Promise<SourceWatch> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  const parsed = SourceWatch.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`data/sources.json does not fit its schema (${parsed.error.issues[0]?.message ?? "invalid"}); fix or delete it, then run again`);
  return parsed.data;
}

/** One URL per line, sorted: a review reads what changed at which URL. */
export function sourceWatchText(watch: SourceWatch): string {
  const keys = Object.keys(watch).sort();
  const lines = keys.map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(watch[key])}`);
  return lines.length === 0 ? "{}\n" : `{\n${lines.join(",\n")}\n}\n`;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
};

/** Fetches every cited URL, a few hosts at a time and few requests per host, and writes data/sources.json. */
export async function runSourceWatch(paths: ProjectPaths, options: WatchOptions): Promise<WatchRun> {
  const previous = await readSourceWatch(paths.sourceWatch);
  const cited = await citedUrls(paths, options.only);
  const byHost = new Map<string, CitedUrl[]>();
  for (const item of cited) byHost.set(hostOf(item.url), [...(byHost.get(hostOf(item.url)) ?? []), item]);
  const get = options.fetch ?? fetchSource;
  const perHost = await mapLimit([...byHost.values()], options.concurrency, (items) =>
    mapLimit(items, options.perHost, async (item) => {
      const before = Object.hasOwn(previous, item.url) ? previous[item.url] : undefined;
      const quotes = item.citedBy.flatMap((citing) => (citing.quote ? [citing.quote] : []));
      const { entry, outcome, reason } = await nextEntry(before, await get(item.url, options.policy), options.now, options.today, options.budget, quotes);
      return { url: item.url, outcome, entry, ...(before && { previous: before }), ...(reason && { reason }) };
    }),
  );
  const outcomes = perHost.flat();
  const next: SourceWatch = { ...previous };
  for (const { url, entry } of outcomes) if (entry) next[url] = entry;
  const pruned: string[] = [];
  if (options.only.length === 0) {
    const citedSet = new Set(cited.map((item) => item.url));
    for (const url of Object.keys(next)) {
      if (!citedSet.has(url)) {
        delete next[url];
        pruned.push(url);
      }
    }
  }
  // Every entry passed the door on its own; the whole file is checked once more before it replaces the last.
  const admitted = admit(SourceWatch, next, "data/sources.json");
  if (!admitted.ok) throw new Error(`sources: ${admitted.reason}`);
  await writeAtomically(paths.sourceWatch, sourceWatchText(admitted.value));
  return { cited, hosts: byHost.size, outcomes, pruned };
}
