import { factAt, isResearched } from "./factPath.js";
import type { FactStatus } from "./fact.js";

/**
 * The European Commission's Cloud Sovereignty Framework, as a view of the evidence: which Facts of a record
 * speak to each of its eight sovereignty objectives, and — only where the framework's own definition of a SEAL
 * level can be decided from typed Facts alone — the highest level the evidence leaves open, with the rule and
 * the framework's words. Everything else the framework weighs is named as evidence the dataset does not hold.
 * No score is computed: the framework scores contributing factors this dataset does not record, and a number
 * would claim more than the evidence carries.
 *
 * Pure data and one pure function, so the pages' scripts use the same mapping as the build.
 */

export const FRAMEWORK = {
  title: "Cloud Sovereignty Framework",
  publisher: { en: "European Commission, Directorate-General for Digital Services (DG DIGIT)", sv: "Europeiska kommissionen, generaldirektoratet för digitala tjänster (GD DIGIT)" },
  version: "1.2.1",
  published: "2025-10",
  url: "https://commission.europa.eu/document/download/09579818-64a6-4dd5-9577-446ab6219113_en",
} as const;

type Words = { en: string; sv: string };

export type SealLevel = 0 | 1 | 2 | 3 | 4;

export interface Seal {
  level: SealLevel;
  name: Words;
  /** The framework's definition (English, its own words) and our Swedish rendering of it. */
  definition: Words;
}

/** The five Sovereignty Effectiveness Assurance Levels, as the framework defines them. */
export const SEAL_LEVELS: readonly Seal[] = [
  {
    level: 0,
    name: { en: "No Sovereignty", sv: "Ingen suveränitet" },
    definition: {
      en: "Service, technology or operations under exclusive control of non-EU third parties, governed entirely in non-EU jurisdictions.",
      sv: "Tjänst, teknik eller drift under exklusiv kontroll av tredje parter utanför EU, helt styrd i jurisdiktioner utanför EU.",
    },
  },
  {
    level: 1,
    name: { en: "Jurisdictional Sovereignty", sv: "Jurisdiktionell suveränitet" },
    definition: {
      en: "EU law formally applies with limited practical enforceability; service, technology or operations under exclusive control of non-EU third parties.",
      sv: "EU-rätten gäller formellt men kan i praktiken bara begränsat upprätthållas; tjänst, teknik eller drift under exklusiv kontroll av tredje parter utanför EU.",
    },
  },
  {
    level: 2,
    name: { en: "Data Sovereignty", sv: "Datasuveränitet" },
    definition: {
      en: "EU law applicable and enforceable, with material non-EU dependencies remaining; service, technology or operations under indirect control of non-EU third parties.",
      sv: "EU-rätten är tillämplig och kan upprätthållas, men väsentliga beroenden utanför EU kvarstår; tjänst, teknik eller drift under indirekt kontroll av tredje parter utanför EU.",
    },
  },
  {
    level: 3,
    name: { en: "Digital Resilience", sv: "Digital motståndskraft" },
    definition: {
      en: "EU law applicable and enforceable, EU actors exercising meaningful but not full influence; service, technology or operations under marginal control of non-EU third parties.",
      sv: "EU-rätten är tillämplig och kan upprätthållas, aktörer i EU utövar betydande men inte fullt inflytande; tjänst, teknik eller drift under marginell kontroll av tredje parter utanför EU.",
    },
  },
  {
    level: 4,
    name: { en: "Full Digital Sovereignty", sv: "Full digital suveränitet" },
    definition: {
      en: "Technology and operations under complete EU control, subject only to EU law, with no critical non-EU dependencies.",
      sv: "Teknik och drift under fullständig EU-kontroll, underkastade enbart EU-rätt, utan kritiska beroenden utanför EU.",
    },
  },
];

/** A condition on one typed Fact: it holds when the Fact is researched, not only planned, and its value is one of `values`. */
export interface Condition {
  path: readonly [string, string] | readonly [string];
  values: readonly (string | boolean)[];
}

/**
 * A level the evidence rules out: when any condition holds, the objective can reach at most `atMost`, because
 * the framework's definitions of every higher level exclude what the Fact shows.
 */
export interface CeilingRule {
  id: string;
  atMost: SealLevel;
  when: readonly Condition[];
  /** The condition in words. */
  rule: Words;
  /** Why the higher levels are excluded, quoting the framework's definitions. */
  because: Words;
}

export interface Objective {
  id: string;
  name: Words;
  /** The framework's definition of the objective (English, its own words) and our Swedish rendering. */
  definition: Words;
  /** The Facts (dotted paths) that speak to the objective. */
  facts: readonly string[];
  rules: readonly CeilingRule[];
  /** What the framework weighs for the objective that the dataset does not record. */
  missing: Words;
}

const ABOVE_TWO: Words = {
  en: 'SEAL-3 requires the service to be "under marginal control of non-EU third parties" and SEAL-4 "under complete EU control … with no critical non-EU dependencies"',
  sv: 'SEAL-3 kräver att tjänsten står "under marginell kontroll av tredje parter utanför EU" och SEAL-4 "under fullständig EU-kontroll … utan kritiska beroenden utanför EU"',
};

export const OBJECTIVES: readonly Objective[] = [
  {
    id: "SOV-1",
    name: { en: "Strategic Sovereignty", sv: "Strategisk suveränitet" },
    definition: {
      en: "Strategic sovereignty captures the degree to which the services of a cloud provider (or technology actor) are anchored within the European Union legal, financial, and industrial ecosystem. It assesses ownership stability, governance influence, and alignment with EU strategic priorities.",
      sv: "Strategisk suveränitet fångar i vilken grad en molnleverantörs (eller teknikaktörs) tjänster är förankrade i EU:s rättsliga, finansiella och industriella ekosystem. Den bedömer ägarstabilitet, inflytande över styrningen och samstämmighet med EU:s strategiska prioriteringar.",
    },
    facts: ["ownership.country_hq", "ownership.contracting_entity", "ownership.ultimate_parent", "ownership.ownership_jurisdiction", "ownership.foreign_parent"],
    rules: [
      {
        id: "sov1-foreign-control",
        atMost: 2,
        when: [{ path: ["ownership", "foreign_parent"], values: [true] }],
        rule: { en: "The provider is controlled from outside the EU/EEA (ownership.foreign_parent is true).", sv: "Leverantören kontrolleras från ett land utanför EU/EES (ownership.foreign_parent är true)." },
        because: {
          en: `${ABOVE_TWO.en}; a controlling owner outside the EU/EEA is more than marginal control.`,
          sv: `${ABOVE_TWO.sv}; en kontrollerande ägare utanför EU/EES är mer än marginell kontroll.`,
        },
      },
    ],
    missing: {
      en: "financing and investors, governance and influence over the roadmap, protection against a change of control, economic contribution in the EU, participation in EU programmes",
      sv: "finansiering och investerare, styrning och inflytande över utvecklingsplanen, skydd mot ägarbyte, ekonomiskt bidrag i EU, deltagande i EU-program",
    },
  },
  {
    id: "SOV-2",
    name: { en: "Legal & Jurisdictional Sovereignty", sv: "Rättslig och jurisdiktionell suveränitet" },
    definition: {
      en: "Legal & Jurisdictional sovereignty evaluates the legal environment, exposure to foreign authority, and enforceability of rights that govern the services of a technology provider. It determines the extent to which the services are anchored in European jurisdiction and insulated from external legal claims.",
      sv: "Rättslig och jurisdiktionell suveränitet bedömer den rättsliga miljön, exponeringen för utländska myndigheter och möjligheten att hävda de rättigheter som styr en teknikleverantörs tjänster. Den avgör i vilken grad tjänsterna är förankrade i europeisk jurisdiktion och skyddade mot rättsliga anspråk utifrån.",
    },
    facts: ["sovereignty.cloud_act_exposure", "ownership.country_hq", "sovereignty.infrastructure"],
    rules: [
      {
        id: "sov2-us-reach",
        atMost: 2,
        when: [{ path: ["sovereignty", "cloud_act_exposure"], values: ["ownership", "infrastructure"] }],
        rule: {
          en: "A US entity controls the provider, or holds or processes the content by default (sovereignty.cloud_act_exposure is ownership or infrastructure), so US authorities can compel access under the CLOUD Act.",
          sv: "En amerikansk aktör kontrollerar leverantören, eller håller eller behandlar innehållet som standard (sovereignty.cloud_act_exposure är ownership eller infrastructure), så amerikanska myndigheter kan kräva åtkomst enligt CLOUD Act.",
        },
        because: {
          en: `${ABOVE_TWO.en}; a party that can be compelled by a non-EU authority to hand over the content is a material non-EU dependency, which SEAL-2 still admits ("material non-EU dependencies remaining").`,
          sv: `${ABOVE_TWO.sv}; en part som kan tvingas av en myndighet utanför EU att lämna ut innehållet är ett väsentligt beroende utanför EU, vilket SEAL-2 fortfarande tillåter ("väsentliga beroenden utanför EU kvarstår").`,
        },
      },
    ],
    missing: {
      en: "the governing law and court of the contract, protection against other non-EU laws with extraterritorial reach, where intellectual property is held",
      sv: "avtalets tillämpliga lag och domstol, skydd mot andra lagar utanför EU med extraterritoriell räckvidd, var immateriella rättigheter finns",
    },
  },
  {
    id: "SOV-3",
    name: { en: "Data & AI Sovereignty", sv: "Data- och AI-suveränitet" },
    definition: {
      en: "Data & AI sovereignty focuses on the protection, control, and independence of data assets and AI services within the EU. It addresses how data is secured, where it is processed, and the degree of autonomy customers retain over AI capabilities.",
      sv: "Data- och AI-suveränitet gäller skydd, kontroll och oberoende för datatillgångar och AI-tjänster inom EU. Den tar upp hur data skyddas, var den behandlas och hur mycket självbestämmande kunderna behåller över AI-förmågor.",
    },
    facts: ["sovereignty.datacenter_locations", "sovereignty.data_residency_guarantee", "sovereignty.third_country_transfer", "compliance.data_used_for_training", "compliance.zero_retention", "compliance.retention_days", "own_weights"],
    rules: [],
    missing: {
      en: "who holds the encryption keys, transparency of access to the data and verifiable deletion, EU control over the AI models and their technology stack",
      sv: "vem som har krypteringsnycklarna, insyn i åtkomst till datan och verifierbar radering, EU-kontroll över AI-modellerna och deras teknikstack",
    },
  },
  {
    id: "SOV-4",
    name: { en: "Operational Sovereignty", sv: "Driftsuveränitet" },
    definition: {
      en: "Operational sovereignty measures the practical ability of EU actors to run, support, and evolve a technology independently of foreign control. It focuses on continuity of operations, skill availability, and resilience against external dependencies.",
      sv: "Driftsuveränitet mäter den praktiska förmågan hos aktörer i EU att driva, stödja och vidareutveckla en teknik oberoende av utländsk kontroll. Den inriktas på kontinuitet i driften, tillgång till kompetens och motståndskraft mot yttre beroenden.",
    },
    facts: ["contract.data_portable", "contract.no_lock_in", "contract.egress_free", "contract.binding_free", "contract.notice_period"],
    rules: [],
    missing: {
      en: "staff and support under EU law, availability of documentation, source code and operational know-how, where critical suppliers are",
      sv: "personal och support under EU-rätt, tillgång till dokumentation, källkod och driftkunnande, var kritiska leverantörer finns",
    },
  },
  {
    id: "SOV-5",
    name: { en: "Supply Chain Sovereignty", sv: "Suveränitet i leveranskedjan" },
    definition: {
      en: "Supply chain sovereignty evaluates the geographic origin, transparency, and resilience of the technology supply chain, focusing on the extent to which critical components and processes remain under EU control or exposed to non-EU dependencies.",
      sv: "Suveränitet i leveranskedjan bedömer teknikleveranskedjans geografiska ursprung, öppenhet och motståndskraft, med inriktning på i vilken grad kritiska komponenter och processer förblir under EU-kontroll eller är utsatta för beroenden utanför EU.",
    },
    facts: ["sovereignty.infrastructure"],
    rules: [],
    missing: {
      en: "where hardware is assembled and firmware comes from, where software is developed, dependence on non-EU suppliers, audit rights along the supply chain",
      sv: "var hårdvaran monteras och den fasta programvaran kommer ifrån, var programvaran utvecklas, beroende av leverantörer utanför EU, granskningsrätt i leveranskedjan",
    },
  },
  {
    id: "SOV-6",
    name: { en: "Technology Sovereignty", sv: "Teknisk suveränitet" },
    definition: {
      en: "Technology sovereignty evaluates the degree of openness, transparency, and independence in the underlying technological stack, ensuring EU actors can interoperate, audit, and evolve solutions without lock-in to foreign proprietary systems.",
      sv: "Teknisk suveränitet bedömer graden av öppenhet, insyn och oberoende i den underliggande teknikstacken, så att aktörer i EU kan samverka med, granska och vidareutveckla lösningar utan att låsas in i utländska proprietära system.",
    },
    facts: ["api.openai_compatible", "api.sdks", "own_weights"],
    rules: [],
    missing: {
      en: "whether the software is open source, open and documented interfaces beyond OpenAI compatibility, architecture documentation, independent high-performance computing capability",
      sv: "om programvaran är öppen källkod, öppna och dokumenterade gränssnitt utöver OpenAI-kompatibilitet, arkitekturdokumentation, egen förmåga till högprestandaberäkning",
    },
  },
  {
    id: "SOV-7",
    name: { en: "Security & Compliance Sovereignty", sv: "Suveränitet i säkerhet och regelefterlevnad" },
    definition: {
      en: "Security & Compliance sovereignty measures the extent to which security operations, compliance obligations, and resilience measures are controlled within the EU, ensuring independence from foreign jurisdictions and long-term operational assurance.",
      sv: "Suveränitet i säkerhet och regelefterlevnad mäter i vilken grad säkerhetsarbete, efterlevnadsskyldigheter och åtgärder för motståndskraft styrs inom EU, så att oberoende av utländska jurisdiktioner och långsiktig driftsäkerhet tryggas.",
    },
    facts: ["compliance.gdpr_dpa_available", "compliance.iso_27001", "compliance.certifications", "compliance.subprocessors_list_url", "compliance.nis2_dora_relevance", "compliance.eu_ai_act_status"],
    rules: [],
    missing: {
      en: "a security operations centre and incident response under EU jurisdiction, incident reporting to EU rules, patch management, support for EU security audits",
      sv: "ett säkerhetscenter och incidenthantering under EU-jurisdiktion, incidentrapportering enligt EU:s regler, hantering av säkerhetsuppdateringar, stöd för EU:s säkerhetsgranskningar",
    },
  },
  {
    id: "SOV-8",
    name: { en: "Environmental Sustainability", sv: "Miljömässig hållbarhet" },
    definition: {
      en: "Environmental sustainability assesses autonomy and resilience of cloud services over the long term in relation to energy usage, dependency and raw material scarcity.",
      sv: "Miljömässig hållbarhet bedömer molntjänsters självständighet och motståndskraft på lång sikt med avseende på energianvändning, beroenden och brist på råvaror.",
    },
    facts: ["sovereignty.energy_sustainability"],
    rules: [],
    missing: {
      en: "energy efficiency (PUE), circularity, reporting of carbon emissions and water use",
      sv: "energieffektivitet (PUE), cirkularitet, redovisning av koldioxidutsläpp och vattenanvändning",
    },
  },
];

/** What a record's evidence says about one objective. */
export interface ObjectiveView {
  objective: Objective;
  /** The Facts of the objective the record has researched (any status but unknown). */
  researched: string[];
  /** The Facts of the objective the record has not researched. */
  open: string[];
  /** The highest level the evidence leaves open, when a rule decides one; null otherwise. */
  ceiling: { atMost: SealLevel; rule: CeilingRule; path: string; status: FactStatus } | null;
}

const STRENGTH: Record<string, number> = { confirmed: 3, claimed: 2 };

/** The framework's objectives as the record's evidence speaks to them. A planned value never decides a level. */
export function sovereigntyView(record: object): ObjectiveView[] {
  return OBJECTIVES.map((objective) => {
    const researched: string[] = [];
    const open: string[] = [];
    for (const dotted of objective.facts) {
      const fact = factAt(record, dotted.split(".") as [string, string]);
      (isResearched(fact) ? researched : open).push(dotted);
    }
    let ceiling: ObjectiveView["ceiling"] = null;
    for (const rule of objective.rules) {
      for (const condition of rule.when) {
        const fact = factAt(record, condition.path);
        if (!fact || !(String(fact.status) in STRENGTH) || !condition.values.includes(fact.value as string | boolean)) continue;
        const found = { atMost: rule.atMost, rule, path: condition.path.join("."), status: fact.status as FactStatus };
        // The lowest ceiling wins; between equal ones, the one resting on the stronger Fact.
        if (!ceiling || found.atMost < ceiling.atMost || (found.atMost === ceiling.atMost && STRENGTH[found.status]! > STRENGTH[ceiling.status]!)) ceiling = found;
      }
    }
    return { objective, researched, open, ceiling };
  });
}
