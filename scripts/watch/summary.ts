import type { WatchRun } from "./run.js";

const code = (text: string) => `\`${text.replace(/[`\r\n]/g, "").slice(0, 200)}\``;

/** The refresh pull request's section on the cited pages: what changed, went, moved or was newly dated. */
export function watchSummaryText(run: WatchRun): string {
  const citedBy = new Map(run.cited.map((item) => [item.url, item.citedBy]));
  const who = (url: string) => [...new Set((citedBy.get(url) ?? []).map((entry) => entry.id))].join(", ");
  const section = (title: string, items: WatchRun["outcomes"], detail: (item: WatchRun["outcomes"][number]) => string) =>
    items.length === 0 ? [] : ["", `### ${title} (${items.length})`, "", ...items.slice(0, 100).map((item) => `- ${code(item.url)} (${who(item.url)})${detail(item)}`), ...(items.length > 100 ? [`- and ${items.length - 100} more in data/sources.json`] : [])];
  const changed = run.outcomes.filter((item) => item.outcome === "changed");
  const gone = run.outcomes.filter((item) => item.outcome === "gone");
  const moved = run.outcomes.filter((item) => item.outcome === "moved");
  const dated = run.outcomes.filter((item) => item.entry.page_date !== null && item.previous?.page_date == null);
  const lines = [
    "## Source watch",
    "",
    `${run.cited.length} cited pages on ${run.hosts} hosts checked. A changed page does not change a Fact: it puts the Facts citing it in the review queue until someone re-reads the page.`,
    ...section("Changed", changed, (item) => (item.entry.change_excerpt ? `: ${code(item.entry.change_excerpt)}` : "")),
    ...section("Gone", gone, (item) => `: ${item.entry.error ?? `HTTP ${item.entry.status}`}`),
    ...section("Moved to another site", moved, (item) => (item.entry.final_url ? `: now ${code(item.entry.final_url)}` : "")),
    ...section("Newly dated", dated, (item) => `: ${item.entry.page_date} (${item.entry.page_date_basis ?? "no basis"})`),
  ];
  return `${lines.join("\n")}\n`;
}
