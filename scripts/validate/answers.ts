import { BUYER_QUESTIONS } from "../schema/buyerQuestions.js";
import { factAt, isResearched, type FactPath } from "../schema/factPath.js";
import type { Provider } from "../schema/index.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";

/** EU member states and the three EEA states, as ISO 3166-1 alpha-2 codes (Greece is GR). */
export const EEA = new Set([
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
  "IS", "LI", "NO",
]);

/**
 * Rules across the typed buyer answers of one record: a derived answer is never typed by hand, and two
 * answers that speak of the same thing do not contradict each other.
 */
export function checkAnswers(file: string, record: Provider): Problem[] {
  const problems: Problem[] = [];
  const report = (path: readonly PropertyKey[], rule: string, message: string) => problems.push({ severity: "error", file, id: record.id, path: jsonPath([...path]), rule, message });
  const value = (path: FactPath) => {
    const fact = factAt(record, path);
    return isResearched(fact) ? fact!.value : undefined;
  };

  for (const question of BUYER_QUESTIONS) {
    if (question.derived && factAt(record, question.path)) {
      report(question.path, "derived-not-typed", `${question.path.join(".")} is derived by the build from the Facts it rests on (see the methodology page); type those Facts instead and remove this one`);
    }
  }

  const zero = value(["compliance", "zero_retention"]);
  const days = value(["compliance", "retention_days"]);
  if (zero === "by_default" && days !== undefined && days !== 0) {
    report(["compliance", "retention_days", "value"], "retention-agrees", `zero_retention by_default means prompts are not stored: retention_days must be 0, got ${JSON.stringify(days)}`);
  }
  if (days === 0 && zero !== undefined && zero !== "by_default") {
    report(["compliance", "zero_retention", "value"], "retention-agrees", `retention_days 0 means prompts are not stored: zero_retention must be by_default, got ${JSON.stringify(zero)}`);
  }

  const owner = value(["ownership", "ownership_jurisdiction"]);
  const foreign = value(["ownership", "foreign_parent"]);
  if (typeof owner === "string" && typeof foreign === "boolean" && foreign === EEA.has(owner)) {
    report(
      ["ownership", "foreign_parent", "value"],
      "parent-agrees-with-jurisdiction",
      `foreign_parent ${String(foreign)} contradicts ownership_jurisdiction ${owner}, which is ${EEA.has(owner) ? "inside" : "outside"} the EU/EEA`,
    );
  }

  const iso = factAt(record, ["compliance", "iso_27001"]);
  if (iso?.status === "planned" && iso.value !== "certified") {
    report(["compliance", "iso_27001", "value"], "planned-is-certified", "a certification in progress is the value certified with status planned");
  }
  return problems;
}
