import { formatSourceDate, withoutHiddenCharacters } from "../schema/primitives.js";
import type { Aspect, FactChange, FactSide, ProviderChange } from "./diff.js";

/**
 * The difference as Markdown for a pull request's check summary: one table per provider, one row per changed
 * aspect of a Fact (value, status, source, source date, verified, quote), before and after. Every text from the
 * data is escaped, since the pull request is untrusted: no value can add a link, an image, HTML or a table cell.
 */

/** Rows listed at most; the rest are counted (a summary holds 1 MiB). */
export const MAX_ROWS = 600;

/** Text from the data as one table cell's text: no line break, no Markdown or HTML of its own, bounded. */
export function cellText(text: string, max = 200): string {
  const flat = withoutHiddenCharacters(text).replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  return cut.replace(/[\\`*_{}[\]()#+!|<>~&]/g, (character) => (character === "<" ? "&lt;" : character === ">" ? "&gt;" : character === "&" ? "&amp;" : `\\${character}`));
}

const valueText = (value: unknown) => (value === null || value === undefined ? "—" : cellText(typeof value === "string" ? value : JSON.stringify(value)));

/** One aspect of a Fact, as a cell. */
function aspectText(side: FactSide, aspect: Aspect): string {
  switch (aspect) {
    case "value":
      return valueText(side.value);
    case "status":
      return side.status === null ? "—" : cellText(String(side.status), 40);
    case "source":
      if (side.source_url === null && side.source_type === null) return "—";
      return `${side.source_url === null ? "no link" : cellText(String(side.source_url), 300)}${side.source_type === null ? "" : ` (${cellText(String(side.source_type), 40)})`}`;
    case "source date":
      return side.source_date === null ? "undated" : cellText(typeof side.source_date === "string" ? formatSourceDate(side.source_date) : String(side.source_date), 40);
    case "verified":
      return side.verified_at === null ? "—" : cellText(String(side.verified_at), 40);
    case "quote":
      if (side.quote === null) return "—";
      return `“${cellText(String(side.quote), 400)}”${side.locator === null ? "" : ` (${cellText(String(side.locator), 100)})`}`;
  }
}

/** A whole Fact in one cell: what an added or removed Fact said. */
function wholeFact(side: FactSide): string {
  const parts = [`${aspectText(side, "value")} · ${aspectText(side, "status")}`, aspectText(side, "source"), `source date ${aspectText(side, "source date")}`, `verified ${aspectText(side, "verified")}`];
  if (side.quote !== null) parts.push(aspectText(side, "quote"));
  return parts.join(" · ");
}

function factRows(change: FactChange): string[] {
  const fact = `\`${withoutHiddenCharacters(change.path).replace(/[`\s]/g, "").replace(/\|/g, "\\|").slice(0, 200)}\``;
  if (change.kind === "added") return [`| ${fact} | added | | ${wholeFact(change.after!)} |`];
  if (change.kind === "removed") return [`| ${fact} | removed | ${wholeFact(change.before!)} | |`];
  const rows = change.aspects.map((aspect, index) => `| ${index === 0 ? fact : ""} | ${aspect} | ${aspectText(change.before!, aspect)} | ${aspectText(change.after!, aspect)} |`);
  if (change.others.length) rows.push(`| ${rows.length === 0 ? fact : ""} | also | ${cellText(change.others.join(", "))} changed | |`);
  return rows;
}

export interface DiffLabels {
  /** What the base is, in words (a short commit id). */
  base: string;
  /** What the head is, in words (a short commit id, or "the working tree"). */
  head: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function diffMarkdown(changes: readonly ProviderChange[], labels: DiffLabels): string {
  const count = (kind: ProviderChange["kind"]) => changes.filter((change) => change.kind === kind).length;
  const facts = changes.reduce((sum, change) => sum + ("facts" in change ? change.facts.length : 0), 0);
  const lines = [`### Data changes, Fact by Fact`, ""];
  lines.push(`From ${cellText(labels.base, 80)} to ${cellText(labels.head, 80)}: ${plural(count("changed"), "provider")} changed, ${count("added")} added, ${count("removed")} removed; ${plural(facts, "Fact or field")} (seed files in data/providers/, as written).`);
  if (changes.length === 0) {
    lines.push("", "No provider's seed file changes.");
    return `${lines.join("\n")}\n`;
  }
  let rows = 0;
  let left = 0;
  for (const change of changes) {
    const heading = `#### ${cellText(change.id, 80)} (${cellText(change.name, 120)}): ${change.kind}`;
    if (change.kind === "unreadable") {
      lines.push("", heading, "", `The ${change.side === "head" ? "proposed" : "base"} file could not be read: ${cellText(change.reason)}. npm run validate says why.`);
      continue;
    }
    if (change.kind === "removed") {
      lines.push("", heading, "", "The seed file is deleted, and every Fact of it with it.");
      continue;
    }
    const body = change.facts.flatMap(factRows);
    if (rows >= MAX_ROWS) {
      left += body.length;
      continue;
    }
    const shown = body.slice(0, MAX_ROWS - rows);
    left += body.length - shown.length;
    rows += shown.length;
    lines.push("", heading, "", "| Fact | | Before | After |", "|---|---|---|---|", ...shown);
  }
  if (left) lines.push("", `… and ${left} more rows, not shown here: run \`npm run diff-facts -- --base <ref>\` to see them all.`);
  lines.push("", "Check each value against its source and quote (the quote must be the source's own words), the status against the table in CONTRIBUTING.md, and both dates.");
  return `${lines.join("\n")}\n`;
}
