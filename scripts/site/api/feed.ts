import type { ChangeEntry, ChangeKind, ChangesDocument, FactState } from "../../history/shapes.js";
import { sameJson } from "../../history/diff.js";
import { formatSourceDate } from "../../schema/primitives.js";

/** Characters XML 1.0 cannot carry at all, escaped or not (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for XML content and quoted attributes: escaped, and what XML cannot hold shown as U+FFFD. */
export function xmlText(value: unknown): string {
  return String(value)
    .replace(NOT_XML, "\ufffd")
    .replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);
}

const KIND_LABELS: Record<ChangeKind, string> = {
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

/** encodeURIComponent throws on a lone surrogate; such a character becomes U+FFFD first. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const urlSegment = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));

/** A value as one short line: long lists (a models list) would drown the change itself. */
function shortValue(value: unknown, max = 200): string {
  const text = JSON.stringify(value) ?? "null";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Items of `from` that `to` does not have, compared as JSON (a list of models, locations, certifications). */
const missingFrom = (from: readonly unknown[], to: readonly unknown[]) => from.filter((item) => !to.some((other) => sameJson(item, other)));

const someItems = (items: readonly unknown[], shown = 5) =>
  `${items.slice(0, shown).map((item) => shortValue(item, 80)).join(", ")}${items.length > shown ? `, … and ${items.length - shown} more` : ""}`;

/** What names an item of a list across versions: its name, id or country (a model, a link, a location). */
function identityOf(item: unknown): string | null {
  if (!isPlainObject(item)) return null;
  for (const key of ["name", "id", "country"]) if (typeof item[key] === "string") return `${key} ${JSON.stringify(item[key])}`;
  return null;
}

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

export interface FeedOptions {
  /** The site's address without a trailing slash, as the other pages use it. */
  baseUrl: string;
  title?: string;
}

/** Entries of one commit and one provider: one feed item, as a reader follows a provider, not a Fact. */
function groupsOf(entries: readonly ChangeEntry[]): ChangeEntry[][] {
  const groups = new Map<string, ChangeEntry[]>();
  for (const entry of entries) {
    const key = `${entry.commit}\0${entry.provider_id}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()];
}

/** Atom has date-times only; a change carries its commit's day. */
const dayStart = (date: string) => `${date}T00:00:00Z`;

/**
 * /feed.xml: an Atom 1.0 feed (RFC 4287) of the same changes as /api/changes.json, one entry per commit
 * and provider, linking to the provider's page. Pure; every value from the data is escaped.
 */
export function atomFeed(document: ChangesDocument, options: FeedOptions): string {
  const base = options.baseUrl.replace(/\/+$/, "");
  // A tag: URI (RFC 4151) names each entry for good, whatever address the site moves to later.
  const authority = new URL(base).hostname;
  const groups = groupsOf(document.entries);
  const newest = document.entries[0]?.date;
  const subtitle =
    document.history === "git"
      ? `Fact-by-Fact changes of the dataset, from the git history of data/. ${document.note ?? ""}`
      : `No change history: ${document.note ?? "unavailable"} This does not mean that nothing changed.`;
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${xmlText(`${base}/feed.xml`)}</id>`,
    `  <title>${xmlText(options.title ?? "European AI infrastructure evidence: changes")}</title>`,
    `  <subtitle>${xmlText(subtitle.trim())}</subtitle>`,
    `  <updated>${xmlText(newest ? dayStart(newest) : document.generated_at)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${base}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${base}/`)}"/>`,
    `  <link rel="related" type="application/json" href="${xmlText(`${base}/api/changes.json`)}"/>`,
    `  <author><name>Dataset maintainers</name><uri>${xmlText(`${base}/methodology.html`)}</uri></author>`,
    `  <rights>Data: CC BY 4.0. Quote every value with its status, verification date and source date.</rights>`,
  ];
  for (const group of groups) {
    const first = group[0]!;
    const id = urlSegment(first.provider_id);
    // Which Facts changed, and how: the title alone tells a reader whether to open the entry.
    const facts = [...new Set(group.map((entry) => (entry.path === "$" ? KIND_LABELS[entry.kind] : `${entry.path.replace(/^\$\.?/, "")} ${KIND_LABELS[entry.kind]}`)))];
    const kinds = facts.length > 3 ? `${facts.slice(0, 3).join(", ")} and ${facts.length - 3} more` : facts.join(", ");
    // A removed provider has no page any more: its entry links to the change list instead.
    const removed = group.some((entry) => entry.kind === "provider_removed");
    const href = removed ? `${base}/api/changes.json` : `${base}/providers/${id}.html`;
    const version = `, dataset version ${first.dataset_version}`;
    lines.push(
      `  <entry>`,
      `    <id>${xmlText(`tag:${authority},${first.date}:changes/${first.commit}/${id}`)}</id>`,
      `    <title>${xmlText(`${first.provider_id}: ${kinds}`)}</title>`,
      `    <updated>${xmlText(dayStart(first.date))}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(href)}"/>`,
      `    <summary type="text">${xmlText(`${group.length} change(s) to ${first.provider_id} in commit ${first.commit} on ${first.date}${version}.`)}</summary>`,
      `    <content type="text">${xmlText(group.map(describeChange).join("\n"))}</content>`,
      `  </entry>`,
    );
  }
  lines.push(`</feed>`);
  return `${lines.join("\n")}\n`;
}
