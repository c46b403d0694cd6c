import { z } from "zod";
import { HttpUrl, IsoDate } from "./primitives.js";

/**
 * data/document-versions.json: what an archive of legal documents (Open Terms Archive keeps the dated versions
 * of many providers' terms, privacy policies and DPAs in public repositories) holds of the documents our Facts
 * cite. Written by `npm run document-versions`, read by the build, which asks for a re-check of every Fact whose
 * document has a version newer than the one that was read.
 */

const Commit = z.string().regex(/^[0-9a-f]{40}$/, { message: "must be a full commit hash (40 hex digits)" });

export const DocumentVersion = z.strictObject({
  date: IsoDate.describe("The UTC day the archive recorded this version (its commit's date)."),
  commit: Commit,
});

export const ArchivedDocument = z.strictObject({
  fetch_url: HttpUrl.optional().describe("The provider's address the archive reads this document from (its declaration), when known."),
  versions: z.array(DocumentVersion).max(50, { message: "at most 50 versions per document (the newest)" }).describe("The archive's versions of the document, newest first."),
});

export const DocumentArchive = z.strictObject({
  repository: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/, { message: "must be owner/name" })
    .describe("The archive's versions repository on GitHub, owner/name."),
  read_at: IsoDate.describe("The day the job read the archive."),
  commit: Commit.describe("The archive's commit that was read."),
  documents: z
    .record(z.string().min(1).max(300), ArchivedDocument)
    .refine((documents) => Object.keys(documents).length <= 5000, { message: "at most 5000 documents per archive" })
    .describe("The documents our Facts cite, by their path in the archive (<service>/<document type>.md)."),
});

export const DocumentVersions = z
  .strictObject({ archives: z.array(DocumentArchive).max(20, { message: "at most 20 archives" }) })
  .meta({ id: "DocumentVersions" });
export type DocumentVersions = z.infer<typeof DocumentVersions>;
export type DocumentArchive = z.infer<typeof DocumentArchive>;
