import type { ChangeEntry, ChangesDocument } from "../../history/shapes.js";
import { KIND_LABELS, describeChange } from "../../history/describe.js";

export { describeChange, valueChange } from "../../history/describe.js";

/** Characters XML 1.0 cannot carry at all, escaped or not (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for XML content and quoted attributes: escaped, and what XML cannot hold shown as U+FFFD. */
export function xmlText(value: unknown): string {
  return String(value)
    .replace(NOT_XML, "\ufffd")
    .replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);
}

/** encodeURIComponent throws on a lone surrogate; such a character becomes U+FFFD first. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const urlSegment = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd"));

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
