import { factsOf } from "../schema/facts.js";
import { questionByPath } from "../schema/buyerQuestions.js";
import type { Provider } from "../schema/index.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";

/** Sources that can only relay a statement: whatever they say is at most `claimed`. */
const RELAYING_SOURCE_TYPES = new Set(["press", "third_party"]);
/**
 * Compliance statements are `confirmed` only when a binding document or an independent register was opened
 * (the DPA, the terms, a certificate); a trust-centre or marketing page keeps them `claimed`.
 */
export const BINDING_SOURCE_TYPES = new Set(["provider_terms", "certificate", "company_register", "regulator"]);
/** Sovereignty statements may also be confirmed from technical documentation (where regions run), never from marketing. */
const SOVEREIGNTY_SOURCE_TYPES = new Set([...BINDING_SOURCE_TYPES, "provider_docs"]);
/** Members of the compliance block that state where something is published, not a promise. */
const TECHNICAL_COMPLIANCE_MEMBERS = new Set(["subprocessors_list_url"]);
/** Cross-field rules of the status discipline, on a record that already matches the schema. */
export function checkDiscipline(file: string, record: Provider, today: string): Problem[] {
  const problems: Problem[] = [];
  const report = (path: PropertyKey[], rule: string, message: string) =>
    problems.push({ severity: "error", file, id: record.id, path: jsonPath(path), rule, message });

  for (const [path, fact] of factsOf(record)) {
    const { status } = fact;
    if (status === "unknown" && fact.value !== null) {
      report([...path, "value"], "unknown-has-value", "a Fact with status unknown must have value null (unknown means not researched)");
    }
    if (status === "confirmed" && (!fact.source_url || !fact.verified_at)) {
      report(path, "confirmed-needs-evidence", "status confirmed needs both source_url and verified_at");
    }
    if ((status === "confirmed" || status === "claimed" || status === "planned") && !fact.source_url) {
      report([...path, "source_url"], "source-required", `status ${status} needs a source_url where the value can be seen`);
    }
    if ((status === "confirmed" || status === "claimed" || status === "planned") && !fact.source_type) {
      report([...path, "source_type"], "source-type-required", `status ${status} needs a source_type`);
    }
    if ((status === "claimed" || status === "planned") && fact.source_url && !fact.verified_at) {
      // A warning, not an error: the value stands, but nobody can say when it was last seen.
      problems.push({ severity: "warning", file, id: record.id, path: jsonPath(path), rule: "verification-missing", message: `status ${status} says someone read ${String(fact.source_url).slice(0, 80)}, but not on which day: re-open it and set verified_at and verified_by, or make the Fact unknown` });
    }
    if (typeof fact.verified_at === "string" && fact.verified_at > today) {
      report([...path, "verified_at"], "verified-in-future", `verified_at ${fact.verified_at} is later than the build day ${today}`);
    }
    if (Boolean(fact.verified_at) !== Boolean(fact.verified_by)) {
      report(path, "verification-pair", "verified_at and verified_by go together: set both or neither");
    }
    if (Boolean(fact.corroborated_at) !== Boolean(fact.corroborated_by)) {
      report(path, "corroboration-pair", "corroborated_at and corroborated_by go together: set both or neither");
    }
    if (typeof fact.corroborated_at === "string" && fact.corroborated_at > today) {
      report([...path, "corroborated_at"], "corroborated-in-future", `corroborated_at ${fact.corroborated_at} is later than the build day ${today}`);
    }
    const sourceType = String(fact.source_type ?? "");
    if (status === "confirmed" && RELAYING_SOURCE_TYPES.has(sourceType)) {
      report([...path, "status"], `${sourceType.replace("_", "-")}-at-most-claimed`, `a value seen only on a ${sourceType} source is at most claimed: confirmed needs a primary source (the provider's own page, a binding document or a register)`);
    }
    const block = path.length === 2 ? String(path[0]) : "";
    if (status === "confirmed" && block === "sovereignty" && !SOVEREIGNTY_SOURCE_TYPES.has(sourceType)) {
      report(
        [...path, "status"],
        "sovereignty-needs-documentation",
        `a sovereignty statement is confirmed only from documentation, terms, a certificate or a register (source_type one of ${[...SOVEREIGNTY_SOURCE_TYPES].join(", ")}), never from a marketing or news page; got ${JSON.stringify(fact.source_type ?? null)}`,
      );
    }
    if (status === "confirmed" && block === "compliance" && !TECHNICAL_COMPLIANCE_MEMBERS.has(String(path[1])) && !BINDING_SOURCE_TYPES.has(sourceType)) {
      report(
        [...path, "status"],
        "marketing-at-most-claimed",
        `a compliance statement is at most claimed unless its source is a binding document or register (source_type one of ${[...BINDING_SOURCE_TYPES].join(", ")}), got ${JSON.stringify(fact.source_type ?? null)}`,
      );
    }
    if (status !== "unknown" && !("source_date" in fact)) {
      report(path, "source-date-required", `status ${String(status)} needs source_date: the date of the content seen, or null when nothing dates it`);
    }
    if (typeof fact.source_date === "string") {
      if (typeof fact.verified_at === "string" && fact.source_date > fact.verified_at) {
        report([...path, "source_date"], "source-date-after-verification", `source_date ${fact.source_date} is later than verified_at ${fact.verified_at}: a source cannot be dated after it was seen`);
      } else if (fact.source_date > today) {
        report([...path, "source_date"], "source-date-in-future", `source_date ${fact.source_date} is later than the build day ${today}`);
      }
    }
    // A list of vocabulary values (pricing.model) names what applies; it is not a sample of a longer list.
    const isList = Array.isArray(fact.value) && questionByPath(path.map(String).join("."))?.shape.kind !== "tokens";
    if (isList && !("partial" in fact)) {
      report(path, "partial-required", "a list value needs partial: true when it is a sample, false when it is the provider's complete list");
    }
    if (!isList && "partial" in fact && fact.value !== null) {
      report([...path, "partial"], "partial-only-on-lists", "partial applies to list values only");
    }
  }

  const hasPrice = ["price_per_1m_input_tokens", "price_per_1m_output_tokens"].some(
    (key) => record.pricing?.[key as "price_per_1m_input_tokens"]?.value != null,
  );
  const modelPrices = (record.models?.value ?? []).some((m) => m.input_price != null || m.output_price != null);
  if ((hasPrice || modelPrices) && record.pricing?.currency?.value == null) {
    report(["pricing", "currency"], "price-needs-currency", "prices are given but pricing.currency has no value");
  }
  for (const key of ["record_updated_at", "record_created_at", "last_full_review", "last_scrape_at"] as const) {
    const date = record[key];
    if (typeof date === "string" && date > today) {
      report([key], "date-in-future", `${key} ${date} is later than the build day ${today}`);
    }
  }
  if (record.record_created_at && record.record_created_at > record.record_updated_at) {
    report(["record_created_at"], "created-after-updated", "record_created_at is later than record_updated_at");
  }
  return problems;
}
