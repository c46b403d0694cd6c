import { FILES } from "../../routes.js";
import type { Status } from "../../schema/index.js";
import { DATASET_DESCRIPTION, DATASET_TITLE, KEYWORDS, PUBLISHER, distributions, temporalCoverage } from "./catalog.js";

/** The EU's controlled vocabularies that DCAT-AP asks for (publications.europa.eu authority tables). */
const EU = "http://publications.europa.eu/resource/authority";

const en = (text: string) => ({ "@value": text, "@language": "en" });
const date = (day: string) => ({ "@value": day, "@type": "xsd:date" });

/**
 * /api/dcat-ap.jsonld: the site as a dcat:Catalog of one dcat:Dataset with its distributions (DCAT-AP 3, in
 * JSON-LD), for open-data portals to harvest: Sweden's dataportal.se and data.europa.eu read DCAT-AP. Every
 * class and property a DCAT-AP catalogue, dataset and distribution must carry is here; vocabularies are the EU's
 * (licence, file type, language, access right, data theme).
 */
export function dcatAp(status: Status, baseUrl: string): Record<string, unknown> {
  const self = `${baseUrl}/${FILES.dcat}`;
  const { start, end } = temporalCoverage(status);
  const publisher = { "@id": `${self}#publisher`, "@type": "foaf:Agent", "foaf:name": en(PUBLISHER), "foaf:homepage": { "@id": `${baseUrl}/` } };
  const licence = { "@id": `${EU}/licence/CC_BY_4_0` };
  return {
    "@context": {
      dcat: "http://www.w3.org/ns/dcat#",
      dct: "http://purl.org/dc/terms/",
      foaf: "http://xmlns.com/foaf/0.1/",
      vcard: "http://www.w3.org/2006/vcard/ns#",
      xsd: "http://www.w3.org/2001/XMLSchema#",
    },
    "@graph": [
      {
        "@id": `${self}#catalog`,
        "@type": "dcat:Catalog",
        "dct:title": en(`${DATASET_TITLE}: catalogue`),
        "dct:description": en("The open evidence API for European AI infrastructure, as a catalogue of its one dataset."),
        "dct:publisher": { "@id": publisher["@id"] },
        "foaf:homepage": { "@id": `${baseUrl}/` },
        "dct:language": { "@id": `${EU}/language/ENG` },
        "dct:license": licence,
        ...(status.generated_at ? { "dct:modified": date(status.generated_at.slice(0, 10)) } : {}),
        "dcat:dataset": { "@id": `${self}#dataset` },
      },
      publisher,
      {
        "@id": `${self}#dataset`,
        "@type": "dcat:Dataset",
        "dct:title": en(DATASET_TITLE),
        "dct:description": en(DATASET_DESCRIPTION),
        "dct:identifier": `${baseUrl}/`,
        "dcat:version": status.dataset_version,
        "dct:publisher": { "@id": publisher["@id"] },
        "dcat:contactPoint": { "@id": `${self}#contact`, "@type": "vcard:Organization", "vcard:fn": PUBLISHER, "vcard:hasURL": { "@id": `${baseUrl}/methodology.html` } },
        "dcat:keyword": KEYWORDS.map(en),
        "dcat:theme": [{ "@id": `${EU}/data-theme/TECH` }, { "@id": `${EU}/data-theme/ECON` }],
        "dct:spatial": { "@id": `${EU}/continent/EUROPE` },
        ...(start && end ? { "dct:temporal": { "@type": "dct:PeriodOfTime", "dcat:startDate": date(start), "dcat:endDate": date(end) } } : {}),
        ...(status.generated_at ? { "dct:modified": date(status.generated_at.slice(0, 10)) } : {}),
        "dct:accessRights": { "@id": `${EU}/access-right/PUBLIC` },
        "dct:language": { "@id": `${EU}/language/ENG` },
        "dcat:landingPage": { "@id": `${baseUrl}/` },
        "foaf:page": { "@id": `${baseUrl}/methodology.html` },
        "dct:conformsTo": { "@id": `${baseUrl}/${FILES.openapi}` },
        "dcat:distribution": distributions(status.dataset_version).map((distribution) => ({ "@id": `${self}#distribution-${distribution.file.replace(/[^a-z0-9]+/gi, "-")}` })),
      },
      ...distributions(status.dataset_version).map((distribution) => ({
        "@id": `${self}#distribution-${distribution.file.replace(/[^a-z0-9]+/gi, "-")}`,
        "@type": "dcat:Distribution",
        "dct:title": en(distribution.title),
        "dct:description": en(distribution.description),
        "dcat:accessURL": { "@id": `${baseUrl}/${distribution.file}` },
        "dcat:downloadURL": { "@id": `${baseUrl}/${distribution.file}` },
        "dcat:mediaType": { "@id": `https://www.iana.org/assignments/media-types/${distribution.mediaType}` },
        "dct:format": { "@id": `${EU}/file-type/${distribution.format}` },
        "dct:license": licence,
      })),
    ],
  };
}
