import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rootHostFiles } from "../scripts/site/hosts/hosts.js";
import { REPO_ROOT } from "./helpers.js";

describe("host files at the project root", () => {
  for (const [name, text] of rootHostFiles()) {
    it(`${name} is committed exactly as the build generates it (edit scripts/routes.ts, then npm run build)`, async () => {
      expect(await fs.readFile(path.join(REPO_ROOT, name), "utf8")).toBe(text);
    });

    it(`${name} carries the security headers and never allows credentials`, () => {
      for (const header of ["Access-Control-Allow-Origin", "X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy"]) {
        expect(text).toContain(header);
      }
      expect(text).not.toContain("Access-Control-Allow-Credentials");
    });
  }
});

/** A `_headers` path pattern as Netlify and Cloudflare read it: `*` matches anything, the rest literally. */
const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(path);

describe("_headers", () => {
  it("never sets Content-Type twice for one path (Cloudflare joins them with a comma)", async () => {
    const { headersFile } = await import("../scripts/site/hosts/hosts.js");
    const rules: Array<{ pattern: string; headers: string[] }> = [];
    for (const line of headersFile().split("\n")) {
      if (line.startsWith("/")) rules.push({ pattern: line, headers: [] });
      else if (line.startsWith("  ") && rules.length) rules.at(-1)!.headers.push(line.trim().split(":")[0]!);
    }
    const paths = ["/api/data", "/api/data/", "/api/data/index.json", "/api/data/acme-ai", "/api/data/acme-ai/index.json", "/api/status", "/api/status/", "/api/status.json", "/api/openapi.json", "/api/provider.schema.json", "/api/review-queue.json", "/api/data.csv", "/api/providers.csv", "/404.html", "/404.json", "/index.html", "/providers/acme-ai.html", "/api/changes/2.json", "/archive/index.json", "/archive/2026-11-25.0123456789ab.json", `/archive/records/${"a".repeat(64)}.json`, "/datapackage.json", "/api/dcat-ap.jsonld"];
    for (const path of paths) {
      const setting = rules.filter((rule) => rule.headers.includes("Content-Type") && matches(rule.pattern, path)).map((rule) => rule.pattern);
      expect(setting.length, `${path}: ${setting.join(", ")}`).toBeLessThanOrEqual(1);
    }
    expect(matches("/api/data/*", "/api/data/index.json")).toBe(true);
    // The archive's JSON is JSON; the versions page in its folder is a page, typed by its file as every page is.
    for (const path of ["/archive/index.json", `/archive/records/${"a".repeat(64)}.json`]) expect(rules.some((rule) => rule.headers.includes("Content-Type") && matches(rule.pattern, path)), path).toBe(true);
    for (const path of ["/archive/", "/archive/index.html", "/sv/archive/", "/sv/archive/index.html"]) expect(rules.filter((rule) => rule.headers.includes("Content-Type") && matches(rule.pattern, path)), path).toEqual([]);
  });

  it("makes each CSV file a download named with the version, once per path; the root copy names no version", async () => {
    const { headersFile } = await import("../scripts/site/hosts/hosts.js");
    const rulesOf = (text: string) => {
      const rules: Array<{ pattern: string; lines: string[] }> = [];
      for (const line of text.split("\n")) {
        if (line.startsWith("/")) rules.push({ pattern: line, lines: [] });
        else if (line.startsWith("  ") && rules.length) rules.at(-1)!.lines.push(line.trim());
      }
      return rules;
    };
    const dispositions = (text: string, path: string) => rulesOf(text).filter((rule) => matches(rule.pattern, path)).flatMap((rule) => rule.lines.filter((line) => line.startsWith("Content-Disposition:")));
    const published = headersFile("2026-11-25.0123456789ab");
    expect(dispositions(published, "/api/providers.csv")).toEqual(['Content-Disposition: attachment; filename="eu-ai-infra-evidence-providers-2026-11-25.0123456789ab.csv"']);
    expect(dispositions(published, "/api/data.csv")).toEqual(['Content-Disposition: attachment; filename="eu-ai-infra-evidence-data-2026-11-25.0123456789ab.csv"']);
    expect(dispositions(published, "/api/data/index.json")).toEqual([]);
    expect(dispositions(headersFile(), "/api/data.csv")).toEqual(['Content-Disposition: attachment; filename="eu-ai-infra-evidence-data.csv"']);
  });
});

describe("netlify.toml and vercel.json", () => {
  it("leave the version out: netlify.toml sets no Content-Disposition (Netlify would join it with _headers'), vercel.json names the file alone", () => {
    const files = rootHostFiles();
    expect(files.get("netlify.toml")).not.toContain("Content-Disposition");
    const vercel = JSON.parse(files.get("vercel.json")!) as { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
    const disposition = vercel.headers.flatMap((rule) => rule.headers.filter((header) => header.key === "Content-Disposition").map((header) => [rule.source, header.value]));
    expect(disposition).toEqual([
      ["/api/data.csv", 'attachment; filename="eu-ai-infra-evidence-data.csv"'],
      ["/api/providers.csv", 'attachment; filename="eu-ai-infra-evidence-providers.csv"'],
    ]);
  });
});
