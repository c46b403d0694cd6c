import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { ANSWER_WORDS } from "../scripts/schema/answers.js";
import { asks, BUYER_QUESTIONS } from "../scripts/schema/buyerQuestions.js";
import { MESSAGES } from "../scripts/site/browse/messages.js";
import { BASE_URL, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The English UI words of the catalogue, to look for on the Swedish pages: every English string (and the fixed
 * parts of every template) that the Swedish catalogue does not also use, such as "OpenAPI".
 */
function englishCatalogue(): string[] {
  const strings = (node: unknown): string[] => {
    if (typeof node === "string") return [node];
    if (typeof node === "function") return String((node as (...args: string[]) => unknown)("\u0000", "\u0000", "\u0000", "\u0000")).split("\u0000");
    if (Array.isArray(node)) return node.flatMap(strings);
    if (node && typeof node === "object") return Object.values(node).flatMap(strings);
    return [];
  };
  const parts = (text: string) => text.split(/\{\w+\}/).map((part) => part.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""));
  const swedish = new Set([...strings(MESSAGES.sv), ...Object.values(ANSWER_WORDS.sv)].flatMap(parts));
  const english = new Set([...strings(MESSAGES.en), ...Object.values(ANSWER_WORDS.en)].flatMap(parts));
  return [...english].filter((phrase) => phrase.length >= 4 && !swedish.has(phrase));
}

/** The English phrases that stand as words of their own in a text. */
const englishIn = (text: string, english: readonly string[]) =>
  english.filter((phrase) => new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\p{L}]|$)`, "u").test(text));
const available = existsSync(CHROMIUM);
if (!available) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)`);
/** Set to a folder to keep screenshots and the printed comparison for a person to look at. */
const SHOTS = process.env.SCREENSHOTS_DIR;

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const HOSTILE_NAME = `<script>window.__xss = 1</script>Evil "Corp"`;
const HOSTILE_NOTE = `"><img src=x onerror="window.__xss = 2"> & more`;

let tree: Tree;
let api: RunningServer;
let other: http.Server;
let otherOrigin: string;
let browser: Browser;
let context: BrowserContext;

const terms = (value: unknown, extra: Record<string, unknown> = {}) => confirmedFact(value, { source_type: "provider_terms", source_url: "https://acme.example/terms", ...extra });
const own = (value: unknown, extra: Record<string, unknown> = {}) => ({ value, status: "claimed", source_url: "https://a.example/x", source_type: "provider_site", source_date: null, verified_at: "2026-11-01", verified_by: "manual", ...extra });

describe.skipIf(!available)("in a real browser (headless Chromium)", () => {
  beforeAll(async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        name: "Acme AI",
        ownership: { country_hq: terms("SE"), foreign_parent: terms(false) },
        sovereignty: {
          datacenter_locations: terms([{ country: "SE", city: "Stockholm" }], { partial: false }),
          data_residency_guarantee: terms("one_country"),
          infrastructure: terms([{ name: "Acme AI", kind: "own", jurisdiction: "SE" }], { partial: false }),
        },
        // Long words, URLs and a wide models table: what pushed pages sideways on phones.
        compliance: {
          gdpr_dpa_available: terms(true, { display: "Yes: the DPA is part of the terms", quote: "Our Data Processing Agreement forms part of these Terms.", locator: "Terms, section 9" }),
          iso_27001: { ...terms("certified"), status: "planned" },
          certifications: terms([{ name: "ISO/IEC 27001:2022", achieved: true }], { partial: true }),
          data_used_for_training: terms("never"),
          subprocessors_list_url: terms("https://acme.example/legal/subprocessors/2026-06-01/list-of-all-subprocessors-and-their-locations.html", {
            note: "Platform described as hosted in Sweden; see https://acme.example/legal/data-processing-agreement-version-2026-06-01-final.pdf and the Datenverarbeitungsvereinbarungsergänzung for details.",
          }),
        },
        models: confirmedFact(
          Array.from({ length: 6 }, (_, i) => ({ name: `vendor/Very-Long-Model-Name-Instruct-2507-FP8-${i}`, type: "open", category: "text", context_tokens: 131072, input_price: 0.2 + i, output_price: 0.6 + i, version: "2025-07" })),
          { partial: true, source_type: "provider_docs" },
        ),
        pricing: {
          currency: confirmedFact("EUR", { source_type: "pricing_page" }),
          vat_included: confirmedFact(false, { source_type: "pricing_page" }),
          price_per_1m_input_tokens: confirmedFact(0.2, { source_type: "pricing_page" }),
          price_per_1m_output_tokens: confirmedFact(0.6, { source_type: "pricing_page" }),
          reference_model: confirmedFact("vendor/Very-Long-Model-Name-Instruct-2507-FP8-0", { source_type: "pricing_page" }),
        },
      }),
      minimalRecord("delta-ai", {
        name: "Delta AI",
        ownership: { country_hq: terms("US") },
        sovereignty: { datacenter_locations: terms([{ country: "FR" }], { partial: false }) },
        compliance: { gdpr_dpa_available: terms(true), data_used_for_training: terms("opt_out") },
        pricing: { currency: confirmedFact("USD", { source_type: "pricing_page" }), price_per_1m_input_tokens: confirmedFact(0.1, { source_type: "pricing_page" }), reference_model: confirmedFact("small-1b", { source_type: "pricing_page" }) },
      }),
      minimalRecord("beta-gpu", { name: "Beta GPU", category: "compute_gpu", ownership: { country_hq: terms("DE") } }),
      minimalRecord("gamma-router", { name: "Gamma Router", category: "gateway_router", ownership: { country_hq: terms("SE") }, compliance: { data_used_for_training: own("depends_on_upstream") } }),
      minimalRecord("evil-corp", { name: HOSTILE_NAME, own_weights: { ...own(false), note: HOSTILE_NOTE } }),
      // One country, but outside the EU/EEA: an EU question must not let it through.
      minimalRecord("swiss-ai", {
        name: "Swiss AI",
        sovereignty: { datacenter_locations: terms([{ country: "CH" }], { partial: false }), data_residency_guarantee: terms("one_country") },
        compliance: { gdpr_dpa_available: terms(true) },
      }),
      minimalRecord("zeta-ai", {
        name: "Zeta AI",
        ownership: { country_hq: terms("SE"), ownership_jurisdiction: terms("SE"), foreign_parent: terms(false) },
        sovereignty: { infrastructure: terms([{ name: "AWS", kind: "cloud", jurisdiction: "US" }], { partial: false }) },
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
    context = await browser.newContext();
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    other?.closeAllConnections();
    await new Promise((resolve) => other?.close(resolve));
    await api?.close();
    await tree?.cleanup();
  });

  async function open(address: string, options: { width?: number; origin?: string; status?: number } = {}): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize({ width: options.width ?? 1280, height: 900 });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(`${options.origin ?? api.origin}${address}`);
    expect(response?.status()).toBe(options.status ?? 200);
    return { page, errors };
  }

  const shown = (page: Page) => page.locator("#providers > li:not([hidden])").evaluateAll((items) => items.map((item) => item.getAttribute("data-id")));

  it("the index loads in both languages with no console error, most researched first", async () => {
    for (const [address, heading] of [
      ["/", "European AI infrastructure providers"],
      ["/sv/", "Europeiska leverantörer av AI-infrastruktur"],
    ] as const) {
      const { page, errors } = await open(address);
      expect(await page.locator("h1").textContent()).toBe(heading);
      expect(await page.getAttribute("html", "lang")).toBe(address === "/" ? "en" : "sv");
      const ids = await shown(page);
      expect(ids).toHaveLength(7);
      expect(ids[0]).toBe("acme-ai");
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("answers the buyer's question from filters in the URL, counting what each filter keeps and sets aside", async () => {
    const { page, errors } = await open("/index.html?dc=SE&dpa=true&training=never,opt_in&price=1&cur=EUR");
    expect(await shown(page)).toEqual(["acme-ai"]);
    expect(await page.locator("#shown").textContent()).toBe("1 of 7 providers shown.");
    // Only Acme and Delta have researched a DPA: the other three are set aside, not counted as a no.
    expect(await page.locator("[data-count-for=dpa]").textContent()).toBe("keeps 1 · 0 not researched set aside");
    expect(await page.locator("[data-count-for=training]").textContent()).toBe("keeps 1 · 0 not researched set aside");
    expect(await page.isChecked("fieldset[data-filter=training] input[value=opt_in]")).toBe(true);
    // Loosen to DPA alone, and keep the providers whose answer is not researched.
    await page.goto(`${api.origin}/index.html?dpa=true`);
    expect(await shown(page)).toEqual(["acme-ai", "delta-ai", "swiss-ai"]);
    expect(await page.locator("[data-count-for=dpa]").textContent()).toBe("keeps 3 · 4 not researched set aside");
    await page.check("fieldset[data-filter=dpa] input[name=keep]");
    expect(await shown(page)).toHaveLength(7);
    expect(new URL(page.url()).search).toBe("?dpa=true&keep=dpa");
    // A price bound in one currency never compares another: Delta's USD price is set aside, not ranked.
    await page.goto(`${api.origin}/index.html?price=0.5&cur=EUR`);
    expect(await shown(page)).toEqual(["acme-ai"]);
    expect(await page.locator("[data-count-for=price]").textContent()).toBe("keeps 1 · 6 not researched set aside");
    expect(errors).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "index-1280-filtered.png"), fullPage: true });
    await page.close();
  });

  it("the language switch keeps the filters and the page", async () => {
    const { page } = await open("/index.html?dpa=true&training=never");
    await page.click("a.lang-switch");
    await page.waitForURL(/\/sv\/index\.html/);
    expect(new URL(page.url()).search).toBe("?dpa=true&training=never");
    expect(await page.locator("h1").textContent()).toBe("Europeiska leverantörer av AI-infrastruktur");
    expect(await shown(page)).toEqual(["acme-ai"]);
    expect(await page.locator("#providers li[data-id=acme-ai]").textContent()).toContain("aldrig bekräftad");
    await page.click("a.lang-switch");
    await page.waitForURL(/\/index\.html\?/);
    expect(new URL(page.url()).pathname).toBe("/index.html");
    const provider = await open("/providers/acme-ai.html#fact-pricing-currency");
    await provider.page.click("a.lang-switch");
    await provider.page.waitForURL(/\/sv\/providers\/acme-ai\.html#fact-pricing-currency$/);
    expect(await provider.page.locator("h2").first().textContent()).toBe("Översikt");
    await page.close();
    await provider.page.close();
  });

  it("ticking providers leads to the comparison, with every buyer question side by side", async () => {
    const { page, errors } = await open("/index.html");
    await page.check("#providers li[data-id=acme-ai] input[name=compare]");
    await page.check("#providers li[data-id=delta-ai] input[name=compare]");
    await page.check("#providers li[data-id=gamma-router] input[name=compare]");
    expect(await page.isVisible("#compare-bar")).toBe(true);
    expect(await page.getAttribute("#compare-link", "href")).toBe("compare.html?ids=acme-ai,delta-ai,gamma-router");
    await page.click("#compare-link");
    await page.waitForSelector("#compare-table");
    const headings = await page.locator("#compare-table thead th").allTextContents();
    expect(headings[0]).toBe("Question");
    expect(headings.slice(1).map((text) => text.split("\n")[0])).toEqual(["Acme AIInference APIprocurement pack", "Delta AIInference APIprocurement pack", "Gamma RouterGateway / routerprocurement pack"]);
    const row = (label: string) => page.locator("#compare-table tbody tr", { has: page.locator(`th:text-is("${label}")`) });
    expect(await row("DPA offered").locator("td").first().textContent()).toContain("yes confirmed");
    expect(await row("DPA offered").locator("td").first().textContent()).toContain("source dated 2026-10-15");
    expect(await row("DPA offered").locator("td").nth(2).textContent()).toBe("not researched");
    expect(await row("US CLOUD Act exposure").locator("td").nth(1).textContent()).toContain("exposed through ownership");
    expect(await row("US CLOUD Act exposure").locator("td").first().textContent()).toContain("no US entity found");
    expect(await page.locator("p.citation").textContent()).toMatch(/version \d{4}-\d{2}-\d{2}\.[0-9a-f]{12}/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("prints the comparison on A4 with no column cut off", async () => {
    const { page } = await open("/compare.html?ids=acme-ai,delta-ai,gamma-router,beta-gpu");
    await page.waitForSelector("#compare-table");
    await page.emulateMedia({ media: "print" });
    // A4 landscape less the 10 mm margins, at 96 px per inch.
    await page.setViewportSize({ width: Math.floor(((297 - 20) / 25.4) * 96), height: Math.floor(((210 - 20) / 25.4) * 96) });
    const fit = await page.evaluate(() => {
      const table = document.getElementById("compare-table")!;
      return { table: table.getBoundingClientRect().right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth, hidden: getComputedStyle(document.querySelector("header")!).display };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.width);
    expect(fit.scroll).toBeLessThanOrEqual(fit.width);
    expect(fit.hidden).toBe("none");
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    // Landscape A4 is 842 by 595 points.
    const box = /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
    expect(box, "a MediaBox").not.toBeNull();
    expect(Math.round(Number(box![1]))).toBe(842);
    expect(Math.round(Number(box![2]))).toBe(595);
    if (SHOTS) await writeFile(path.join(SHOTS, "compare.pdf"), pdf);
    await page.close();
  });

  it("without JavaScript the comparison says it needs it and links to the list and the provider pages", async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(`${api.origin}/compare.html?ids=acme-ai,delta-ai`);
    expect(await page.locator("body").textContent()).toContain("This page needs JavaScript");
    expect(await page.locator("noscript a[href='providers/acme-ai.html']").count()).toBe(1);
    const html = await page.content();
    expect(html).toContain('href="providers/acme-ai.html"');
    expect(html).toContain('href="index.html"');
    await plain.close();
  });

  it("the price page keeps each currency in a table of its own and sorts within it", async () => {
    const { page, errors } = await open("/prices.html");
    expect(await page.locator("table.prices").count()).toBe(2);
    expect(await page.locator("#prices-EUR tbody tr").count()).toBe(6);
    expect(await page.locator("#prices-USD tbody tr").count()).toBe(1);
    await page.click("#prices-EUR thead th:nth-child(3) button");
    await page.click("#prices-EUR thead th:nth-child(3) button");
    const inputs = await page.locator("#prices-EUR tbody td:nth-child(3)").allTextContents();
    expect(inputs.map(Number)).toEqual([...inputs.map(Number)].sort((a, b) => b - a));
    expect(await page.locator("#prices-USD tbody td:nth-child(3)").allTextContents()).toEqual(["0.10"]);
    expect(errors).toEqual([]);
    await page.close();
  });

  const PAGES = ["/", "/providers/acme-ai.html", "/pack.html?id=acme-ai", "/providers/evil-corp.html", "/methodology.html", "/compare.html?ids=acme-ai,delta-ai,zeta-ai", "/prices.html", "/providers/nope.html"];
  const BOTH = PAGES.flatMap((address) => [address, `/sv${address === "/" ? "/" : address}`]);

  for (const address of BOTH) {
    it(`${address} fits a 390 px phone screen and has no WCAG 2.1 A/AA violation (axe-core) at 390 and 1280 px`, async () => {
      for (const width of [390, 1280]) {
        const { page } = await open(address, { width, status: address.includes("nope") ? 404 : 200 });
        if (address.includes("compare")) await page.waitForSelector("#compare-table");
        if (address.includes("pack")) await page.waitForSelector("table.pack");
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(innerWidth).toBe(width);
        const wide = await page.evaluate((limit) => [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest(".scroll")).slice(0, 3).map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? "").slice(0, 40)}`), width);
        expect(scrollWidth, wide.join("; ")).toBeLessThanOrEqual(width);
        await page.evaluate(AXE);
        const violations = await page.evaluate(async () => {
          const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          });
          return result.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
        });
        expect(violations, `${address} at ${width} px`).toEqual([]);
        if (SHOTS && (address === "/" || address === "/sv/")) await page.screenshot({ path: path.join(SHOTS, `index-${address === "/" ? "en" : "sv"}-${width}.png`) });
        await page.close();
      }
    }, 60_000);
  }

  it("on a phone the results come before the filters", async () => {
    const { page } = await open("/index.html", { width: 390 });
    const results = await page.locator("#results").boundingBox();
    const filters = await page.locator("#filters").boundingBox();
    expect(results!.y).toBeLessThan(filters!.y);
    const wide = await open("/index.html", { width: 1280 });
    const side = await wide.page.locator("#filters").boundingBox();
    const main = await wide.page.locator("#results").boundingBox();
    expect(side!.x).toBeLessThan(main!.x);
    await page.close();
    await wide.page.close();
  });

  it("offers a citation for every researched Fact, with both dates, the source and the record's permanent copy", async () => {
    const { page } = await open("/providers/acme-ai.html");
    const row = page.locator("#fact-pricing-currency");
    await row.locator("details.cite summary").click();
    const text = await row.locator("details.cite p").textContent();
    expect(text).toContain("Acme AI, Currency: EUR (confirmed; verified 2026-11-01, source dated 2026-10-15, source: https://acme.example/page)");
    // The citation names the record's own content-addressed copy: the address serves exactly the bytes the page describes.
    const cited = /this provider's record: (\S+)\/archive\/records\/([0-9a-f]{64})\.json, (\S+)\/providers\/acme-ai\.html/.exec(text ?? "");
    expect(cited?.[1]).toBe(BASE_URL);
    const copy = readFileSync(path.join(tree.paths.publicDir, "archive", "records", `${cited![2]}.json`));
    expect(copy.equals(readFileSync(path.join(tree.paths.publicDir, "api", "data", "acme-ai", "index.json")))).toBe(true);
    expect(text).toContain("/providers/acme-ai.html#fact-pricing-currency");
    // The source link names the site it leads to, not the kind of source.
    expect(await row.locator("td[data-label=Source] a").textContent()).toBe("acme.example");
    await page.close();
  });

  it("a page on another origin fetches /api/data and /api/status (CORS, in the browser)", async () => {
    const { page, errors } = await open("/", { origin: otherOrigin });
    await page.waitForFunction(() => document.getElementById("out")?.textContent !== "waiting");
    expect(await page.locator("#out").textContent()).toBe("providers=7 total=7");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows hostile names and notes as text and runs none of them", async () => {
    for (const address of ["/", "/sv/", "/providers/evil-corp.html", "/compare.html?ids=evil-corp,acme-ai"]) {
      const { page } = await open(address);
      if (address.includes("compare")) await page.waitForSelector("#compare-table");
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.locator("img").count()).toBe(0);
      expect(await page.locator("body").textContent()).toContain(HOSTILE_NAME);
      if (address.includes("evil-corp.html")) expect(await page.locator("body").textContent()).toContain(HOSTILE_NOTE);
      await page.close();
    }
  });
  it("a page served at //sv, ///sv or /SV stays on this site and leads into the Swedish pages (review 5)", async () => {
    for (const odd of ["//sv", "///sv", "/SV"]) {
      const page = await context.newPage();
      await page.goto(`${api.origin}${odd}?dpa=true#results`);
      await page.waitForURL((url) => url.pathname === "/sv/", { timeout: 10_000 });
      const url = new URL(page.url());
      expect(url.origin, odd).toBe(api.origin);
      expect(`${url.search}${url.hash}`, odd).toBe("?dpa=true#results");
      await page.close();
    }
    // Without JavaScript a Swedish page served at /SV still links into the Swedish site.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    const response = await page.goto(`${api.origin}/SV`);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("sv");
    await page.click("#providers li[data-id=acme-ai] h3 a");
    expect(new URL(page.url()).pathname).toBe("/sv/providers/acme-ai.html");
    expect(await page.getAttribute("html", "lang")).toBe("sv");
    await plain.close();
  });

  it("answers a missing Swedish page with the Swedish not-found page, and an English one with the English page", async () => {
    const sv = await open("/sv/providers/nope.html", { status: 404 });
    expect(await sv.page.getAttribute("html", "lang")).toBe("sv");
    expect(await sv.page.locator("h1").textContent()).toBe("Sidan finns inte");
    await sv.page.click("main a >> nth=0");
    expect(new URL(sv.page.url()).pathname).toBe("/sv/index.html");
    const en = await open("/providers/nope.html", { status: 404 });
    expect(await en.page.getAttribute("html", "lang")).toBe("en");
    expect(await en.page.locator("h1").textContent()).toBe("Page not found");
    await sv.page.close();
    await en.page.close();
  });

  it("filters data centres anywhere in the EU/EEA, and residency in one EU/EEA country, without letting a Swiss one through", async () => {
    const { page, errors } = await open("/index.html?dc=eu_eea");
    expect(await page.isChecked("fieldset[data-filter=dc] input[value=eu_eea]")).toBe(true);
    expect(await page.locator("fieldset[data-filter=dc] label", { has: page.locator("input[value=eu_eea]") }).textContent()).toContain("anywhere in the EU/EEA");
    expect(await shown(page)).toEqual(["acme-ai", "delta-ai"]);
    expect(await page.locator("[data-count-for=dc]").textContent()).toBe("keeps 2 · 4 not researched set aside");
    await page.goto(`${api.origin}/index.html?residency=one_country_eu,eu_eea`);
    expect(await shown(page)).toEqual(["acme-ai"]);
    await page.goto(`${api.origin}/index.html?residency=one_country_other`);
    expect(await shown(page)).toEqual(["swiss-ai"]);
    // One name per scheme: ISO 27001 finds "ISO/IEC 27001:2022".
    await page.goto(`${api.origin}/index.html?certifications=ISO%2FIEC%2027001`);
    expect(await shown(page)).toEqual(["acme-ai"]);
    expect(await page.locator("fieldset[data-filter=certifications] input").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter((value) => value !== "certifications"))).toEqual(["ISO/IEC 27001"]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says on a phone how many filters are active, shows the results before the API links, and cites the filtered list", async () => {
    const { page } = await open("/index.html?dpa=true&training=never", { width: 390 });
    expect(await page.isVisible("#active-filters")).toBe(true);
    expect(await page.locator("#active-count").textContent()).toBe("2 filters active");
    const active = await page.locator("#active-filters").boundingBox();
    const first = await page.locator("#providers > li:not([hidden])").first().boundingBox();
    const downloads = await page.locator("#downloads").boundingBox();
    expect(active!.y).toBeLessThan(first!.y);
    expect(first!.y).toBeLessThan(downloads!.y);
    expect(active!.y).toBeLessThan(900);
    await page.click("#cite-list summary");
    const version = JSON.parse(readFileSync(path.join(tree.paths.publicDir, "api", "status.json"), "utf8")).dataset_version as string;
    const cite = await page.locator("#cite-list-text").textContent();
    expect(cite).toContain("1 of 7 providers (DPA offered: yes; Training on customer data: never).");
    expect(cite).toContain(`version ${version}, CC BY 4.0. ${api.origin}/index.html?dpa=true&training=never, retrieved `);
    await page.click("#clear-active");
    expect(await page.isVisible("#active-filters")).toBe(false);
    expect(await shown(page)).toHaveLength(7);
    await page.close();
  });

  it("prints the comparison as an annex: legend, output price, print date, the filters and the address", async () => {
    const { page } = await open("/index.html?dc=eu_eea&dpa=true");
    await page.check("#providers li[data-id=acme-ai] input[name=compare]");
    await page.check("#providers li[data-id=delta-ai] input[name=compare]");
    await page.click("#compare-link");
    await page.waitForSelector("#compare-table");
    expect(new URL(page.url()).search).toBe("?ids=acme-ai,delta-ai&dpa=true&dc=eu_eea");
    await page.emulateMedia({ media: "print" });
    const visible = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).display !== "none" && element.getBoundingClientRect().height > 0);
    expect(await visible("#legend")).toBe(true);
    const legend = await page.locator("#legend").textContent();
    for (const label of ["confirmed", "own statement", "press report", "third-party report", "derived", "planned", "not researched"]) expect(legend).toContain(label);
    expect(legend).toContain("never a no");
    const row = (label: string) => page.locator("#compare-table tbody tr", { has: page.locator(`th:text-is("${label}")`) });
    expect(await row("Output price of the same model, per 1M tokens").locator("td").first().textContent()).toContain("0.60 EUR out per 1M tokens, VAT excluded");
    expect(await row("Lowest price per 1M input tokens").locator("td").first().textContent()).toContain("0.20 EUR in / 0.60 EUR out per 1M tokens, VAT excluded");
    expect(await row("ISO 27001").locator("td").first().textContent()).toContain("certification in progress");
    expect(await row("DPA offered").locator("td").first().textContent()).toContain("Our Data Processing Agreement forms part of these Terms.");
    expect(await visible("#compare-table blockquote.quote")).toBe(true);
    const meta = (await page.locator(".annex-meta").allTextContents()).join(" ");
    expect(meta).toContain("Shortlist from the filters: DPA offered: yes; Data-centre countries: anywhere in the EU/EEA");
    const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`; });
    expect(meta).toContain(`Printed ${today} from ${api.origin}/compare.html?ids=acme-ai,delta-ai&dpa=true&dc=eu_eea`);
    // Screen-only lines stay off the paper, and no question label is a JSON path.
    expect(await visible("main > p.screen-only")).toBe(false);
    const labels = await page.locator("#compare-table tbody th[scope=row]").allTextContents();
    expect(labels.filter((label) => /[a-z]_[a-z]|\.[a-z]/.test(label))).toEqual([]);
    expect(await page.locator("#compare-table").textContent()).not.toMatch(/ownership\.country_hq|sovereignty\.infrastructure/);
    await page.close();
  });

  it("keeps the question column in view at 390 px and breaks no label inside a word", async () => {
    for (const address of ["/sv/compare.html?ids=acme-ai,delta-ai,zeta-ai", "/compare.html?ids=acme-ai,delta-ai"]) {
      const { page } = await open(address, { width: 390 });
      await page.waitForSelector("#compare-table");
      const scroller = page.locator(".compare-scroll");
      const before = await page.locator("#compare-table tbody th[scope=row]").first().boundingBox();
      await scroller.evaluate((element) => element.scrollBy(400, 0));
      expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
      const after = await page.locator("#compare-table tbody th[scope=row]").first().boundingBox();
      expect(Math.abs(after!.x - before!.x), address).toBeLessThan(1);
      const broken = await page.locator("#compare-table th[scope=row]").evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const text = cell.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) return [];
          const words: string[] = [];
          const content = text.textContent ?? "";
          // A compound may break after its hyphen ("OpenAI-|kompatibelt"), never inside a word.
          for (const match of content.matchAll(/[^\s\u2010-]+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index!);
            range.setEnd(text, match.index! + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) words.push(match[0]);
          }
          return words;
        }),
      );
      expect(broken, address).toEqual([]);
      await page.close();
    }
  });

  it("shows the Commission's sovereignty objectives on the comparison, the provider page and the pack", async () => {
    const { page } = await open("/compare.html?ids=delta-ai,zeta-ai");
    await page.waitForSelector("#compare-table");
    const row = (label: string) => page.locator("#compare-table tbody tr", { has: page.locator(`th:text-is("${label}")`) });
    expect(await page.locator("#compare-table tr.sov-row").count()).toBe(8);
    expect(await row("SOV-2 Legal & Jurisdictional Sovereignty").locator("td").nth(0).textContent()).toContain("at most SEAL-2 (Data Sovereignty)");
    expect(await row("SOV-2 Legal & Jurisdictional Sovereignty").locator("td").nth(1).textContent()).toContain("at most SEAL-2 (Data Sovereignty)");
    expect(await row("SOV-3 Data & AI Sovereignty").locator("td").nth(0).textContent()).toContain("no level can be decided from this evidence");
    const sv = await open("/sv/pack.html?id=zeta-ai");
    await sv.page.waitForSelector("#pack-sovereignty");
    expect(await sv.page.locator("#pack-sovereignty-h").textContent()).toBe("Europeiska kommissionens suveränitetsmål");
    expect(await sv.page.locator("#pack-sovereignty").textContent()).toContain("högst SEAL-2 (Datasuveränitet)");
    const provider = await open("/providers/zeta-ai.html");
    expect(await provider.page.locator("#sovereignty-objectives tbody tr").count()).toBe(8);
    await page.close();
    await sv.page.close();
    await provider.page.close();
  });

  it("has a procurement pack in both languages that prints with every answer, its quote and the citation", async () => {
    const version = JSON.parse(readFileSync(path.join(tree.paths.publicDir, "api", "status.json"), "utf8")).dataset_version as string;
    const asked = BUYER_QUESTIONS.filter((question) => asks(question, "inference_api"));
    for (const [address, lang, heading, legend, derived] of [
      ["/pack.html?id=acme-ai", "en", "Acme AI: procurement pack", "How to read the labels", "Derived answers and why"],
      ["/sv/pack.html?id=acme-ai", "sv", "Acme AI: upphandlingsunderlag", "Så läser du beteckningarna", "Härledda svar och varför"],
    ] as const) {
      const { page, errors } = await open(address);
      await page.waitForSelector("table.pack");
      expect(await page.locator("h1").textContent()).toBe(heading);
      await page.emulateMedia({ media: "print" });
      expect(await page.isVisible("#legend")).toBe(true);
      expect(await page.locator("#legend-h").textContent()).toBe(legend);
      // Every question asked of the category, and the output price beside the input price.
      const labels = await page.locator("table.pack tbody th[scope=row]").allTextContents();
      expect(labels).toHaveLength(asked.length + 1);
      for (const question of asked) expect(labels).toContain(question.label[lang]);
      expect(await page.locator("#fact-compliance-gdpr_dpa_available blockquote").textContent()).toContain("Our Data Processing Agreement forms part of these Terms.");
      expect(await page.isVisible("#fact-compliance-gdpr_dpa_available blockquote")).toBe(true);
      expect(await page.locator("#derived-h").textContent()).toBe(derived);
      expect(await page.locator("#pack-sovereignty tbody tr").count()).toBe(8);
      const citation = (await page.locator("p.citation").allTextContents()).join(" ");
      expect(citation).toContain(`version ${version}, CC BY 4.0. ${BASE_URL}/${lang === "sv" ? "sv/" : ""}pack.html?id=acme-ai`);
      expect(citation).toMatch(/(Printed|Utskrivet) \d{4}-\d{2}-\d{2}/);
      expect(errors).toEqual([]);
      await page.close();
    }
    // Without JavaScript the pack says it needs it and leads to the list.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(`${api.origin}/pack.html?id=acme-ai`);
    expect(await page.locator("body").textContent()).toContain("This page needs JavaScript");
    await plain.close();
  });

  it("writes no English UI word on the Swedish pages outside data values", async () => {
    const english = englishCatalogue();
    expect(english.length).toBeGreaterThan(150);
    // The check finds an English label in Swedish text, and leaves Swedish words that merely contain one alone.
    expect(englishIn("Svaret: own statement, verifierad 2026-11-01", english)).toEqual(["own statement"]);
    expect(englishIn("Modellen och källan", english)).toEqual([]);
    const found: string[] = [];
    for (const address of ["/sv/", "/sv/providers/acme-ai.html", "/sv/providers/zeta-ai.html", "/sv/pack.html?id=acme-ai", "/sv/methodology.html", "/sv/compare.html?ids=acme-ai,delta-ai,zeta-ai", "/sv/prices.html", "/sv/providers/nope.html"]) {
      const { page } = await open(address, { status: address.includes("nope") ? 404 : 200 });
      if (address.includes("compare")) await page.waitForSelector("#compare-table");
      if (address.includes("pack")) await page.waitForSelector("table.pack");
      // Data values stay as recorded: text in a language of its own (lang="en"), marked not to translate, or code.
      const text = await page.evaluate(() => {
        const copy = document.body.cloneNode(true) as HTMLElement;
        for (const element of copy.querySelectorAll("[lang=en], [translate=no], code, script, style, noscript")) element.remove();
        return copy.textContent!.replace(/\s+/g, " ").replace(/https?:\/\/\S+/g, " ");
      });
      found.push(...englishIn(text, english).map((phrase) => `${address}: ${phrase}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 60_000);
});
