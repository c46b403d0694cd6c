import { createHash } from "node:crypto";
import type { KeptVersion } from "../../archive/store.js";
import type { ChangeList } from "../../history/changeList.js";
import { FILES } from "../../routes.js";
import type { ArchiveIndex, ArchivedVersion, EarlierDataState } from "../../schema/index.js";
import { addText, jsonText, openArtefact, type ArtefactWriter, type Artefacts } from "../artefacts.js";

export type { KeptVersion };

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

/**
 * /archive/index.json: every kept version, newest first by the date of its data's commit, then the commits of the
 * change history that no kept version stands for (their data is in the repository, not on the site). Pure.
 */
export function archiveIndex(current: string, kept: readonly KeptVersion[], changes: ChangeList, options: ArchiveOptions): ArchiveIndex {
  const base = options.baseUrl.replace(/\/+$/, "");
  // Data that is not committed is newer than any commit: it comes first.
  const order = (version: KeptVersion) => version.committedAt ?? "~";
  const versions: ArchivedVersion[] = [...kept]
    .sort((a, b) => (order(a) === order(b) ? (a.version < b.version ? 1 : -1) : order(a) < order(b) ? 1 : -1))
    .map((version) => ({
      version: version.version,
      date: (version.committedAt ?? version.version).slice(0, 10),
      commit: version.commit ? version.commit.slice(0, 12) : null,
      recorded: version.recorded,
      url: `${base}/${FILES.archivedVersion(version.version)}`,
      href: `${version.version}.json`,
      sha256: version.sha256,
      bytes: version.size,
      data_url: version.commit ? dataUrl(options.repositoryUrl, version.commit) : null,
    }));
  const keptCommits = new Set(versions.map((version) => version.commit));
  const earlier: EarlierDataState[] = [];
  const seen = new Set<string>();
  // The entries are newest first, commit by commit.
  for (const entry of changes.entries) {
    if (seen.has(entry.commit) || keptCommits.has(entry.commit)) continue;
    seen.add(entry.commit);
    earlier.push({ commit: entry.commit, date: entry.date, label: entry.dataset_version, data_url: dataUrl(options.repositoryUrl, entry.commit) });
  }
  return {
    current_version: current,
    versions,
    earlier,
    note:
      "Each kept version's dataset is served at its url exactly as it was first published, for good: its bytes are kept in the repository's archive/ folder and checked against their SHA-256 at every build. " +
      "A version is kept when a build publishes data that is committed. The data of earlier commits (before versions were derived, or never published) is in the repository at data_url. " +
      (changes.history === "git" ? (changes.note ?? "") : `The change history was not read: ${changes.note ?? "unavailable"}`),
  };
}

/** Writes the kept versions' datasets (one not in the repository yet is written with /api/data instead) and the index. */
export function emitArchive(artefacts: Artefacts, index: ArchiveIndex, kept: readonly KeptVersion[]): void {
  for (const version of kept) if (version.read) artefacts.set(FILES.archivedVersion(version.version), version.read());
  addText(artefacts, FILES.archiveIndex, jsonText(index));
}
