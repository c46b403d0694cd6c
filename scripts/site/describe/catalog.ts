import { DOWNLOADS, FILES } from "../../routes.js";
import type { Status } from "../../schema/index.js";

/**
 * What every description of the dataset says about it (the Data Package, DCAT-AP, schema.org): one place, so
 * the three never disagree on its name, licence, coverage or files.
 */
export const DATASET_TITLE = "European AI infrastructure evidence dataset";
export const DATASET_TITLE_SV = "Evidens om europeisk AI-infrastruktur";
export const DATASET_NAME = "eu-ai-infra-evidence";
export const DATASET_DESCRIPTION =
  "Source-verified evidence about Swedish and European AI-infrastructure providers (inference APIs, gateways and routers, platforms and assistants, GPU compute): " +
  "what they offer, where the data sits, who owns them, what they cost. Every statement is a Fact with its own status (confirmed, claimed, planned, unknown), " +
  "source link, source date and verification date; a missing or unknown field means not researched, never 'no'.";
export const DATASET_DESCRIPTION_SV =
  "Källgranskade uppgifter om svenska och europeiska leverantörer av AI-infrastruktur (inferens-API:er, gatewayer och routrar, plattformar och assistenter, GPU-kapacitet): " +
  "vad de erbjuder, var data finns, vem som äger dem och vad de kostar. Varje uppgift har sin egen status (bekräftad, egen uppgift eller annans uppgift, planerad, ej undersökt), " +
  "källänk, källans datum och verifieringsdatum; ett fält som saknas eller inte är undersökt betyder ej undersökt, aldrig nej.";
export const KEYWORDS_SV = ["artificiell intelligens", "AI-infrastruktur", "datasuveränitet", "dataskyddsförordningen", "inferens-API", "GPU-moln", "Sverige", "Europa", "källhänvisning"];
export const KEYWORDS = ["artificial intelligence", "AI infrastructure", "data sovereignty", "GDPR", "inference API", "GPU cloud", "Sweden", "Europe", "provenance"];
export const LICENSE = { id: "CC-BY-4.0", title: "Creative Commons Attribution 4.0 International", url: "https://creativecommons.org/licenses/by/4.0/" } as const;
export const PUBLISHER = "European AI infrastructure evidence maintainers";
export const PUBLISHER_SV = "Förvaltarna av Evidens om europeisk AI-infrastruktur";

/**
 * The contact e-mail the metadata gives: EVIDENCE_CONTACT_EMAIL, set by the deployment to a mailbox its
 * maintainers read (the Pages workflow reads the repository variable of that name). None is invented: without
 * one, harvesters get the contact point's web address only. A value that is not one plain address is not written.
 */
export function contactEmail(fromEnvironment: string | undefined = process.env.EVIDENCE_CONTACT_EMAIL): string | null {
  const wanted = fromEnvironment?.trim();
  if (!wanted) return null;
  if (/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(wanted) && wanted.length <= 254) return wanted;
  console.warn("warning: EVIDENCE_CONTACT_EMAIL is not one plain e-mail address; the metadata gives no e-mail");
  return null;
}

/** The period the data speaks of: from its oldest to its newest verification. */
export function temporalCoverage(status: Status): { start: string | null; end: string | null } {
  return { start: status.oldest_verified ?? null, end: status.last_verified ?? null };
}

export interface Distribution {
  /** Path inside the site. */
  file: string;
  title: string;
  description: string;
  titleSv: string;
  descriptionSv: string;
  mediaType: string;
  /** The EU file-type vocabulary's name for it. */
  format: "JSON" | "CSV";
  /** The standard the file follows, where it follows one beyond its format. */
  conformsTo?: string;
}

/** The files a reader can take the data as: the dataset as JSON, this version's permanent copy, the three CSV files and their Data Package. */
export function distributions(version: string): Distribution[] {
  const csvName = (file: string) => DOWNLOADS.find((download) => download.file === file)?.name;
  const savedAs = (file: string) => (csvName(file) ? `; saved as ${csvName(file)}-<version>.csv` : "");
  const sparasSom = (file: string) => (csvName(file) ? `; sparas som ${csvName(file)}-<version>.csv` : "");
  return [
    {
      file: FILES.dataset,
      title: "The whole dataset (JSON)",
      description: "Every provider with every Fact and its provenance: GET /api/data.",
      titleSv: "Hela datasetet (JSON)",
      descriptionSv: "Varje leverantör med varje uppgift och dess källa: GET /api/data.",
      mediaType: "application/json",
      format: "JSON",
    },
    {
      file: FILES.archivedVersion(version),
      title: `Version ${version} (JSON, permanent)`,
      description: "The dataset exactly as published as this version, at an address that never changes; /archive/index.json lists every version.",
      titleSv: `Version ${version} (JSON, permanent)`,
      descriptionSv: "Datasetet exakt som det publicerades i denna version, på en adress som aldrig ändras; /archive/index.json listar varje version.",
      mediaType: "application/json",
      format: "JSON",
    },
    {
      file: FILES.providersCsv,
      title: "One row per provider (CSV)",
      description: `The buyer's questions with each answer's status, whose statement it is, source, both dates and the source's own words; UTF-8 with a byte-order mark, for spreadsheets${savedAs(FILES.providersCsv)}.`,
      titleSv: "En rad per leverantör (CSV)",
      descriptionSv: `Köparens frågor med varje svars status, vems uppgift det är, källa, båda datumen och källans egna ord; UTF-8 med byte-ordningsmärke, för kalkylprogram${sparasSom(FILES.providersCsv)}.`,
      mediaType: "text/csv",
      format: "CSV",
    },
    {
      file: FILES.csv,
      title: "Every Fact as a row (CSV)",
      description: `One row per provider and Fact with value, status, whose statement it is, source, both dates and the source's own words; UTF-8 with a byte-order mark, for spreadsheets${savedAs(FILES.csv)}.`,
      titleSv: "Varje uppgift som en rad (CSV)",
      descriptionSv: `En rad per leverantör och uppgift med värde, status, vems uppgift det är, källa, båda datumen och källans egna ord; UTF-8 med byte-ordningsmärke, för kalkylprogram${sparasSom(FILES.csv)}.`,
      mediaType: "text/csv",
      format: "CSV",
    },
    {
      file: FILES.pricesCsv,
      title: "Prices per model (CSV)",
      description: "One row per provider and model price, per 1M tokens, in the currency its source proves (empty where it does not), never converted; UTF-8 with a byte-order mark, for spreadsheets.",
      titleSv: "Priser per modell (CSV)",
      descriptionSv: "En rad per leverantör och modellpris, per 1M token, i den valuta källan styrker (tom där den inte gör det), aldrig omräknat; UTF-8 med byte-ordningsmärke, för kalkylprogram.",
      mediaType: "text/csv",
      format: "CSV",
    },
    {
      file: FILES.dataPackage,
      title: "Frictionless Data Package (the three CSV files for programs)",
      description: "The three CSV files without a byte-order mark (under /api/plain/), every column with its type, as a Frictionless Data Package (v2).",
      titleSv: "Frictionless Data Package (de tre CSV-filerna för program)",
      descriptionSv: "De tre CSV-filerna utan byte-ordningsmärke (under /api/plain/), varje kolumn med sin typ, som ett Frictionless Data Package (v2).",
      mediaType: "application/json",
      format: "JSON",
      conformsTo: "https://datapackage.org/standard/data-package/",
    },
  ];
}
