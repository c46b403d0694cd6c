import type { Status } from "../../schema/index.js";
import { DATASET_DESCRIPTION, DATASET_TITLE, KEYWORDS, LICENSE, PUBLISHER, distributions, temporalCoverage } from "./catalog.js";

/** schema.org's Dataset for the index page, as search engines' dataset indexes read it. */
export function schemaOrgDataset(status: Status, baseUrl: string): Record<string, unknown> {
  const { start, end } = temporalCoverage(status);
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    "@id": `${baseUrl}/#dataset`,
    name: DATASET_TITLE,
    description: DATASET_DESCRIPTION,
    url: `${baseUrl}/`,
    version: status.dataset_version,
    ...(status.generated_at ? { dateModified: status.generated_at } : {}),
    ...(start && end ? { temporalCoverage: `${start}/${end}` } : {}),
    spatialCoverage: { "@type": "Place", name: "Europe" },
    keywords: KEYWORDS,
    license: LICENSE.url,
    isAccessibleForFree: true,
    creator: { "@type": "Organization", name: PUBLISHER, url: `${baseUrl}/methodology.html` },
    publisher: { "@type": "Organization", name: PUBLISHER, url: `${baseUrl}/` },
    citation: `${DATASET_TITLE}, version ${status.dataset_version}, CC BY 4.0, ${baseUrl}/archive/${status.dataset_version}.json`,
    distribution: distributions(status.dataset_version).map((distribution) => ({
      "@type": "DataDownload",
      name: distribution.title,
      description: distribution.description,
      encodingFormat: distribution.mediaType,
      contentUrl: `${baseUrl}/${distribution.file}`,
    })),
  };
}

/**
 * The Dataset as one `<script type="application/ld+json">` element. `<`, `>` and `&` are written as \u escapes,
 * which mean the same characters in JSON: no text of the data can close the element or open another.
 */
export function schemaOrgScript(status: Status, baseUrl: string): string {
  const json = JSON.stringify(schemaOrgDataset(status, baseUrl)).replace(/[<>&]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** A page with the Dataset's JSON-LD added at the end of its head. */
export function withDatasetJsonLd(page: string, status: Status, baseUrl: string): string {
  const at = page.indexOf("</head>");
  if (at < 0) throw new Error("the page has no </head> to put the dataset's JSON-LD in");
  return `${page.slice(0, at)}${schemaOrgScript(status, baseUrl)}\n${page.slice(at)}`;
}
