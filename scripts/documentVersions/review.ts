import type { ReviewEntry } from "../merge/review.js";
import { factsOf } from "../schema/facts.js";
import type { DocumentArchive, DocumentVersions } from "../schema/documentVersions.js";
import type { Provider } from "../schema/provider.js";
import { repositoryFileOf } from "../schema/repositoryFile.js";

/** An address compared the way the archive's declarations write it: scheme and host in lower case, no trailing slash, no fragment. */
export function comparableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
  } catch {
    return url;
  }
}

interface Located {
  archive: DocumentArchive;
  path: string;
  /** The day after which a version is newer than what was read. */
  since: string;
  /** The pinned version itself, which is not newer than itself. */
  pinnedCommit: string | null;
}

/**
 * Asks for a re-check of every Fact whose source document has, in an archive of legal documents, a version newer
 * than the one that was read: for a Fact citing the archive's own file at a commit, newer than that version; for a
 * Fact citing the provider's address the archive reads the document from, newer than the day it was verified.
 */
export class DocumentVersionReview {
  readonly entries: ReviewEntry[] = [];
  private readonly byUrl = new Map<string, { archive: DocumentArchive; path: string }>();
  private readonly byRepository = new Map<string, DocumentArchive>();

  constructor(versions: DocumentVersions | null) {
    for (const archive of versions?.archives ?? []) {
      this.byRepository.set(archive.repository.toLowerCase(), archive);
      for (const [path, document] of Object.entries(archive.documents)) {
        if (document.fetch_url) this.byUrl.set(comparableUrl(document.fetch_url), { archive, path });
      }
    }
  }

  private locate(sourceUrl: string, fact: { verified_at?: unknown; source_date?: unknown }): Located | null {
    const verified = typeof fact.verified_at === "string" ? fact.verified_at : null;
    const file = repositoryFileOf(sourceUrl);
    if (file?.forge === "github.com") {
      const archive = this.byRepository.get(file.repository.toLowerCase());
      if (!archive || !file.pinned) return null;
      const document = archive.documents[file.path];
      if (!document) return null;
      const commit = file.ref.toLowerCase();
      const pinned = document.versions.find((version) => version.commit === commit);
      const since = pinned?.date ?? (typeof fact.source_date === "string" && fact.source_date.length === 10 ? fact.source_date : verified);
      return since ? { archive, path: file.path, since, pinnedCommit: commit } : null;
    }
    const found = this.byUrl.get(comparableUrl(sourceUrl));
    return found && verified ? { ...found, since: verified, pinnedCommit: null } : null;
  }

  record(provider: Provider): void {
    if (this.byRepository.size === 0) return;
    for (const [path, fact] of factsOf(provider)) {
      if (fact.status === "unknown" || fact.status === "not_applicable" || typeof fact.source_url !== "string") continue;
      const located = this.locate(fact.source_url, fact);
      if (!located) continue;
      const newer = located.archive.documents[located.path]!.versions.filter((version) => version.date > located.since && version.commit !== located.pinnedCommit);
      if (newer.length === 0) continue;
      const newest = newer[0]!;
      this.entries.push({
        kind: "source_newer_version",
        provider: provider.id,
        path: `$.${path.map(String).join(".")}`,
        source: fact.source_url,
        manual_value: fact.value,
        observed_value: `https://github.com/${located.archive.repository}/blob/${newest.commit}/${located.path.split("/").map(encodeURIComponent).join("/")}`,
        observed_at: newest.date,
        note: `${located.archive.repository} holds ${newer.length} version${newer.length === 1 ? "" : "s"} of ${located.path} newer than ${located.pinnedCommit ? "the version read" : "the verification"} (${located.since}), the newest of ${newest.date}`,
      });
    }
  }
}
