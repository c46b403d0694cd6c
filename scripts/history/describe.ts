import { formatSourceDate } from "../schema/primitives.js";
import { sameJson } from "./diff.js";
import type { ChangeEntry, ChangeKind, FactState } from "./shapes.js";

/** How a change reads in words: the Atom feed, the provider pages and the release notes say it alike. */
export const KIND_LABELS: Record<ChangeKind, string> = {
  provider_added: "provider added",
  provider_removed: "provider removed",
  fact_added: "Fact added",
  fact_removed: "Fact removed",
  value_changed: "value changed",
  status_raised: "status raised",
  status_lowered: "status lowered",
  verified: "verified",
  source_changed: "source changed",
};

/** A value as one short line: long lists (a models list) would drown the change itself. */
function shortValue(value: unknown, max = 200): string {
  const text = JSON.stringify(value) ?? "null";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Items of `from` that `to` does not have, compared as JSON (a list of models, locations, certifications). */
const missingFrom = (from: readonly unknown[], to: readonly unknown[]) => from.filter((item) => !to.some((other) => sameJson(item, other)));


/** What names an item of a list across versions: its name, id or country (a model, a link, a location). */
function identityOf(item: unknown): string | null {
  if (!isPlainObject(item)) return null;
  for (const key of ["name", "id", "country"]) if (typeof item[key] === "string") return `${key} ${JSON.stringify(item[key])}`;
  return null;
}

/** Items of a list as a reader tells them apart: by name where they have one, else as short JSON. */
const someItems = (items: readonly unknown[], shown = 5) =>
  `${items.slice(0, shown).map((item) => identityOf(item) ?? shortValue(item, 80)).join(", ")}${items.length > shown ? `, … and ${items.length - shown} more` : ""}`;

/** Two texts that may begin alike: where they differ, with a little of what surrounds it, so the two never read the same. */
function differingParts(before: unknown, after: unknown, width = 120): [string, string] {
  const a = JSON.stringify(before) ?? "null";
  const b = JSON.stringify(after) ?? "null";
  if (a.length <= width && b.length <= width) return [a, b];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  const around = (text: string) => {
    const from = Math.max(0, start - 30);
    const to = Math.min(text.length - end + 30, from + width);
    return `${from > 0 ? "…" : ""}${text.slice(from, to)}${to < text.length ? "…" : ""}`;
  };
  return [around(a), around(b)];
}

/**
 * What a value changed from and to, in words a reader can check: a list says which items came and went (an item
 * that stayed under its name but changed says which of its members did), an object which members changed, a long
 * text the part that differs. Never the same text on both sides, as two values cut at the same length would be.
 */
export function valueChange(before: unknown, after: unknown, depth = 0): string {
  if (depth < 2 && Array.isArray(before) && Array.isArray(after)) {
    const added = missingFrom(after, before);
    const removed = missingFrom(before, after);
    // An item added and one removed under the same name are one item that changed.
    const changed: string[] = [];
    for (const item of [...added]) {
      const identity = identityOf(item);
      const was = identity === null ? -1 : removed.findIndex((other) => identityOf(other) === identity);
      if (was < 0) continue;
      changed.push(`${identity}: ${valueChange(removed[was], item, depth + 1)}`);
      removed.splice(was, 1);
      added.splice(added.indexOf(item), 1);
    }
    const parts = [
      changed.length ? `${changed.length} changed (${changed.slice(0, 5).join("; ")}${changed.length > 5 ? `; … and ${changed.length - 5} more` : ""})` : "",
      added.length ? `${added.length} added (${someItems(added)})` : "",
      removed.length ? `${removed.length} removed (${someItems(removed)})` : "",
    ].filter(Boolean);
    return `${parts.length ? parts.join(", ") : "the same items in another order"}; ${before.length} listed before, ${after.length} now`;
  }
  if (depth < 2 && isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !sameJson(before[key], after[key]));
    return keys.map((key) => `${key} ${valueChange(before[key] ?? null, after[key] ?? null, depth + 1)}`).join(", ");
  }
  const [from, to] = differingParts(before, after);
  return `from ${from} to ${to}`;
}

/** Value, status and both dates together, as the meaning rules ask every quotation to be. */
function quoted(state: FactState | null): string {
  if (!state) return "none";
  const source = state.source_date === null ? "source undated" : `source dated ${formatSourceDate(state.source_date)}`;
  return `${shortValue(state.value)} (${state.status ?? "no status"}, verified ${state.verified_at ?? "never"}, ${source})`;
}

/** The new state of a Fact whose value changed: the change says what the value is, so status and dates follow it. */
function stateAfter(state: FactState | null): string {
  if (!state) return "none";
  const source = state.source_date === null ? "source undated" : `source dated ${formatSourceDate(state.source_date)}`;
  return `${state.status ?? "no status"}, verified ${state.verified_at ?? "never"}, ${source}`;
}

const sourceOf = (state: FactState | null) => `${state?.source_url ?? "no link"} (${state?.source_date ? `dated ${formatSourceDate(state.source_date)}` : "undated"})`;

/** One change as one line of plain text, for the feed and for provider pages. */
export function describeChange(entry: Pick<ChangeEntry, "kind" | "path" | "before" | "after">): string {
  const { before, after } = entry;
  switch (entry.kind) {
    case "provider_added":
    case "provider_removed":
      return KIND_LABELS[entry.kind];
    case "fact_added":
      return `${entry.path}: Fact added: ${quoted(after)}`;
    case "fact_removed":
      return `${entry.path}: Fact removed, was ${quoted(before)}`;
    case "value_changed":
      return `${entry.path}: value changed ${valueChange(before?.value ?? null, after?.value ?? null)} (${stateAfter(after)})`;
    case "status_raised":
    case "status_lowered":
      return `${entry.path}: ${KIND_LABELS[entry.kind]} from ${before?.status ?? "none"} to ${after?.status ?? "none"}, now ${quoted(after)}`;
    case "verified":
      return `${entry.path}: verified again on ${after?.verified_at ?? "never"} (before: ${before?.verified_at ?? "never"}), now ${quoted(after)}`;
    case "source_changed":
      return `${entry.path}: source changed from ${sourceOf(before)} to ${sourceOf(after)}`;
  }
}

