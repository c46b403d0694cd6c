import type { Identifier } from "./orgNumbers.js";

/** What a register said about one company, before it is compared with the record. */
export interface RegisterAnswer {
  found: boolean;
  registeredName: string | null;
  active: boolean;
  /** bankrupt, in_liquidation, deleted: what the register itself states. */
  stateFlags: string[];
  /** ISO 3166 alpha-2 of the registered address, when the register gives it. */
  addressCountry: string | null;
}

export interface RegisterAdapter {
  /** The name used in _registry.register and in --endpoint. */
  name: string;
  /** Which identifiers it looks up. */
  kinds: ReadonlyArray<Exclude<Identifier["kind"], "invalid">>;
  base: string;
  /** The API address for one company under a base URL. */
  request(base: string, id: string): URL;
  /** The register's public page for the company (what a reader opens). */
  page(id: string): string;
  /**
   * The answer: HTTP status and parsed JSON body (null when not JSON). A string says why the answer is
   * refused: an unknown shape, or an answer about another company than the one asked.
   */
  parse(status: number, body: unknown, id: string): RegisterAnswer | string;
  /** An environment variable the register needs; without it the adapter is skipped. */
  credential?: string;
}

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === "string" && value.trim().length > 0 ? value.trim() : null);
const UNKNOWN_SHAPE = "an answer of an unknown shape";
/** A register that answers about another number than the one asked is not answering the question. */
const aboutAnother = (asked: string, got: unknown) => `an answer about another number (${typeof got === "string" ? got.slice(0, 40) : "none"}) than the one asked (${asked})`;
const NOT_FOUND: RegisterAnswer = { found: false, registeredName: null, active: false, stateFlags: [], addressCountry: null };

/**
 * Norway's Enhetsregisteret: GET /enhetsregisteret/api/enheter/{orgnr}. 200 with the entity (a deleted one
 * carries slettedato), 404 when no entity has the number, 410 when it was removed for legal reasons.
 */
export const brreg: RegisterAdapter = {
  name: "brreg",
  kinds: ["no-orgnr"],
  base: "https://data.brreg.no",
  request: (base, id) => new URL(`${base.replace(/\/+$/, "")}/enhetsregisteret/api/enheter/${encodeURIComponent(id)}`),
  page: (id) => `https://virksomhet.brreg.no/nb/oppslag/enheter/${id}`,
  parse(status, body, id) {
    if (status === 404) return NOT_FOUND;
    const entity = record(body);
    if (entity.organisasjonsnummer !== undefined && entity.organisasjonsnummer !== id) return aboutAnother(id, entity.organisasjonsnummer);
    if (status === 410) return { ...NOT_FOUND, found: true, registeredName: text(entity.navn), stateFlags: ["deleted"] };
    if (status !== 200 || typeof entity.organisasjonsnummer !== "string") return UNKNOWN_SHAPE;
    const flags: string[] = [];
    if (entity.konkurs === true) flags.push("bankrupt");
    if (entity.underAvvikling === true || entity.underTvangsavviklingEllerTvangsopplosning === true) flags.push("in_liquidation");
    if (text(entity.slettedato)) flags.push("deleted");
    const address = record(entity.forretningsadresse ?? entity.postadresse);
    return { found: true, registeredName: text(entity.navn), active: flags.length === 0, stateFlags: flags, addressCountry: text(address.landkode) };
  },
};

/** GLEIF's LEI records: GET /api/v1/lei-records/{lei} (JSON:API), for companies anywhere and for parents. */
export const gleif: RegisterAdapter = {
  name: "gleif",
  kinds: ["lei"],
  base: "https://api.gleif.org",
  request: (base, id) => new URL(`${base.replace(/\/+$/, "")}/api/v1/lei-records/${encodeURIComponent(id)}`),
  page: (id) => `https://search.gleif.org/#/record/${id}`,
  parse(status, body, id) {
    if (status === 404) return NOT_FOUND;
    if (status !== 200) return UNKNOWN_SHAPE;
    const data = record(record(body).data);
    const attributes = record(data.attributes);
    const entity = record(attributes.entity);
    if (!text(attributes.lei)) return UNKNOWN_SHAPE;
    if (attributes.lei !== id || (data.id !== undefined && data.id !== id)) return aboutAnother(id, attributes.lei !== id ? attributes.lei : data.id);
    const flags: string[] = [];
    const entityStatus = text(entity.status);
    if (entityStatus && entityStatus !== "ACTIVE") flags.push("deleted");
    if (text(record(entity.expiration).reason) === "DISSOLVED") flags.push("deleted");
    return { found: true, registeredName: text(record(entity.legalName).name), active: flags.length === 0, stateFlags: [...new Set(flags)], addressCountry: text(record(entity.legalAddress).country) };
  },
};

/**
 * France's Recherche d'entreprises API: GET /search?q={siren}. etat_administratif "A" is active, "C"
 * ceased; the company is the result whose siren equals the number asked.
 */
export const rechercheEntreprises: RegisterAdapter = {
  name: "recherche-entreprises",
  kinds: ["fr-siren"],
  base: "https://recherche-entreprises.api.gouv.fr",
  request: (base, id) => {
    const url = new URL(`${base.replace(/\/+$/, "")}/search`);
    url.searchParams.set("q", id);
    return url;
  },
  page: (id) => `https://annuaire-entreprises.data.gouv.fr/entreprise/${id}`,
  parse(status, body, id) {
    if (status !== 200) return status === 404 ? NOT_FOUND : UNKNOWN_SHAPE;
    const results = record(body).results;
    if (!Array.isArray(results)) return UNKNOWN_SHAPE;
    const company = results.map(record).find((result) => result.siren === id);
    if (!company) return NOT_FOUND;
    const ceased = company.etat_administratif === "C";
    const siege = record(company.siege);
    // The head office abroad carries a foreign country name; in France no country is given.
    const country = text(siege.code_pays_etranger) ? null : "FR";
    return { found: true, registeredName: text(company.nom_raison_sociale) ?? text(company.nom_complet), active: !ceased, stateFlags: ceased ? ["deleted"] : [], addressCountry: country };
  },
};

/**
 * Finland's PRH open data (YTJ v3): GET /opendata-ytj-api/v3/companies?businessId={y-tunnus}. The company's
 * current name is the one of type "1" without an end date; companySituations KONK is a bankruptcy,
 * SELTILA a liquidation; an endDate on the company means it was struck off.
 */
export const prh: RegisterAdapter = {
  name: "prh",
  kinds: ["fi-ytunnus"],
  base: "https://avoindata.prh.fi",
  request: (base, id) => {
    const url = new URL(`${base.replace(/\/+$/, "")}/opendata-ytj-api/v3/companies`);
    url.searchParams.set("businessId", id);
    return url;
  },
  page: (id) => `https://tietopalvelu.ytj.fi/yritys/${id}`,
  parse(status, body, id) {
    if (status === 404) return NOT_FOUND;
    if (status !== 200) return UNKNOWN_SHAPE;
    const companies = record(body).companies;
    if (!Array.isArray(companies)) return UNKNOWN_SHAPE;
    const company = companies.map(record).find((entry) => record(entry.businessId).value === id);
    if (!company) return NOT_FOUND;
    const names = Array.isArray(company.names) ? company.names.map(record) : [];
    const current = names.find((name) => name.type === "1" && !text(name.endDate)) ?? names[0];
    const situations = Array.isArray(company.companySituations) ? company.companySituations.map((situation) => text(record(situation).type)) : [];
    const flags: string[] = [];
    if (situations.includes("KONK")) flags.push("bankrupt");
    if (situations.includes("SELTILA")) flags.push("in_liquidation");
    if (text(company.endDate)) flags.push("deleted");
    return { found: true, registeredName: text(current?.name), active: flags.length === 0, stateFlags: flags, addressCountry: null };
  },
};

/** The adapters that answer without a key, in the order they are tried. */
export const REGISTER_ADAPTERS: readonly RegisterAdapter[] = [brreg, prh, gleif, rechercheEntreprises];
