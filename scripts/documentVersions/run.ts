import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { admit } from "../net/door.js";
import { readSeeds } from "../quotes/check.js";
import { DocumentArchive, DocumentVersions } from "../schema/documentVersions.js";
import { factsOf } from "../schema/facts.js";
import type { Provider } from "../schema/provider.js";
import { repositoryFileOf } from "../schema/repositoryFile.js";
import { writeAtomically } from "../util/files.js";
import { gitDirOf, readArchive, readDeclarations, type Wanted } from "./read.js";
import { comparableUrl, DocumentVersionReview } from "./review.js";

export interface DocumentVersionsOptions {
  /** A copy of the archive's versions repository (a git directory or checkout). */
  from: string;
  /** The versions repository's owner/name on GitHub, as source URLs cite it. */
  repository: string;
  /** A copy of the archive's declarations repository, to match documents by the address they are read from. */
  declarations?: string;
  today: string;
}

export interface DocumentVersionsRun {
  archive: DocumentArchive;
  /** The re-checks the build will ask for, one per Fact. */
  rechecks: DocumentVersionReview["entries"];
}

/** What the Facts cite that an archive could hold: its own pinned files, and every other address. */
async function wantedBy(paths: ProjectPaths, repository: string): Promise<{ wanted: Wanted; records: Awaited<ReturnType<typeof readSeeds>> }> {
  const records = await readSeeds(paths.providers);
  const pinned = new Set<string>();
  const urls = new Set<string>();
  for (const record of records) {
    for (const [, fact] of factsOf(record.value)) {
      if (typeof fact.source_url !== "string" || fact.status === "unknown") continue;
      const file = repositoryFileOf(fact.source_url);
      if (file?.pinned && file.repository.toLowerCase() === repository.toLowerCase()) pinned.add(file.path);
      else if (!file) urls.add(comparableUrl(fact.source_url));
    }
  }
  return { wanted: { paths: pinned, urls }, records };
}

async function readCurrent(file: string): Promise<DocumentVersions> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { archives: [] };
    throw error;
  }
  const parsed = DocumentVersions.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`data/document-versions.json does not fit its schema (${parsed.error.issues[0]?.message ?? "invalid"}); fix or delete it, then run again`);
  return parsed.data;
}

/** Reads one archive from a local copy and keeps what it holds of the cited documents in data/document-versions.json. */
export async function runDocumentVersions(paths: ProjectPaths, options: DocumentVersionsOptions): Promise<DocumentVersionsRun> {
  const { wanted, records } = await wantedBy(paths, options.repository);
  const declarations = options.declarations ? await readDeclarations(await gitDirOf(path.resolve(options.declarations))) : null;
  const read = await readArchive(await gitDirOf(path.resolve(options.from)), options.repository, options.today, wanted, declarations);
  // The door: what was read from the copy fits the file it lands in, or nothing is written.
  const admitted = admit(DocumentArchive, read, "data/document-versions.json");
  if (!admitted.ok) throw new Error(`document-versions: ${admitted.reason}`);
  const current = await readCurrent(paths.documentVersions);
  const archives = [...current.archives.filter((archive) => archive.repository.toLowerCase() !== options.repository.toLowerCase()), admitted.value].sort((a, b) => (a.repository < b.repository ? -1 : 1));
  const next: DocumentVersions = { archives };
  await writeAtomically(paths.documentVersions, `${JSON.stringify(next, null, 2)}\n`);
  const review = new DocumentVersionReview({ archives: [admitted.value] });
  for (const record of records) review.record({ ...(record.value as object), id: record.id } as Provider);
  return { archive: admitted.value, rechecks: review.entries };
}
