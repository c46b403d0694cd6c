import { FILES } from "../../routes.js";
import type { Status } from "../../schema/index.js";
import { DATASET_DESCRIPTION, DATASET_DESCRIPTION_SV, DATASET_TITLE, DATASET_TITLE_SV, KEYWORDS, KEYWORDS_SV, PUBLISHER, PUBLISHER_SV, contactEmail, distributions, temporalCoverage } from "./catalog.js";

/** The EU's controlled vocabularies that DCAT-AP asks for (publications.europa.eu authority tables). */
const EU = "http://publications.europa.eu/resource/authority";

const en = (text: string) => ({ "@value": text, "@language": "en" });
const sv = (text: string) => ({ "@value": text, "@language": "sv" });
/** A text in both languages the site speaks: portals show the one their reader reads (dataportal.se Swedish). */
const both = (english: string, swedish: string) => [en(english), sv(swedish)];
const date = (day: string) => ({ "@value": day, "@type": "xsd:date" });

/**
 * /api/dcat-ap.jsonld: the site as a dcat:Catalog of one dcat:Dataset with its distributions (DCAT-AP 3, in
 * JSON-LD), for open-data portals to harvest: Sweden's dataportal.se and data.europa.eu read DCAT-AP. Every
 * class and property a DCAT-AP catalogue, dataset and distribution must carry is here; vocabularies are the EU's
 * (licence, file type, language, access right, data theme). Titles, descriptions and keywords are in English and
 * Swedish; the contact point has the e-mail address the deployment sets (EVIDENCE_CONTACT_EMAIL) and a web address.
 */
export function dcatAp(status: Status, baseUrl: string, email: string | null = contactEmail()): Record<string, unknown> {
  const self = `${baseUrl}/${FILES.dcat}`;
  const { start, end } = temporalCoverage(status);
  const publisher = { "@id": `${self}#publisher`, "@type": "foaf:Agent", "foaf:name": both(PUBLISHER, PUBLISHER_SV), "foaf:homepage": { "@id": `${baseUrl}/` } };
  const languages = [{ "@id": `${EU}/language/ENG` }, { "@id": `${EU}/language/SWE` }];
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
        "dct:title": both(`${DATASET_TITLE}: catalogue`, `${DATASET_TITLE_SV}: katalog`),
        "dct:description": both("The open evidence API for European AI infrastructure, as a catalogue of its one dataset.", "Det öppna evidens-API:t för europeisk AI-infrastruktur, som en katalog över dess enda dataset."),
        "dct:publisher": { "@id": publisher["@id"] },
        "foaf:homepage": { "@id": `${baseUrl}/` },
        "dct:language": languages,
        "dct:license": licence,
        ...(status.generated_at ? { "dct:modified": date(status.generated_at.slice(0, 10)) } : {}),
        "dcat:dataset": { "@id": `${self}#dataset` },
      },
      publisher,
      {
        "@id": `${self}#dataset`,
        "@type": "dcat:Dataset",
        "dct:title": both(DATASET_TITLE, DATASET_TITLE_SV),
        "dct:description": both(DATASET_DESCRIPTION, DATASET_DESCRIPTION_SV),
        "dct:identifier": `${baseUrl}/`,
        "dcat:version": status.dataset_version,
        "dct:publisher": { "@id": publisher["@id"] },
        "dcat:contactPoint": {
          "@id": `${self}#contact`,
          "@type": "vcard:Organization",
          "vcard:fn": PUBLISHER,
          ...(email ? { "vcard:hasEmail": { "@id": `mailto:${email}` } } : {}),
          "vcard:hasURL": { "@id": `${baseUrl}/methodology.html` },
        },
        "dcat:keyword": [...KEYWORDS.map(en), ...KEYWORDS_SV.map(sv)],
        "dcat:theme": [{ "@id": `${EU}/data-theme/TECH` }, { "@id": `${EU}/data-theme/ECON` }],
        "dct:spatial": { "@id": `${EU}/continent/EUROPE` },
        ...(start && end ? { "dct:temporal": { "@type": "dct:PeriodOfTime", "dcat:startDate": date(start), "dcat:endDate": date(end) } } : {}),
        ...(status.generated_at ? { "dct:modified": date(status.generated_at.slice(0, 10)) } : {}),
        "dct:accessRights": { "@id": `${EU}/access-right/PUBLIC` },
        "dct:language": languages,
        "dcat:landingPage": [{ "@id": `${baseUrl}/` }, { "@id": `${baseUrl}/sv/` }],
        "foaf:page": { "@id": `${baseUrl}/methodology.html` },
        "dct:conformsTo": { "@id": `${baseUrl}/${FILES.openapi}` },
        "dcat:distribution": distributions(status.dataset_version).map((distribution) => ({ "@id": `${self}#distribution-${distribution.file.replace(/[^a-z0-9]+/gi, "-")}` })),
      },
      ...distributions(status.dataset_version).map((distribution) => ({
        "@id": `${self}#distribution-${distribution.file.replace(/[^a-z0-9]+/gi, "-")}`,
        "@type": "dcat:Distribution",
        "dct:title": both(distribution.title, distribution.titleSv),
        "dct:description": both(distribution.description, distribution.descriptionSv),
        "dcat:accessURL": { "@id": `${baseUrl}/${distribution.file}` },
        "dcat:downloadURL": { "@id": `${baseUrl}/${distribution.file}` },
        "dcat:mediaType": { "@id": `https://www.iana.org/assignments/media-types/${distribution.mediaType}` },
        "dct:format": { "@id": `${EU}/file-type/${distribution.format}` },
        "dct:license": licence,
        ...(distribution.conformsTo ? { "dct:conformsTo": { "@id": distribution.conformsTo } } : {}),
      })),
    ],
  };
}
