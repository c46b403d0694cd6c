/** find_providers as a pure function: each filter says match, no, or cannot tell; "cannot tell" is never counted as "no". */
import { z } from "zod";
import { Category, type Provider } from "../schema/index.js";
import { BUYER_QUESTIONS, questionByKey, type BuyerQuestion } from "../schema/buyerQuestions.js";
import { answerOf, matchAnswer, type Wanted } from "../schema/answers.js";
import { priceRowsOf } from "../site/api/prices.js";
import { citeFact, providerHeading, type CitedFact } from "./cite.js";
import type { Snapshot } from "./source.js";
import { datasetLine, FieldPath, type Outcome } from "./tools.js";

const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "must be an ISO 3166-1 alpha-2 country code such as SE" })
  .transform((code) => code.toUpperCase());

/** Statuses as strength of evidence; not_applicable and unknown say nothing about the value, so they rank lowest. */
const STATUS_RANK: Record<string, number> = { confirmed: 3, claimed: 2, planned: 1, unknown: 0 };
export const MinStatus = z.enum(["confirmed", "claimed", "planned"]);

/** The filter a question takes, by the shape of its answer; null for answers a filter cannot use. */
function filterOf(question: BuyerQuestion): z.ZodType | null {
  const shape = question.shape;
  switch (shape.kind) {
    case "boolean":
      return z.boolean().describe(`${question.label.en} (${question.path.join(".")}): true or false.`);
    case "token":
    case "tokens":
      return z
        .array(shape.vocabulary.schema)
        .min(1)
        .max(shape.vocabulary.tokens.length)
        .describe(`${question.label.en} (${question.path.join(".")}): any of these values. ${shape.vocabulary.tokens.map((token) => `${token}: ${shape.vocabulary.terms[token]!.meaning}`).join(" ")}`);
    case "country":
    case "currency":
    case "locations":
    case "infrastructure":
      return z
        .array(shape.kind === "currency" ? z.string().regex(/^[A-Za-z]{3}$/).transform((code) => code.toUpperCase()) : CountryCode)
        .min(1)
        .max(30)
        .describe(`${question.label.en} (${question.path.join(".")}): any of these ${shape.kind === "currency" ? "ISO 4217 codes" : shape.kind === "infrastructure" ? "countries of an infrastructure operator's parent" : "ISO 3166-1 alpha-2 codes"}.`);
    case "certifications":
      return z.array(z.string().trim().min(2).max(60)).min(1).max(10).describe(`${question.label.en}: every one of these must be held (matched loosely: "27001" finds "ISO/IEC 27001").`);
    case "url":
      return z.literal(true).describe(`${question.label.en} (${question.path.join(".")}): true keeps providers that publish one.`);
    case "days":
      return z.number().int().min(0).max(36500).describe(`${question.label.en}: at most this many days (0: not stored).`);
    case "number":
      return z
        .strictObject({
          currency: z
            .string()
            .regex(/^[A-Za-z]{3}$/, { message: "must be an ISO 4217 code such as EUR" })
            .transform((code) => code.toUpperCase()),
          max: z.number().nonnegative().optional(),
        })
        .describe(
          `${question.label.en} (${question.path.join(".")}): a per-token input price of a text model in this currency, at most max when max is given; the currency alone keeps the providers that have such a price in it. Prices are never converted: a provider priced only in another currency, or whose price's source does not prove its currency, stays undecided.`,
        );
  }
}

/** Answer filters, one per buyer question, derived from the registry: a new question is a new filter. */
export function answerFiltersOf(questions: readonly BuyerQuestion[] = BUYER_QUESTIONS) {
  const shape: Record<string, z.ZodType> = {};
  for (const question of questions) {
    const filter = filterOf(question);
    if (filter) shape[question.key] = filter.optional();
  }
  return z.strictObject(shape);
}

/** What a filter's input says it wants, in the terms matchAnswer reads. */
function wantedOf(input: unknown): Wanted {
  if (Array.isArray(input)) return { anyOf: input };
  if (typeof input === "number") return { max: input };
  if (input !== null && typeof input === "object") return { max: Infinity, ...(input as { max?: number; currency: string }) };
  return { anyOf: [input as string | boolean] };
}

/** A price filter: a currency, and at most a maximum in it. */
type PriceWanted = { currency: string; max?: number };
const isPriceFilter = (question: BuyerQuestion, filter: unknown): filter is PriceWanted =>
  question.shape.kind === "number" && question.path[0] === "pricing" && filter !== null && typeof filter === "object" && typeof (filter as PriceWanted).currency === "string";

/**
 * A price filter on one record, over the per-token input prices of its text models (the provider's lowest and
 * each model's), in the currency each price's source proves (the rows of /api/prices.json). A price in another
 * currency is never converted, and one whose source does not prove its currency is never counted as any: both
 * leave the record undecided, never a "no".
 */
function priceVerdict(record: Provider, question: BuyerQuestion, wanted: PriceWanted, minStatus: FindProvidersInput["min_status"]): Verdict {
  const dotted = question.path.join(".");
  const rows = priceRowsOf(record).filter((row) => row.input_per_1m !== null && (row.model_category === "text" || row.fact !== "models"));
  if (rows.length === 0) return answerOf(record, question).status === "not_applicable" ? { kind: "no" } : { kind: "inconclusive", path: dotted, reason: "not researched" };
  const inCurrency = rows.filter((row) => row.currency === wanted.currency);
  if (inCurrency.length > 0) {
    const lowest = inCurrency.reduce((best, row) => (row.input_per_1m! < best.input_per_1m! ? row : best));
    if (wanted.max !== undefined && lowest.input_per_1m! > wanted.max) return { kind: "no" };
    const cited = citeFact(record, lowest.fact);
    return strongEnough(cited.fact?.status, minStatus) ? { kind: "match", fact: cited } : { kind: "inconclusive", path: lowest.fact, reason: `status ${String(cited.fact?.status)} is weaker than ${minStatus}` };
  }
  const unproven = rows.filter((row) => row.currency === null).length;
  const others = [...new Set(rows.flatMap((row) => (row.currency ? [row.currency] : [])))].sort();
  const reasons = [
    others.length ? `priced in ${others.join(", ")}; prices are never converted` : null,
    unproven ? `${unproven} price${unproven === 1 ? "" : "s"} whose source does not prove the currency, never counted as any currency` : null,
  ].filter(Boolean);
  return { kind: "inconclusive", path: dotted, reason: reasons.join("; ") };
}

export const FindProvidersInput = z.strictObject({
  answers: answerFiltersOf()
    .optional()
    .describe(
      "Filters on the typed buyer answers, by question key, all of which must hold, e.g. {\"dpa\": true, \"training\": [\"never\", \"opt_in\"], \"cloud_act\": [\"none_found\"], \"price\": {\"max\": 1, \"currency\": \"EUR\"}}; {\"price\": {\"currency\": \"EUR\"}} keeps the providers with a price in euros. A provider whose answer is not researched is undecided, never a no.",
    ),
  category: Category.optional(),
  hq_country: CountryCode.optional().describe("Headquarters country (ownership.country_hq), ISO 3166-1 alpha-2, e.g. SE."),
  datacenter_country: CountryCode.optional().describe("A country in sovereignty.datacenter_locations, ISO 3166-1 alpha-2, e.g. SE."),
  known: z
    .array(FieldPath)
    .max(20)
    .optional()
    .describe("Fields that must be researched (present, status not unknown), e.g. compliance.gdpr_dpa_available. Known is not the same as 'yes': read the quoted value."),
  min_status: MinStatus.optional().describe("Weakest status accepted for every Fact a filter rests on (confirmed > claimed > planned)."),
  query: z.string().trim().min(1).max(100).optional().describe("Free text matched against provider name and id, case- and accent-insensitive."),
  limit: z.number().int().min(1).max(200).optional().describe("At most this many matches are listed (default 25); the count of all matches is always given."),
  show_undecided: z.boolean().optional().describe("Also list the providers the filters could not decide (evidence missing or weaker than asked), each with why. By default only their number is given."),
});
export type FindProvidersInput = z.infer<typeof FindProvidersInput>;

type Verdict = { kind: "match"; fact?: CitedFact } | { kind: "no" } | { kind: "inconclusive"; path: string; reason: string };

export interface FoundProvider {
  id: string;
  name: string;
  category: string;
  /** The Facts the filters rest on, quoted. */
  facts: CitedFact[];
}

export interface LeftOutProvider {
  id: string;
  name: string;
  /** Why the filters could not decide: a field not researched, a partial list, a weaker status than asked. */
  reasons: Array<{ path: string; reason: string }>;
}

export type FindAnswer = {
  dataset_version: string;
  matches: FoundProvider[];
  /** Not shown as matches, but not ruled out either: the evidence to decide is missing or weaker than asked. */
  left_out: LeftOutProvider[];
  /** How many providers match; `matches` lists at most `limit` of them. */
  matched: number;
  /** How many providers the filters could not decide; `left_out` lists them only when show_undecided is set. */
  undecided: number;
  /** Providers a filter ruled out on researched evidence (or on category, name). */
  ruled_out: number;
  total: number;
};

/** Lower case without accents, so "mistral" finds "Mistral" and "sodra" finds "Södra". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

function strongEnough(status: unknown, minStatus: FindProvidersInput["min_status"]): boolean {
  return minStatus === undefined || (STATUS_RANK[String(status)] ?? -1) >= STATUS_RANK[minStatus]!;
}

/** A filter on a Fact: missing or unknown is inconclusive (not researched), never a "no". */
function factVerdict(record: Provider, dotted: string, minStatus: FindProvidersInput["min_status"], test: (value: unknown, partial: unknown) => "yes" | "no" | "sample"): Verdict {
  const cited = citeFact(record, dotted);
  if (!cited.researched || !cited.fact) return { kind: "inconclusive", path: dotted, reason: "not researched" };
  if (cited.fact.status === "not_applicable") return { kind: "no" };
  const result = test(cited.fact.value, cited.fact.partial);
  if (result === "no") return { kind: "no" };
  if (result === "sample") return { kind: "inconclusive", path: dotted, reason: "the list is not marked complete (partial), so the country may be missing from it" };
  if (!strongEnough(cited.fact.status, minStatus)) return { kind: "inconclusive", path: dotted, reason: `status ${String(cited.fact.status)} is weaker than ${minStatus}` };
  return { kind: "match", fact: cited };
}

function verdictsFor(record: Provider, input: FindProvidersInput, questions: readonly BuyerQuestion[]): Verdict[] {
  const verdicts: Verdict[] = [];
  if (input.category) verdicts.push({ kind: record.category === input.category ? "match" : "no" });
  if (input.query) {
    const needle = fold(input.query);
    verdicts.push({ kind: fold(record.name).includes(needle) || record.id.includes(needle) ? "match" : "no" });
  }
  if (input.hq_country) {
    verdicts.push(factVerdict(record, "ownership.country_hq", input.min_status, (value) => (String(value).toUpperCase() === input.hq_country ? "yes" : "no")));
  }
  if (input.datacenter_country) {
    verdicts.push(
      factVerdict(record, "sovereignty.datacenter_locations", input.min_status, (value, partial) => {
        const listed = Array.isArray(value) && value.some((location) => String((location as { country?: unknown })?.country).toUpperCase() === input.datacenter_country);
        // Only a list marked complete can say a country is absent.
        return listed ? "yes" : partial === false ? "no" : "sample";
      }),
    );
  }
  for (const field of new Set(input.known ?? [])) verdicts.push(factVerdict(record, field, input.min_status, () => "yes"));
  for (const [key, filter] of Object.entries(input.answers ?? {})) {
    const question = questionByKey(key, questions);
    if (!question || filter === undefined) continue;
    if (isPriceFilter(question, filter)) {
      verdicts.push(priceVerdict(record, question, filter, input.min_status));
      continue;
    }
    const dotted = question.path.join(".");
    const match = matchAnswer(record, answerOf(record, question), wantedOf(filter));
    if (match.kind === "no") verdicts.push({ kind: "no" });
    else if (match.kind === "undecided") verdicts.push({ kind: "inconclusive", path: dotted, reason: match.reason });
    else {
      const cited = citeFact(record, dotted);
      verdicts.push(strongEnough(cited.fact?.status, input.min_status) ? { kind: "match", fact: cited } : { kind: "inconclusive", path: dotted, reason: `status ${String(cited.fact?.status)} is weaker than ${input.min_status}` });
    }
  }
  return verdicts;
}

function describeFilters(input: FindProvidersInput): string {
  const parts = [
    input.category && `category ${input.category}`,
    input.hq_country && `HQ country ${input.hq_country}`,
    input.datacenter_country && `data centre in ${input.datacenter_country}`,
    input.known?.length && `known: ${input.known.join(", ")}`,
    ...Object.entries(input.answers ?? {}).map(([key, filter]) => `${key} ${JSON.stringify(filter)}`),
    input.min_status && `status at least ${input.min_status}`,
    input.query && `name or id contains "${input.query}"`,
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "no filters";
}

/** Matches listed when no limit is given: enough to choose from, short enough for an assistant's context. */
export const DEFAULT_LIMIT = 25;

export function findProviders(snapshot: Snapshot, input: FindProvidersInput, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): Outcome<FindAnswer> {
  const matches: FoundProvider[] = [];
  const leftOut: LeftOutProvider[] = [];
  let ruledOut = 0;
  for (const record of snapshot.dataset.providers) {
    const verdicts = verdictsFor(record, input, questions);
    if (verdicts.some((verdict) => verdict.kind === "no")) {
      ruledOut += 1;
      continue;
    }
    const open = verdicts.filter((verdict): verdict is Extract<Verdict, { kind: "inconclusive" }> => verdict.kind === "inconclusive");
    if (open.length) {
      leftOut.push({ id: record.id, name: record.name, reasons: open.map(({ path, reason }) => ({ path, reason })) });
      continue;
    }
    const facts = verdicts.flatMap((verdict) => (verdict.kind === "match" && verdict.fact ? [verdict.fact] : []));
    matches.push({ id: record.id, name: record.name, category: record.category, facts });
  }

  const lines = [`${matches.length} of ${snapshot.dataset.providers.length} providers match (${describeFilters(input)}). ${datasetLine(snapshot)}`];
  if (input.min_status && !input.hq_country && !input.datacenter_country && !input.known?.length && !Object.keys(input.answers ?? {}).length) {
    lines.push(`Note: min_status applies to the Facts that hq_country, datacenter_country, known and answers rest on; none was given, so it filtered nothing.`);
  }
  const limit = input.limit ?? DEFAULT_LIMIT;
  const listed = matches.slice(0, limit);
  for (const match of listed) {
    lines.push(`- ${providerHeading(snapshot.dataset.providers.find((record) => record.id === match.id)!)}`);
    for (const fact of match.facts) lines.push(`    ${fact.path}: ${fact.quote}`);
  }
  if (matches.length > listed.length) lines.push(`… and ${matches.length - listed.length} more matches (raise limit, up to 200, or narrow the filters).`);
  if (leftOut.length && input.show_undecided) {
    lines.push("", `${leftOut.length} more could not be decided (the evidence is missing or weaker than asked; this is not a 'no'):`);
    for (const provider of leftOut.slice(0, limit)) lines.push(`- ${provider.id}: ${provider.reasons.map((reason) => `${reason.path} ${reason.reason}`).join("; ")}`);
    if (leftOut.length > limit) lines.push(`… and ${leftOut.length - limit} more.`);
  } else if (leftOut.length) {
    lines.push("", `${leftOut.length} more could not be decided (the evidence is missing or weaker than asked; this is not a 'no'); show_undecided: true lists them with why.`);
  }
  if (matches.length) lines.push("", "Known is not the same as 'yes': read each quoted value. compare_providers quotes prices and other fields side by side.");
  return {
    ok: true,
    structured: {
      dataset_version: snapshot.dataset.version,
      matches: listed,
      matched: matches.length,
      left_out: input.show_undecided ? leftOut.slice(0, limit) : [],
      undecided: leftOut.length,
      ruled_out: ruledOut,
      total: snapshot.dataset.providers.length,
    },
    text: lines.join("\n"),
  };
}
