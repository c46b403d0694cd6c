import type { FactLike, FactStatus } from "./fact.js";
import { questionByPath } from "./buyerQuestions.js";
import { vocabulary, type Term } from "./vocabularies.js";
import { isSourceType, type AttributionToken, type SourceTypeToken } from "./attribution.js";

/**
 * What a source can prove. One table says, for each kind of source, whose statement it carries, and for each
 * family of fields, which kinds of source may make a Fact `confirmed`; the validator enforces it, the
 * methodology page prints it, and the pages label a `claimed` Fact by whose statement it is. The API keeps the
 * spec's five statuses: the label is a refinement of `claimed`, read from `source_type`.
 */

/** The kinds of source a Fact may rest on; `derived` is the build's own, never typed in a seed file. */
const SOURCE_TERMS: Record<SourceTypeToken, Term> = {
  provider_terms: {
    meaning:
      "A binding document of the provider: terms of service, the data processing agreement (DPA), the published sub-processor list, a service description or SLA that forms part of the contract, or the legally required imprint (legal notice).",
    meaningSv:
      "Ett bindande dokument från leverantören: användarvillkor, personuppgiftsbiträdesavtalet, den publicerade listan över underbiträden, en tjänstebeskrivning eller SLA som ingår i avtalet, eller det lagstadgade företagsimpressumet.",
    en: "terms or DPA",
    sv: "villkor eller biträdesavtal",
  },
  privacy_policy: {
    meaning:
      "The provider's privacy notice. It names the controller and describes how the provider processes personal data as a controller (site visitors, accounts); it is not a commitment to business customers about the content they send, so compliance statements read there stay claimed.",
    meaningSv:
      "Leverantörens integritetspolicy. Den anger personuppgiftsansvarig och beskriver hur leverantören behandlar personuppgifter som personuppgiftsansvarig (besökare, konton); den är inget åtagande mot företagskunder om innehållet de skickar, så uppgifter om regelefterlevnad därifrån förblir egna uppgifter.",
    en: "privacy policy",
    sv: "integritetspolicy",
  },
  provider_docs: {
    meaning: "The provider's technical documentation (API reference, region lists, model cards, help-centre articles, a public repository of the provider's own).",
    meaningSv: "Leverantörens tekniska dokumentation (API-referens, regionlistor, modellkort, hjälpartiklar, leverantörens eget publika kodförråd).",
    en: "documentation",
    sv: "dokumentation",
  },
  provider_site: {
    meaning: "The provider's own product or marketing pages, including its llms.txt and trust-centre pages.",
    meaningSv: "Leverantörens egna produkt- eller marknadsföringssidor, inklusive llms.txt och sidor om förtroende och säkerhet.",
    en: "provider's website",
    sv: "leverantörens webbplats",
  },
  provider_blog: {
    meaning: "A post on the provider's own blog or newsroom: the provider's statement, dated, but not a list or a commitment.",
    meaningSv: "Ett inlägg i leverantörens egen blogg eller nyhetsrum: leverantörens uppgift, daterad, men ingen lista och inget åtagande.",
    en: "provider's blog",
    sv: "leverantörens blogg",
  },
  pricing_page: {
    meaning: "The provider's own price list or pricing page.",
    meaningSv: "Leverantörens egen prislista eller prissida.",
    en: "price list",
    sv: "prislista",
  },
  certificate: {
    meaning: "A certificate, or the certification body's or scheme's register entry for it.",
    meaningSv: "Ett certifikat, eller certifieringsorganets eller ordningens registerpost för det.",
    en: "certificate",
    sv: "certifikat",
  },
  company_register: {
    meaning: "A company register (Bolagsverket, Brønnøysund, Handelsregister, Companies House …) or a filing made to it.",
    meaningSv: "Ett företagsregister (Bolagsverket, Brønnøysund, Handelsregister, Companies House …) eller en handling som lämnats in dit.",
    en: "company register",
    sv: "företagsregister",
  },
  regulator: {
    meaning: "A regulator, public authority or public funding body (a decision, a register, an award, an official announcement).",
    meaningSv: "En tillsynsmyndighet, annan myndighet eller offentlig finansiär (ett beslut, ett register, en tilldelning, ett officiellt meddelande).",
    en: "authority",
    sv: "myndighet",
  },
  third_party: {
    meaning: "A page by someone other than the provider and not the press: a directory, a partner, a customer, an analyst, a public registry of prices or models.",
    meaningSv: "En sida av någon annan än leverantören och inte press: en katalog, en partner, en kund, en analytiker, ett publikt register över priser eller modeller.",
    en: "third party",
    sv: "tredje part",
  },
  press: {
    meaning: "A news article or press coverage (a provider's own press release on a wire service included).",
    meaningSv: "En nyhetsartikel eller pressbevakning (även leverantörens eget pressmeddelande via en nyhetsbyrå).",
    en: "press",
    sv: "press",
  },
  derived: {
    meaning: "Computed by the build from other Facts by a published rule (never typed in a seed file); the Facts it rests on carry the sources.",
    meaningSv: "Beräknad av bygget ur andra uppgifter enligt en publicerad regel (skrivs aldrig in för hand); uppgifterna den vilar på bär källorna.",
    en: "derived",
    sv: "härledd",
  },
};
export const SourceType = vocabulary("The kind of source a Fact rests on: it decides whose statement the Fact is and whether it can be confirmed.", SOURCE_TERMS);
export type SourceType = SourceTypeToken;

/** Whose statement a Fact is, read from its source: what the pages say in place of a bare "claimed". */
const ATTRIBUTION_TERMS: Record<AttributionToken, Term> = {
  provider: {
    meaning: "The provider's own statement (its terms, documentation, website, blog or price list).",
    meaningSv: "Leverantörens egen uppgift (villkor, dokumentation, webbplats, blogg eller prislista).",
    en: "own statement",
    sv: "egen uppgift",
  },
  press: { meaning: "A press report: a journalist's or a wire's account, not the provider's own words.", meaningSv: "En uppgift i press: en journalists eller nyhetsbyrås återgivning, inte leverantörens egna ord.", en: "press report", sv: "uppgift i press" },
  third_party: {
    meaning: "A third party's report: a directory, partner, customer or registry, not the provider.",
    meaningSv: "En uppgift från tredje part: en katalog, partner, kund eller ett register, inte leverantören.",
    en: "third-party report",
    sv: "uppgift från tredje part",
  },
  register: {
    meaning: "A register's or an authority's record.",
    meaningSv: "En uppgift ur ett register eller från en myndighet.",
    en: "register or authority",
    sv: "register eller myndighet",
  },
  certificate: { meaning: "A certificate or the certification body's register.", meaningSv: "Ett certifikat eller certifieringsorganets register.", en: "certificate", sv: "certifikat" },
  derived: { meaning: "Derived by the build from the Facts it names.", meaningSv: "Härledd av bygget ur de uppgifter den anger.", en: "derived", sv: "härledd" },
};
export const Attribution = vocabulary("Whose statement a Fact is, read from its source_type.", ATTRIBUTION_TERMS);
export type Attribution = AttributionToken;

export { attributionOf, isSourceType } from "./attribution.js";

/** A family of fields that shares one rule about what may confirm it. */
export interface FieldFamily {
  key: string;
  label: { en: string; sv: string };
  /** The dotted paths (or whole blocks) of the family. */
  members: readonly string[];
  /** The source kinds that may make a Fact of the family `confirmed`; any other kind gives at most `claimed`. */
  confirmedFrom: ReadonlySet<SourceType>;
  why: { en: string; sv: string };
}

const kinds = (...types: SourceType[]): ReadonlySet<SourceType> => new Set(types);

/**
 * The table. Order matters: a path belongs to the first family that names it (a member before its block).
 * Press, third-party pages, blog posts and privacy policies confirm nothing a buyer decides on; derived Facts
 * take the weakest status of their inputs and are not in the table.
 */
export const FIELD_FAMILIES: readonly FieldFamily[] = [
  {
    key: "identity",
    label: { en: "Who contracts and where it is registered", sv: "Vem som är avtalspart och var den är registrerad" },
    members: ["ownership.country_hq", "ownership.contracting_entity", "ownership.org_number"],
    confirmedFrom: kinds("provider_terms", "privacy_policy", "company_register", "regulator", "certificate"),
    why: {
      en: "The contracting entity and its seat are legal statements: the terms, the imprint, the privacy notice (which must name the controller) or a register.",
      sv: "Avtalsparten och dess säte är rättsliga uppgifter: villkoren, impressumet, integritetspolicyn (som måste ange personuppgiftsansvarig) eller ett register.",
    },
  },
  {
    key: "control",
    label: { en: "Who controls it", sv: "Vem som kontrollerar den" },
    members: ["ownership"],
    confirmedFrom: kinds("company_register", "regulator", "provider_terms", "provider_docs"),
    why: {
      en: "Ownership is confirmed by a register or a filing, or by the provider's own binding documents or annual report (documentation); never by press.",
      sv: "Ägande bekräftas av ett register eller en inlämnad handling, eller av leverantörens egna bindande dokument eller årsredovisning (dokumentation); aldrig av press.",
    },
  },
  {
    key: "technical_compliance",
    label: { en: "Where a compliance document is published", sv: "Var ett dokument om regelefterlevnad publiceras" },
    members: ["compliance.subprocessors_list_url"],
    confirmedFrom: kinds("provider_terms", "provider_docs", "provider_site", "privacy_policy"),
    why: { en: "That a list is published at an address is seen on the provider's own pages.", sv: "Att en lista publiceras på en adress syns på leverantörens egna sidor." },
  },
  {
    key: "compliance",
    label: { en: "Compliance: DPA, training, retention, certifications", sv: "Regelefterlevnad: biträdesavtal, träning, lagring, certifieringar" },
    members: ["compliance"],
    confirmedFrom: kinds("provider_terms", "certificate", "company_register", "regulator"),
    why: {
      en: "A promise about customer data is confirmed only by a binding document (the terms, the DPA), a certificate or a register; a privacy policy, a trust page or marketing keeps it claimed.",
      sv: "Ett löfte om kunddata bekräftas bara av ett bindande dokument (villkoren, biträdesavtalet), ett certifikat eller ett register; en integritetspolicy, en förtroendesida eller marknadsföring gör det till en egen uppgift.",
    },
  },
  {
    key: "sovereignty",
    label: { en: "Sovereignty: where data sits and who runs it", sv: "Suveränitet: var data finns och vem som driver den" },
    members: ["sovereignty"],
    confirmedFrom: kinds("provider_terms", "provider_docs", "certificate", "company_register", "regulator"),
    why: {
      en: "Where data sits is confirmed by the terms, the sub-processor list or technical documentation (region lists), a certificate or a register; never by marketing, a blog post or press.",
      sv: "Var data finns bekräftas av villkoren, listan över underbiträden eller teknisk dokumentation (regionlistor), ett certifikat eller ett register; aldrig av marknadsföring, ett blogginlägg eller press.",
    },
  },
  {
    key: "contract",
    label: { en: "Contract terms", sv: "Avtalsvillkor" },
    members: ["contract"],
    confirmedFrom: kinds("provider_terms", "pricing_page", "provider_docs"),
    why: { en: "Contract terms are confirmed by the terms, the price list or the documentation that describes them.", sv: "Avtalsvillkor bekräftas av villkoren, prislistan eller dokumentationen som beskriver dem." },
  },
  {
    key: "pricing",
    label: { en: "Prices", sv: "Priser" },
    members: ["pricing", "models"],
    confirmedFrom: kinds("pricing_page", "provider_docs", "provider_terms", "provider_site"),
    why: { en: "A price is confirmed on the provider's own price list, documentation or terms; a registry of prices corroborates, it does not confirm.", sv: "Ett pris bekräftas på leverantörens egen prislista, dokumentation eller villkor; ett prisregister bestyrker, det bekräftar inte." },
  },
  {
    key: "product",
    label: { en: "Product and technical specifications", sv: "Produkt och tekniska specifikationer" },
    members: [],
    confirmedFrom: kinds("provider_docs", "provider_site", "pricing_page", "provider_terms", "provider_blog"),
    why: {
      en: "What the product does (API, availability, onboarding, models) is confirmed on the provider's own pages and documentation (the spec's first rule).",
      sv: "Vad produkten gör (API, tillgänglighet, registrering, modeller) bekräftas på leverantörens egna sidor och i dokumentationen (specifikationens första regel).",
    },
  },
];

/** The family of a Fact's path: a named member, else its block, else product and technical specifications. */
export function familyOf(path: readonly PropertyKey[]): FieldFamily {
  const dotted = path.map(String).join(".");
  const block = String(path[0]);
  return (
    FIELD_FAMILIES.find((family) => family.members.includes(dotted)) ??
    FIELD_FAMILIES.find((family) => family.members.includes(block)) ??
    FIELD_FAMILIES.find((family) => family.key === "product")!
  );
}

/** Whether a Fact at this path, from this kind of source, may carry this status. */
export function statusAllowed(path: readonly PropertyKey[], status: FactStatus, sourceType: unknown): boolean {
  if (status !== "confirmed") return true;
  return isSourceType(sourceType) && familyOf(path).confirmedFrom.has(sourceType);
}

/**
 * From this day, a researched Fact of a buyer question, of the ownership chain or of prices carries the
 * source's own words (`quote`). Facts verified before it are counted by the report until they are re-read.
 */
export const QUOTE_REQUIRED_FROM = "2026-11-28";

/** Fields whose Facts decide an answer: every buyer question, the ownership chain and every price. */
export function isDecisive(path: readonly PropertyKey[], record?: object): boolean {
  const dotted = path.map(String).join(".");
  if (questionByPath(dotted)) return true;
  const block = String(path[0]);
  if (block === "ownership" || block === "pricing") return true;
  if (dotted === "models" && record) {
    const models = (record as { models?: { value?: unknown } }).models?.value;
    return Array.isArray(models) && models.some((model: { input_price?: unknown; output_price?: unknown }) => model?.input_price != null || model?.output_price != null);
  }
  return false;
}

/** A Fact someone read (not unknown, not derived, not the scraper's), which therefore can carry a quote. */
export const isQuotable = (fact: FactLike): boolean =>
  (fact.status === "confirmed" || fact.status === "claimed" || fact.status === "planned") && fact.source_type !== "derived" && fact.verified_by !== "scraper";

/** Whether a Fact must carry a quote: decisive, read by a person, and verified on or after the cut-over day. */
export function quoteRequired(path: readonly PropertyKey[], fact: FactLike, record?: object): boolean {
  return isQuotable(fact) && isDecisive(path, record) && typeof fact.verified_at === "string" && fact.verified_at >= QUOTE_REQUIRED_FROM;
}

/**
 * Sources on which a list of who holds the data may be called complete: only the provider's own binding list
 * (the sub-processor list, the DPA or the terms). Documentation, a blog post, press or a third party describe,
 * they do not enumerate what the contract allows.
 */
export const COMPLETE_LIST_SOURCES: ReadonlySet<SourceType> = kinds("provider_terms");
