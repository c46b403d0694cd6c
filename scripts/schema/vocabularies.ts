import { z } from "zod";

/**
 * The allowed values of the typed buyer answers. Each vocabulary is defined once here, with what every value
 * means and how a page says it in English and Swedish; the Provider schema, OpenAPI, the JSON Schema, the CSV,
 * the pages, MCP and the methodology page all read it from here. A source that fits no value is never forced
 * into the nearest one: the Fact stays `unknown` with the sentence in `display` and the reason in `note`.
 */

export interface Term {
  /** What the value means, as the methodology page states it, in English and in Swedish. */
  meaning: string;
  meaningSv: string;
  en: string;
  sv: string;
}

export interface Vocabulary<Token extends string = string> {
  /** The schema of a value: one of the tokens, with every meaning in its description. */
  schema: z.ZodEnum<{ [K in Token]: K }>;
  tokens: readonly Token[];
  terms: Readonly<Record<Token, Term>>;
  /** What the vocabulary as a whole answers, for the methodology page and OpenAPI. */
  about: string;
}

export function vocabulary<const Token extends string>(about: string, terms: Record<Token, Term>): Vocabulary<Token> {
  const tokens = Object.keys(terms) as Token[];
  const allowed = tokens.join(", ");
  const schema = z
    .enum(tokens as [Token, ...Token[]], { message: `must be one of ${allowed}` })
    .describe(`${about} ${tokens.map((token) => `${token}: ${terms[token].meaning}`).join(" ")}`) as unknown as z.ZodEnum<{ [K in Token]: K }>;
  return { schema, tokens, terms, about };
}

export const TrainingUse = vocabulary("Whether the provider uses customer prompts and outputs to train or improve models.", {
  never: { meaning: "Never used for training.", meaningSv: "Används aldrig för träning.", en: "never", sv: "aldrig" },
  opt_in: { meaning: "Not used unless the customer opts in.", meaningSv: "Används inte om inte kunden aktivt väljer det.", en: "only if opted in", sv: "bara vid aktivt val" },
  free_plans_only: {
    meaning: "Used only on free or non-paying plans; paying customers' data is not used.",
    meaningSv: "Används bara i gratisplaner eller planer utan betalning; betalande kunders data används inte.",
    en: "free plans only",
    sv: "bara gratisplaner",
  },
  opt_out: { meaning: "Used by default; the customer can opt out.", meaningSv: "Används som standard; kunden kan välja bort det.", en: "by default, opt-out", sv: "som standard, kan väljas bort" },
  yes: { meaning: "Used, with no opt-out stated.", meaningSv: "Används, och inget sätt att välja bort det anges.", en: "yes", sv: "ja" },
  depends_on_upstream: {
    meaning: "Depends on the upstream model provider the customer picks (routers, gateways, assistants that forward prompts); the provider itself does not train on them.",
    meaningSv: "Beror på den modellleverantör kunden väljer (routrar, gatewayer och assistenter som skickar vidare prompter); leverantören själv tränar inte på dem.",
    en: "depends on the model provider chosen",
    sv: "beror på vald modellleverantör",
  },
});
export type TrainingUse = z.infer<typeof TrainingUse.schema>;

export const ZeroRetention = vocabulary("Whether prompts and outputs can be processed without being stored (zero data retention).", {
  by_default: {
    meaning: "Prompts and outputs are not stored after processing, by default (metadata such as token counts may be logged).",
    meaningSv: "Prompter och svar sparas inte efter behandlingen, som standard (metadata som antal token kan loggas).",
    en: "by default",
    sv: "som standard",
  },
  on_request: {
    meaning: "Stored by default; zero retention can be enabled, requested or bought (a setting, plan, endpoint or contract amendment).",
    meaningSv: "Sparas som standard; nollagring kan slås på, begäras eller köpas (en inställning, plan, slutpunkt eller avtalstillägg).",
    en: "on request or as an option",
    sv: "på begäran eller som tillval",
  },
  not_offered: { meaning: "Prompts or outputs are stored, and no zero-retention option is stated.", meaningSv: "Prompter eller svar sparas, och inget alternativ med nollagring anges.", en: "not offered", sv: "erbjuds inte" },
  depends_on_upstream: {
    meaning: "A router or gateway that stores no prompts or outputs itself; whether the upstream model provider keeps them depends on the model the customer picks.",
    meaningSv: "En router eller gateway som själv inte sparar prompter eller svar; om modellleverantören sparar dem beror på vilken modell kunden väljer.",
    en: "depends on the model provider chosen",
    sv: "beror på vald modellleverantör",
  },
  customer_controlled: {
    meaning: "Self-hosted software: the provider never receives the content; the operator decides what is stored.",
    meaningSv: "Programvara i egen drift: leverantören tar aldrig emot innehållet; den som driftar bestämmer vad som sparas.",
    en: "customer-controlled (self-hosted)",
    sv: "kunden styr (egen drift)",
  },
});
export type ZeroRetention = z.infer<typeof ZeroRetention.schema>;

export const RetentionUntilDeleted = z.literal("until_deleted");

export const ResidencyScope = vocabulary("The scope of the provider's promise about where customer data is stored and processed; the countries are in sovereignty.datacenter_locations.", {
  one_country: {
    meaning: "Stored and processed in one country (named in datacenter_locations and the display text).",
    meaningSv: "Lagras och behandlas i ett land (namngivet i datacenter_locations och i visningstexten).",
    en: "one country",
    sv: "ett land",
  },
  eu_eea: { meaning: "Stored and processed within the EU/EEA.", meaningSv: "Lagras och behandlas inom EU/EES.", en: "EU/EEA", sv: "EU/EES" },
  europe: {
    meaning: "Stored and processed in Europe, including Switzerland or the UK (or countries with an EU adequacy decision).",
    meaningSv: "Lagras och behandlas i Europa, inklusive Schweiz eller Storbritannien (eller länder med ett EU-beslut om adekvat skyddsnivå).",
    en: "Europe incl. CH/UK",
    sv: "Europa inkl. CH/UK",
  },
  eu_option: {
    meaning: "An EU/EEA or single-country option exists (a region, endpoint, plan or request parameter the customer must choose); not the default.",
    meaningSv: "Ett alternativ med EU/EES eller ett enda land finns (en region, slutpunkt, plan eller parameter kunden måste välja); inte standard.",
    en: "EU option, not default",
    sv: "EU-val finns, ej standard",
  },
  at_rest_only: {
    meaning: "Stored in Europe, but processing (for example model inference) may take place outside it.",
    meaningSv: "Lagras i Europa, men behandlingen (till exempel inferens) kan ske utanför.",
    en: "storage only",
    sv: "bara lagring",
  },
  customer_controlled: {
    meaning: "Self-hosted software: data stays where the operator runs it.",
    meaningSv: "Programvara i egen drift: datan stannar där den som driftar kör den.",
    en: "customer-controlled (self-hosted)",
    sv: "kunden styr (egen drift)",
  },
  none: {
    meaning: "No residency commitment: the provider says data may be stored or processed outside Europe.",
    meaningSv: "Inget åtagande om var data finns: leverantören anger att data kan lagras eller behandlas utanför Europa.",
    en: "no commitment",
    sv: "inget åtagande",
  },
});
export type ResidencyScope = z.infer<typeof ResidencyScope.schema>;

export const ThirdCountryTransfer = vocabulary("Whether the terms or the sub-processor list allow customer data to leave the EU/EEA.", {
  none: {
    meaning: "The terms or sub-processor list say customer data is not transferred outside the EU/EEA (or the country promised).",
    meaningSv: "Villkoren eller listan över underbiträden anger att kunddata inte förs över utanför EU/EES (eller det utlovade landet).",
    en: "none",
    sv: "ingen",
  },
  yes: {
    meaning: "Customer data, or part of it (support, metadata, sub-processors), may be transferred outside the EU/EEA, e.g. under standard contractual clauses or an adequacy decision.",
    meaningSv: "Kunddata, eller en del av den (support, metadata, underbiträden), kan föras över utanför EU/EES, till exempel med standardavtalsklausuler eller ett beslut om adekvat skyddsnivå.",
    en: "yes",
    sv: "ja",
  },
  customer_choice: {
    meaning: "Only when the customer chooses an upstream model, region or feature outside the EU/EEA.",
    meaningSv: "Bara när kunden väljer en modell, region eller funktion utanför EU/EES.",
    en: "only by customer's choice",
    sv: "bara genom kundens val",
  },
});
export type ThirdCountryTransfer = z.infer<typeof ThirdCountryTransfer.schema>;

export const Iso27001 = vocabulary("ISO/IEC 27001 certification. A certification in progress is the value certified with status planned.", {
  certified: { meaning: "The provider's own service or organisation is certified.", meaningSv: "Leverantörens egen tjänst eller organisation är certifierad.", en: "certified", sv: "certifierad" },
  datacentres_only: {
    meaning: "Only the data centres it runs in are certified, not the provider's own service.",
    meaningSv: "Bara datacentren den körs i är certifierade, inte leverantörens egen tjänst.",
    en: "data centres only",
    sv: "bara datacentren",
  },
  not_held: { meaning: "The provider states it holds no ISO 27001 certification.", meaningSv: "Leverantören anger att den inte har någon ISO 27001-certifiering.", en: "not held", sv: "saknas" },
});
export type Iso27001 = z.infer<typeof Iso27001.schema>;

export const PricingModel = vocabulary("How what is bought is charged; a record lists every model that applies.", {
  per_token: { meaning: "Per token (input and output priced per million tokens).", meaningSv: "Per token (indata och utdata prissatta per miljon token).", en: "per token", sv: "per token" },
  per_hour: { meaning: "Per hour of a machine or GPU.", meaningSv: "Per timme för en maskin eller GPU.", en: "per hour", sv: "per timme" },
  per_minute: { meaning: "Per minute of a machine or GPU.", meaningSv: "Per minut för en maskin eller GPU.", en: "per minute", sv: "per minut" },
  per_second: { meaning: "Per second of a machine or GPU.", meaningSv: "Per sekund för en maskin eller GPU.", en: "per second", sv: "per sekund" },
  usage_based: { meaning: "Metered by another unit of usage (requests, resources allocated).", meaningSv: "Mäts i en annan enhet (anrop, tilldelade resurser).", en: "usage-based", sv: "förbrukningsbaserat" },
  per_seat: { meaning: "Per user (seat), usually per month.", meaningSv: "Per användare, oftast per månad.", en: "per seat", sv: "per användare" },
  subscription: { meaning: "A recurring plan fee, not per user.", meaningSv: "En återkommande planavgift, inte per användare.", en: "subscription", sv: "abonnemang" },
  pass_through: { meaning: "Upstream model providers' prices passed through unchanged.", meaningSv: "Modellleverantörernas priser vidarefaktureras oförändrade.", en: "pass-through", sv: "vidarefakturering" },
  markup: { meaning: "A fee or percentage on top of upstream providers' prices.", meaningSv: "En avgift eller procentsats ovanpå modellleverantörernas priser.", en: "fee on upstream price", sv: "påslag på leverantörspris" },
  open_source: { meaning: "Free open-source software the customer runs itself.", meaningSv: "Gratis programvara med öppen källkod som kunden kör själv.", en: "open source", sv: "öppen källkod" },
  licence: { meaning: "A paid software licence or enterprise edition.", meaningSv: "En betald programvarulicens eller företagsutgåva.", en: "licence", sv: "licens" },
  custom_quote: { meaning: "Price on request, by quote or contract.", meaningSv: "Pris på begäran, genom offert eller avtal.", en: "on quote", sv: "offert" },
  included: { meaning: "Included in another product's price, with no separate charge.", meaningSv: "Ingår i en annan produkts pris, utan särskild avgift.", en: "included", sv: "ingår" },
  grant: { meaning: "Allocated through grants or calls (e.g. research computing), not sold.", meaningSv: "Fördelas genom anslag eller utlysningar (till exempel forskningsberäkning), säljs inte.", en: "grant", sv: "tilldelning" },
});
export type PricingModel = z.infer<typeof PricingModel.schema>;

export const Availability = vocabulary("Whether the service can be bought today.", {
  live: { meaning: "Generally available.", meaningSv: "Allmänt tillgänglig.", en: "live", sv: "tillgänglig" },
  coming_soon: { meaning: "Announced, not yet available.", meaningSv: "Aviserad, ännu inte tillgänglig.", en: "coming soon", sv: "kommer snart" },
  partners_only: { meaning: "Available only through partners or to selected customers.", meaningSv: "Bara tillgänglig via partner eller för utvalda kunder.", en: "partners only", sv: "bara via partner" },
});

export const InfrastructureKind = vocabulary("What a link in the infrastructure chain is.", {
  own: {
    meaning: "Data centres or hardware the provider (or its group) operates itself.",
    meaningSv: "Datacenter eller hårdvara som leverantören (eller dess koncern) själv driver.",
    en: "own infrastructure",
    sv: "egen infrastruktur",
  },
  colocation: {
    meaning: "A data-centre operator housing the provider's own hardware; it provides space, power and cooling, not access to data.",
    meaningSv: "En datacenteroperatör som hyser leverantörens egen hårdvara; den ger plats, ström och kylning, inte åtkomst till data.",
    en: "colocation",
    sv: "samlokalisering",
  },
  cloud: {
    meaning: "A cloud or hosting company whose servers run the service and process customer data (a sub-processor).",
    meaningSv: "Ett moln- eller hostingföretag vars servrar kör tjänsten och behandlar kunddata (ett underbiträde).",
    en: "cloud",
    sv: "moln",
  },
  model_provider: {
    meaning: "An upstream AI model provider that receives prompts (a sub-processor of routers, gateways and assistants).",
    meaningSv: "En modellleverantör som tar emot prompter (ett underbiträde till routrar, gatewayer och assistenter).",
    en: "model provider",
    sv: "modellleverantör",
  },
  edge: {
    meaning:
      "A CDN, reverse proxy or DDoS filter in front of the service: customer traffic passes through it in transit (it may end the TLS connection and see the content), but the content is not stored there.",
    meaningSv:
      "Ett CDN, en omvänd proxy eller ett DDoS-skydd framför tjänsten: kundens trafik passerar genom det under överföringen (det kan avsluta TLS-förbindelsen och se innehållet), men innehållet lagras inte där.",
    en: "edge service (CDN, proxy)",
    sv: "kanttjänst (CDN, proxy)",
  },
  ancillary: {
    meaning:
      "A sub-processor for payments, sign-in, e-mail or customer support: it holds account or billing data (names, e-mail addresses, payment details), not the content the service processes (prompts, files, outputs).",
    meaningSv:
      "Ett underbiträde för betalningar, inloggning, e-post eller kundsupport: det håller konto- eller faktureringsuppgifter (namn, e-postadresser, betaluppgifter), inte innehållet som tjänsten behandlar (prompter, filer, svar).",
    en: "ancillary service",
    sv: "kringtjänst",
  },
});
export type InfrastructureKind = z.infer<typeof InfrastructureKind.schema>;

/** The answer to "can a US authority reach my data through the provider's owners or its infrastructure?". */
export const CloudActExposure = vocabulary(
  "Whether a US entity in the provider's control chain could be compelled under the US CLOUD Act to hand over customer data. Derived by the build from ownership.country_hq, ownership.ownership_jurisdiction, ownership.foreign_parent, sovereignty.infrastructure and sovereignty.data_residency_guarantee by the rule on the methodology page; never typed by hand.",
  {
    ownership: {
      meaning: "A US entity controls the provider: the contracting entity or its ultimate parent is in the US.",
      meaningSv: "En amerikansk aktör kontrollerar leverantören: avtalsparten eller dess yttersta ägare finns i USA.",
      en: "exposed through ownership",
      sv: "exponerad via ägarskap",
    },
    infrastructure: {
      meaning: "The service runs on, or sends customer data by default to, a US-controlled or US-incorporated cloud or model provider, or holds the data in the US by default (a US location can be reached by US authorities whoever owns the operator).",
      meaningSv: "Tjänsten körs på, eller skickar som standard kunddata till, ett moln eller en modellleverantör under amerikansk kontroll eller registrerad i USA, eller håller datan i USA som standard (en plats i USA kan nås av amerikanska myndigheter oavsett vem som äger operatören).",
      en: "exposed through infrastructure",
      sv: "exponerad via infrastruktur",
    },
    edge_service: {
      meaning:
        "Exposed through an edge service: a US-controlled or US-incorporated CDN or proxy carries the traffic by default (content in transit, not at rest), while the owners are outside US control and no US cloud, model provider or US location holding the data was found in what was researched.",
      meaningSv:
        "Exponerad via en kanttjänst: ett CDN eller en proxy under amerikansk kontroll eller registrerad i USA för trafiken som standard (innehåll under överföring, inte lagrat), medan ägarna står utanför amerikansk kontroll och inget amerikanskt moln, ingen amerikansk modellleverantör och ingen plats i USA som håller datan hittades i det som undersökts.",
      en: "exposed through an edge service (CDN)",
      sv: "exponerad via kanttjänst (CDN)",
    },
    optional_upstream: {
      meaning: "Not US-controlled and not on US infrastructure by default; data reaches a US-controlled sub-processor or a US location only if the customer chooses it (a model or region). Rests on the provider's complete sub-processor list.",
      meaningSv: "Inte under amerikansk kontroll och inte på amerikansk infrastruktur som standard; data når ett underbiträde under amerikansk kontroll eller en plats i USA bara om kunden väljer det (en modell eller region). Vilar på leverantörens fullständiga lista över underbiträden.",
      en: "only via a US upstream the customer picks",
      sv: "bara via amerikansk leverantör som kunden väljer",
    },
    none_found: {
      meaning: "No US entity found in the researched chain: owner, ultimate parent and every listed cloud, model provider and edge service that holds or carries customer content are outside US control, on the provider's own complete sub-processor list, DPA or terms (never on press, a third-party page or a blog post), with no US location and no planned (not yet current) owner. Ancillary services (payments, sign-in, e-mail) are named in the note, whatever their country.",
      meaningSv: "Ingen amerikansk aktör funnen i den undersökta kedjan: ägare, yttersta ägare och varje listat moln och modellleverantör som håller kundens innehåll (en fullständig lista) står utanför amerikansk kontroll. Kringtjänster (betalning, inloggning, e-post) nämns i anteckningen, oavsett land.",
      en: "no US entity found",
      sv: "ingen amerikansk aktör funnen",
    },
    none_named: {
      meaning: "No US entity named, but the list is incomplete: owner and ultimate parent are outside US control (neither only planned), and so is every cloud, model provider, edge service and own data centre named (none is a US one, not even one the customer must choose, and no US location), but the provider's complete sub-processor list was not seen (partial: true, or a list from a source that cannot make it complete), so a US sub-processor could be missing. Ancillary services (payments, sign-in, e-mail) are named in the note, whatever their country. Weaker than none_found; a complete list settles it either way.",
      meaningSv: "Ingen amerikansk aktör nämnd, men listan är ofullständig: ägare och yttersta ägare står utanför amerikansk kontroll, liksom varje moln, modellleverantör och eget datacenter som nämns (inget är amerikanskt, inte heller ett som kunden måste välja), men leverantörens fullständiga lista över underbiträden har inte setts (partial: true), så ett amerikanskt underbiträde kan saknas. Kringtjänster (betalning, inloggning, e-post) nämns i anteckningen, oavsett land. Svagare än none_found; en fullständig lista avgör saken.",
      en: "no US entity named (list incomplete)",
      sv: "ingen amerikansk aktör nämnd (ofullständig lista)",
    },
    customer_hosted: {
      meaning: "Self-hosted software: the provider never holds the data; exposure depends on where the customer runs it.",
      meaningSv: "Programvara i egen drift: leverantören håller aldrig datan; exponeringen beror på var kunden kör den.",
      en: "customer-hosted software",
      sv: "kunden driftar själv",
    },
  },
);
export type CloudActExposure = z.infer<typeof CloudActExposure.schema>;

/**
 * The role of the US party that decides an exposure answer, graded from the closest to the data outwards, so a
 * CDN in front of a Swedish service never reads like a service running on a US hyperscaler.
 */
export const UsPartyRole = vocabulary("The role of the US party that decides who can reach the data, from the closest to the data outwards.", {
  operator: {
    meaning: "Level 1: the provider itself, or its ultimate parent, is a US entity.",
    meaningSv: "Nivå 1: leverantören själv, eller dess yttersta ägare, är en amerikansk aktör.",
    en: "operator or parent is US",
    sv: "leverantören eller ägaren är amerikansk",
  },
  core: {
    meaning: "Level 2: a US-controlled or US-incorporated cloud or model provider holds or processes the content by default, or the content is held in the US.",
    meaningSv: "Nivå 2: ett moln eller en modellleverantör under amerikansk kontroll eller registrerad i USA håller eller behandlar innehållet som standard, eller innehållet finns i USA.",
    en: "core hosting or model in US hands",
    sv: "drift eller modell i amerikanska händer",
  },
  edge: {
    meaning: "Level 3: only a transient or edge service (a CDN, a proxy) is a US party; content at rest stays outside US control.",
    meaningSv: "Nivå 3: bara en kanttjänst för överföring (ett CDN, en proxy) är amerikansk; lagrat innehåll stannar utanför amerikansk kontroll.",
    en: "only an edge service (CDN) is US",
    sv: "bara en kanttjänst (CDN) är amerikansk",
  },
  ancillary: {
    meaning: "Level 4: only ancillary services (payments, sign-in, e-mail, support) are US parties; they hold account or billing data, not the content.",
    meaningSv: "Nivå 4: bara kringtjänster (betalning, inloggning, e-post, support) är amerikanska; de håller konto- eller faktureringsuppgifter, inte innehållet.",
    en: "only ancillary services are US",
    sv: "bara kringtjänster är amerikanska",
  },
  none: {
    meaning: "No US party found among the links researched.",
    meaningSv: "Ingen amerikansk aktör bland de länkar som undersökts.",
    en: "no US party found",
    sv: "ingen amerikansk aktör funnen",
  },
});
export type UsPartyRole = z.infer<typeof UsPartyRole.schema>;

/** Every vocabulary by the name the methodology page and OpenAPI give it. */
export const VOCABULARIES = {
  TrainingUse,
  ZeroRetention,
  ResidencyScope,
  ThirdCountryTransfer,
  Iso27001,
  PricingModel,
  Availability,
  InfrastructureKind,
  CloudActExposure,
  UsPartyRole,
} as const;
