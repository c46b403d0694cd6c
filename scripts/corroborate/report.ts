import { describeReviewEntry, type ReviewEntry } from "../merge/review.js";
import { PRICE_REGISTRIES, withoutHiddenCharacters, type Provider } from "../schema/index.js";
import type { CorroborateOutcome } from "./run.js";

/** What the next build makes of the registries' files: how many prices agree, and what waits for a person. */
export interface Preview {
  corroborated: number;
  entries: ReviewEntry[];
}

const BY_REGISTRY = new Set<string>(PRICE_REGISTRIES);

export function previewOf(providers: readonly Provider[], reviewQueue: readonly ReviewEntry[]): Preview {
  let corroborated = 0;
  for (const record of providers) {
    for (const fact of [record.pricing?.price_per_1m_input_tokens, record.pricing?.price_per_1m_output_tokens]) if (fact?.corroborated_by && BY_REGISTRY.has(fact.corroborated_by)) corroborated += 1;
    for (const model of record.models?.value ?? []) if (model.corroborated_by) corroborated += 1;
  }
  return { corroborated, entries: reviewQueue.filter((entry) => entry.kind === "price_disagrees" || entry.kind === "model_unlisted") };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Text that came from outside, fit for a terminal or a pull request: no hidden characters, no backticks. */
const plain = (text: string) => withoutHiddenCharacters(text).replace(/[`\r\n]/g, "");

function whereRead(outcome: Extract<CorroborateOutcome, { kind: "written" }>): string {
  const { read } = outcome.written;
  if (read.from === "file") return `the local copy ${plain(read.file ?? "")}${read.commit ? ` (commit ${read.commit.slice(0, 12)}${read.committed_on ? ` of ${read.committed_on}` : ""})` : ""}`;
  const commit = read.commit ? `commit ${read.commit.slice(0, 12)} of ${read.committed_on}` : `commit unknown: ${plain(outcome.commitUnknown ?? "not asked")}`;
  return `${read.url} (${commit})`;
}

/** One line per registry, as the command prints them. */
export function outcomeLines(outcomes: readonly CorroborateOutcome[]): string[] {
  return outcomes.map((outcome) => {
    if (outcome.kind === "failed") {
      const kept = outcome.registry ? `; data/corroborations/${outcome.registry}.json ${outcome.kept ? "kept as it was" : "not written"}` : "";
      return `  ${outcome.registry ?? plain(outcome.source)}: failed, ${plain(outcome.reason)}${kept}`;
    }
    const providers = Object.entries(outcome.written.providers).map(([id, entry]) => `${id} (${entry.registry_provider}, ${count(entry.models.length, "model", "models")}, ${entry.currency ?? "currency unknown: prices not compared"})`);
    const missing = outcome.read.missing.length > 0 ? `; not listed: ${outcome.read.missing.map(plain).join(", ")}` : "";
    const skipped = outcome.read.skipped > 0 ? `; ${count(outcome.read.skipped, "entry", "entries")} left out (another shape, a hidden character or an over-long name)` : "";
    return `  ${outcome.registry}: read ${whereRead(outcome)}; ${providers.join(", ")}${missing}${skipped}`;
  });
}

export function previewLine(preview: Preview): string {
  const of = (kind: string) => preview.entries.filter((entry) => entry.kind === kind).length;
  return `corroborate: the next build marks ${count(preview.corroborated, "price", "prices")} corroborated and queues ${of("price_disagrees")} price_disagrees and ${of("model_unlisted")} model_unlisted for review`;
}

/** The refresh pull request's section. */
export function summarySection(outcomes: readonly CorroborateOutcome[], preview: Preview | null): string {
  const lines = ["## Price registries", "", ...outcomeLines(outcomes).map((line) => `- ${line.trim()}`), ""];
  if (preview) {
    lines.push(previewLine(preview).replace(/^corroborate: t/, "T"), "");
    for (const entry of preview.entries.slice(0, 50)) lines.push(`- \`${entry.kind}\` \`${entry.provider}\` \`${entry.path}\`: \`${plain(describeReviewEntry(entry))}\``);
    if (preview.entries.length > 50) lines.push(`- and ${preview.entries.length - 50} more in data/review-queue.json`);
    if (preview.entries.length > 0) lines.push("");
  }
  return lines.join("\n");
}
