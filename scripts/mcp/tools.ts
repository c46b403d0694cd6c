/** The tools as pure functions of a Snapshot (no SDK, no I/O): get_status, get_provider, compare_providers. find.ts holds find_providers. */
import { z } from "zod";
import { appliesTo, FACT_PATHS } from "../schema/coverage.js";
import { factAt, pathKey } from "../schema/factPath.js";
import { factsOf } from "../schema/facts.js";
import { Slug, type Provider, type Status } from "../schema/index.js";
import { BUYER_QUESTIONS } from "../schema/buyerQuestions.js";
import { citationLine, citeFact, providerHeading, type CitedFact } from "./cite.js";
import type { Snapshot } from "./source.js";

/**
 * What a tool returns: structured content and its text, or a message for an MCP tool error. The answers are
 * type aliases, not interfaces, because structured content must be a plain JSON object (an index signature).
 */
export type Outcome<T> = { ok: true; structured: T; text: string } | { ok: false; text: string };

/** Every Fact path the Provider schema names, so an unknown field is a validation error with the list to pick from. */
export const FIELD_PATHS = FACT_PATHS.map(pathKey) as [string, ...string[]];

export const FieldPath = z.enum(FIELD_PATHS, { message: `must be a Fact path of the Provider schema: ${FIELD_PATHS.join(", ")}` });

/** Every buyer question of the registry, and the price fields read beside it: compared when no fields are named. */
export const DEFAULT_COMPARE_FIELDS: readonly string[] = [
  ...BUYER_QUESTIONS.map((question) => pathKey(question.path)),
  "pricing.price_per_1m_output_tokens",
  "pricing.reference_model",
];
// A renamed schema field must fail at start-up (and in every test), not turn a default column into "not researched".
for (const field of DEFAULT_COMPARE_FIELDS) if (!FIELD_PATHS.includes(field)) throw new Error(`DEFAULT_COMPARE_FIELDS names ${field}, which the Provider schema does not`);

export const GetProviderInput = z.strictObject({
  id: Slug.describe("The provider id (slug), e.g. berget-ai. find_providers lists them."),
});

export const CompareProvidersInput = z.strictObject({
  ids: z.array(Slug).min(1).max(20).describe("Provider ids to compare."),
  fields: z
    .array(FieldPath)
    .min(1)
    .max(40)
    .optional()
    .describe(`Fact paths to compare; default: ${DEFAULT_COMPARE_FIELDS.join(", ")}.`),
});
export type CompareProvidersInput = z.infer<typeof CompareProvidersInput>;

export const datasetLine = (snapshot: Snapshot) =>
  `Dataset version ${snapshot.dataset.version}, read from ${snapshot.origin} (checked ${snapshot.checkedAt}).` +
  snapshot.warnings.map((warning) => `\nWARNING: ${warning}`).join("");

const citation = (snapshot: Snapshot, record?: Provider) => citationLine(snapshot.dataset.version, snapshot.dataset.license, record);

// ---------------------------------------------------------------------------------------------- get_status

export type StatusAnswer = {
  status: Status;
  origin: string;
  checked_at: string;
  warnings: string[];
};

export function getStatus(snapshot: Snapshot): Outcome<StatusAnswer> {
  const { status } = snapshot;
  const categories = Object.entries(status.by_category ?? {})
    .map(([category, count]) => `${category} ${count}`)
    .join(", ");
  const facts = Object.entries(status.facts_by_status ?? {})
    .map(([factStatus, count]) => `${factStatus} ${count}`)
    .join(", ");
  const lines = [
    `Dataset version ${status.dataset_version}: ${status.providers_total} providers${categories ? ` (${categories})` : ""}.`,
    `Newest verification ${status.last_verified ?? "none"}, oldest ${status.oldest_verified ?? "none"}; generated ${status.generated_at ?? "at an unrecorded time"}.`,
    facts ? `Facts by status: ${facts}.` : null,
    status.stale_facts !== undefined ? `${status.stale_facts} Facts were verified more than ${status.stale_after_days ?? "?"} days before the build: check them before citing.` : null,
    status.review_queue !== undefined ? `Review queue: ${status.review_queue} deviations waiting for a person.` : null,
    `Read from ${snapshot.origin} (checked ${snapshot.checkedAt}).`,
    ...snapshot.warnings.map((warning) => `WARNING: ${warning}`),
  ];
  return {
    ok: true,
    structured: { status, origin: snapshot.origin, checked_at: snapshot.checkedAt, warnings: snapshot.warnings },
    text: lines.filter((line): line is string => line !== null).join("\n"),
  };
}

// ---------------------------------------------------------------------------------------------- unknown ids

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The ids a mistyped or half-remembered id most likely meant: shared words first, then fewest edits. */
export function closeIds(wanted: string, ids: readonly string[], count = 5): string[] {
  const words = wanted.split("-").filter((word) => word.length > 2);
  const score = (id: string) => {
    const shared = words.filter((word) => id.includes(word)).length;
    return editDistance(wanted, id) - shared * 4 - (id.includes(wanted) || wanted.includes(id) ? 6 : 0);
  };
  return [...ids].sort((a, b) => score(a) - score(b) || a.localeCompare(b)).slice(0, count);
}

function unknownIdsMessage(unknown: readonly string[], snapshot: Snapshot): string {
  const ids = snapshot.dataset.providers.map((record) => record.id);
  const lines = unknown.map((id) => `No provider with id "${id}" in dataset version ${snapshot.dataset.version}. Close ids: ${closeIds(id, ids).join(", ")}.`);
  return `${lines.join("\n")}\nCall find_providers (with no filters, or with query) to list valid ids.`;
}

const byId = (snapshot: Snapshot) => new Map(snapshot.dataset.providers.map((record) => [record.id, record]));

// ---------------------------------------------------------------------------------------------- get_provider

export type ProviderAnswer = {
  dataset_version: string;
  provider: Provider;
  /** Fields that apply to the record's category and have no Fact or status unknown: not researched, not "no". */
  not_researched: string[];
};

export function getProvider(snapshot: Snapshot, input: z.infer<typeof GetProviderInput>): Outcome<ProviderAnswer> {
  const record = byId(snapshot).get(input.id);
  if (!record) return { ok: false, text: unknownIdsMessage([input.id], snapshot) };
  const facts = factsOf(record).map(([path]) => citeFact(record, pathKey(path)));
  const notResearched = FACT_PATHS.filter((path) => appliesTo(record.category, path))
    .filter((path) => {
      const fact = factAt(record, path);
      return !fact || fact.status === "unknown";
    })
    .map(pathKey);
  const text = [
    providerHeading(record),
    `Website ${record.website}; record updated ${record.record_updated_at}. ${datasetLine(snapshot)}`,
    "",
    ...facts.filter((fact) => fact.researched).map((fact) => `- ${fact.path}: ${fact.quote}`),
    "",
    notResearched.length ? `Not researched (no Fact, or status unknown; never read as 'no'): ${notResearched.join(", ")}.` : "Every field that applies to this category has been researched.",
    citation(snapshot, record),
  ].join("\n");
  return { ok: true, structured: { dataset_version: snapshot.dataset.version, provider: record, not_researched: notResearched }, text };
}

// ---------------------------------------------------------------------------------------------- compare_providers

export type CompareAnswer = {
  dataset_version: string;
  fields: string[];
  providers: Array<{ id: string; name: string; category: string; facts: CitedFact[] }>;
};

export function compareProviders(snapshot: Snapshot, input: CompareProvidersInput): Outcome<CompareAnswer> {
  const records = byId(snapshot);
  const ids = [...new Set(input.ids)];
  const unknown = ids.filter((id) => !records.has(id));
  if (unknown.length) return { ok: false, text: unknownIdsMessage(unknown, snapshot) };
  const fields = [...new Set(input.fields ?? DEFAULT_COMPARE_FIELDS)];
  const providers = ids.map((id) => {
    const record = records.get(id)!;
    return { id, name: record.name, category: record.category, facts: fields.map((field) => citeFact(record, field)) };
  });
  const lines = [`Comparing ${providers.length} providers on ${fields.length} fields. ${datasetLine(snapshot)}`];
  for (const provider of providers) {
    lines.push("", providerHeading(records.get(provider.id)!));
    for (const fact of provider.facts) lines.push(`- ${fact.path}: ${fact.quote}`);
  }
  lines.push("");
  if (fields.some((field) => field.startsWith("pricing.price_") || field === "models")) {
    lines.push("Compare prices only in the same currency and VAT treatment (pricing.currency, pricing.vat_included); they are never converted.");
  }
  lines.push(citation(snapshot));
  return { ok: true, structured: { dataset_version: snapshot.dataset.version, fields, providers }, text: lines.join("\n") };
}
