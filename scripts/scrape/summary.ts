import { cleanText, markdownCode } from "../net/outsideText.js";
import { writeAtomically } from "../util/files.js";
import { describeReviewEntry, type ReviewEntry } from "../merge/review.js";
import type { ModelsListAttempt } from "../schema/index.js";

export interface PriceChange {
  id: string;
  side: "input" | "output";
  before?: number;
  after?: number;
  currency?: string;
}

/** How one provider's good answer differs from the previous good one. */
export interface ModelsChange {
  /** No good answer was on record before. */
  first: boolean;
  added: string[];
  gone: string[];
  prices: PriceChange[];
}

export interface ProviderOutcome {
  id: string;
  ok: boolean;
  error?: string;
  /** Why a configured key was not sent (never the key). */
  keyWithheld?: string;
  models?: number;
  change?: ModelsChange;
}

export interface ScrapeSummary {
  checked: number;
  ok: number;
  failed: number;
  skipped: string[];
  providers: ProviderOutcome[];
}

const priceOf = (attempt: ModelsListAttempt | null | undefined, id: string, side: "input" | "output") => {
  const model = attempt?.models?.find((m) => m.id === id);
  return { value: side === "input" ? model?.input_per_1m : model?.output_per_1m, currency: model?.currency };
};

/** Models added and gone, and prices that moved, between two good answers. */
export function changesBetween(previous: ModelsListAttempt | null | undefined, next: ModelsListAttempt): ModelsChange {
  const before = new Set(previous?.model_ids ?? []);
  const after = new Set(next.model_ids ?? []);
  const prices: PriceChange[] = [];
  for (const id of [...after].filter((id) => before.has(id)).sort()) {
    for (const side of ["input", "output"] as const) {
      const old = priceOf(previous, id, side);
      const now = priceOf(next, id, side);
      if (old.value !== now.value || (old.value !== undefined && old.currency !== now.currency)) {
        prices.push({ id, side, before: old.value, after: now.value, currency: now.currency ?? old.currency });
      }
    }
  }
  return {
    first: !previous,
    added: [...after].filter((id) => !before.has(id)).sort(),
    gone: [...before].filter((id) => !after.has(id)).sort(),
    prices,
  };
}

const LIST_LIMIT = 15;

/** A provider's string inside a code span: nothing in it can end the span, so @names inside do not notify anyone. */
const code = (text: string) => markdownCode(text);

function listed(ids: readonly string[]): string {
  const shown = ids.slice(0, LIST_LIMIT).map(code).join(", ");
  return ids.length > LIST_LIMIT ? `${shown} and ${ids.length - LIST_LIMIT} more` : shown;
}

const amount = (value: number | undefined) => (value === undefined ? "none" : String(value));

function changeLines(outcome: ProviderOutcome): string[] {
  const change = outcome.change;
  if (!change) return [];
  if (change.first) return [`- ${code(outcome.id)}: first good answer, ${outcome.models ?? 0} models`];
  if (change.added.length + change.gone.length + change.prices.length === 0) return [];
  const parts = [
    ...(change.added.length > 0 ? [`added ${listed(change.added)}`] : []),
    ...(change.gone.length > 0 ? [`gone ${listed(change.gone)}`] : []),
  ];
  const lines = [`- ${code(outcome.id)}: ${parts.length > 0 ? parts.join("; ") : "same models"}`];
  for (const price of change.prices.slice(0, LIST_LIMIT)) {
    lines.push(`  - ${code(price.id)} ${price.side}: ${amount(price.before)} → ${amount(price.after)} ${price.currency ?? ""} per 1M tokens`.trimEnd());
  }
  if (change.prices.length > LIST_LIMIT) lines.push(`  - and ${change.prices.length - LIST_LIMIT} more price changes`);
  return lines;
}

/**
 * The description of the refresh pull request: what changed per provider, what failed, and the review
 * queue the build produced. Everything in it comes from the observations and the merge, not from git.
 */
export function formatRefreshSummary(summary: ScrapeSummary, reviewQueue: readonly ReviewEntry[], date: string): string {
  const changed = summary.providers.flatMap(changeLines);
  const failed = summary.providers.filter((outcome) => !outcome.ok);
  const withheld = summary.providers.filter((outcome) => outcome.keyWithheld);
  const lines = [
    `## Models and prices from the providers' endpoints, ${date}`,
    "",
    `${summary.checked} checked, ${summary.ok} ok, ${summary.failed} failed; ${summary.skipped.length} without api.base_url skipped.`,
    "",
    "### What changed",
    "",
    ...(changed.length > 0 ? changed : ["Nothing: every answer matched the previous one."]),
  ];
  if (failed.length > 0) {
    lines.push("", "### Failed (the last good observation is kept)", "");
    for (const outcome of failed) lines.push(`- ${code(outcome.id)}: ${outcome.error ?? "failed"}`);
  }
  if (withheld.length > 0) {
    lines.push("", "### API keys not sent", "");
    for (const outcome of withheld) lines.push(`- ${code(outcome.id)}: ${outcome.keyWithheld}`);
  }
  lines.push("", `### Review queue (${reviewQueue.length})`, "");
  if (reviewQueue.length === 0) lines.push("Empty: no observation contradicts a manual value.");
  for (const entry of reviewQueue.slice(0, 50)) {
    const about = entry.note ? ` (${cleanText(entry.note, 300).replace(/`/g, "'")})` : "";
    if (entry.kind !== "observation_differs") lines.push(`- ${code(entry.kind)} ${code(entry.provider)} ${code(entry.path)}: ${code(describeReviewEntry(entry))}`);
    else lines.push(`- ${code(entry.provider)} ${code(entry.path)}${about}: manual ${code(JSON.stringify(entry.manual_value))}, observed ${code(JSON.stringify(entry.observed_value))} on ${entry.observed_at}`);
  }
  if (reviewQueue.length > 50) lines.push(`- and ${reviewQueue.length - 50} more in data/review-queue.json`);
  lines.push("", "A person merges this after checking it; nothing is merged automatically.", "");
  return lines.join("\n");
}

/** Writes the summary for `--summary-file`. */
export async function writeRefreshSummary(file: string, summary: ScrapeSummary, reviewQueue: readonly ReviewEntry[], date: string): Promise<void> {
  await writeAtomically(file, formatRefreshSummary(summary, reviewQueue, date));
}
