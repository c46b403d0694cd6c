import { describe, expect, it } from "vitest";
import { deriveCloudActExposure } from "../scripts/derive/cloudActExposure.js";
import { answerOf, answerText, certificationScheme, decidingLinkText, exposureText, formatNumber, matchAnswer, matchFacts, priceText } from "../scripts/schema/answers.js";
import { BUYER_QUESTIONS, questionByKey } from "../scripts/schema/buyerQuestions.js";
import { sovereigntyView } from "../scripts/schema/sovereigntyFramework.js";
import { InfrastructureKind, UsPartyRole } from "../scripts/schema/vocabularies.js";
import { canonicalPath } from "../scripts/site/browse/client/address.js";
import { confirmedFact } from "./helpers.js";

const question = (key: string) => questionByKey(key)!;
const terms = (value: unknown, extra: Record<string, unknown> = {}) => confirmedFact(value, { source_type: "provider_terms", source_url: "https://acme.example/terms", ...extra });
const EXPOSURE = { roles: UsPartyRole.terms, kinds: InfrastructureKind.terms };

describe("one wording per answer, shared by the pages, their scripts, the CSV and MCP", () => {
  it("writes numbers as the language does: a decimal comma and thin-space thousands in Swedish", () => {
    expect(formatNumber(0.2, "en", 2)).toBe("0.20");
    expect(formatNumber(0.2, "sv", 2)).toBe("0,20");
    expect(formatNumber(131072, "en")).toBe("131,072");
    expect(formatNumber(131072, "sv")).toBe("131\u202f072");
    expect(formatNumber(0.0004, "sv", 2)).toBe("0,0004");
    expect(formatNumber(1e-7, "en")).toBe("0.0000001");
  });

  it("says a price with in and out, its currency, and VAT included, excluded or not stated", () => {
    expect(priceText(0.2, 0.6, { currency: "EUR", vat: false, model: null }, "en")).toBe("0.20 EUR in / 0.60 EUR out per 1M tokens, VAT excluded");
    expect(priceText(0.2, null, { currency: "SEK", vat: null, model: "m-1" }, "sv")).toBe("0,20 SEK indata per miljon token, moms anges inte (för m-1)");
    const record = { pricing: { currency: terms("EUR"), vat_included: terms(true), price_per_1m_input_tokens: terms(0.2), price_per_1m_output_tokens: terms(0.6), reference_model: terms("small") } };
    expect(answerText(answerOf(record, question("price")), "en")).toBe("0.20 EUR in / 0.60 EUR out per 1M tokens, VAT included (for small)");
  });

  it("never reads a planned value as the value: a certification in progress is not 'certified'", () => {
    const record = { compliance: { iso_27001: { ...terms("certified"), status: "planned" }, gdpr_dpa_available: { ...terms(true), status: "planned" } } };
    expect(answerText(answerOf(record, question("iso27001")), "en")).toBe("certification in progress");
    expect(answerText(answerOf(record, question("iso27001")), "sv")).toBe("pågående certifiering");
    expect(answerText(answerOf(record, question("dpa")), "en")).toBe("planned, not yet in place: yes");
  });

  it("says which one country a residency promise means, and filters it by its scope", () => {
    const swiss = { sovereignty: { data_residency_guarantee: terms("one_country"), datacenter_locations: terms([{ country: "CH" }], { partial: false }) } };
    const swedish = { sovereignty: { data_residency_guarantee: terms("one_country"), datacenter_locations: terms([{ country: "SE" }], { partial: false }) } };
    const unplaced = { sovereignty: { data_residency_guarantee: terms("one_country") } };
    expect(answerText(answerOf(swiss, question("residency")), "en")).toBe("one country outside the EU/EEA (CH)");
    expect(answerText(answerOf(swedish, question("residency")), "sv")).toBe("ett land i EU/EES (SE)");
    const euOnly = { anyOf: ["eu_eea", "one_country_eu"] };
    expect(matchAnswer(swiss, answerOf(swiss, question("residency")), euOnly).kind).toBe("no");
    expect(matchAnswer(swedish, answerOf(swedish, question("residency")), euOnly).kind).toBe("yes");
    expect(matchAnswer(unplaced, answerOf(unplaced, question("residency")), euOnly).kind).toBe("undecided");
  });

  it("offers 'anywhere in the EU/EEA' for data-centre countries, without counting a sample as a no", () => {
    const dc = question("dc");
    const inEu = { sovereignty: { datacenter_locations: terms([{ country: "US" }, { country: "FI" }], { partial: false }) } };
    const swissComplete = { sovereignty: { datacenter_locations: terms([{ country: "CH" }], { partial: false }) } };
    const swissSample = { sovereignty: { datacenter_locations: terms([{ country: "CH" }], { partial: true }) } };
    expect(matchAnswer(inEu, answerOf(inEu, dc), { anyOf: ["eu_eea"] }).kind).toBe("yes");
    expect(matchAnswer(swissComplete, answerOf(swissComplete, dc), { anyOf: ["eu_eea"] }).kind).toBe("no");
    expect(matchAnswer(swissSample, answerOf(swissSample, dc), { anyOf: ["eu_eea"] }).kind).toBe("undecided");
  });

  it("knows one certification scheme by one name, so ticking ISO 27001 finds every spelling", () => {
    for (const name of ["ISO 27001", "ISO/IEC 27001", "ISO/IEC 27001:2022", "ISO/IEC 27001 (ISMS)", "ISO 27001:2022"]) expect(certificationScheme(name)).toBe("ISO/IEC 27001");
    expect(certificationScheme("SOC 2 Type 2")).toBe("SOC 2 Type II");
    expect(certificationScheme("SOC 2 Type II")).toBe("SOC 2 Type II");
    expect(certificationScheme("HDS (Hébergeur de Données de Santé), scope: Elastic Metal, Dedibox")).toBe("HDS");
    expect(certificationScheme("Trusted Cloud Data Profile (TCDP)")).toBe("Trusted Cloud Data Profile");
    const record = { compliance: { certifications: terms([{ name: "ISO/IEC 27001:2022", achieved: true }, { name: "SOC 2 Type 2", achieved: true }], { partial: true }) } };
    const certs = answerOf(record, question("certifications"));
    expect(certs.keys).toEqual(["ISO/IEC 27001", "SOC 2 Type II"]);
    expect(matchAnswer(record, certs, { anyOf: ["ISO 27001"] }).kind).toBe("yes");
    expect(matchAnswer(record, certs, { anyOf: ["SOC 2"] }).kind).toBe("yes");
  });

  it("takes a price in a currency without a maximum as 'has a price in that currency'", () => {
    const record = { pricing: { currency: terms("EUR"), price_per_1m_input_tokens: terms(0.2) } };
    const price = answerOf(record, question("price"));
    expect(matchAnswer(record, price, { currency: "EUR" }).kind).toBe("yes");
    expect(matchAnswer(record, price, { currency: "USD" }).kind).toBe("undecided");
    expect(matchFacts({ kind: "number", state: "not_researched", keys: [], maybe: [], number: null, complete: false, currency: null }, { max: 1 }).kind).toBe("undecided");
  });

  it("names the link that decided who can reach the data, with its grade, in both languages", () => {
    const record = {
      ownership: { country_hq: terms("SE"), ownership_jurisdiction: terms("SE"), foreign_parent: terms(false) },
      sovereignty: { infrastructure: terms([{ name: "AWS", kind: "cloud", jurisdiction: "US" }], { partial: false }) },
    };
    const derived = deriveCloudActExposure(record);
    expect(derived.us_party_role).toBe("core");
    const withAnswer = { ...record, sovereignty: { ...record.sovereignty, cloud_act_exposure: derived } };
    const answer = answerOf(withAnswer, question("cloud_act"));
    const en = exposureText(answer.fact!, answerText(answer, "en")!, "en", EXPOSURE);
    const sv = exposureText(answer.fact!, answerText(answer, "sv")!, "sv", EXPOSURE);
    expect(`${en.text} ${en.link}`).toBe("exposed through infrastructure — core hosting or model in US hands: AWS (cloud, US parent)");
    expect(`${sv.text} ${sv.link}`).toBe("exponerad via infrastruktur — drift eller modell i amerikanska händer: AWS (moln, amerikansk ägare)");
    expect(sv.english).toBe(false);
  });

  it("translates every kind of deciding link the rule writes, and keeps an unknown one as recorded", () => {
    const kinds = InfrastructureKind.terms;
    expect(decidingLinkText("Cloudflare (edge, US parent)", "sv", kinds)).toBe("Cloudflare (kanttjänst (CDN, proxy), amerikansk ägare)");
    expect(decidingLinkText("Acme Inc (ultimate parent, US)", "sv", kinds)).toBe("Acme Inc (yttersta ägare, USA)");
    expect(decidingLinkText("data held in the US (Dallas), only if chosen", "sv", kinds)).toBe("data i USA (Dallas), bara om kunden väljer det");
    expect(decidingLinkText("Nscale (own, located in the US)", "sv", kinds)).toBe("Nscale (egen infrastruktur, finns i USA)");
    expect(decidingLinkText("Something (a remark nobody wrote)", "sv", kinds)).toBeNull();
    // Every record the rule answers gets words the Swedish page can say in Swedish.
    for (const infrastructure of [
      [{ name: "Cloudflare", kind: "edge", jurisdiction: "US" }],
      [{ name: "Stripe", kind: "ancillary", jurisdiction: "US" }, { name: "Own DC", kind: "own", jurisdiction: "SE" }],
      [{ name: "Nscale", kind: "own", jurisdiction: "GB", countries: ["NO", "US"] }],
    ]) {
      const derived = deriveCloudActExposure({
        ownership: { country_hq: terms("SE"), ownership_jurisdiction: terms("SE"), foreign_parent: terms(false) },
        sovereignty: { infrastructure: terms(infrastructure, { partial: false }) },
      });
      if (derived.deciding_link) expect(decidingLinkText(derived.deciding_link, "sv", kinds), derived.deciding_link).not.toBeNull();
    }
  });
});

describe("the Commission's sovereignty objectives as a view", () => {
  it("decides a ceiling only where a typed Fact rules higher levels out, never from a planned value", () => {
    const foreign = { ownership: { foreign_parent: terms(true), ownership_jurisdiction: terms("US") } };
    const planned = { ownership: { foreign_parent: { ...terms(true), status: "planned" } } };
    const european = { ownership: { foreign_parent: terms(false), ownership_jurisdiction: terms("SE") } };
    expect(sovereigntyView(foreign).find((view) => view.objective.id === "SOV-1")!.ceiling).toMatchObject({ atMost: 2, path: "ownership.foreign_parent", status: "confirmed" });
    expect(sovereigntyView(planned).find((view) => view.objective.id === "SOV-1")!.ceiling).toBeNull();
    expect(sovereigntyView(european).every((view) => view.ceiling === null)).toBe(true);
    expect(sovereigntyView(european).find((view) => view.objective.id === "SOV-1")!.researched).toEqual(["ownership.ownership_jurisdiction", "ownership.foreign_parent"]);
  });

  it("maps only Facts the dataset has, and every objective names what the dataset does not record", () => {
    const known = new Set([...BUYER_QUESTIONS.map((entry) => entry.path.join(".")), "ownership.contracting_entity", "ownership.ultimate_parent", "sovereignty.energy_sustainability", "compliance.nis2_dora_relevance", "compliance.eu_ai_act_status", "contract.data_portable", "contract.no_lock_in", "contract.egress_free", "contract.binding_free", "contract.notice_period", "api.sdks", "own_weights"]);
    for (const view of sovereigntyView({})) {
      for (const path of view.objective.facts) expect(known.has(path), `${view.objective.id} ${path}`).toBe(true);
      expect(view.objective.missing.en.length).toBeGreaterThan(20);
      expect(view.objective.missing.sv).not.toBe(view.objective.missing.en);
    }
  });
});

describe("a page served at an odd address finds its own", () => {
  it("rebuilds the address from the path the page knows it has, never a protocol-relative one", () => {
    expect(canonicalPath("//sv", "sv", "index.html")).toBe("/sv/");
    expect(canonicalPath("///sv", "sv", "index.html")).toBe("/sv/");
    expect(canonicalPath("/SV", "sv", "index.html")).toBe("/sv/");
    expect(canonicalPath("/sv", "sv", "index.html")).toBe("/sv/");
    expect(canonicalPath("/repo/Sv/", "sv", "index.html")).toBe("/repo/sv/");
    expect(canonicalPath("/sv/", "sv", "index.html")).toBeNull();
    expect(canonicalPath("/sv/index.html", "sv", "index.html")).toBeNull();
    expect(canonicalPath("/sv/providers/a.html", "sv", "providers/a.html")).toBeNull();
    expect(canonicalPath("//providers/a.html", "en", "providers/a.html")).toBe("/providers/a.html");
    expect(canonicalPath("/", "en", "index.html")).toBeNull();
    for (const odd of ["//sv", "///sv", "//sv/", "/SV"]) expect(canonicalPath(odd, "sv", "index.html")!.startsWith("//")).toBe(false);
  });
});
