import { cleanText, markdownCode } from "../net/outsideText.js";
import type { WatchRun } from "./run.js";

type Item = WatchRun["outcomes"][number];

/**
 * The refresh pull request's section on the cited pages: what changed, went, moved, was newly dated or was
 * refused. Everything a page said is quoted in a code span, cleaned of control and bidirectional characters,
 * so it renders as text: no link, no image, no @-mention.
 */
export function watchSummaryText(run: WatchRun): string {
  const citedBy = new Map(run.cited.map((item) => [item.url, item.citedBy]));
  const who = (url: string) => cleanText([...new Set((citedBy.get(url) ?? []).map((entry) => entry.id))].join(", "), 300);
  const section = (title: string, items: Item[], detail: (item: Item) => string) =>
    items.length === 0 ? [] : ["", `### ${title} (${items.length})`, "", ...items.slice(0, 100).map((item) => `- ${markdownCode(item.url)} (${who(item.url)})${detail(item)}`), ...(items.length > 100 ? [`- and ${items.length - 100} more in data/sources.json`] : [])];
  const having = (outcome: string) => run.outcomes.filter((item) => item.outcome === outcome);
  const dated = run.outcomes.filter((item) => item.entry !== null && item.entry.page_date !== null && item.previous?.page_date == null);
  // A page whose quotes were all found was read for its words; one that lost a quote is what a reviewer opens first.
  const lostQuote = run.outcomes.filter((item) => item.entry?.quotes !== undefined && Object.values(item.entry.quotes).includes(false) && !Object.values(item.previous?.quotes ?? {}).includes(false));
  const lines = [
    "## Source watch",
    "",
    `${run.cited.length} cited pages on ${run.hosts} hosts checked. A changed page does not change a Fact: it puts the Facts citing it in the review queue until someone re-reads the page.`,
    ...section("A quoted passage is no longer on the page", lostQuote, () => ""),
    ...section("Changed", having("changed"), (item) => (item.entry?.change_excerpt ? `: ${markdownCode(item.entry.change_excerpt, 300)}` : "")),
    ...section("Gone", having("gone"), (item) => `: ${markdownCode(item.entry?.error ?? `HTTP ${item.entry?.status}`)}`),
    ...section("Moved to another site", having("moved"), (item) => (item.entry?.final_url ? `: now ${markdownCode(item.entry.final_url)}` : "")),
    ...section("Newly dated", dated, (item) => `: ${item.entry!.page_date} (${markdownCode(item.entry!.page_date_basis ?? "no basis")})`),
    ...section("Refused at the door (the last good entry is kept)", having("refused"), (item) => `: ${markdownCode(item.reason ?? "refused", 300)}`),
  ];
  return `${lines.join("\n")}\n`;
}
