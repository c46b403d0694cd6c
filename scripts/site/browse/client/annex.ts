import type { ExposureTerms, Lang } from "../../../schema/answers.js";
import type { LabelledQuestion } from "../answerCell.js";
import type { EvidenceWords } from "../factEvidence.js";
import type { SovWords } from "../sovereigntyView.js";

/**
 * What the comparison and the procurement pack need to word a record, handed to their scripts in a data block:
 * the rows (every buyer question, and the output price beside the input price), the words of the page's
 * language and the vocabularies' labels. Both render with the functions the build renders the provider pages with.
 */
export interface AnnexRow extends LabelledQuestion {
  /** The categories the question is asked of; null: all. */
  of: string[] | null;
  derived: boolean;
}

export interface AnnexData {
  lang: Lang;
  /** From this page up to the site root (for the API), and to this language's pages. */
  root: string;
  home: string;
  version: string;
  /** The site's own address, for citations. */
  baseUrl: string;
  repository: string | null;
  categories: Record<string, string>;
  evidence: EvidenceWords;
  exposure: ExposureTerms;
  sov: SovWords;
  rows: AnnexRow[];
}

/** A provider record as the API serves it. */
export type Loaded = { id: string; name: string; category: string; legal_name?: string | null; website?: string; record_updated_at?: string } & Record<string, unknown>;

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reads one provider from the API files every host serves; a failure is its reason, shown to the reader. */
export function loadRecord(data: Pick<AnnexData, "root">, id: string): Promise<Loaded | { failed: string; reason: string }> {
  return fetch(`${data.root}api/data/${id}/index.json`)
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.json() as Promise<Loaded>;
    })
    .catch((error: Error) => ({ failed: id, reason: error.message }));
}
