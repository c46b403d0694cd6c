import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import { ANSWER_WORDS, answerOf, answerText, typedCell } from "../../schema/answers.js";
import { Attribution, attributionOf } from "../../schema/evidenceRules.js";
import { factAt, type FactPath } from "../../schema/factPath.js";
import { Category, type Provider } from "../../schema/index.js";
import { provenCurrencyOf } from "../../schema/prices.js";
import { UsPartyRole } from "../../schema/vocabularies.js";
import { BOOLEAN_FIELD, DATE_FIELD, SOURCE_DATE_FIELD, STATUS_FIELD, URI_FIELD, VERSION_FIELD, openCsv, type Column, type ColumnField, type CsvTargets } from "./csv.js";
import type { PartsWriter } from "../artefacts.js";

/**
 * The spreadsheet a buyer opens: one row per provider, readable headers, and for each buyer question the
 * answer, the status it rests on, whose statement it is, when it was verified, its source, how old the source is
 * and the source's own words.
 */

/** A provider's row, with the dataset version it belongs to. */
export interface ProviderRow {
  record: Provider;
  version: string;
}

/** Price fields read beside the buyer questions, which are not questions of their own. */
const PRICE_FIELDS: ReadonlyArray<{ label: string; path: FactPath; field: ColumnField; currency?: true }> = [
  { label: "Lowest output price per 1M tokens", path: ["pricing", "price_per_1m_output_tokens"], field: { type: "number", description: "Per 1 million output tokens, for the reference model, in the currency beside it." }, currency: true },
  { label: "Reference model", path: ["pricing", "reference_model"], field: { type: "string", description: "The model the lowest prices are for." } },
];

type FactLike = { value?: unknown; status?: unknown; source_url?: unknown; source_type?: unknown; source_date?: unknown; verified_at?: unknown; partial?: unknown; display?: unknown; quote?: unknown };

/** A value as a person reads it: yes/no, lists joined by "; ", a location as "SE (Stockholm, inference)". */
export function readable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value === true) return ANSWER_WORDS.en.yes;
  if (value === false) return ANSWER_WORDS.en.no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(readable).join("; ");
  if (typeof value === "object") {
    const item = value as Record<string, unknown>;
    if (typeof item.country === "string") {
      const details = [item.city, item.role].filter((part) => typeof part === "string" && part.length > 0);
      return details.length ? `${item.country} (${details.join(", ")})` : item.country;
    }
    if (typeof item.name === "string" && typeof item.achieved === "boolean") return item.achieved ? item.name : `${item.name} (in progress)`;
    if (typeof item.name === "string") return item.name;
    return Object.entries(item)
      .filter(([key]) => !key.startsWith("_"))
      .map(([key, member]) => `${key}: ${readable(member)}`)
      .join(", ");
  }
  return String(value);
}

function factValue(fact: FactLike | undefined): string {
  if (!fact || fact.status === "unknown") return "";
  const text = readable(fact.value);
  return fact.partial === true && text ? `${text} (partial list)` : text;
}

const researched = (fact: FactLike | undefined): fact is FactLike => fact !== undefined && fact.status !== "unknown";

/** Models as "name (input / output per 1M tokens)", in the currency their source proves, or saying it does not. */
function modelsCell(record: Provider): string {
  const models = record.models;
  if (!models || models.status === "unknown" || !Array.isArray(models.value)) return "";
  const proven = provenCurrencyOf(record, models);
  const currency = proven ? ` ${proven}` : " (currency not proven by the source)";
  const items = models.value.map((model) => {
    const prices = [model.input_price, model.output_price].filter((price): price is number => typeof price === "number");
    return prices.length ? `${model.name} (${prices.join(" / ")}${currency})` : model.name;
  });
  return items.join("; ") + (models.partial === true && items.length ? " (partial list)" : "");
}

/** Whose statement a Fact is, in the words the pages use ("own statement" only for the provider's). */
const whoseStatement = (fact: FactLike | undefined) => {
  if (!researched(fact)) return null;
  const attribution = attributionOf(fact);
  return attribution ? Attribution.terms[attribution].en : null;
};
const WHOSE_FIELD: ColumnField = {
  type: "string",
  description: `Whose statement the answer is, read from its kind of source: ${Attribution.tokens.map((token) => `"${Attribution.terms[token].en}" (${Attribution.terms[token].meaning})`).join(", ")}.`,
  constraints: { enum: Attribution.tokens.map((token) => Attribution.terms[token].en) },
};
const QUOTE_FIELD: ColumnField = { type: "string", description: "The source's own words that support the answer, verbatim and in the source's language; empty where the record has none." };

/** Shapes whose typed value reads better in words (a vocabulary's label, yes/no, "30 days"); lists read as they stand. */
const WORDED = new Set(["boolean", "token", "tokens", "days"]);
const statusOf = (fact: FactLike | undefined) => (typeof fact?.status === "string" ? fact.status : "unknown");
const displayOf = (fact: FactLike | undefined) => (fact && fact.status !== "unknown" && typeof fact.display === "string" ? fact.display : null);
const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The typed cell; a number stays a number, so the file writes its decimal digits. */
const typedValue = (answer: ReturnType<typeof answerOf>) => (answer.question.shape.kind === "number" && answer.number !== null && answer.status !== "not_applicable" ? answer.number : typedCell(answer));

const tokenPattern = (tokens: readonly string[]) => `(${tokens.join("|")})`;

/** The type of a question's typed column, from the shape of its answer. */
function typedField(question: BuyerQuestion): ColumnField {
  const shape = question.shape;
  const about = question.about ?? question.label.en;
  switch (shape.kind) {
    case "boolean":
      return BOOLEAN_FIELD(about);
    case "number":
      return { type: "number", description: about };
    case "country":
      return { type: "string", description: `${about} ISO 3166-1 alpha-2.`, constraints: { pattern: "^[A-Z]{2}$" } };
    case "currency":
      return { type: "string", description: `${about} ISO 4217.`, constraints: { pattern: "^[A-Z]{3}$" } };
    case "url":
      // An address a provider gives, which may be a self-hosted one (http://localhost:8080/v1): a URL, not always a public one.
      return { type: "string", description: `${about} An absolute http(s) address.`, constraints: { pattern: "^https?://\\S+$" } };
    case "days":
      return { type: "string", description: `${about} A number of days, or until_deleted.`, constraints: { pattern: "^(\\d+|until_deleted)$" } };
    case "token":
      return { type: "string", description: `${about} ${shape.vocabulary.tokens.map((token) => `${token}: ${shape.vocabulary.terms[token]!.meaning}`).join(" ")}`, constraints: { enum: shape.vocabulary.tokens } };
    case "tokens":
      return { type: "string", description: `${about} One or more of ${shape.vocabulary.tokens.join(", ")}, joined with ;.`, constraints: { pattern: `^${tokenPattern(shape.vocabulary.tokens)}(;${tokenPattern(shape.vocabulary.tokens)})*$` } };
    case "locations":
      return { type: "string", description: `${about} ISO 3166-1 alpha-2 codes joined with ;.`, constraints: { pattern: "^[A-Z]{2}(;[A-Z]{2})*$" } };
    case "certifications":
      return { type: "string", description: `${about} Names joined with ;, "(in progress)" after one not yet held.` };
    case "infrastructure":
      return { type: "string", description: `${about} name:kind:country of the ultimate parent (unknown while not established)[:seat=country][:optional], joined with ;.` };
  }
}

/** The readable names of the members an answer carries beside its Fact (the derived answer's grade and deciding link). */
const MEMBER_HEADERS: Readonly<Record<string, { header: string; field: ColumnField }>> = {
  us_party_role: {
    header: "role of the US party",
    field: { type: "string", description: `The role of the US party that decided the answer: ${UsPartyRole.tokens.map((token) => `${token}: ${UsPartyRole.terms[token].meaning}`).join(" ")}`, constraints: { enum: UsPartyRole.tokens } },
  },
  deciding_link: { header: "deciding link", field: { type: "string", description: "The link that decided the answer, in words: a company with its role and why it counts, or a US location." } },
};

/** The answer as a person reads it; the derived answer names its grade and the link that decided it. */
function answerWords(record: Provider, question: BuyerQuestion): string | null {
  const fact = factAt(record, question.path) as FactLike | undefined;
  const words = displayOf(fact) ?? (WORDED.has(question.shape.kind) ? answerText(answerOf(record, question), "en") : factValue(fact));
  if (!words || !researched(fact)) return words;
  const members = fact as Record<string, unknown>;
  const role = typeof members.us_party_role === "string" ? UsPartyRole.terms[members.us_party_role as UsPartyRole]?.en : undefined;
  const link = text(members.deciding_link);
  if (!role && !link) return words;
  return `${words} (${[role, link && `decided by ${link}`].filter(Boolean).join("; ")})`;
}

/**
 * Per buyer question: the typed value (a token, a code, true/false; lists joined with ";"), the text a person reads
 * (the researcher's own wording where the Fact has one), its status, whose statement it is, the day it was
 * verified, its source, the source's date and the source's own words; then the members the answer carries.
 */
function questionColumns(question: BuyerQuestion): Column<ProviderRow>[] {
  const label = question.label.en;
  const fact = ({ record }: ProviderRow) => factAt(record, question.path) as FactLike | undefined;
  const columns: Column<ProviderRow>[] = [
    { header: label, cell: ({ record }) => typedValue(answerOf(record, question)), field: typedField(question) },
    { header: `${label}: text`, cell: ({ record }) => answerWords(record, question), field: { type: "string", description: "The answer as a person reads it." } },
    { header: `${label}: status`, cell: (row) => statusOf(fact(row)), field: STATUS_FIELD },
    { header: `${label}: whose statement`, cell: (row) => whoseStatement(fact(row)), field: WHOSE_FIELD },
    { header: `${label}: verified`, cell: (row) => (researched(fact(row)) ? fact(row)!.verified_at : null), field: DATE_FIELD("The day someone opened the source and saw the answer.") },
    { header: `${label}: source`, cell: (row) => fact(row)?.source_url, field: URI_FIELD("The source of the answer.") },
    { header: `${label}: source date`, cell: (row) => fact(row)?.source_date, field: SOURCE_DATE_FIELD },
    { header: `${label}: quote`, cell: (row) => (researched(fact(row)) ? text(fact(row)!.quote) : null), field: QUOTE_FIELD },
  ];
  if (question.shape.kind === "number" && question.path[0] === "pricing") {
    columns.splice(1, 0, { header: `${label}: currency`, cell: ({ record }) => priceCurrency(record, question.path), field: CURRENCY_FIELD });
  }
  for (const member of Object.keys(question.members ?? {})) {
    const named = MEMBER_HEADERS[member] ?? { header: member.replace(/_/g, " "), field: { type: "string" } };
    columns.push({ header: `${label}: ${named.header}`, cell: (row) => (researched(fact(row)) ? text((fact(row) as Record<string, unknown>)[member]) : null), field: named.field });
  }
  return columns;
}

const CURRENCY_FIELD: ColumnField = {
  type: "string",
  description: "The price's currency (ISO 4217) where its source proves it; empty when it does not (a registry, a press article): such a price compares with nothing.",
  constraints: { pattern: "^[A-Z]{3}$" },
};
/** A price field's value: the number itself (written as its decimal digits), else the value as read. */
const priceValue = (fact: FactLike | undefined) => (researched(fact) && typeof fact.value === "number" ? fact.value : factValue(fact));
const priceCurrency = (record: Provider, path: FactPath) => {
  const fact = factAt(record, path);
  return researched(fact as FactLike | undefined) && typeof fact!.value === "number" ? provenCurrencyOf(record, fact!) : null;
};

/** Links are paths on the site the file was downloaded from, so a copy served anywhere (npm start too) points to itself. */
export function providersCsvColumns(questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): Column<ProviderRow>[] {
  const at = (path: FactPath) => ({ record }: ProviderRow) => factAt(record, path) as FactLike | undefined;
  return [
    { header: "Provider id", cell: ({ record }) => record.id, field: { type: "string", description: "The provider's id (slug), as in /api/data/{id}.", constraints: { required: true, unique: true } } },
    { header: "Provider", cell: ({ record }) => record.name, field: { type: "string" } },
    { header: "Category", cell: ({ record }) => record.category, field: { type: "string", description: "The layer of what is bought; never a geography.", constraints: { enum: Category.options } } },
    { header: "Website", cell: ({ record }) => record.website, field: URI_FIELD("The provider's website.") },
    { header: "Legal name", cell: ({ record }) => record.legal_name, field: { type: "string" } },
    { header: "Availability", cell: ({ record }) => factValue(record.availability_status as FactLike), field: { type: "string" } },
    ...questions.flatMap(questionColumns),
    ...PRICE_FIELDS.flatMap(({ label, path, field, currency }): Column<ProviderRow>[] => [
      { header: label, cell: (row) => priceValue(at(path)(row)), field },
      ...(currency ? [{ header: `${label}: currency`, cell: ({ record }: ProviderRow) => priceCurrency(record, path), field: CURRENCY_FIELD }] : []),
      { header: `${label}: status`, cell: (row: ProviderRow) => statusOf(at(path)(row)), field: STATUS_FIELD },
      { header: `${label}: whose statement`, cell: (row: ProviderRow) => whoseStatement(at(path)(row)), field: WHOSE_FIELD },
      { header: `${label}: verified`, cell: (row: ProviderRow) => (researched(at(path)(row)) ? at(path)(row)!.verified_at : null), field: DATE_FIELD("The day someone opened the source and saw the value.") },
      { header: `${label}: source`, cell: (row: ProviderRow) => at(path)(row)?.source_url, field: URI_FIELD("The source of the value.") },
      { header: `${label}: source date`, cell: (row: ProviderRow) => at(path)(row)?.source_date, field: SOURCE_DATE_FIELD },
    ]),
    {
      header: "Models (input / output price per 1M tokens)",
      cell: ({ record }) => modelsCell(record),
      field: { type: "string", description: "Models joined with ;, each with its input / output price per 1M tokens in the currency its source proves, \"(partial list)\" after a sample." },
    },
    { header: "Models: status", cell: ({ record }) => statusOf(record.models as FactLike | undefined), field: STATUS_FIELD },
    { header: "Models: whose statement", cell: ({ record }) => whoseStatement(record.models as FactLike | undefined), field: WHOSE_FIELD },
    { header: "Models: verified", cell: ({ record }) => (researched(record.models as FactLike | undefined) ? record.models!.verified_at : null), field: DATE_FIELD("The day someone opened the source and saw the models.") },
    { header: "Models: source", cell: ({ record }) => (record.models as FactLike | undefined)?.source_url, field: URI_FIELD("The source of the models.") },
    { header: "Models: source date", cell: ({ record }) => (record.models as FactLike | undefined)?.source_date, field: SOURCE_DATE_FIELD },
    { header: "Record updated", cell: ({ record }) => record.record_updated_at, field: DATE_FIELD("The day the record was last changed.") },
    { header: "Evidence (API path on this site)", cell: ({ record }) => `/api/data/${record.id}`, field: { type: "string", description: "The record's path on the site the file came from." } },
    { header: "Dataset version", cell: ({ version }) => version, field: VERSION_FIELD },
  ];
}

/** One row per provider, written to the spreadsheet file and its plain copy; handed over row by row. */
export function openProvidersCsv(targets: CsvTargets, version: string): PartsWriter<Provider> {
  const columns = providersCsvColumns();
  const out = openCsv(
    targets,
    columns.map((column) => column.header),
  );
  return {
    add: (record) => {
      const row = { record, version };
      out.rows([columns.map((column) => column.cell(row))]);
    },
    end: () => out.end(),
  };
}
