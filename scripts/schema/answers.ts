import type { AnswerShape, BuyerQuestion } from "./buyerQuestions.js";
import type { FactStatus } from "./fact.js";
import { factAt, isResearched, type FactLike, type FactPath } from "./factPath.js";
import { provenCurrencyOf } from "./attribution.js";

/**
 * A buyer question's answer on one record, typed, and said in words: what the pages, the CSV, MCP and the
 * filters read. The value is the Fact's own (a token, a code, a boolean, a list); `text` says it in a
 * language; `keys` are the values a filter matches it by. An answer that is missing or unknown is "not
 * researched", never "no".
 *
 * This module runs in the browser too (the pages' scripts are bundled from it), so it imports no value from a
 * module that builds schemas: the vocabularies' labels reach it through the question it is handed (a
 * BuyerQuestion on the server, the same shape from a page's data block in the browser).
 */
export type Lang = "en" | "sv";

/** Labels of a vocabulary's tokens, in both languages. */
export type TermTable = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

/** What wording and filtering need of a question: a BuyerQuestion is one, and so is its copy in a page's data block. */
export interface QuestionView {
  key: string;
  path: FactPath;
  shape: { kind: AnswerShape["kind"]; vocabulary?: { terms: TermTable } };
}

export interface TypedAnswer<Question extends QuestionView = BuyerQuestion> {
  question: Question;
  /** Null when the field is missing or unknown: not researched. */
  status: FactStatus | null;
  value: unknown;
  fact: FactLike | undefined;
  /** The values a filter matches (tokens, codes, "true"/"false", "listed"); empty when not researched. */
  keys: string[];
  /** Values the answer may hold but the evidence does not decide (a country's scope when the data centres are not researched). */
  maybe: string[];
  /** A number to compare and sort by (a price, a count of days), when the answer is one. */
  number: number | null;
  /** What the words need from elsewhere in the record: the price's currency, VAT and output price; the residency's countries. */
  context: AnswerContext;
}

export interface AnswerContext {
  /** The record's price currency, when researched. */
  currency: string | null;
  /** Whether the record's prices include VAT; null when the source does not say. */
  vat: boolean | null;
  /** The output price of the same model, for the lowest price. */
  output: number | null;
  /** The model the lowest price is for. */
  model: string | null;
  /** The data-centre countries used by default, when researched. */
  countries: string[] | null;
}

/** The few words a typed answer is said with, beyond its vocabulary's labels. */
export const ANSWER_WORDS = {
  en: {
    yes: "yes",
    no: "no",
    notApplicable: "not applicable",
    partial: "partial list",
    inProgress: "in progress",
    ifChosen: "if chosen",
    untilDeleted: "until deleted",
    notStored: "not stored",
    days: "days",
    parentUnknown: "parent not established",
    incorporatedIn: "incorporated in",
    planned: "planned, not yet in place",
    certificationInProgress: "certification in progress",
    oneEuCountry: "one EU/EEA country",
    oneOtherCountry: "one country outside the EU/EEA",
    anywhereEu: "anywhere in the EU/EEA",
    priceIn: "in",
    priceOut: "out",
    perMillion: "per 1M tokens",
    vatIncluded: "VAT included",
    vatExcluded: "VAT excluded",
    vatUnknown: "VAT not stated",
    forModel: "for",
    usParent: "US parent",
    inUs: "incorporated in the US",
    locatedInUs: "located in the US",
    onlyIfChosen: "only if chosen",
    dataInUs: "data held in the US",
    contractingEntity: "contracting entity",
    ultimateParent: "ultimate parent",
    us: "US",
    theContractingEntity: "the contracting entity",
    theUltimateParent: "the ultimate parent",
  },
  sv: {
    yes: "ja",
    no: "nej",
    notApplicable: "ej tillämplig",
    partial: "ofullständig lista",
    inProgress: "pågår",
    ifChosen: "om vald",
    untilDeleted: "tills de raderas",
    notStored: "sparas inte",
    days: "dagar",
    parentUnknown: "ägare ej fastställd",
    incorporatedIn: "registrerat i",
    planned: "planerat, ännu inte på plats",
    certificationInProgress: "pågående certifiering",
    oneEuCountry: "ett land i EU/EES",
    oneOtherCountry: "ett land utanför EU/EES",
    anywhereEu: "var som helst i EU/EES",
    priceIn: "indata",
    priceOut: "utdata",
    perMillion: "per miljon token",
    vatIncluded: "inklusive moms",
    vatExcluded: "exklusive moms",
    vatUnknown: "moms anges inte",
    forModel: "för",
    usParent: "amerikansk ägare",
    inUs: "registrerat i USA",
    locatedInUs: "finns i USA",
    onlyIfChosen: "bara om kunden väljer det",
    dataInUs: "data i USA",
    contractingEntity: "avtalspart",
    ultimateParent: "yttersta ägare",
    us: "USA",
    theContractingEntity: "avtalsparten",
    theUltimateParent: "den yttersta ägaren",
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type AnswerWords = (typeof ANSWER_WORDS)[Lang];

/** The EU member states and the three other EEA states, as ISO 3166-1 alpha-2 codes (Greece as GR). */
export const EU_EEA: ReadonlySet<string> = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO".split(" "),
);

/** The filter key of "a data centre anywhere in the EU/EEA"; country codes are upper case, so it cannot clash. */
export const EU_EEA_KEY = "eu_eea";
/** The residency "one country", by where that country is: the filter keys that say its scope. */
export const ONE_COUNTRY_EU = "one_country_eu";
export const ONE_COUNTRY_OTHER = "one_country_other";

type Location = { country: string; optional?: boolean };
type Certification = { name: string; achieved: boolean };
type Link = { name: string; kind: string; jurisdiction: string | null; seat?: string; optional?: boolean };

const unique = (items: readonly string[]) => [...new Set(items)];

const SCHEMES: ReadonlyArray<[RegExp, string | ((match: RegExpMatchArray) => string)]> = [
  [/\b(27001|27017|27018|27701|42001)\b/, (match) => `ISO/IEC ${match[1]}`],
  [/\b(9001|14001|22301|50001)\b/, (match) => `ISO ${match[1]}`],
  [/\bSOC\s*2\b.*\bType\s*(2|II)\b/i, "SOC 2 Type II"],
  [/\bSOC\s*2\b.*\bType\s*(1|I)\b/i, "SOC 2 Type I"],
  [/\bSOC\s*2\b/i, "SOC 2"],
  [/\bSOC\s*1\b/i, "SOC 1"],
  [/\bSOC\s*3\b/i, "SOC 3"],
  [/\bCSA\s+STAR\b.*\bLevel\s*(\d)/i, (match) => `CSA STAR Level ${match[1]}`],
  [/\bCSA\s+STAR\b/i, "CSA STAR"],
  [/\b(BSI\s+)?C5\b/, "BSI C5"],
  [/\bHDS\b|Hébergeur de Données de Santé/i, "HDS"],
  [/\bSecNumCloud\b/i, "SecNumCloud"],
  [/\bISAE\s*(3402|3000)\b/i, (match) => `ISAE ${match[1]}`],
  [/\bPCI[\s-]*DSS\b/i, "PCI DSS"],
  [/\bTISAX\b/i, "TISAX"],
  [/\bUptime Institute Tier\s*(IV|III|II|I)\b/i, (match) => `Uptime Institute Tier ${match[1]!.toUpperCase()}`],
];

/**
 * One name per certification scheme, so that ticking ISO 27001 finds "ISO 27001", "ISO/IEC 27001:2022" and
 * "ISO/IEC 27001 (ISMS)" alike; the researcher's text stays what the pages show. A name no rule knows keeps its
 * text up to a scope or remark ("X, scope: …", "X (…)").
 */
export function certificationScheme(name: string): string {
  for (const [pattern, scheme] of SCHEMES) {
    const match = name.match(pattern);
    if (match) return typeof scheme === "string" ? scheme : scheme(match);
  }
  return name.split(/\s*[(,:;]/)[0]!.trim() || name.trim();
}

const byDefault = (item: { optional?: unknown }) => item.optional !== true;

/** The filter keys of a value, by the question's shape. */
function keysOf(question: QuestionView, value: unknown, context: AnswerContext): { keys: string[]; maybe: string[] } {
  const none = { keys: [], maybe: [] };
  if (value === null || value === undefined) return none;
  switch (question.shape.kind) {
    case "boolean":
      return { keys: [String(value)], maybe: [] };
    case "tokens":
      return { keys: Array.isArray(value) ? value.map(String) : [], maybe: [] };
    case "token": {
      if (value !== "one_country") return { keys: [String(value)], maybe: [] };
      // "One country" says nothing of which: the data-centre countries say whether it is inside the EU/EEA.
      const scope = scopeOf(context.countries);
      return scope ? { keys: [String(value), scope], maybe: [] } : { keys: [String(value)], maybe: [ONE_COUNTRY_EU, ONE_COUNTRY_OTHER] };
    }
    case "locations": {
      const countries = Array.isArray(value) ? unique((value as Location[]).map((item) => item.country)).sort() : [];
      return { keys: countries.some((country) => EU_EEA.has(country)) ? [...countries, EU_EEA_KEY] : countries, maybe: [] };
    }
    case "certifications":
      return { keys: Array.isArray(value) ? unique((value as Certification[]).filter((item) => item.achieved).map((item) => certificationScheme(item.name))) : [], maybe: [] };
    case "infrastructure":
      return { keys: Array.isArray(value) ? unique((value as Link[]).flatMap((item) => (item.jurisdiction ? [item.jurisdiction] : []))).sort() : [], maybe: [] };
    case "url":
      return { keys: ["listed"], maybe: [] };
    default:
      return { keys: [String(value)], maybe: [] };
  }
}

/** Whether a set of countries is all inside or all outside the EU/EEA; null when unknown or mixed. */
function scopeOf(countries: string[] | null): string | null {
  if (!countries || countries.length === 0) return null;
  if (countries.every((country) => EU_EEA.has(country))) return ONE_COUNTRY_EU;
  if (countries.every((country) => !EU_EEA.has(country))) return ONE_COUNTRY_OTHER;
  return null;
}

const valueAt = (record: object, path: FactPath): unknown => {
  const fact = factAt(record, path);
  return isResearched(fact) ? fact!.value : null;
};

function contextOf(record: object, question: QuestionView): AnswerContext {
  const dotted = question.path.join(".");
  const context: AnswerContext = { currency: null, vat: null, output: null, model: null, countries: null };
  if (question.path[0] === "pricing" || question.shape.kind === "number") {
    const currency = valueAt(record, ["pricing", "currency"]);
    const vat = valueAt(record, ["pricing", "vat_included"]);
    context.currency = typeof currency === "string" ? currency : null;
    context.vat = typeof vat === "boolean" ? vat : null;
  }
  if (dotted === "pricing.price_per_1m_input_tokens") {
    // A price is shown and filtered in a currency only where its own source proves it (never a registry's figure
    // in the record's currency): the provider-level price, or the models' prices when it answers through them.
    const lowest = factAt(record, ["pricing", "price_per_1m_input_tokens"]);
    const priced = isResearched(lowest) ? lowest : factAt(record, ["models"]);
    context.currency = priced ? provenCurrencyOf(record, priced) : null;
    const output = valueAt(record, ["pricing", "price_per_1m_output_tokens"]);
    const model = valueAt(record, ["pricing", "reference_model"]);
    context.output = typeof output === "number" ? output : null;
    context.model = typeof model === "string" ? model : null;
  }
  if (dotted === "sovereignty.data_residency_guarantee") {
    const locations = valueAt(record, ["sovereignty", "datacenter_locations"]);
    if (Array.isArray(locations)) context.countries = unique((locations as Location[]).filter(byDefault).map((item) => item.country));
  }
  return context;
}

/** The answer to one question on one record. */
export function answerOf<Question extends QuestionView = BuyerQuestion>(record: object, question: Question): TypedAnswer<Question> {
  const fact = factAt(record, question.path);
  const context = contextOf(record, question);
  if (!isResearched(fact) || fact!.value === null || fact!.value === undefined) {
    const status = fact?.status === "not_applicable" ? "not_applicable" : null;
    return { question, status, value: null, fact, keys: [], maybe: [], number: null, context };
  }
  const value = fact!.value;
  const number = typeof value === "number" ? value : null;
  return { question, status: fact!.status as FactStatus, value, fact, ...keysOf(question, value, context), number, context };
}

/** Every question's answer on a record, in the order given (the registry's, BUYER_QUESTIONS). */
export function answersOf<Question extends QuestionView>(record: object, questions: readonly Question[]): TypedAnswer<Question>[] {
  return questions.map((question) => answerOf(record, question));
}

const SEPARATORS: Record<Lang, { group: string; decimal: string }> = { en: { group: ",", decimal: "." }, sv: { group: "\u202f", decimal: "," } };

/**
 * A number as a reader of the language writes it: a decimal comma and thin-space thousands in Swedish, a
 * decimal point and comma thousands in English; `minDecimals` pads (prices read 0.20, not 0.2). Never rounded.
 */
export function formatNumber(value: number, lang: Lang, minDecimals = 0): string {
  // Pages write the same few prices thousands of times: said once, remembered (by language and padding).
  const slot = `${lang}${minDecimals}`;
  const said = (FORMATTED[slot] ??= new Map<number, string>());
  const known = said.get(value);
  if (known !== undefined) return known;
  if (said.size > 20_000) said.clear();
  const text = formatted(value, lang, minDecimals);
  said.set(value, text);
  return text;
}

const FORMATTED: Record<string, Map<number, string>> = {};

function formatted(value: number, lang: Lang, minDecimals: number): string {
  if (!Number.isFinite(value)) return String(value);
  let text = String(Math.abs(value));
  if (/e/i.test(text)) text = Math.abs(value).toFixed(12).replace(/0+$/, "").replace(/\.$/, "");
  let [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.length > 4 || (lang === "en" && whole.length > 3) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  return `${value < 0 ? "−" : ""}${grouped}${fraction ? `${decimal}${fraction}` : ""}`;
}

/** A price: "0.20 EUR in / 0.60 EUR out per 1M tokens, VAT excluded (model)". */
export function priceText(input: number | null, output: number | null, context: Pick<AnswerContext, "currency" | "vat" | "model">, lang: Lang): string {
  const words = ANSWER_WORDS[lang];
  const amount = (value: number) => `${formatNumber(value, lang, 2)}${context.currency ? ` ${context.currency}` : ""}`;
  const parts = [input !== null ? `${amount(input)} ${words.priceIn}` : null, output !== null ? `${amount(output)} ${words.priceOut}` : null].filter(Boolean);
  const vat = context.vat === true ? words.vatIncluded : context.vat === false ? words.vatExcluded : words.vatUnknown;
  return `${parts.join(" / ")} ${words.perMillion}, ${vat}${context.model ? ` (${words.forModel} ${context.model})` : ""}`;
}

/** A typed value as a person reads it, in one language; lists joined with ", ". */
export function valueText(question: QuestionView, value: unknown, lang: Lang, partial = false, context?: AnswerContext): string {
  const shape = question.shape;
  const words = ANSWER_WORDS[lang];
  const tail = partial ? ` (${words.partial})` : "";
  switch (shape.kind) {
    case "boolean":
      return value === true ? words.yes : value === false ? words.no : String(value);
    case "token": {
      if (value === "one_country" && context) {
        const scope = scopeOf(context.countries);
        if (scope) return `${scope === ONE_COUNTRY_EU ? words.oneEuCountry : words.oneOtherCountry} (${context.countries!.join(", ")})`;
      }
      const term = shape.vocabulary?.terms[String(value)];
      return term ? term[lang] : String(value);
    }
    case "tokens":
      return (Array.isArray(value) ? value : [value]).map((token) => shape.vocabulary?.terms[String(token)]?.[lang] ?? String(token)).join(", ");
    case "days":
      if (value === "until_deleted") return words.untilDeleted;
      if (value === 0) return words.notStored;
      return typeof value === "number" ? `${formatNumber(value, lang)} ${words.days}` : String(value);
    case "number":
      if (typeof value !== "number") return String(value);
      if (!context || question.path[0] !== "pricing") return formatNumber(value, lang);
      return question.path[1] === "price_per_1m_output_tokens" ? priceText(null, value, { ...context, model: null }, lang) : priceText(value, context.output, context, lang);
    case "locations":
      return unique((value as Location[]).map((item) => item.country)).sort().join(", ") + tail;
    case "certifications":
      return (value as Certification[]).map((item) => (item.achieved ? item.name : `${item.name} (${words.inProgress})`)).join(", ") + tail;
    case "infrastructure":
      return (
        (value as Link[])
          .map((item) => `${item.name} (${item.jurisdiction ?? words.parentUnknown}${item.seat ? `, ${words.incorporatedIn} ${item.seat}` : ""}${item.optional ? `, ${words.ifChosen}` : ""})`)
          .join(", ") + tail
      );
    default:
      return String(value);
  }
}

/**
 * A planned value never reads as the value itself: "certified" planned is a certification in progress, and
 * anything else planned says so before the value.
 */
function plannedText(answer: TypedAnswer<QuestionView>, text: string, lang: Lang): string {
  const words = ANSWER_WORDS[lang];
  if (answer.question.shape.kind === "token" && answer.value === "certified") return words.certificationInProgress;
  return `${words.planned}: ${text}`;
}

/** The answer as a person reads it; null when not researched. */
export function answerText(answer: TypedAnswer<QuestionView>, lang: Lang): string | null {
  if (answer.status === "not_applicable") return ANSWER_WORDS[lang].notApplicable;
  if (answer.status === null) return null;
  const text = valueText(answer.question, answer.value, lang, answer.fact?.partial === true, answer.context);
  return answer.status === "planned" ? plannedText(answer, text, lang) : text;
}

/** The answer as one spreadsheet or filter cell: booleans as true/false, lists joined with ";". */
export function typedCell(answer: TypedAnswer<QuestionView>): string {
  if (answer.status === null || answer.status === "not_applicable") return "";
  const { value, question } = answer;
  if (question.shape.kind === "infrastructure")
    return (value as Link[]).map((item) => `${item.name}:${item.kind}:${item.jurisdiction ?? "unknown"}${item.seat ? `:seat=${item.seat}` : ""}${item.optional ? ":optional" : ""}`).join(";");
  if (question.shape.kind === "certifications") return (value as Certification[]).map((item) => (item.achieved ? item.name : `${item.name} (in progress)`)).join(";");
  if (question.shape.kind === "locations") return answer.keys.filter((key) => key !== EU_EEA_KEY).join(";");
  if (Array.isArray(value)) return answer.keys.join(";");
  return String(value);
}

/** The labels the exposure's grade and deciding link are said with: the vocabularies of roles and link kinds. */
export interface ExposureTerms {
  roles: TermTable;
  kinds: TermTable;
}

/**
 * The link that decided who can reach the data, in the page's language. The build words it in English
 * ("AWS (cloud, US parent)", "data held in the US (Dallas)", "Acme Inc (ultimate parent, US)"); the name stays
 * as recorded and each remark is translated. Null when a remark is not one this knows: then the recorded
 * English text is shown as it stands.
 */
export function decidingLinkText(link: string, lang: Lang, kinds: TermTable): string | null {
  const en = ANSWER_WORDS.en;
  const words = ANSWER_WORDS[lang];
  if (lang === "en") return link;
  const held = new RegExp(`^${en.dataInUs}(?: \\((.*)\\))?((?:, ${en.onlyIfChosen})?)$`).exec(link);
  if (held) return `${words.dataInUs}${held[1] ? ` (${held[1]})` : ""}${held[2] ? `, ${words.onlyIfChosen}` : ""}`;
  const named = /^(.*) \(([^()]*)\)$/.exec(link);
  if (!named) return null;
  const remarks: Record<string, string> = {
    [en.usParent]: words.usParent,
    [en.inUs]: words.inUs,
    [en.locatedInUs]: words.locatedInUs,
    [en.onlyIfChosen]: words.onlyIfChosen,
    [en.contractingEntity]: words.contractingEntity,
    [en.ultimateParent]: words.ultimateParent,
    [en.us]: words.us,
  };
  const said = named[2]!.split(", ").map((remark) => remarks[remark] ?? kinds[remark]?.[lang] ?? null);
  // The rule names an entity whose name is not recorded by its role: that is words, not a name.
  const name = named[1] === en.theContractingEntity ? words.theContractingEntity : named[1] === en.theUltimateParent ? words.theUltimateParent : named[1];
  return said.every((remark) => remark !== null) ? `${name} (${said.join(", ")})` : null;
}

/**
 * Who can reach the data, in words: the answer, the role of the US party that decided it and the deciding link,
 * e.g. "exposed through infrastructure — core hosting or model in US hands: AWS (cloud, US parent)". `english`
 * says whether the deciding link had to stay in the build's English.
 */
export function exposureText(fact: FactLike & { us_party_role?: unknown; deciding_link?: unknown }, text: string, lang: Lang, terms: ExposureTerms): { text: string; link: string | null; english: boolean } {
  const role = typeof fact.us_party_role === "string" && fact.us_party_role !== "none" ? terms.roles[fact.us_party_role]?.[lang] ?? fact.us_party_role : null;
  const recorded = typeof fact.deciding_link === "string" ? fact.deciding_link : null;
  const link = recorded === null ? null : decidingLinkText(recorded, lang, terms.kinds);
  const head = role ? `${text} — ${role}` : text;
  return { text: recorded ? `${head}:` : head, link: link ?? recorded, english: recorded !== null && link === null };
}

/** Only http(s) links are ever written into an href; anything else becomes plain text. */
export function safeHref(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The site a source lives on, which is what a reader needs to judge it: its host without www. */
export function siteOf(url: unknown): string | null {
  const href = safeHref(url);
  return href ? new URL(href).hostname.replace(/^www\./, "") : null;
}

/** What a filter wants of one question: any of some values, or at most a number, or a price in a currency (or both). */
export type Wanted = { anyOf: readonly (string | boolean)[] } | { max?: number; currency?: string };

export type Match = { kind: "yes" } | { kind: "no" } | { kind: "undecided"; reason: string };

/** What a filter reads of an answer: the same on a record (the server, MCP) and on a page's result card (the browser). */
export interface AnswerFacts {
  kind: AnswerShape["kind"];
  state: "answered" | "not_applicable" | "not_researched";
  keys: readonly string[];
  maybe: readonly string[];
  number: number | null;
  /** The list is the provider's complete list (partial: false); a value missing from any other list is not a "no". */
  complete: boolean;
  /** The record's price currency, when researched. */
  currency: string | null;
}

export function answerFacts(answer: TypedAnswer<QuestionView>): AnswerFacts {
  return {
    kind: answer.question.shape.kind,
    state: answer.status === "not_applicable" ? "not_applicable" : answer.status === null ? "not_researched" : "answered",
    keys: answer.keys,
    maybe: answer.maybe,
    number: answer.number,
    complete: answer.fact?.partial === false,
    currency: answer.context.currency,
  };
}

const NOT_RESEARCHED: Match = { kind: "undecided", reason: "not researched" };

/**
 * Whether an answer meets what a filter wants. Missing evidence is never a "no": a field not researched, a
 * list that is only a sample, a price in another currency (never converted), a scope the evidence does not
 * decide leave it undecided.
 */
export function matchFacts(facts: AnswerFacts, wanted: Wanted): Match {
  if (facts.state === "not_applicable") return { kind: "no" };
  if (facts.state === "not_researched") return NOT_RESEARCHED;
  if (!("anyOf" in wanted)) {
    if (facts.keys.includes("until_deleted")) return wanted.max === undefined ? { kind: "yes" } : { kind: "no" };
    if (facts.number === null) return { kind: "undecided", reason: "not a number" };
    if (wanted.currency !== undefined) {
      if (facts.currency === null) return { kind: "undecided", reason: "currency not researched, or not proven by the price's source" };
      if (facts.currency !== wanted.currency) return { kind: "undecided", reason: `priced in ${facts.currency}; prices are never converted` };
    }
    return wanted.max === undefined || facts.number <= wanted.max ? { kind: "yes" } : { kind: "no" };
  }
  const keys = new Set(facts.keys.map((key) => key.toLowerCase()));
  if (facts.kind === "certifications") {
    // Every certification asked for must be held, by scheme: "ISO 27001" finds "ISO/IEC 27001:2022".
    const held = [...keys];
    const missing = wanted.anyOf.filter((item) => !held.some((name) => name.includes(certificationScheme(String(item)).toLowerCase())));
    if (missing.length === 0) return { kind: "yes" };
    return facts.complete ? { kind: "no" } : { kind: "undecided", reason: `the list is not marked complete, so ${missing.join(", ")} may be missing from it` };
  }
  if (wanted.anyOf.some((item) => keys.has(String(item).toLowerCase()))) return { kind: "yes" };
  if (wanted.anyOf.some((item) => facts.maybe.includes(String(item)))) return { kind: "undecided", reason: "the evidence does not say which of the values it is" };
  if ((facts.kind === "locations" || facts.kind === "infrastructure") && !facts.complete) {
    return { kind: "undecided", reason: "the list is not marked complete (partial), so the value may be missing from it" };
  }
  return { kind: "no" };
}

/** Whether a record's answer meets what a filter wants (see matchFacts). */
export function matchAnswer(_record: object, answer: TypedAnswer<QuestionView>, wanted: Wanted): Match {
  return matchFacts(answerFacts(answer), wanted);
}
