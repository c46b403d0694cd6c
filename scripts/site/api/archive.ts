import { createHash } from "node:crypto";
import type { KeptArchive, KeptVersion } from "../../archive/store.js";
import type { ChangeList } from "../../history/changeList.js";
import { FILES } from "../../routes.js";
import type { ArchiveIndex, ArchivedVersion, EarlierDataState } from "../../schema/index.js";
import { addText, jsonText, openArtefact, type ArtefactWriter, type Artefacts } from "../artefacts.js";

export type { KeptArchive, KeptVersion };

export interface ArchiveOptions {
  baseUrl: string;
  /** The source repository's web address (https://github.com/<owner>/<repo>), for links to the data at a commit. */
  repositoryUrl?: string;
}

/** Writes a file in parts and tells its SHA-256 and size at the end: the current dataset, teed to its archive copy. */
export function hashingWriter(targets: ArtefactWriter[], done: (sha256: string, size: number) => void): ArtefactWriter {
  const hash = createHash("sha256");
  let size = 0;
  return {
    write(chunk) {
      hash.update(chunk);
      size += chunk.length;
      for (const target of targets) target.write(chunk);
    },
    end() {
      for (const target of targets) target.end();
      done(hash.digest("hex"), size);
    },
  };
}

export const archiveFileWriter = (artefacts: Artefacts, version: string) => openArtefact(artefacts, FILES.archivedVersion(version));

const dataUrl = (repositoryUrl: string | undefined, commit: string) => (repositoryUrl ? `${repositoryUrl.replace(/\/+$/, "")}/tree/${commit}/data` : null);

/** The version this build publishes, when the archive does not keep it (yet): served beside the kept ones for this build. */
export interface CurrentVersion {
  version: string;
  sha256: string;
  size: number;
  /** Its provider files by SHA-256, in order. */
  records: readonly string[];
}

/** Which providers a version added, removed and changed against the version before it; null for the first one. */
export type VersionChanges = ArchivedVersion["changes"];

/** Provider id by SHA-256 of its file, for every record of the versions compared. */
type IdOf = (hash: string) => string;

export function versionChanges(records: readonly string[], previous: readonly string[] | null, idOf: IdOf): VersionChanges {
  if (!previous) return null;
  const before = new Map(previous.map((hash) => [idOf(hash), hash]));
  const after = new Map(records.map((hash) => [idOf(hash), hash]));
  const sorted = (ids: Iterable<string>) => [...ids].sort();
  return {
    providers_added: sorted([...after.keys()].filter((id) => !before.has(id))),
    providers_removed: sorted([...before.keys()].filter((id) => !after.has(id))),
    providers_changed: sorted([...after].filter(([id, hash]) => before.has(id) && before.get(id) !== hash).map(([id]) => id)),
  };
}

/**
 * For each provider file of the newest version, the version since which it has been unchanged: the oldest
 * version of the unbroken run of versions, up to the newest, that holds these very bytes. Versions oldest first.
 */
export function unchangedSince(versions: ReadonlyArray<{ version: string; records: readonly string[] }>): Map<string, string> {
  let since = new Map<string, string>();
  for (const { version, records } of versions) {
    const next = new Map<string, string>();
    for (const hash of records) next.set(hash, since.get(hash) ?? version);
    since = next;
  }
  return since;
}

/**
 * /archive/index.json: every kept version and, when the archive does not keep it, the one this build publishes,
 * newest first (the current one first of all), each with what changed since the one before it; then the commits
 * of the change history from before versions were derived (their data is in the repository, not on the site). Pure.
 */
export function archiveIndex(current: CurrentVersion, archive: Pick<KeptArchive, "versions">, idOf: IdOf, changes: ChangeList, options: ArchiveOptions): ArchiveIndex {
  const base = options.baseUrl.replace(/\/+$/, "");
  const kept = [...archive.versions];
  const keptCurrent = kept.some((entry) => entry.version === current.version);
  const listed: Array<{ version: string; commit: string | null; committedAt: string | null; recorded: boolean; sha256: string; size: number; records: readonly string[] }> = [
    ...(keptCurrent ? [] : [{ ...current, commit: null, committedAt: null, recorded: false }]),
    ...kept.map((entry) => ({ ...entry, recorded: true })),
  ];
  const versions: ArchivedVersion[] = listed.map((version, index) => ({
    version: version.version,
    date: (version.committedAt ?? version.version).slice(0, 10),
    commit: version.commit ? version.commit.slice(0, 12) : null,
    recorded: version.recorded,
    url: `${base}/${FILES.archivedVersion(version.version)}`,
    href: `${version.version}.json`,
    sha256: version.sha256,
    bytes: version.size,
    data_url: version.commit ? dataUrl(options.repositoryUrl, version.commit) : null,
    changes: versionChanges(version.records, listed[index + 1]?.records ?? null, idOf),
  }));
  // Before versions were derived, one label typed in data/dataset.json covered many states of the data: those
  // commits are listed with their label and a link to their data, newest first.
  const earlier: EarlierDataState[] = [];
  const seen = new Set<string>();
  for (const entry of changes.entries) {
    if (entry.label === null || seen.has(entry.commit)) continue;
    seen.add(entry.commit);
    earlier.push({ commit: entry.commit, date: entry.date, label: entry.label, data_url: dataUrl(options.repositoryUrl, entry.commit) });
  }
  return {
    current_version: current.version,
    versions,
    earlier,
    note:
      "Each kept version's dataset is served at its url exactly as it was first published, for good: the publishing workflow keeps its bytes on the repository's archive branch, checks every version against the commit it names by building that commit again, and never keeps a version any other way. " +
      (keptCurrent ? "" : "This build's own version is not kept (recorded: false): it is served here for this build only. ") +
      "Each provider file of these versions is also served on its own at /archive/records/<sha256>.json, the address the provider pages cite. The data of the commits before versions were derived is in the repository at data_url. " +
      (changes.history === "git" ? (changes.note ?? "") : `The change history was not read: ${changes.note ?? "unavailable"}`),
  };
}

/**
 * Writes the kept versions' datasets (the current one, when the archive does not keep it, is written with
 * /api/data instead), each kept provider file at its permanent address, and the index.
 */
export function emitArchive(artefacts: Artefacts, index: ArchiveIndex, archive: KeptArchive, currentRecords: ReadonlySet<string>): void {
  const written = new Set(currentRecords);
  for (const version of archive.versions) {
    artefacts.set(FILES.archivedVersion(version.version), version.read());
    for (const hash of version.records) {
      if (written.has(hash)) continue;
      written.add(hash);
      artefacts.set(FILES.archivedRecord(hash), archive.record(hash).bytes);
    }
  }
  addText(artefacts, FILES.archiveIndex, jsonText(index));
}
