import { appliesTo, coverageOf } from "./schema/coverage.js";
import { factAt, type FactPath } from "./schema/factPath.js";
import type { Category, FactStatus, Provider } from "./schema/index.js";
import { daysBefore } from "./site/api/status.js";
import { describeReviewEntry, type ReviewEntry } from "./merge/review.js";
import { checkSharedSources, citationsOf } from "./validate/consistency.js";
import { factsByStatusOf, factsOf } from "./schema/facts.js";
import { answers, asks, BUYER_QUESTIONS, buyerCoverageOf, type BuyerQuestion } from "./schema/buyerQuestions.js";
import { repositoryFileOf, type SourceDates } from "./schema/index.js";
import { deriveWithGaps } from "./derive/cloudActExposure.js";
import { attributionOf, isQuotable, isDecisive, QUOTE_REQUIRED_FROM, type Attribution } from "./schema/evidenceRules.js";
import { HEADLINE_QUESTIONS } from "./schema/buyerQuestions.js";
import { NORDIC_COUNTRIES } from "./openQuestions.js";

/** A source address that reads like a privacy notice: it should be typed privacy_policy (and then confirms no compliance promise). */
const PRIVACY_ADDRESS = /privacy|datenschutz|integritet|personvern|dataskydd|privacidad|confidentialit|donnees-personnelles|persondata|tietosuoja|yksityisyy/i;
/** A note's reason for another kind: "Not a privacy notice despite 'privacy' in the address: the security FAQ." */
const NOT_A_PRIVACY_NOTICE = /\bnot (?:a|the) privacy (?:notice|policy)\b/i;

/** Source types that can confirm a company's home: its own legal pages or a register. */
const LEGAL_SOURCES = new Set(["provider_terms", "company_register", "regulator"]);

/**
 * Measures of evidence depth that are not buyer questions of their own (those come from the registry,
 * buyerQuestions.ts): a field answered from a particular kind of source, a complete list, contract terms.
 */
const DEPTH: Array<{ label: string; path: FactPath; of?: ReadonlySet<Category>; counts?: (fact: FactSeen) => boolean }> = [
  { label: "country of HQ from register/terms/imprint", path: ["ownership", "country_hq"], counts: (fact) => LEGAL_SOURCES.has(String(fact.source_type)) },
  { label: "contracting entity named", path: ["ownership", "contracting_entity"] },
  { label: "ultimate parent named", path: ["ownership", "ultimate_parent"] },
  { label: "pass-through policy (routers)", path: ["pricing", "pass_through"], of: new Set(["gateway_router"]) },
  { label: "models, complete list (inference APIs)", path: ["models"], of: new Set(["inference_api"]), counts: (fact) => fact.partial === false },
  { label: "infrastructure, complete list", path: ["sovereignty", "infrastructure"], counts: (fact) => fact.partial === false },
  { label: "egress", path: ["contract", "egress_free"] },
  { label: "portability", path: ["contract", "data_portable"] },
  { label: "notice period", path: ["contract", "notice_period"] },
];

type FactSeen = { status?: unknown; source_type?: unknown; partial?: unknown };

export interface ReportOptions {
  today: string;
  /** A verification older than this many days is listed as stale. */
  staleDays: number;
  /** The records buyers compare first (data/compared-first.json), measured question by question. */
  comparedFirst?: readonly string[];
  /** The buyer questions measured; the registry's by default. */
  questions?: readonly BuyerQuestion[];
  /** data/source-dates.json, for the repository histories that could not be read. */
  sourceDates?: SourceDates | null;
}

export interface DatasetReport {
  providers: number;
  nordic: number;
  byCategory: Record<string, number>;
  byCountry: Record<string, number>;
  factsByStatus: Partial<Record<FactStatus, number>>;
  /** Typed Facts the build derives from other Facts: no source, date or reading of their own, so they stay out of the provenance counts. */
  derived: number;
  nonUnknown: number;
  withSource: number;
  withVerification: number;
  withSourceDate: number;
  sourceYears: Record<string, number>;
  withoutSourceDate: Array<{ id: string; path: string }>;
  /** The sources behind the undated Facts, most Facts first: opening one dates all of its Facts. */
  undatedSources: Array<{ url: string; facts: number }>;
  lists: number;
  partialLists: Array<{ id: string; path: string }>;
  sharedSourceFields: number;
  sharedSourceDisagreements: string[];
  staleDays: number;
  stale: Array<{ id: string; path: string; verified_at: string }>;
  oldestVerified: string | null;
  newestVerified: string | null;
  shares: Array<{ label: string; have: number; of: number }>;
  /** Researched Facts whose status says a source was read, without the day it was read. */
  withoutVerification: Array<{ id: string; path: string }>;
  /** Per buyer question, how many records it is asked of and how many answer it. */
  questions: Array<{ key: string; label: string; answered: number; asked: number; notApplicable: number }>;
  comparedFirst: Array<{ id: string; category: string; answered: number; asked: number; open: string[] }>;
  /** Ids in the compared-first list with no record. */
  comparedFirstMissing: string[];
  /** Pinned repository files whose history could not be read: their Facts stay undated. */
  unreadableHistories: Array<{ key: string; reason: string }>;
  /** Repository sources that name a branch, not a commit: their content is not fixed. */
  unpinnedRepositorySources: Array<{ id: string; path: string; url: string }>;
  leastResearched: Array<{ id: string; researched: number; applicable: number }>;
  /** Who can reach the data, per record still unanswered: the links of the chain its rule waits for. */
  chainGaps: Array<{ id: string; missing: string[]; comparedFirst: boolean }>;
  /** Answered "no US entity named" on a partial list: the provider's complete sub-processor list would settle it. */
  unsettled: Array<{ id: string; comparedFirst: boolean }>;
  /** The source's own words: which Facts carry a quote, by how much they decide an answer. */
  quotes: {
    behindDerived: QuoteShare;
    headline: QuoteShare;
    buyerQuestions: QuoteShare;
    decisive: QuoteShare;
    /** Decisive Facts verified on or after the cut-over day without a quote (the validator refuses them). */
    requiredMissing: number;
  };
  /** Researched Facts by whose statement they are (their source's attribution). */
  byAttribution: Record<string, { confirmed: number; claimed: number; planned: number }>;
  /** Facts citing an address that reads like a privacy notice, typed as another kind of source. */
  privacyAddresses: Array<{ id: string; path: string; url: string; source_type: string }>;
}

export interface QuoteShare {
  have: number;
  of: number;
  missing: Array<{ id: string; path: string }>;
}

const share = (): QuoteShare => ({ have: 0, of: 0, missing: [] });
const hasQuote = (fact: { quote?: unknown }) => typeof fact.quote === "string" && fact.quote.trim() !== "";
function countQuote(target: QuoteShare, fact: { quote?: unknown }, where: { id: string; path: string }) {
  target.of += 1;
  if (hasQuote(fact)) target.have += 1;
  else target.missing.push(where);
}

const increment = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * The Fact a headline answer rests on, and its path: the price sits on the provider or, failing that, on its
 * models when one of them carries a price (a models list without prices answers no price question).
 */
function headlineFactOf(record: Provider, path: FactPath): { fact: ReturnType<typeof factAt>; path: string } {
  const fact = factAt(record, path);
  if (path.join(".") === "pricing.price_per_1m_input_tokens" && (!fact || fact.status === "unknown")) {
    const models = factAt(record, ["models"]);
    const priced = Array.isArray(models?.value) && models.value.some((model) => typeof (model as { input_price?: unknown })?.input_price === "number");
    return priced ? { fact: models, path: "models" } : { fact, path: path.join(".") };
  }
  return { fact, path: path.join(".") };
}

export function reportOf(providers: readonly Provider[], options: ReportOptions): DatasetReport {
  const questions = options.questions ?? BUYER_QUESTIONS;
  const questionPaths = new Set(questions.map((question) => question.path.join(".")));
  const staleBefore = daysBefore(options.today, options.staleDays);
  const undatedBySource: Record<string, number> = {};
  const report: DatasetReport = {
    providers: providers.length,
    nordic: 0,
    byCategory: {},
    byCountry: {},
    factsByStatus: {},
    derived: 0,
    nonUnknown: 0,
    withSource: 0,
    withVerification: 0,
    withSourceDate: 0,
    sourceYears: {},
    withoutSourceDate: [],
    undatedSources: [],
    lists: 0,
    partialLists: [],
    sharedSourceFields: 0,
    sharedSourceDisagreements: [],
    staleDays: options.staleDays,
    stale: [],
    oldestVerified: null,
    newestVerified: null,
    shares: [],
    withoutVerification: [],
    questions: [],
    comparedFirst: [],
    comparedFirstMissing: [],
    unreadableHistories: [],
    unpinnedRepositorySources: [],
    leastResearched: [],
    chainGaps: [],
    unsettled: [],
    quotes: { behindDerived: share(), headline: share(), buyerQuestions: share(), decisive: share(), requiredMissing: 0 },
    byAttribution: {},
    privacyAddresses: [],
  };
  const comparedFirstIds = new Set(options.comparedFirst ?? []);
  for (const record of providers) {
    increment(report.byCategory, record.category);
    const hq = record.ownership?.country_hq;
    const country = hq && hq.status !== "unknown" && typeof hq.value === "string" ? hq.value : "unknown";
    increment(report.byCountry, country);
    if (NORDIC_COUNTRIES.has(country)) report.nordic += 1;
    for (const [path, fact] of factsOf(record)) {
      const status = fact.status as FactStatus;
      const where = { id: record.id, path: path.map(String).join(".") };
      if (fact.source_type === "derived") {
        if (status !== "unknown") report.derived += 1;
        continue;
      }
      if (status !== "unknown") {
        report.nonUnknown += 1;
        if (fact.source_url) report.withSource += 1;
        if (fact.verified_at) report.withVerification += 1;
        else if (status !== "not_applicable") report.withoutVerification.push(where);
        if (typeof fact.source_url === "string") {
          const file = repositoryFileOf(fact.source_url);
          if (file && !file.pinned) report.unpinnedRepositorySources.push({ ...where, url: fact.source_url });
        }
        if (typeof fact.source_date === "string") {
          report.withSourceDate += 1;
          increment(report.sourceYears, fact.source_date.slice(0, 4));
        } else {
          report.withoutSourceDate.push(where);
          if (typeof fact.source_url === "string") increment(undatedBySource, fact.source_url);
        }
        if (Array.isArray(fact.value)) {
          report.lists += 1;
          if (fact.partial === true) report.partialLists.push(where);
        }
        const attribution: Attribution | "untyped" = attributionOf(fact) ?? "untyped";
        if (status === "confirmed" || status === "claimed" || status === "planned") {
          const counts = (report.byAttribution[attribution] ??= { confirmed: 0, claimed: 0, planned: 0 });
          counts[status] += 1;
        }
        const explained = typeof fact.note === "string" && NOT_A_PRIVACY_NOTICE.test(fact.note);
        if (typeof fact.source_url === "string" && PRIVACY_ADDRESS.test(fact.source_url) && !explained && fact.source_type !== "privacy_policy" && fact.source_type !== "press" && fact.source_type !== "third_party") {
          report.privacyAddresses.push({ ...where, url: fact.source_url, source_type: String(fact.source_type) });
        }
        if (isQuotable(fact)) {
          if (questionPaths.has(where.path)) countQuote(report.quotes.buyerQuestions, fact, where);
          if (isDecisive(path, record)) {
            countQuote(report.quotes.decisive, fact, where);
            if (!hasQuote(fact) && typeof fact.verified_at === "string" && fact.verified_at >= QUOTE_REQUIRED_FROM) report.quotes.requiredMissing += 1;
          }
        }
      }
      const date = fact.verified_at;
      if (typeof date === "string") {
        if (!report.oldestVerified || date < report.oldestVerified) report.oldestVerified = date;
        if (!report.newestVerified || date > report.newestVerified) report.newestVerified = date;
        if (date < staleBefore) report.stale.push({ ...where, verified_at: date });
      }
    }
    for (const [status, count] of Object.entries(factsByStatusOf(record)) as Array<[FactStatus, number]>) report.factsByStatus[status] = (report.factsByStatus[status] ?? 0) + count;
    const coverage = coverageOf(record);
    report.leastResearched.push({ id: record.id, ...coverage });
    for (const question of HEADLINE_QUESTIONS) {
      if (question.derived || !asks(question, record.category)) continue;
      const { fact, path } = headlineFactOf(record, question.path);
      if (fact && isQuotable(fact)) countQuote(report.quotes.headline, fact, { id: record.id, path });
    }
    const inputs = factAt(record, ["sovereignty", "cloud_act_exposure"])?.derived_from;
    for (const input of Array.isArray(inputs) ? inputs : []) {
      const [block, member] = String(input).split(".") as [string, string];
      const fact = factAt(record, [block, member]);
      if (fact && isQuotable(fact)) countQuote(report.quotes.behindDerived, fact, { id: record.id, path: String(input) });
    }
    const chain = deriveWithGaps(record);
    const comparedFirst = comparedFirstIds.has(record.id);
    if (chain.missing.length > 0) report.chainGaps.push({ id: record.id, missing: chain.missing, comparedFirst });
    else if (chain.fact.value === "none_named") report.unsettled.push({ id: record.id, comparedFirst });
  }
  report.undatedSources = Object.entries(undatedBySource)
    .map(([url, facts]) => ({ url, facts }))
    .sort((a, b) => b.facts - a.facts || a.url.localeCompare(b.url));
  report.leastResearched.sort((a, b) => a.researched / a.applicable - b.researched / b.applicable || a.id.localeCompare(b.id));

  for (const share of DEPTH) {
    let have = 0;
    let of = 0;
    for (const record of providers) {
      if (share.of && !share.of.has(record.category)) continue;
      if (!appliesTo(record.category, share.path)) continue;
      const fact = factAt(record, share.path) as FactSeen | undefined;
      if (fact?.status === "not_applicable") continue;
      of += 1;
      if (fact && fact.status !== "unknown" && (!share.counts || share.counts(fact))) have += 1;
    }
    report.shares.push({ label: share.label, have, of });
  }

  for (const question of questions) {
    const asked = providers.filter((record) => asks(question, record.category));
    const notApplicable = asked.filter((record) => factAt(record, question.path)?.status === "not_applicable").length;
    report.questions.push({ key: question.key, label: question.label.en, asked: asked.length, answered: asked.filter((record) => answers(question, record)).length, notApplicable });
  }
  const byId = new Map(providers.map((record) => [record.id, record]));
  for (const id of options.comparedFirst ?? []) {
    const record = byId.get(id);
    if (!record) {
      report.comparedFirstMissing.push(id);
      continue;
    }
    report.comparedFirst.push({ id, category: record.category, ...buyerCoverageOf(record, questions) });
  }
  report.unreadableHistories = Object.entries(options.sourceDates?.files ?? {})
    .filter(([, entry]) => entry.date === null)
    .map(([key, entry]) => ({ key, reason: entry.unresolved ?? "" }));

  const citing = providers.map((record) => ({ file: record.id, id: record.id, citations: citationsOf(record) }));
  const shared = new Map<string, Set<string>>();
  for (const { id, citations } of citing) {
    for (const [field, url] of citations) {
      const key = `${field} ${url}`;
      shared.set(key, (shared.get(key) ?? new Set()).add(id));
    }
  }
  report.sharedSourceFields = [...shared.values()].filter((ids) => ids.size > 1).length;
  report.sharedSourceDisagreements = checkSharedSources(citing).map((problem) => `${problem.id} ${problem.path}: ${problem.message}`);
  return report;
}

const percent = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`);

function table(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]) => `  ${key.padEnd(22)} ${String(count).padStart(5)}`);
}

/** The first `top` lines, indented, and how many more there are. */
function capped(lines: readonly string[], top: number): string[] {
  const shown = lines.slice(0, top).map((line) => `  ${line}`);
  if (lines.length > top) shown.push(`  … and ${lines.length - top} more`);
  return shown;
}

const listed = (entries: ReadonlyArray<{ id: string; path: string }>, top: number) =>
  capped(entries.map((entry) => `${entry.id} ${entry.path}`), top);

/** The untyped records nearest an answer first: a record one link away needs one source, not three. */
function chainGapLines(report: DatasetReport, top: number): string[] {
  const byCount: Record<string, number> = {};
  for (const gap of report.chainGaps) increment(byCount, `${gap.missing.length} missing`);
  const nearest = report.chainGaps
    .filter((gap) => gap.missing.length === 1)
    .sort((a, b) => Number(b.comparedFirst) - Number(a.comparedFirst) || a.missing[0]!.localeCompare(b.missing[0]!) || a.id.localeCompare(b.id));
  return [
    `Who can reach the data, unanswered: ${report.chainGaps.length} of ${report.providers} records; links of the chain still missing per record:`,
    ...table(byCount),
    `One link away (* = compared first): ${nearest.length}`,
    ...capped(nearest.map((gap) => `${gap.comparedFirst ? "*" : " "} ${gap.id.padEnd(32)} ${gap.missing[0]}`), top * 3),
    `No US entity named, the list incomplete (the complete sub-processor list settles it; * = compared first): ${report.unsettled.length}`,
    ...capped(
      [...report.unsettled].sort((a, b) => Number(b.comparedFirst) - Number(a.comparedFirst) || a.id.localeCompare(b.id)).map((entry) => `${entry.comparedFirst ? "*" : " "} ${entry.id}`),
      top * 3,
    ),
    "",
  ];
}

function comparedFirstLines(report: DatasetReport): string[] {
  if (report.comparedFirst.length === 0 && report.comparedFirstMissing.length === 0) return [];
  const asked = report.comparedFirst.reduce((sum, entry) => sum + entry.asked, 0);
  const answered = report.comparedFirst.reduce((sum, entry) => sum + entry.answered, 0);
  return [
    `Records buyers compare first (data/compared-first.json): ${answered} of ${asked} buyer's questions answered (${percent(answered, asked)})`,
    ...report.comparedFirst.map((entry) => `  ${entry.id.padEnd(34)} ${String(entry.answered).padStart(2)} of ${String(entry.asked).padEnd(2)} ${percent(entry.answered, entry.asked).padStart(6)}${entry.open.length ? `  open: ${entry.open.join(", ")}` : ""}`),
    ...(report.comparedFirstMissing.length ? [`  listed but not in the dataset: ${report.comparedFirstMissing.join(", ")}`] : []),
    "",
  ];
}

function quoteLines(report: DatasetReport, top: number): string[] {
  const line = (label: string, part: QuoteShare) => `  ${label.padEnd(52)} ${String(part.have).padStart(4)} of ${String(part.of).padEnd(4)} ${percent(part.have, part.of).padStart(6)}`;
  const { quotes } = report;
  const attributions = Object.entries(report.byAttribution).sort((a, b) => a[0].localeCompare(b[0]));
  return [
    "The source's own words (quote), on Facts someone read:",
    line("Facts behind a derived answer", quotes.behindDerived),
    line("headline answers (the cards)", quotes.headline),
    line("buyer-question Facts", quotes.buyerQuestions),
    line("decisive Facts (buyer questions, ownership, prices)", quotes.decisive),
    `  decisive Facts verified on or after ${QUOTE_REQUIRED_FROM} without a quote (refused by validation): ${quotes.requiredMissing}`,
    `Behind a derived answer, without a quote: ${quotes.behindDerived.missing.length}`,
    ...listed(quotes.behindDerived.missing, top),
    `Headline answers without a quote: ${quotes.headline.missing.length}`,
    ...listed(quotes.headline.missing, top),
    "",
    "Whose statement (researched Facts by the kind of their source; confirmed / claimed / planned):",
    ...attributions.map(([who, counts]) => `  ${who.padEnd(22)} ${String(counts.confirmed).padStart(5)} ${String(counts.claimed).padStart(5)} ${String(counts.planned).padStart(5)}`),
    `Sources whose address reads like a privacy notice, typed as another kind (type them privacy_policy, or say in the note why not: "Not a privacy notice despite …"): ${report.privacyAddresses.length}`,
    ...capped(report.privacyAddresses.map((entry) => `${entry.id} ${entry.path} [${entry.source_type}] ${entry.url}`), top),
    "",
  ];
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
    `Researched Facts (status not unknown): ${report.nonUnknown}; with source_url: ${report.withSource} (${percent(report.withSource, report.nonUnknown)}); ` +
      `with verified_at: ${report.withVerification} (${percent(report.withVerification, report.nonUnknown)})`,
    `Derived Facts (typed by the build from the Facts they name, which carry the sources): ${report.derived}`,
    `Verification dates: oldest ${report.oldestVerified ?? "none"}, newest ${report.newestVerified ?? "none"}`,
    "",
    `Source age: ${report.withSourceDate} of ${report.nonUnknown} researched Facts carry a source_date (${percent(report.withSourceDate, report.nonUnknown)}). By year of the source:`,
    ...Object.entries(report.sourceYears)
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([year, count]) => `  ${year} ${String(count).padStart(5)}`),
    `Researched Facts without a source_date (undated source): ${report.withoutSourceDate.length}`,
    ...listed(report.withoutSourceDate, top),
    `Undated sources: ${report.undatedSources.length} (opening one and finding its date dates all of its Facts), most Facts first:`,
    ...capped(report.undatedSources.map((source) => `${String(source.facts).padStart(3)} ${source.url}`), top),
    "",
    `Lists: ${report.lists} list-valued Facts, ${report.partialLists.length} marked partial`,
    ...listed(report.partialLists, top),
    "",
    `Same source, same field, several records: ${report.sharedSourceFields} groups; disagreeing statuses: ${report.sharedSourceDisagreements.length}`,
    ...report.sharedSourceDisagreements.slice(0, top).map((line) => `  ${line}`),
    "",
    `Stale: ${report.stale.length} Facts verified more than ${report.staleDays} days ago`,
    ...listed(report.stale.map((entry) => ({ id: entry.id, path: `${entry.path} (verified ${entry.verified_at})` })), top),
    "",
    "Evidence depth (share of the records where the field applies):",
    ...report.shares.map((share) => `  ${share.label.padEnd(44)} ${String(share.have).padStart(4)} of ${String(share.of).padEnd(4)} ${percent(share.have, share.of)}`),
    "",
    "Buyer's questions, each over the records it is asked of (researched answer; not_applicable counts as answered):",
    ...report.questions.map(
      (question) =>
        `  ${question.label.padEnd(44)} ${String(question.answered).padStart(4)} of ${String(question.asked).padEnd(4)} ${percent(question.answered, question.asked).padStart(6)}` +
        (question.notApplicable ? `  (${question.notApplicable} not applicable; with a value: ${question.answered - question.notApplicable}, ${percent(question.answered - question.notApplicable, question.asked)})` : ""),
    ),
    "",
    ...comparedFirstLines(report),
    ...chainGapLines(report, top),
    ...quoteLines(report, top),
    `Researched Facts without verified_at (a status that says a source was read, without the day): ${report.withoutVerification.length}`,
    ...listed(report.withoutVerification, top),
    "",
    `Repository files whose history could not be read (source_date stays null, never guessed): ${report.unreadableHistories.length}`,
    ...capped(report.unreadableHistories.map((entry) => `${entry.key} — ${entry.reason}`), top),
    `Repository sources naming a branch, not a commit (not datable; pin them): ${report.unpinnedRepositorySources.length}`,
    ...capped(report.unpinnedRepositorySources.map((entry) => `${entry.id} ${entry.path} ${entry.url}`), top),
    "",
    "Least-researched records (fields researched of those that apply to the category):",
    ...report.leastResearched.slice(0, top).map((entry) => `  ${entry.id.padEnd(34)} ${entry.researched} of ${entry.applicable}`),
    "",
    `Review queue: ${reviewQueue.length} entr${reviewQueue.length === 1 ? "y" : "ies"}`,
    ...reviewQueue.map((entry) => `  [${entry.kind}] ${entry.provider} ${entry.path}: ${describeReviewEntry(entry)}`),
  ];
  return lines.join("\n");
}

