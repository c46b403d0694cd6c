import { DOWNLOADS, FILES } from "../../routes.js";
import type { Status } from "../../schema/index.js";

/**
 * What every description of the dataset says about it (the Data Package, DCAT-AP, schema.org): one place, so
 * the three never disagree on its name, licence, coverage or files.
 */
export const DATASET_TITLE = "European AI infrastructure evidence dataset";
export const DATASET_NAME = "eu-ai-infra-evidence";
export const DATASET_DESCRIPTION =
  "Source-verified evidence about Swedish and European AI-infrastructure providers (inference APIs, gateways and routers, platforms and assistants, GPU compute): " +
  "what they offer, where the data sits, who owns them, what they cost. Every statement is a Fact with its own status (confirmed, claimed, planned, unknown), " +
  "source link, source date and verification date; a missing or unknown field means not researched, never 'no'.";
export const KEYWORDS = ["artificial intelligence", "AI infrastructure", "data sovereignty", "GDPR", "inference API", "GPU cloud", "Sweden", "Europe", "provenance"];
export const LICENSE = { id: "CC-BY-4.0", title: "Creative Commons Attribution 4.0 International", url: "https://creativecommons.org/licenses/by/4.0/" } as const;
export const PUBLISHER = "European AI infrastructure evidence maintainers";

/** The period the data speaks of: from its oldest to its newest verification. */
export function temporalCoverage(status: Status): { start: string | null; end: string | null } {
  return { start: status.oldest_verified ?? null, end: status.last_verified ?? null };
}

export interface Distribution {
  /** Path inside the site. */
  file: string;
  title: string;
  description: string;
  mediaType: string;
  /** The EU file-type vocabulary's name for it. */
  format: "JSON" | "CSV";
}

/** The files a reader can take the data as: the dataset as JSON, this version's permanent copy, the two CSV files. */
export function distributions(version: string): Distribution[] {
  const csvName = (file: string) => DOWNLOADS.find((download) => download.file === file)!.name;
  return [
    { file: FILES.dataset, title: "The whole dataset (JSON)", description: "Every provider with every Fact and its provenance: GET /api/data.", mediaType: "application/json", format: "JSON" },
    {
      file: FILES.archivedVersion(version),
      title: `Version ${version} (JSON, permanent)`,
      description: "The dataset exactly as published as this version, at an address that never changes; /archive/index.json lists every version.",
      mediaType: "application/json",
      format: "JSON",
    },
    {
      file: FILES.providersCsv,
      title: "One row per provider (CSV)",
      description: `The buyer's questions with each answer's status, source and source date; UTF-8 with a byte-order mark; saved as ${csvName(FILES.providersCsv)}-<version>.csv.`,
      mediaType: "text/csv",
      format: "CSV",
    },
    {
      file: FILES.csv,
      title: "Every Fact as a row (CSV)",
      description: `One row per provider and Fact with value, status, source and both dates; UTF-8 with a byte-order mark; saved as ${csvName(FILES.csv)}-<version>.csv.`,
      mediaType: "text/csv",
      format: "CSV",
    },
  ];
}
