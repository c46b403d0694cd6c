/** Plain-text tables for the conformance run: requirement × host, then what each host answered. */
import type { CheckResult, Requirement } from "./checks.js";

export type Verdict = "pass" | "FAIL" | "limit";

export interface HostOutcome {
  name: string;
  version?: string;
  /** Set when the host could not be installed or started. */
  skipped?: string;
  results: CheckResult[];
  knownLimits: Record<string, string>;
  notes: string[];
}

export function verdict(outcome: HostOutcome, result: CheckResult): Verdict {
  if (result.problems.length === 0) return "pass";
  return outcome.knownLimits[result.requirement.key] ? "limit" : "FAIL";
}

function cell(outcome: HostOutcome, result: CheckResult | undefined): string {
  if (outcome.skipped) return "skipped";
  if (!result) return "-";
  const v = verdict(outcome, result);
  return v === "pass" ? "pass" : `${v}: ${result.problems.join("; ")}`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((text, column) => text.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(rows[0]!), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

const escapePipes = (text: string) => text.replace(/\|/g, "\\|");

/** Rows = requirements, columns = hosts; each cell is pass, or the verdict with the values seen. */
export function summaryTable(requirements: Requirement[], outcomes: HostOutcome[]): string {
  const header = ["Requirement (expect)", ...outcomes.map((outcome) => outcome.name)];
  const rows = requirements.map((requirement) => [
    `${requirement.label} → ${requirement.expect}`,
    ...outcomes.map((outcome) => escapePipes(cell(outcome, outcome.results.find((result) => result.requirement.key === requirement.key)))),
  ]);
  return table([header, ...rows]);
}

/** For one host: exactly what each request got back. */
export function detailTable(outcome: HostOutcome): string {
  const header = ["Request", "Status", "Content-Type", "ACAO", "nosniff", "Referrer-Policy", "Cache-Control (info)", "Body", "Verdict"];
  const rows = outcome.results.map((result) => [
    `${result.requirement.path}${result.requirement.accept ? ` (Accept: ${result.requirement.accept.split(",")[0]})` : ""}`,
    String(result.seen.status),
    result.seen.contentType ?? "(none)",
    result.seen.acao ?? "(none)",
    result.seen.nosniff ?? "(none)",
    result.seen.referrerPolicy ?? "(none)",
    result.seen.cacheControl ?? "(none)",
    escapePipes(result.seen.bodyNote),
    verdict(outcome, result),
  ]);
  return table([header, ...rows]);
}
