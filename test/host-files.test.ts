import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rootHostFiles } from "../scripts/site/hosts.js";
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
