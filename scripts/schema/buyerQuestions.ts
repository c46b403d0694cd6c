import { z } from "zod";
import { factAt, isResearched, pathKey, type FactPath } from "./factPath.js";
import { HttpUrl } from "./primitives.js";
import { Certification, CountryCode, CurrencyCode, DatacenterLocation, InfrastructureLink, RetentionDays } from "./values.js";
import { CloudActExposure, Iso27001, PricingModel, ResidencyScope, ThirdCountryTransfer, TrainingUse, UsPartyRole, ZeroRetention, type Vocabulary } from "./vocabularies.js";

/**
 * The one list of buyer questions. Each entry is a question a buyer asks of every record before comparing —
 * who owns it and under which law, where the data sits, who can reach it, what the contract promises, what it
 * costs — with where its answer sits, the type of that answer, and its labels in both languages. The Provider
 * schema, the report, coverage, the pages and their filters, the CSV columns and MCP are all derived from this
 * list: adding a question is one entry here (and its data).
 */

import type { Category } from "./category.js";

export type { Category };

/** The type of an answer: it decides the value's schema, how it reads, and how it is filtered. */
export type AnswerShape =
  | { kind: "boolean" }
  | { kind: "country" }
  | { kind: "currency" }
  | { kind: "url" }
  | { kind: "number" }
  | { kind: "days" }
  | { kind: "token"; vocabulary: Vocabulary }
  | { kind: "tokens"; vocabulary: Vocabulary }
  | { kind: "locations" }
  | { kind: "certifications" }
  | { kind: "infrastructure" };

export interface Label {
  en: string;
  sv: string;
}

export interface BuyerQuestion {
  /** Short and URL-safe: the filter's name in the page's URL and in MCP, the CSV column key. */
  key: string;
  /** Where the answer sits in a record. */
  path: FactPath;
  label: Label;
  shape: AnswerShape;
  /** Categories the question is asked of; all when absent. */
  of?: ReadonlySet<Category>;
  /** What the answer means, beyond its label and vocabulary (the schema's description). */
  about?: string;
  /** Derived by the build from other Facts, never typed in the seed. */
  derived?: true;
  /** Whether a record answers it, when one Fact does not say (the per-token price may sit on the models). */
  answered?: (record: object) => boolean;
  /** Members the answer's Fact carries beside the Fact's own (a derived answer's grade and deciding link). */
  members?: Record<string, z.ZodType>;
  /** Shown on every provider card of the list (the seven questions a buyer reads first), in this order. */
  headline?: number;
  /** Offered first among the list's filters, in this order. */
  primary?: number;
  /** Not offered as a filter on the list (a list of links, an address). */
  notFiltered?: true;
}

/** The schema of an answer's value: the one place it is decided. */
export function valueSchemaOf(shape: AnswerShape): z.ZodType {
  switch (shape.kind) {
    case "boolean":
      return z.boolean({ message: "must be true or false" });
    case "country":
      return CountryCode;
    case "currency":
      return CurrencyCode;
    case "url":
      return HttpUrl;
    case "number":
      return z.number({ message: "must be a number" });
    case "days":
      return RetentionDays;
    case "token":
      return shape.vocabulary.schema;
    case "tokens":
      return z
        .array(shape.vocabulary.schema, { message: `must be a list of: ${shape.vocabulary.tokens.join(", ")}` })
        .min(1, { message: "must name at least one value" })
        .refine((tokens) => new Set(tokens).size === tokens.length, { message: "must not repeat a value" });
    case "locations":
      return z.array(DatacenterLocation);
    case "certifications":
      return z.array(Certification);
    case "infrastructure":
      return z.array(InfrastructureLink);
  }
}

const NOT_GPU: ReadonlySet<Category> = new Set(["inference_api", "gateway_router", "platform_assistant"]);
const APIS: ReadonlySet<Category> = new Set(["inference_api", "gateway_router"]);

/** A per-token price, on the provider (with its reference model) or on at least one model. */
export function hasTokenPrice(record: object): boolean {
  if (isResearched(factAt(record, ["pricing", "price_per_1m_input_tokens"]))) return true;
  const models = factAt(record, ["models"]);
  return isResearched(models) && Array.isArray(models!.value) && models!.value.some((model: { input_price?: unknown }) => typeof model?.input_price === "number");
}

const question = <const Path extends FactPath>(key: string, path: Path, en: string, sv: string, shape: AnswerShape, more: Omit<Partial<BuyerQuestion>, "key" | "path" | "label" | "shape"> = {}): BuyerQuestion & { path: Path } => ({
  key,
  path,
  label: { en, sv },
  shape,
  ...more,
});

const QUESTIONS = [
  question("hq", ["ownership", "country_hq"], "HQ country (contracting entity)", "Säte (avtalspart)", { kind: "country" }, {
    primary: 6,
    about: "Seat of the entity a customer contracts with (imprint, terms, register), named in contracting_entity.",
  }),
  question("owner_country", ["ownership", "ownership_jurisdiction"], "Ultimate owner's country", "Yttersta ägarens land", { kind: "country" }, {
    about: "Country of the ultimate parent or controlling owner (a state owner gives its own country); the owner is named in ultimate_parent.",
  }),
  question("foreign_parent", ["ownership", "foreign_parent"], "Controlled from outside the EU/EEA", "Kontrolleras utanför EU/EES", { kind: "boolean" }, {
    about: "True when the provider is controlled from outside the EU/EEA; the parent is named in ultimate_parent.",
  }),
  question("dc", ["sovereignty", "datacenter_locations"], "Data-centre countries", "Datacenterländer", { kind: "locations" }, { headline: 1, primary: 5 }),
  question("residency", ["sovereignty", "data_residency_guarantee"], "Residency guarantee", "Garanti om var data finns", { kind: "token", vocabulary: ResidencyScope }, { headline: 2, primary: 4 }),
  question("infrastructure", ["sovereignty", "infrastructure"], "Runs on", "Drivs på", { kind: "infrastructure" }, {
    notFiltered: true,
    about: "Who runs the servers that hold or process customer data: the provider's own data centres, colocation, named clouds and upstream model providers, and ancillary services (payments, sign-in, e-mail, support: account data, not content), each with the country of its ultimate parent. partial: false when the source is the complete sub-processor list.",
  }),
  question("cloud_act", ["sovereignty", "cloud_act_exposure"], "US CLOUD Act exposure", "Exponering för amerikanska CLOUD Act", { kind: "token", vocabulary: CloudActExposure }, {
    derived: true,
    headline: 3,
    primary: 7,
    members: {
      us_party_role: UsPartyRole.schema.optional().describe(`Set by the build with the answer: the role of the US party that decided it. ${UsPartyRole.tokens.map((token) => `${token}: ${UsPartyRole.terms[token].meaning}`).join(" ")}`),
      deciding_link: z.string().max(300).optional().describe("Set by the build with the answer: the link that decided it, in words (a company with its role and why it counts, or a US location)."),
    },
  }),
  question("transfer", ["sovereignty", "third_country_transfer"], "Transfer outside the EU/EEA", "Överföring utanför EU/EES", { kind: "token", vocabulary: ThirdCountryTransfer }),
  question("dpa", ["compliance", "gdpr_dpa_available"], "DPA offered", "Personuppgiftsbiträdesavtal", { kind: "boolean" }, { headline: 4, primary: 1 }),
  question("training", ["compliance", "data_used_for_training"], "Training on customer data", "Träning på kunddata", { kind: "token", vocabulary: TrainingUse }, { of: NOT_GPU, headline: 5, primary: 2 }),
  question("zero_retention", ["compliance", "zero_retention"], "Zero retention of prompts", "Nollagring av prompter", { kind: "token", vocabulary: ZeroRetention }, { of: NOT_GPU, headline: 6, primary: 3 }),
  question("retention_days", ["compliance", "retention_days"], "Prompts kept (days)", "Prompter sparas (dagar)", { kind: "days" }, {
    of: NOT_GPU,
    about: "How many days prompts and outputs are kept by default (0: not stored, as with zero_retention by_default), or until_deleted when they are kept until the customer or an admin deletes them.",
  }),
  question("iso27001", ["compliance", "iso_27001"], "ISO 27001", "ISO 27001", { kind: "token", vocabulary: Iso27001 }),
  question("certifications", ["compliance", "certifications"], "Certifications", "Certifieringar", { kind: "certifications" }, { primary: 8 }),
  question("subprocessors", ["compliance", "subprocessors_list_url"], "Sub-processor list", "Lista över underbiträden", { kind: "url" }),
  question("pricing_model", ["pricing", "model"], "Pricing model", "Prismodell", { kind: "tokens", vocabulary: PricingModel }),
  question("currency", ["pricing", "currency"], "Currency", "Valuta", { kind: "currency" }, { about: "ISO 4217 currency of every price in the record (provider-level prices and model prices)." }),
  question("vat", ["pricing", "vat_included"], "Prices include VAT", "Priser inkl. moms", { kind: "boolean" }, {
    about: "true when the listed prices include VAT, false when they exclude it. Unknown means the source does not say.",
  }),
  question("price", ["pricing", "price_per_1m_input_tokens"], "Lowest price per 1M input tokens", "Lägsta pris per 1M indata-token", { kind: "number" }, {
    headline: 7,
    primary: 10,
    of: new Set(["inference_api"]),
    answered: hasTokenPrice,
    about:
      "The lowest listed price per 1 million input tokens of a text-generation (chat or completion) model on the provider's own price list, in pricing.currency; reference_model names that model. Not an average, not an embedding or speech price, not converted between currencies. Answered too by per-model prices in models.",
  }),
  question("openai", ["api", "openai_compatible"], "OpenAI-compatible API", "OpenAI-kompatibelt API", { kind: "boolean" }, { of: APIS, primary: 9 }),
  question("base_url", ["api", "base_url"], "API base URL", "API-adress", { kind: "url" }, { of: APIS, notFiltered: true }),
] as const;

export const BUYER_QUESTIONS: readonly BuyerQuestion[] = QUESTIONS;

/** The member names the registry adds to a block, for the Provider type. */
export type QuestionFieldsOf<Block extends string> = Extract<(typeof QUESTIONS)[number]["path"], readonly [Block, string]>[1];

/** Whether a question is asked of a record's category. */
export const asks = (question: BuyerQuestion, category: Category): boolean => !question.of || question.of.has(category);

/** Whether a record answers a question: its Fact is researched (any status but unknown), or the question says otherwise. */
export const answers = (question: BuyerQuestion, record: object): boolean => (question.answered ? question.answered(record) : isResearched(factAt(record, question.path)));

/** The questions by their dotted path, for the schema's blocks. */
export function questionsOfBlock(block: string, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): BuyerQuestion[] {
  return questions.filter((entry) => entry.path.length === 2 && entry.path[0] === block);
}

/** The questions shown on every provider card, in their order. */
export const HEADLINE_QUESTIONS: readonly BuyerQuestion[] = BUYER_QUESTIONS.filter((entry) => entry.headline !== undefined).sort((a, b) => a.headline! - b.headline!);

/** The registry's questions by dotted path: read for every Fact a page, a quote or a check meets. */
const BY_PATH = new Map(BUYER_QUESTIONS.map((entry) => [pathKey(entry.path), entry]));

export const questionByKey = (key: string, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS) => questions.find((entry) => entry.key === key);
export const questionByPath = (path: string, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS) =>
  questions === BUYER_QUESTIONS ? BY_PATH.get(path) : questions.find((entry) => pathKey(entry.path) === path);

export interface BuyerCoverage {
  asked: number;
  answered: number;
  /** The keys of the questions asked and not answered. */
  open: string[];
}

/** Which of the buyer's questions a record answers. */
export function buyerCoverageOf(record: object & { category: Category }, questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): BuyerCoverage {
  const open: string[] = [];
  let asked = 0;
  for (const entry of questions) {
    if (!asks(entry, record.category)) continue;
    asked += 1;
    if (!answers(entry, record)) open.push(entry.key);
  }
  return { asked, answered: asked - open.length, open };
}
