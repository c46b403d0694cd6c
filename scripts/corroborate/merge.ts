import type { ReviewEntry } from "../merge/review.js";
import type { CorroborationFile, Fact, Model, Provider, RegistryModel, RegistryProvider } from "../schema/index.js";
import { exactMatch, isAlias, listedBy, withinRounding } from "./match.js";
import { REGISTRY_REPOSITORIES } from "./sources.js";

type PriceField = "input_price" | "output_price";
const PRICE_FIELDS: readonly PriceField[] = ["input_price", "output_price"];
const REGISTRY_FIELD = { input_price: "input_per_1m", output_price: "output_per_1m" } as const;
const SIDE = { input_price: "input", output_price: "output" } as const;

/** What one registry's file says about one record, and where the findings go. */
interface Check {
  file: CorroborationFile;
  entry: RegistryProvider;
  day: string;
  /** The UTC day of the commit the registry's figures are from, when known. */
  registryDay: string | null;
  queue: ReviewEntry[];
}

/**
 * A value read from this registry (its Fact cites the registry's repository) is never corroborated by it: the
 * registry would only be agreeing with itself. A difference is still queued: the registry changed since.
 */
function isCircular(check: Check, sourceUrl: unknown): boolean {
  if (typeof sourceUrl !== "string") return false;
  const repository = REGISTRY_REPOSITORIES[check.file.registry].toLowerCase();
  let url: URL;
  try {
    url = new URL(sourceUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (host !== "github.com" && host !== "raw.githubusercontent.com") return false;
  return url.pathname.toLowerCase().startsWith(`/${repository}/`);
}

/**
 * A difference the row's own dates explain is not queued: a registry whose figures predate the row's
 * valid_from may show the price before the change, and one dated after its valid_until the price after it.
 */
function datedApart(check: Check, validity: { valid_from?: unknown; valid_until?: unknown }): boolean {
  const day = check.registryDay;
  if (day === null) return false;
  return (typeof validity.valid_from === "string" && day < validity.valid_from) || (typeof validity.valid_until === "string" && day > validity.valid_until);
}

const known = (fact: Fact | undefined): fact is Fact => fact !== undefined && fact.status !== "unknown";
/** A value a person wrote: what the scraper topped up is not compared (the manual value is what must be checked). */
const manual = (fact: Fact | undefined): fact is Fact => known(fact) && fact.verified_by !== "scraper";

/**
 * Prices are compared only in one currency, never converted: the registry's currency must be known and be
 * the record's pricing.currency. A record whose prices include VAT is not compared with net list prices.
 */
function comparable(record: Provider, entry: RegistryProvider): boolean {
  const currency = record.pricing?.currency;
  if (entry.currency === null || !known(currency) || currency.value !== entry.currency) return false;
  return record.pricing?.vat_included?.value !== true;
}

function disagreement(check: Check, record: Provider, path: string, manual: number, seen: number, note: string): void {
  check.queue.push({
    kind: "price_disagrees",
    provider: record.id,
    path,
    manual_value: manual,
    observed_value: seen,
    observed_at: check.day,
    source: check.entry.source_url ?? check.file.source_url,
    note: `${note}; ${check.file.registry} (${check.entry.registry_provider}) lists ${check.entry.currency} ${seen}`,
  });
}

/**
 * A model's manual prices against the registry's: agreeing ones make the model corroborated, a difference
 * goes to the review queue and the manual price stays. Prices the scraper topped up are not the person's.
 */
function checkModel(check: Check, record: Provider, model: Model, index: number, circular: boolean): Model {
  const match = exactMatch(model.name, check.entry.models);
  if (!match) return model;
  const scraped = new Set(model._scraped?.fields ?? []);
  let compared = 0;
  let agreed = true;
  for (const field of PRICE_FIELDS) {
    const manual = model[field];
    const seen = match[REGISTRY_FIELD[field]];
    if (manual === undefined || seen === undefined || scraped.has(field)) continue;
    compared += 1;
    if (withinRounding(manual, seen)) continue;
    agreed = false;
    if (datedApart(check, model)) continue;
    const from = circular ? ", the registry this row was read from" : "";
    disagreement(check, record, `$.models.value[${index}].${field}`, manual, seen, `${model.name}: ${check.entry.currency} per 1M ${SIDE[field]} tokens, registry model ${match.id}${from}`);
  }
  // A corroboration already there (another registry's, read earlier) is kept.
  if (compared === 0 || !agreed || circular || model.corroborated_at !== undefined) return model;
  return { ...model, corroborated_at: check.day, corroborated_by: check.file.registry };
}

/** A registry model that a complete models list should hold: listed now, priced, and not another model's alias. */
function expectedInList(model: RegistryModel, today: string): boolean {
  if (model.deprecated || (model.deprecation_date !== undefined && model.deprecation_date <= today) || isAlias(model)) return false;
  return model.input_per_1m !== undefined || model.output_per_1m !== undefined;
}

/** A complete models list (partial: false) that lacks a model the registry lists goes to the review queue. */
function checkListed(check: Check, record: Provider, names: readonly string[], today: string): void {
  for (const model of check.entry.models) {
    if (!expectedInList(model, today) || listedBy(names, model)) continue;
    check.queue.push({
      kind: "model_unlisted",
      provider: record.id,
      path: "$.models",
      observed_value: model.id,
      observed_at: check.day,
      source: check.entry.source_url ?? check.file.source_url,
      note: `${check.file.registry} (${check.entry.registry_provider}) lists it; the record's models list says it is complete (partial: false)`,
    });
  }
}

/** The provider-level price of the reference model, a Fact: an agreeing registry corroborates it. */
function checkReferencePrice(check: Check, record: Provider): Provider {
  const pricing = record.pricing;
  const reference = pricing?.reference_model;
  if (!pricing || !known(reference) || typeof reference.value !== "string") return record;
  const match = exactMatch(reference.value, check.entry.models);
  if (!match) return record;
  let next = pricing;
  for (const [member, field] of [["price_per_1m_input_tokens", "input_price"], ["price_per_1m_output_tokens", "output_price"]] as const) {
    const fact = pricing[member];
    const seen = match[REGISTRY_FIELD[field]];
    if (!manual(fact) || typeof fact.value !== "number" || seen === undefined) continue;
    const circular = isCircular(check, fact.source_url);
    if (!withinRounding(fact.value, seen)) {
      if (datedApart(check, fact)) continue;
      const from = circular ? ", the registry this price was read from" : "";
      disagreement(check, record, `$.pricing.${member}`, fact.value, seen, `${reference.value}: ${check.entry.currency} per 1M ${SIDE[field]} tokens, registry model ${match.id}${from}`);
    } else if (fact.corroborated_at === undefined && !circular) {
      next = { ...next, [member]: { ...fact, corroborated_at: check.day, corroborated_by: check.file.registry } };
    }
  }
  return next === pricing ? record : { ...record, pricing: next };
}

function checkRecord(check: Check, record: Provider, today: string): Provider {
  let next = record;
  const models = record.models;
  if (manual(models) && Array.isArray(models.value)) {
    if (comparable(record, check.entry)) {
      const circular = isCircular(check, models.source_url);
      const value = models.value.map((model, index) => checkModel(check, record, model, index, circular));
      if (value.some((model, index) => model !== models.value![index])) next = { ...next, models: { ...models, value } };
      next = checkReferencePrice(check, next);
    }
    if (models.partial === false) checkListed(check, record, models.value.map((model) => model.name), today);
  } else if (comparable(record, check.entry)) {
    next = checkReferencePrice(check, next);
  }
  return next;
}

/**
 * The price registries' files merged into one record, in file order: agreeing prices get corroborated_at
 * and corroborated_by naming the registry (never the registry the price was read from), disagreements and
 * models missing from a complete list go to `queue`. The manual value always stays. The same record is
 * returned when nothing applies.
 */
export function mergePriceRegistries(record: Provider, files: readonly CorroborationFile[], today: string, queue: ReviewEntry[]): Provider {
  let next = record;
  for (const file of files) {
    const entry = Object.hasOwn(file.providers, record.id) ? file.providers[record.id] : undefined;
    if (entry) next = checkRecord({ file, entry, day: file.checked_at.slice(0, 10), registryDay: entry.committed_on ?? file.read.committed_on, queue }, next, today);
  }
  return next;
}
