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
    const paths = ["/api/data", "/api/data/", "/api/data/index.json", "/api/data/acme-ai", "/api/data/acme-ai/index.json", "/api/status", "/api/status/", "/api/status.json", "/api/openapi.json", "/api/provider.schema.json", "/api/review-queue.json", "/api/data.csv", "/api/providers.csv", "/404.html", "/404.json", "/index.html", "/providers/acme-ai.html"];
    for (const path of paths) {
      const setting = rules.filter((rule) => rule.headers.includes("Content-Type") && matches(rule.pattern, path)).map((rule) => rule.pattern);
      expect(setting.length, `${path}: ${setting.join(", ")}`).toBeLessThanOrEqual(1);
    }
    expect(matches("/api/data/*", "/api/data/index.json")).toBe(true);
  });
});
