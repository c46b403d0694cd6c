import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let server: RunningServer;

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai")]);
  await tree.build();
  server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
});
afterAll(async () => {
  await server?.close();
  await tree?.cleanup();
});

describe("the pages in two languages, and the new answers, under npm start", () => {
  it("serves the Swedish site at /sv/, and sends /sv there with its query, so relative links resolve", async () => {
    const page = await fetch(`${server.origin}/sv/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain('<html lang="sv" data-page="index.html">');
    const bare = await fetch(`${server.origin}/sv?dpa=true`, { redirect: "manual" });
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/sv/?dpa=true");
    expect((await fetch(`${server.origin}/sv/providers/acme-ai.html`)).status).toBe(200);
  });

  it("answers a missing address under /sv/ with the Swedish page for people, and elsewhere with the English one", async () => {
    for (const [path, lang, heading] of [
      ["/sv/providers/nope.html", "sv", "Sidan finns inte"],
      ["/sv/nope", "sv", "Sidan finns inte"],
      ["/providers/nope.html", "en", "Page not found"],
    ] as const) {
      const response = await fetch(`${server.origin}${path}`, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
      const page = await response.text();
      expect(page, path).toContain(`<html lang="${lang}"`);
      expect(page, path).toContain(`<h1>${heading}</h1>`);
    }
    // An unknown API path is still the JSON Error body.
    expect((await fetch(`${server.origin}/api/data/nope`)).headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("writes the Swedish pages' links through the site root, so a page served at /SV still leads into /sv/", async () => {
    const response = await fetch(`${server.origin}/SV`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="sv"');
    expect(page).toContain('href="../sv/providers/acme-ai.html"');
    expect(page).not.toMatch(/href="providers\//);
    // From /SV (base "/") and from /sv/ alike, "../sv/providers/…" is the Swedish page.
    expect(new URL("../sv/providers/acme-ai.html", `${server.origin}/SV`).pathname).toBe("/sv/providers/acme-ai.html");
    expect(new URL("../sv/providers/acme-ai.html", `${server.origin}/sv/`).pathname).toBe("/sv/providers/acme-ai.html");
  });

  it("serves the comparison, the price pages and the light index with their types and CORS", async () => {
    for (const [path, type] of [
      ["/compare.html?ids=acme-ai,beta-ai", "text/html; charset=utf-8"],
      ["/pack.html?id=acme-ai", "text/html; charset=utf-8"],
      ["/sv/pack.html?id=acme-ai", "text/html; charset=utf-8"],
      ["/sv/compare.html", "text/html; charset=utf-8"],
      ["/prices.html", "text/html; charset=utf-8"],
      ["/api/providers.json", "application/json; charset=utf-8"],
      ["/api/prices.json", "application/json; charset=utf-8"],
      ["/api/prices.csv", "text/csv; charset=utf-8"],
    ] as const) {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe(type);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });
});
