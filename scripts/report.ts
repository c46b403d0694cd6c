import { Provider, type FactStatus } from "./schema/index.js";
import { objectShape } from "./schema/walk.js";
import { factsOf } from "./validate/discipline.js";
import type { ReviewEntry } from "./merge/merge.js";

const NORDIC = new Set(["SE", "NO", "DK", "FI", "IS"]);

/** Every Fact position the schema names, so that a record can be measured by what it leaves out. */
function expectedFactPaths(): string[] {
  const out: string[] = [];
  for (const [key, member] of Object.entries(objectShape(Provider) ?? {})) {
    const innerShape = objectShape(member);
    if (innerShape && "value" in innerShape && "status" in innerShape) out.push(key);
    else if (innerShape) for (const child of Object.keys(innerShape)) if (!child.startsWith("_")) out.push(`${key}.${child}`);
  }
  return out;
}

export interface DatasetReport {
  providers: number;
  nordic: number;
  byCategory: Record<string, number>;
  byCountry: Record<string, number>;
  factsByStatus: Partial<Record<FactStatus, number>>;
  nonUnknown: number;
  withSource: number;
  withVerification: number;
  oldestVerified: string | null;
  newestVerified: string | null;
  mostUnknown: Array<{ id: string; unknownOrMissing: number; of: number }>;
}

const increment = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function reportOf(providers: readonly Provider[]): DatasetReport {
  const expected = expectedFactPaths();
  const report: DatasetReport = {
    providers: providers.length,
    nordic: 0,
    byCategory: {},
    byCountry: {},
    factsByStatus: {},
    nonUnknown: 0,
    withSource: 0,
    withVerification: 0,
    oldestVerified: null,
    newestVerified: null,
    mostUnknown: [],
  };
  for (const record of providers) {
    increment(report.byCategory, record.category);
    const country = record.ownership?.country_hq?.value ?? "unknown";
    increment(report.byCountry, country);
    if (NORDIC.has(country)) report.nordic += 1;
    const known = new Set<string>();
    for (const [path, fact] of factsOf(record as Record<string, unknown>)) {
      const status = fact.status as FactStatus;
      report.factsByStatus[status] = (report.factsByStatus[status] ?? 0) + 1;
      if (status !== "unknown") {
        known.add(path.join("."));
        report.nonUnknown += 1;
        if (fact.source_url) report.withSource += 1;
        if (fact.verified_at) report.withVerification += 1;
      }
      const date = fact.verified_at;
      if (typeof date === "string") {
        if (!report.oldestVerified || date < report.oldestVerified) report.oldestVerified = date;
        if (!report.newestVerified || date > report.newestVerified) report.newestVerified = date;
      }
    }
    const unknownOrMissing = expected.filter((path) => !known.has(path)).length;
    report.mostUnknown.push({ id: record.id, unknownOrMissing, of: expected.length });
  }
  report.mostUnknown.sort((a, b) => b.unknownOrMissing - a.unknownOrMissing || a.id.localeCompare(b.id));
  return report;
}

const percent = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);

function table(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]) => `  ${key.padEnd(22)} ${String(count).padStart(5)}`);
}

export function formatReport(report: DatasetReport, reviewQueue: readonly ReviewEntry[], top = 10): string {
  const lines = [
    `Providers: ${report.providers} (HQ in the Nordics: ${report.nordic})`,
    "",
    "By category:",
    ...table(report.byCategory),
    "",
    "By HQ country (ownership.country_hq; 'unknown' = not researched):",
    ...table(report.byCountry),
    "",
    "Facts by status:",
    ...table(report.factsByStatus as Record<string, number>),
    "",
    `Non-unknown Facts: ${report.nonUnknown}; with source_url: ${report.withSource} (${percent(report.withSource, report.nonUnknown)}); ` +
      `with verified_at: ${report.withVerification} (${percent(report.withVerification, report.nonUnknown)})`,
    `Verification dates: oldest ${report.oldestVerified ?? "none"}, newest ${report.newestVerified ?? "none"}`,
    "",
    `Records with the most fields unknown or missing (of ${report.mostUnknown[0]?.of ?? 0} Fact fields):`,
    ...report.mostUnknown.slice(0, top).map((entry) => `  ${entry.id.padEnd(34)} ${entry.unknownOrMissing}`),
    "",
    `Review queue: ${reviewQueue.length} entr${reviewQueue.length === 1 ? "y" : "ies"}`,
    ...reviewQueue.map(
      (entry) =>
        `  ${entry.provider} ${entry.path}: manual ${JSON.stringify(entry.manual_value)} vs observed ${JSON.stringify(entry.observed_value)} (${entry.observed_at}, ${entry.source})`,
    ),
  ];
  return lines.join("\n");
}
