import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)`);

const HOSTILE_NAME = `<script>window.__xss = 1</script>Evil "Corp"`;
const HOSTILE_NOTE = `"><img src=x onerror="window.__xss = 2"> & more`;

let tree: Tree;
let api: RunningServer;
let other: http.Server;
let otherOrigin: string;
let browser: Browser;

const country = (code: string) => ({
  country_hq: { value: code, status: "confirmed", source_url: "https://a.example/legal", source_type: "provider_terms", source_date: null, verified_at: "2026-11-01", verified_by: "manual" },
});

describe.skipIf(!available)("in a real browser (headless Chromium)", () => {
  beforeAll(async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        name: "Acme AI",
        ownership: country("SE"),
        // Long words, URLs and a wide models table: what pushed pages sideways on phones.
        compliance: {
          subprocessors_list_url: confirmedFact("https://acme.example/legal/subprocessors/2026-06-01/list-of-all-subprocessors-and-their-locations.html", {
            source_type: "provider_terms",
            note: "Platform described as hosted in Sweden; see https://acme.example/legal/data-processing-agreement-version-2026-06-01-final.pdf and the Datenverarbeitungsvereinbarungsergänzung for details.",
          }),
        },
        models: confirmedFact(
          Array.from({ length: 6 }, (_, i) => ({ name: `vendor/Very-Long-Model-Name-Instruct-2507-FP8-${i}`, type: "open", category: "text", context_tokens: 131072, input_price: 0.2, output_price: 0.6, version: "2025-07" })),
          { partial: true, source_type: "provider_docs" },
        ),
        pricing: { currency: confirmedFact("EUR", { source_type: "pricing_page" }) },
      }),
      minimalRecord("beta-gpu", { name: "Beta GPU", category: "compute_gpu", ownership: country("DE") }),
      minimalRecord("gamma-router", { name: "Gamma Router", category: "gateway_router", ownership: country("SE") }),
      minimalRecord("evil-corp", {
        name: HOSTILE_NAME,
        own_weights: { value: false, status: "claimed", source_url: "https://a.example/x", source_type: "provider_site", source_date: null, note: HOSTILE_NOTE },
      }),
    ]);
    await tree.build();
    api = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    // A second origin whose page calls the API: CORS is proven by the browser, not by a header check.
    other = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><body><pre id="out">waiting</pre><script>
        Promise.all([fetch(${JSON.stringify(api.origin)} + "/api/data").then(r => r.json()), fetch(${JSON.stringify(api.origin)} + "/api/status").then(r => r.json())])
          .then(([data, status]) => { document.getElementById("out").textContent = "providers=" + data.providers.length + " total=" + status.providers_total; })
          .catch((error) => { document.getElementById("out").textContent = "failed: " + error; });
      </script></body></html>`);
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    other?.closeAllConnections();
    await new Promise((resolve) => other?.close(resolve));
    await api?.close();
    await tree?.cleanup();
  });

  async function open(path: string, origin = api.origin): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBe(200);
    return { page, errors };
  }

  const visibleRows = (page: Page) => page.locator("#providers tbody tr:not([hidden])").count();

  it("the index loads with no console error and shows every provider", async () => {
    const { page, errors } = await open("/");
    expect(await page.locator("h1").textContent()).toContain("providers");
    expect(await visibleRows(page)).toBe(4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a provider page loads with no console error and labels claimed as own statement", async () => {
    const { page, errors } = await open("/providers/acme-ai.html");
    expect(await page.locator("h1").textContent()).toBe("Acme AI");
    expect(await page.locator(".badge-confirmed").first().textContent()).toBe("confirmed");
    expect(errors).toEqual([]);
    const evil = await open("/providers/evil-corp.html");
    expect(await evil.page.locator(".badge-claimed").first().textContent()).toBe("own statement");
    await page.close();
    await evil.page.close();
  });

  it("filters by category and country and a text search narrow the table", async () => {
    const { page } = await open("/index.html");
    await page.selectOption("#filter-category", "compute_gpu");
    expect(await visibleRows(page)).toBe(1);
    await page.selectOption("#filter-category", "");
    await page.selectOption("#filter-country", "SE");
    expect(await visibleRows(page)).toBe(2);
    await page.fill("#filter-text", "gamma");
    expect(await visibleRows(page)).toBe(1);
    expect(await page.locator("#shown").textContent()).toBe("1 of 4 providers shown.");
    await page.selectOption("#filter-country", "");
    await page.fill("#filter-text", "");
    expect(await visibleRows(page)).toBe(4);
    // Keyboard: the filters are reachable with Tab.
    await page.focus("#filter-category");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("filter-country");
    await page.close();
  });

  for (const path of ["/", "/providers/acme-ai.html", "/providers/evil-corp.html", "/methodology.html"]) {
    it(`${path} fits a 390 px phone screen: nothing scrolls sideways`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${api.origin}${path}`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(innerWidth).toBe(390);
      expect(scrollWidth).toBeLessThanOrEqual(390);
      await page.close();
    });
  }

  it("offers a citation for every researched Fact, with both dates, the source and the dataset version", async () => {
    const { page } = await open("/providers/acme-ai.html");
    const row = page.locator("#fact-pricing-currency");
    await row.locator("details.cite summary").click();
    const text = await row.locator("details.cite p").textContent();
    expect(text).toContain("Acme AI, Currency: EUR (confirmed; verified 2026-11-01, source dated 2026-10-15, source: https://acme.example/page)");
    const version = JSON.parse(await fs.readFile(path.join(tree.paths.publicDir, "api", "status.json"), "utf8")).dataset_version;
    expect(version).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}$/);
    expect(text).toContain(`version ${version} (${BASE_URL}/archive/${version}.json), CC BY 4.0`);
    expect(text).toContain("/providers/acme-ai.html#fact-pricing-currency");
    // The source link names the site it leads to, not the kind of source.
    expect(await row.locator("td[data-label=Source] a").textContent()).toBe("acme.example");
    await page.close();
  });

  it("keeps the filters in the URL, so a filtered view can be shared, and sorts by a column", async () => {
    const { page, errors } = await open("/index.html?country=SE&q=gamma");
    expect(await visibleRows(page)).toBe(1);
    expect(await page.inputValue("#filter-country")).toBe("SE");
    await page.selectOption("#filter-country", "");
    await page.fill("#filter-text", "");
    await page.selectOption("#filter-category", "compute_gpu");
    expect(new URL(page.url()).search).toBe("?category=compute_gpu");
    await page.selectOption("#filter-category", "");
    expect(new URL(page.url()).search).toBe("");
    // Sorting by the provider column, then again the other way.
    const names = () => page.locator("#providers tbody th[scope=row]").allTextContents();
    await page.click("#providers thead th:first-child button");
    const ascending = await names();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.click("#providers thead th:first-child button");
    expect(await names()).toEqual([...ascending].reverse());
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps the sort order in the URL: a shared ?sort=-name opens sorted, and a click writes it", async () => {
    const { page, errors } = await open("/index.html?sort=-name");
    const names = () => page.locator("#providers tbody th[scope=row]").allTextContents();
    const descending = await names();
    expect(descending).toEqual([...descending].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(await page.getAttribute("#providers thead th:first-child", "aria-sort")).toBe("descending");
    await page.click("#providers thead th:first-child button");
    expect(new URL(page.url()).searchParams.get("sort")).toBe("name");
    await page.selectOption("#filter-category", "compute_gpu");
    expect(new URL(page.url()).search).toBe("?category=compute_gpu&sort=name");
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const width of [390, 1280]) {
    it(`keeps the provider name in view at ${width} px when the table scrolls sideways`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${api.origin}/index.html`);
      const scroller = page.locator(".scroll").first();
      const before = await page.locator("#providers tbody th[scope=row]").first().boundingBox();
      const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
      await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
      const after = await page.locator("#providers tbody th[scope=row]").first().boundingBox();
      if (wide) expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(after!.x).toBeCloseTo(before!.x, 0);
      expect(after!.width).toBeGreaterThan(40);
      await page.close();
    });
  }

  it("a page on another origin fetches /api/data and /api/status (CORS, in the browser)", async () => {
    const { page, errors } = await open("/", otherOrigin);
    await page.waitForFunction(() => document.getElementById("out")?.textContent !== "waiting");
    expect(await page.locator("#out").textContent()).toBe("providers=4 total=4");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows hostile names and notes as text and runs none of them", async () => {
    for (const path of ["/", "/providers/evil-corp.html"]) {
      const { page } = await open(path);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.locator("img").count()).toBe(0);
      expect(await page.locator("body").textContent()).toContain(HOSTILE_NAME);
      if (path !== "/") expect(await page.locator("body").textContent()).toContain(HOSTILE_NOTE);
      await page.close();
    }
  });
});
