import path from "node:path";
import { runGit } from "../history/git.js";
import { readCommitParents } from "../history/versionOfCommit.js";
import type { Problem } from "../problems.js";
import type { RecordedVersion } from "../schema/index.js";
import type { Rebuild, RebuiltDataset } from "./rebuild.js";
import { ArchiveReader, archivePaths, newestFirst, readRecordedVersions, type StoredRecord } from "./store.js";

/** How many of the newest versions the publishing workflow builds again from their commits before it deploys. */
export const VERSIONS_REBUILT = 3;

export interface VerifyOptions {
  /** The build day: no version may be dated later. */
  today: string;
  /** How many of the newest versions to build again from their commits (0: none). */
  rebuild: number;
  rebuildAt: Rebuild;
  /** The history the versions' commits must belong to: the main branch as the workflow checked it out. */
  head?: string;
  log?: (line: string) => void;
}

export interface VerifyReport {
  problems: Problem[];
  /** Versions whose every check passed, newest first. */
  verified: string[];
  /** Of those, the ones built again from their commits and found byte for byte the same. */
  rebuilt: string[];
}

/** Each commit's date as git knows it, for the commits it knows. */
async function commitDates(root: string, commits: readonly string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  if (commits.length === 0) return dates;
  const out = await runGit(["log", "--no-walk=unsorted", "--format=%H %cI", ...commits, "--"], { git: "git", cwd: root }).catch(() => Buffer.alloc(0));
  for (const line of out.toString("utf8").split("\n")) {
    const [commit, date] = line.trim().split(" ");
    const time = Date.parse(date ?? "");
    if (commit && !Number.isNaN(time)) dates.set(commit, new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z"));
  }
  return dates;
}

/**
 * What differs between a kept version and what its commit builds: the providers whose files differ, are missing
 * or are new, and whether the text before them does. For the message that refuses the version.
 */
function differences(kept: { head: string; records: readonly StoredRecord[] }, rebuilt: RebuiltDataset): string {
  const ids = new Map(kept.records.map((record) => [record.id, record.bytes]));
  const changed = [...ids].filter(([id, bytes]) => rebuilt.providerFiles.has(id) && !rebuilt.providerFiles.get(id)!.equals(bytes)).map(([id]) => id);
  const missing = [...ids.keys()].filter((id) => !rebuilt.providerFiles.has(id));
  const extra = [...rebuilt.providerFiles.keys()].filter((id) => !ids.has(id));
  const list = (label: string, items: string[]) => (items.length ? [`${label} ${items.slice(0, 10).join(", ")}${items.length > 10 ? ` and ${items.length - 10} more` : ""}`] : []);
  const headDiffers = !rebuilt.dataset.subarray(0, Buffer.byteLength(kept.head)).equals(Buffer.from(kept.head));
  const parts = [...list("the provider files of", changed), ...list("providers it does not build:", missing), ...list("providers it builds that the version lacks:", extra), ...(headDiffers ? ["the dataset's text before the providers"] : [])];
  return parts.length ? parts.join("; ") : "the joined bytes";
}

/**
 * Checks the archive as the publishing workflow does before it deploys: every version as a build checks it (its
 * manifest's limits, its parts against their SHA-256, its bytes against its own SHA-256, length and name), then
 * that the commit it names is in the history of `head` with the date it claims, then the newest `rebuild` versions
 * built again from their commits and compared byte for byte. Every version that fails is named; nothing is changed.
 */
export async function verifyArchive(root: string, options: VerifyOptions): Promise<VerifyReport> {
  const log = options.log ?? (() => {});
  const { versions, problems } = await readRecordedVersions(root, options.today);
  const reader = new ArchiveReader(root);
  const shown = (version: string) => path.relative(root, path.join(archivePaths(root).versions, `${version}.json`)).split(path.sep).join("/");
  const refuse = (recorded: RecordedVersion, at: string, rule: string, message: string) => problems.push({ severity: "error", file: shown(recorded.version), path: at, rule, message });
  const sound: RecordedVersion[] = [];
  for (const recorded of versions) {
    const before = problems.length;
    reader.bytesOf(recorded, problems);
    if (problems.length === before) sound.push(recorded);
  }
  const head = options.head ?? "HEAD";
  const parents = await readCommitParents(root, "git", head);
  const dates = await commitDates(root, sound.map((recorded) => recorded.commit).filter((commit) => parents.has(commit)));
  const claimed: RecordedVersion[] = [];
  for (const recorded of sound) {
    if (!parents.has(recorded.commit)) {
      refuse(recorded, "$.commit", "archive-commit-unknown", `version ${recorded.version} names commit ${recorded.commit}, which is not in the history of ${head}: it cannot have been published from this project`);
    } else if (dates.get(recorded.commit) !== recorded.committed_at) {
      refuse(recorded, "$.committed_at", "archive-commit-unknown", `version ${recorded.version} dates commit ${recorded.commit.slice(0, 12)} ${recorded.committed_at}, but git dates it ${dates.get(recorded.commit) ?? "nowhere"}`);
    } else claimed.push(recorded);
  }
  const newest = [...claimed].sort((a, b) => newestFirst({ committedAt: a.committed_at, version: a.version }, { committedAt: b.committed_at, version: b.version }));
  const rebuilt: string[] = [];
  const failed = new Set<string>();
  for (const recorded of newest.slice(0, Math.max(0, options.rebuild))) {
    log(`verify: building ${recorded.version} again from commit ${recorded.commit.slice(0, 12)}`);
    let built: RebuiltDataset;
    try {
      built = await options.rebuildAt(recorded.commit);
    } catch (error) {
      failed.add(recorded.version);
      refuse(recorded, "$.commit", "archive-not-rebuilt", `version ${recorded.version}: commit ${recorded.commit.slice(0, 12)} could not be built again (${error instanceof Error ? error.message : String(error)}), so the version cannot be vouched for`);
      continue;
    }
    const kept = reader.bytesOf(recorded, [])!;
    if (built.dataset.equals(kept)) {
      rebuilt.push(recorded.version);
      continue;
    }
    failed.add(recorded.version);
    const records = recorded.records.map((hash) => reader.record(hash, [])!);
    refuse(recorded, "$", "archive-not-what-its-commit-builds", `version ${recorded.version} is not what commit ${recorded.commit.slice(0, 12)} builds: ${differences({ head: recorded.head, records }, built)} differ`);
  }
  const verified = newest.filter((recorded) => !failed.has(recorded.version)).map((recorded) => recorded.version);
  return { problems, verified, rebuilt };
}
