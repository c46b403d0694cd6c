import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dateFromText } from "../scripts/watch/pageDate.js";
import { sha256 } from "../scripts/watch/mainText.js";
import { readPageText } from "../scripts/watch/pageText.js";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, REPO_ROOT, runCli, type Tree } from "./helpers.js";

const PAGES = path.join(REPO_ROOT, "test", "fixtures", "pages");
const page = (name: string) => fs.readFile(path.join(PAGES, name), "utf8");

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

describe("a page's own date", () => {
  it.each([
    ["Last updated: 12 March 2026", "2026-03-12"],
    ["Stand: Oktober 2025", "2025-10"],
    ["Last updated: 11th August 2025", "2025-08-11"],
    ["Effective date: March 5, 2026", "2026-03-05"],
    ["Zuletzt aktualisiert am 12. August 2025", "2025-08-12"],
    ["Senast uppdaterad: 2025-03-04", "2025-03-04"],
    ["Sist oppdatert 14.02.2026", "2026-02-14"],
    ["Dernière mise à jour : 3 février 2026", "2026-02-03"],
    ["Päivitetty 5.11.2025", "2025-11-05"],
    ["Laatst bijgewerkt op 1 april 2026", "2026-04-01"],
    ["Gültig ab: Januar 2026", "2026-01"],
  ])("%s gives %s", (line, date) => {
    expect(dateFromText(`Some heading\n${line}\nBody text.`)?.date).toBe(date);
  });

  it.each([["Updated 04/05/2026"], ["© 2025 Acme"], ["Stand: 2025"], ["Last updated: 31 February 2026"], ["We understand 2025-10-01 is a date"]])("%s gives no date", (line) => {
    expect(dateFromText(line)).toBeNull();
  });
});

describe("the main text", () => {
  it("ignores scripts, navigation, header and footer, so a new render stamp or menu is not a change", async () => {
    const original = await page("upcloud-privacy-2023.html");
    const restamped = original.replace("Rendered 2023-10-09 14:02 by web-3", "Rendered 2026-11-24 08:00 by web-7").replace('"build":"a81f"', '"build":"ffff"').replace("Sign up", "Start free");
    expect(restamped).not.toBe(original);
    const main = (html: string) => readPageText(html, "text/html").then((text) => text.main);
    expect(sha256(await main(restamped))).toBe(sha256(await main(original)));
    expect(await main(original)).toContain("business ID: 2431560-5");
    expect(await main(original)).not.toContain("Pricing");
  });
});

describe("npm run sources", () => {
  it("dates recorded real pages, then reports a changed and a gone source in the review queue, /api/status and the provider page", async () => {
    const served: Record<string, { status: number; body: string }> = {
      "/privacy": { status: 200, body: await page("upcloud-privacy-2023.html") },
      "/agb": { status: 200, body: await page("avvgo-agb.html") },
      "/status": { status: 200, body: "<html><body><main><p>All systems operational.</p></main></body></html>" },
    };
    server = createServer((request, response) => {
      const answer = served[request.url ?? ""] ?? { status: 404, body: "not found" };
      response.writeHead(answer.status, { "content-type": "text/html; charset=utf-8" });
      response.end(answer.body);
    });
    const origin = await listenOnLoopback(server);
    const record = minimalRecord("acme-ai", {
      availability_status: confirmedFact("live", { source_url: `${origin}/status`, source_date: null, verified_at: "2026-11-01" }),
      ownership: { country_hq: confirmedFact("FI", { source_url: `${origin}/privacy`, source_type: "provider_terms", source_date: null, verified_at: "2026-11-01" }) },
      compliance: { gdpr_dpa_available: confirmedFact(true, { source_url: `${origin}/agb`, source_type: "provider_terms", source_date: "2025-11", verified_at: "2026-11-01" }) },
    });
    tree = await makeTree([record, minimalRecord("other-ai")]);
    const watchFile = path.join(tree.paths.data, "sources.json");

    const refused = await runCli(["--root", tree.root, "sources", "--only", "acme-ai"]);
    expect(refused.code).toBe(0);
    expect(JSON.parse(await fs.readFile(watchFile, "utf8"))[`${origin}/privacy`]).toMatchObject({ status: null, error: expect.stringContaining("refused") });

    const first = await runCli(["--root", tree.root, "sources", "--only", "acme-ai", "--allow-private"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("3 distinct URLs on 1 hosts");
    let watch = JSON.parse(await fs.readFile(watchFile, "utf8"));
    expect(watch[`${origin}/privacy`]).toMatchObject({ status: 200, page_date: "2023-10-06", page_date_basis: "text: 'Last updated: 6 October 2023'", changed_at: null });
    // The visible "Stand" line is stronger evidence than the markup's modified time.
    expect(watch[`${origin}/agb`]).toMatchObject({ status: 200, page_date: "2025-11", changed_at: null });
    // other-ai's sources were not asked for.
    expect(Object.keys(watch)).toHaveLength(3);

    await tree.build();
    let queue = JSON.parse(await tree.read("api/review-queue.json"));
    expect(queue).toContainEqual(expect.objectContaining({ kind: "source_date_found", provider: "acme-ai", path: "$.ownership.country_hq", observed_value: "2023-10-06" }));
    expect(JSON.parse(await tree.read("api/status.json"))).toMatchObject({ sources_changed: 0, sources_gone: 0 });
    // A proposal only: the Fact stays undated until a person writes the date.
    expect(JSON.parse(await tree.read("api/data/acme-ai/index.json")).ownership.country_hq.source_date).toBeNull();

    // The notice is revised; the terms page disappears.
    served["/privacy"] = { status: 200, body: await page("upcloud-privacy-2025.html") };
    delete served["/agb"];
    // After the scraper's section, as in the refresh workflow.
    await fs.writeFile(path.join(tree.root, "summary.md"), "## Scraper\n\nnothing new\n");
    const second = await runCli(["--root", tree.root, "sources", "--only", "acme-ai", "--allow-private"]);
    // The first 404 is a failure, not yet gone: a page is gone when it fails the same way 20 hours later.
    expect(second.stdout).toContain("1 changed, 0 gone, 0 moved to another site, 1 failed");
    watch = JSON.parse(await fs.readFile(watchFile, "utf8"));
    expect(watch[`${origin}/privacy`]).toMatchObject({ page_date: "2025-08-11", changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(watch[`${origin}/privacy`].change_excerpt).toContain("Privacy notice");
    // A failing page keeps what was last read from it.
    expect(watch[`${origin}/agb`]).toMatchObject({ status: 404, page_date: "2025-11", first_failed_at: expect.any(String) });
    // As if that run had been yesterday's: the same 404 again, 21 hours after the first, is gone.
    const yesterday = new Date(Date.parse(watch[`${origin}/agb`].first_failed_at) - 21 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    watch[`${origin}/agb`].first_failed_at = yesterday;
    await fs.writeFile(watchFile, JSON.stringify(watch));
    const third = await runCli(["--root", tree.root, "sources", "--only", "acme-ai", "--allow-private", "--summary-file", path.join(tree.root, "summary.md"), "--append-summary"]);
    expect(third.stdout).toContain("0 changed, 1 gone");
    expect(JSON.parse(await fs.readFile(watchFile, "utf8"))[`${origin}/agb`].first_failed_at).toBe(yesterday);
    const summary = await fs.readFile(path.join(tree.root, "summary.md"), "utf8");
    expect(summary.startsWith("## Scraper\n\nnothing new\n")).toBe(true);
    expect(summary).toContain("### Gone (1)");

    await tree.build();
    queue = JSON.parse(await tree.read("api/review-queue.json"));
    expect(queue).toContainEqual(expect.objectContaining({ kind: "source_changed", provider: "acme-ai", path: "$.ownership.country_hq", excerpt: expect.any(String) }));
    expect(queue).toContainEqual(expect.objectContaining({ kind: "source_gone", provider: "acme-ai", path: "$.compliance.gdpr_dpa_available", observed_value: 404 }));
    expect(JSON.parse(await tree.read("api/status.json"))).toMatchObject({ sources_changed: 1, sources_gone: 1 });
    const published = JSON.parse(await tree.read("api/data/acme-ai/index.json"));
    expect(published.ownership.country_hq.source_watch).toMatchObject({ state: "changed" });
    expect(published.ownership.country_hq.value).toBe("FI");
    const html = await tree.read("providers/acme-ai.html");
    expect(html).toContain("source changed since it was verified on 2026-11-01");
    expect(html).toContain("source gone");
  });

  it("watches a Fact's quote, not its page: a new banner changes nothing, a rewritten clause is a quote_missing entry naming the Fact", async () => {
    const terms = (clause: string) =>
      `<html><body><main><h1>Terms</h1><p>Acme AB processes all customer data in Sweden.</p><p>${clause}</p><p>Support is answered by email.</p></main></body></html>`;
    let body = terms("Customer data is never used to train models.");
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    });
    const origin = await listenOnLoopback(server);
    const url = `${origin}/terms`;
    const cited = (value: unknown, quote: string | undefined) =>
      confirmedFact(value, { source_url: url, source_type: "provider_terms", source_date: null, verified_at: "2026-11-01", ...(quote && { quote }) });
    tree = await makeTree([
      minimalRecord("acme-ai", {
        sovereignty: { data_residency_guarantee: cited("one_country", "Acme AB processes all customer data in Sweden.") },
        compliance: { data_used_for_training: cited("never", "Customer data is never used to train models."), gdpr_dpa_available: cited(true, undefined) },
      }),
    ]);
    const watchFile = path.join(tree.paths.data, "sources.json");
    const run = () => runCli(["--root", tree!.root, "sources", "--allow-private"]);
    expect((await run()).code).toBe(0);
    expect(Object.values(JSON.parse(await fs.readFile(watchFile, "utf8"))[url].quotes)).toEqual([true, true]);

    // A cookie banner: the page changed, both quotes still stand; only the Fact without a quote is asked about.
    body = terms("Customer data is never used to train models.").replace("<main><h1>", "<main><p>We use cookies to improve your experience.</p><h1>");
    await run();
    await tree.build();
    let queue = JSON.parse(await tree.read("api/review-queue.json")) as Array<{ kind: string; path: string }>;
    expect(queue.filter((entry) => entry.kind === "source_changed").map((entry) => entry.path)).toEqual(["$.compliance.gdpr_dpa_available"]);
    expect(queue.filter((entry) => entry.kind === "quote_missing")).toEqual([]);

    // The clause is rewritten: the Fact that quoted it is named, with its quote; the other quote still stands.
    body = terms("Customer data may be used to improve our models unless you opt out.");
    await run();
    await tree.build();
    queue = JSON.parse(await tree.read("api/review-queue.json"));
    expect(queue).toContainEqual(expect.objectContaining({ kind: "quote_missing", provider: "acme-ai", path: "$.compliance.data_used_for_training", excerpt: "Customer data is never used to train models." }));
    expect(queue.some((entry) => entry.path === "$.sovereignty.data_residency_guarantee")).toBe(false);
    const published = JSON.parse(await tree.read("api/data/acme-ai/index.json"));
    expect(published.compliance.data_used_for_training.source_watch).toMatchObject({ state: "quote_missing" });
    expect(await tree.read("providers/acme-ai.html")).toContain("the quoted words are no longer in the source");
  });

  it("a redirect to another site is recorded as moved, not followed", async () => {
    server = createServer((_request, response) => {
      response.writeHead(301, { location: "https://elsewhere.example/terms" });
      response.end();
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([
      minimalRecord("acme-ai", {
        availability_status: confirmedFact("live", { source_url: `${origin}/terms` }),
        ownership: { country_hq: confirmedFact("SE", { source_url: `${origin}/terms`, source_type: "provider_terms" }) },
      }),
    ]);
    const run = await runCli(["--root", tree.root, "sources", "--allow-private"]);
    expect(run.stdout).toContain("1 moved to another site");
    const watch = JSON.parse(await fs.readFile(path.join(tree.paths.data, "sources.json"), "utf8"));
    expect(watch[`${origin}/terms`]).toMatchObject({ status: 301, final_url: "https://elsewhere.example/terms", moved_off_site: true });
    await tree.build();
    expect(JSON.parse(await tree.read("api/review-queue.json"))).toContainEqual(expect.objectContaining({ kind: "source_moved", observed_value: "https://elsewhere.example/terms" }));
  });
});
