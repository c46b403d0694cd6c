import { factsOf } from "../schema/facts.js";
import { questionByPath } from "../schema/buyerQuestions.js";
import { COMPLETE_LIST_SOURCES, QUOTE_REQUIRED_FROM, SourceType, familyOf, isSourceType, quoteRequired, statusAllowed } from "../schema/evidenceRules.js";
import type { Provider } from "../schema/index.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";
import { pathKey } from "../schema/factPath.js";

/** Sources that can only relay a statement: whatever they say is at most `claimed`, whatever the field. */
const RELAYING_SOURCE_TYPES = new Set(["press", "third_party"]);
/** The rule a confirmed Fact from the wrong kind of source breaks, by its family (names kept stable for tools). */
const RULE_BY_FAMILY: Record<string, string> = { sovereignty: "sovereignty-needs-documentation", compliance: "marketing-at-most-claimed" };
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
    if (fact.source_type !== undefined && !isSourceType(fact.source_type)) {
      report([...path, "source_type"], "source-type-known", `source_type ${JSON.stringify(fact.source_type)} is not a known kind of source: use one of ${SourceType.tokens.filter((token) => token !== "derived").join(", ")}`);
    } else if (fact.source_type === "derived") {
      report([...path, "source_type"], "derived-not-typed", "source_type derived is the build's own: a derived Fact is computed from the Facts it rests on, never typed in a seed file");
    } else if (status === "confirmed" && RELAYING_SOURCE_TYPES.has(sourceType)) {
      report([...path, "status"], `${sourceType.replace("_", "-")}-at-most-claimed`, `a value seen only on a ${sourceType} source is at most claimed: confirmed needs a primary source (the provider's own page, a binding document or a register)`);
    } else if (status === "confirmed" && !statusAllowed(path, "confirmed", sourceType)) {
      const family = familyOf(path);
      report(
        [...path, "status"],
        RULE_BY_FAMILY[family.key] ?? "status-by-source",
        `a ${family.label.en.toLowerCase()} Fact is confirmed only from ${[...family.confirmedFrom].join(", ")} (the status table on the methodology page); source_type ${JSON.stringify(fact.source_type ?? null)} gives at most claimed`,
      );
    }
    if (quoteRequired(path, fact, record) && (typeof fact.quote !== "string" || fact.quote.trim() === "")) {
      report(
        [...path, "quote"],
        "quote-required",
        `a Fact of a buyer question, the ownership chain or a price verified on or after ${QUOTE_REQUIRED_FROM} needs quote: the source's own words that support the value, verbatim`,
      );
    }
    if (fact.quote !== undefined && !fact.source_url) {
      report([...path, "quote"], "quote-needs-source", "a quote needs the source_url it was read at");
    }
    if (typeof fact.valid_from === "string" && typeof fact.valid_until === "string" && fact.valid_from > fact.valid_until) {
      report([...path, "valid_until"], "validity-order", `valid_until ${fact.valid_until} is before valid_from ${fact.valid_from}`);
    }
    if (pathKey(path) === "sovereignty.infrastructure" && fact.partial === false && !COMPLETE_LIST_SOURCES.has(sourceType as SourceType)) {
      report(
        [...path, "partial"],
        "complete-list-needs-own-list",
        `the infrastructure list is complete (partial: false) only on the provider's own sub-processor list, DPA or terms (source_type ${[...COMPLETE_LIST_SOURCES].join(", ")}); a ${sourceType || "source without a type"} describes, it does not enumerate: set partial: true`,
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
