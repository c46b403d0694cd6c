import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai")]);
  await tree.build();
});
afterAll(async () => tree?.cleanup());

/**
 * The llmstxt.org structure, as its reference parser reads it: a title, a quoted summary, free text, then
 * `## ` sections whose lines are `- [title](url): description` links.
 */
function parseLlmsTxt(text: string) {
  const [head = "", ...sectionTexts] = text.split(/^## /m);
  const title = /^# (.+)$/m.exec(head)?.[1];
  const summary = /^> (.+)$/m.exec(head)?.[1];
  const sections = sectionTexts.map((section) => {
    const [name = "", ...lines] = section.split("\n");
    const items = lines.filter((line) => line.trim() !== "");
    const links = items.map((line) => /^-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?$/.exec(line)?.groups ?? null);
    return { name: name.trim(), items, links };
  });
  return { title, summary, sections };
}

describe("llms.txt", () => {
  it("parses as llmstxt.org: title, summary, and sections made only of links", async () => {
    const parsed = parseLlmsTxt(await tree.read("llms.txt"));
    expect(parsed.title).toBe("European AI infrastructure evidence API");
    expect(parsed.summary).toContain("No key needed");
    expect(parsed.sections.map((section) => section.name)).toEqual(["API", "Docs", "Optional"]);
    for (const section of parsed.sections) {
      expect(section.links.length).toBeGreaterThan(0);
      expect(section.links.every((link) => link !== null), section.items.join("\n")).toBe(true);
      for (const link of section.links) expect(link!["url"]!.startsWith(`${BASE_URL}/`)).toBe(true);
    }
    const urls = parsed.sections.flatMap((section) => section.links.map((link) => link!.url));
    for (const expected of ["/api/data", "/api/status", "/api/openapi.json", "/methodology.html", "/api/provider.schema.json"]) {
      expect(urls).toContain(`${BASE_URL}${expected}`);
    }
  });

  it("finds nothing in a guide written as plain lines (so the check above can fail)", () => {
    const parsed = parseLlmsTxt("# T\n\n> s\n\n## Endpoints\n\n- GET https://x.example/api/data — the whole dataset\n");
    expect(parsed.sections[0]!.links).toEqual([null]);
  });
});
