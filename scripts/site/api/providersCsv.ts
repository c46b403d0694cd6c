import { BUYER_QUESTIONS, type BuyerQuestion } from "../../schema/buyerQuestions.js";
import { ANSWER_WORDS, answerOf, answerText, typedCell } from "../../schema/answers.js";
import { factAt, type FactPath } from "../../schema/factPath.js";
import type { Provider } from "../../schema/index.js";
import { BYTE_ORDER_MARK, csvField } from "./csv.js";
import type { ArtefactWriter, PartsWriter } from "../artefacts.js";

/**
 * The spreadsheet a buyer opens: one row per provider, readable headers, and for each buyer question the
 * answer, the status it rests on and how old its source is. Excel on Windows reads UTF-8 only after a
 * byte-order mark, so the file starts with one (å, ä, ö and ü stay intact).
 */

interface Column {
  header: string;
  cell: (record: Provider) => unknown;
}

/** Price fields read beside the buyer questions, which are not questions of their own. */
const PRICE_FIELDS: ReadonlyArray<{ label: string; path: FactPath }> = [
  { label: "Lowest output price per 1M tokens", path: ["pricing", "price_per_1m_output_tokens"] },
  { label: "Reference model", path: ["pricing", "reference_model"] },
];

type FactLike = { value?: unknown; status?: unknown; source_url?: unknown; source_date?: unknown; partial?: unknown; display?: unknown };

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

/** Models as "name (input / output per 1M tokens)", the currency being the record's. */
function modelsCell(record: Provider): string {
  const models = record.models;
  if (!models || models.status === "unknown" || !Array.isArray(models.value)) return "";
  const currency = typeof record.pricing?.currency?.value === "string" ? ` ${record.pricing.currency.value}` : "";
  const items = models.value.map((model) => {
    const prices = [model.input_price, model.output_price].filter((price): price is number => typeof price === "number");
    return prices.length ? `${model.name} (${prices.join(" / ")}${currency})` : model.name;
  });
  return items.join("; ") + (models.partial === true && items.length ? " (partial list)" : "");
}

/**
 * Five columns per buyer question: the typed value (a token, a code, true/false; lists joined with ";"), the
 * text a person reads (the researcher's own wording where the Fact has one), its status, source and source date.
 */
function questionColumns(question: BuyerQuestion): Column[] {
  const label = question.label.en;
  const fact = (record: Provider) => factAt(record, question.path) as FactLike | undefined;
  return [
    { header: label, cell: (record) => typedCell(answerOf(record, question)) },
    { header: `${label}: text`, cell: (record) => displayOf(fact(record)) ?? (WORDED.has(question.shape.kind) ? answerText(answerOf(record, question), "en") : factValue(fact(record))) },
    { header: `${label}: status`, cell: (record) => statusOf(fact(record)) },
    { header: `${label}: source`, cell: (record) => fact(record)?.source_url },
    { header: `${label}: source date`, cell: (record) => fact(record)?.source_date },
  ];
}

/** Shapes whose typed value reads better in words (a vocabulary's label, yes/no, "30 days"); lists read as they stand. */
const WORDED = new Set(["boolean", "token", "tokens", "days"]);
const statusOf = (fact: FactLike | undefined) => (typeof fact?.status === "string" ? fact.status : "unknown");
const displayOf = (fact: FactLike | undefined) => (fact && fact.status !== "unknown" && typeof fact.display === "string" ? fact.display : null);

/** Links are paths on the site the file was downloaded from, so a copy served anywhere (npm start too) points to itself. */
export function providersCsvColumns(questions: readonly BuyerQuestion[] = BUYER_QUESTIONS): Column[] {
  const status = statusOf;
  return [
    { header: "Provider id", cell: (record) => record.id },
    { header: "Provider", cell: (record) => record.name },
    { header: "Category", cell: (record) => record.category },
    { header: "Website", cell: (record) => record.website },
    { header: "Legal name", cell: (record) => record.legal_name },
    { header: "Availability", cell: (record) => factValue(record.availability_status as FactLike) },
    ...questions.flatMap(questionColumns),
    ...PRICE_FIELDS.flatMap(({ label, path }) => [
      { header: label, cell: (record: Provider) => factValue(factAt(record, path) as FactLike | undefined) },
      { header: `${label}: status`, cell: (record: Provider) => status(factAt(record, path) as FactLike | undefined) },
      { header: `${label}: source`, cell: (record: Provider) => (factAt(record, path) as FactLike | undefined)?.source_url },
      { header: `${label}: source date`, cell: (record: Provider) => (factAt(record, path) as FactLike | undefined)?.source_date },
    ]),
    { header: "Models (input / output price per 1M tokens)", cell: modelsCell },
    { header: "Models: status", cell: (record) => status(record.models as FactLike | undefined) },
    { header: "Models: source", cell: (record) => (record.models as FactLike | undefined)?.source_url },
    { header: "Models: source date", cell: (record) => (record.models as FactLike | undefined)?.source_date },
    { header: "Record updated", cell: (record) => record.record_updated_at },
    { header: "Evidence (API path on this site)", cell: (record) => `/api/data/${record.id}` },
  ];
}

/** One row per provider, UTF-8 with a byte-order mark, CRLF line ends (RFC 4180); handed over row by row. */
export function openProvidersCsv(out: ArtefactWriter): PartsWriter<Provider> {
  const columns = providersCsvColumns();
  const row = (cells: unknown[]) => Buffer.from(`${cells.map(csvField).join(",")}\r\n`);
  out.write(BYTE_ORDER_MARK);
  out.write(row(columns.map((column) => column.header)));
  return {
    add: (record) => out.write(row(columns.map((column) => column.cell(record)))),
    end: () => out.end(),
  };
}
