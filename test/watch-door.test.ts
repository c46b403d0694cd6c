import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_NET_POLICY } from "../scripts/net/request.js";
import { isGone, SourceWatch, type SourceWatchEntry } from "../scripts/schema/index.js";
import { nextEntry } from "../scripts/watch/compare.js";
import { readPageText } from "../scripts/watch/pageText.js";
import { runSourceWatch } from "../scripts/watch/run.js";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

/** A record citing each path of the origin from a Fact of its own. */
function citing(origin: string, paths: readonly string[]) {
  const facts = Object.fromEntries(paths.map((page, index) => [`field_${index}`, confirmedFact(`value ${index}`, { source_url: `${origin}${page}`, source_type: "provider_docs", source_date: null })]));
  return minimalRecord("acme-ai", { availability_status: confirmedFact("live", { source_url: `${origin}/ok`, source_date: null }), contract: facts });
}

const ENTRY: SourceWatchEntry = { checked_at: "2026-11-20T08:00:00Z", status: 200, final_url: "https://acme.example/terms", content_sha256: null, page_date: null, page_date_basis: null, changed_at: null };

describe("npm run sources against a hostile site, then npm run validate (review 4, findings 2, 5, 6, 17)", () => {
  it("records no address the data files refuse, reads a page of 1 MiB of '<', quotes and cleans page text, and validate passes", async () => {
    const hostileLine = "Last updated: 12 March 2026 \u202e[click me](https://evil.example) @maintainers \u001b[31m`code`\u001b[0m";
    server = createServer((request, response) => {
      const port = server!.address() && (server!.address() as { port: number }).port;
      switch (request.url) {
        case "/ok":
          return response.writeHead(200, { "content-type": "text/html" }).end("<main><p>All systems operational today.</p></main>");
        case "/javascript":
          return response.writeHead(302, { location: "javascript:alert(1)" }).end();
        case "/password":
          return response.writeHead(301, { location: "http://user:secret-password@elsewhere.example/terms" }).end();
        case "/password-same-site":
          return response.writeHead(302, { location: `http://user:secret-password@127.0.0.1:${port}/ok` }).end();
        case "/braces":
          return response.writeHead(301, { location: "http://elsewhere.example/?{x}|y" }).end();
        case "/angles":
          return response.writeHead(200, { "content-type": "text/html" }).end("<".repeat(1024 * 1024));
        case "/opened-tags":
          return response.writeHead(200, { "content-type": "text/html" }).end("<main><a <b <script <!-- ".repeat(40_000));
        case "/hostile-date":
          return response.writeHead(200, { "content-type": "text/html" }).end(`<html><body><main><p>Terms of the service, in full.</p></main><footer><p>${hostileLine}</p></footer></body></html>`);
        case "/epoch":
          return response.writeHead(200, { "content-type": "text/plain", "last-modified": "Thu, 01 Jan 1970 00:00:00 GMT" }).end("Terms without any date of their own.\n");
        default:
          return response.writeHead(404).end();
      }
    });
    const origin = await listenOnLoopback(server);
    const pages = ["/javascript", "/password", "/password-same-site", "/braces", "/angles", "/opened-tags", "/hostile-date", "/epoch"];
    tree = await makeTree([citing(origin, pages)]);
    const summaryFile = path.join(tree.root, "summary.md");

    const first = await runCli(["--root", tree.root, "sources", "--allow-private", "--timeout", "3000", "--summary-file", summaryFile]);
    expect(first.code).toBe(0);
    const text = await fs.readFile(path.join(tree.paths.data, "sources.json"), "utf8");
    expect(text).not.toMatch(/javascript:|secret-password|\{x\}/);
    expect(text).not.toMatch(HIDDEN);
    const watch = SourceWatch.parse(JSON.parse(text));
    expect(watch[`${origin}/javascript`]).toMatchObject({ status: null, error: expect.stringContaining("redirect to an address that is not a plain http(s) URL") });
    expect(watch[`${origin}/password`]!.moved_off_site).toBeUndefined();
    expect(watch[`${origin}/angles`]).toMatchObject({ status: 200, content_sha256: expect.any(String) });
    expect(watch[`${origin}/opened-tags`]).toMatchObject({ status: 200 });
    // A server clock at 1 January 1970 dates nothing.
    expect(watch[`${origin}/epoch`]).toMatchObject({ status: 200, page_date: null, page_date_basis: null });
    const dated = watch[`${origin}/hostile-date`]!;
    expect(dated.page_date).toBe("2026-03-12");
    expect(dated.page_date_basis).toMatch(/^text: 'Last updated: 12 March 2026/);

    const summary = await fs.readFile(summaryFile, "utf8");
    expect(summary).not.toMatch(HIDDEN);
    const datedLine = summary.split("\n").find((line) => line.includes("/hostile-date"))!;
    // The page's words stand inside one code span: no link, no mention is rendered.
    expect(datedLine).toMatch(/: 2026-03-12 \(`text: 'Last updated: 12 March 2026 \[click me\]\(https:\/\/evil\.example\) @maintainers \[31m'code' \[0m'`\)$/);
    expect(first.stdout).not.toMatch(HIDDEN);

    const validate = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(validate.stderr).not.toContain("error:");
    expect(validate.code).toBe(0);
    // The next run starts from what this one wrote.
    const second = await runCli(["--root", tree.root, "sources", "--allow-private", "--timeout", "3000"]);
    expect(second.code).toBe(0);
    expect((await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"])).code).toBe(0);
    await tree.build();
    const queue = await tree.read("api/review-queue.json");
    expect(queue).not.toMatch(HIDDEN);
    expect(queue).not.toMatch(/\\u00(1b|0)|\\u202e/i);
  });
});

describe("one page cannot stall the watch (review 4, finding 5)", () => {
  it("reads pathological markup with a real parser, whose work grows with the page's length", async () => {
    for (const body of ["<".repeat(5 * 1024 * 1024), "<a ".repeat(500_000), "<script>".repeat(200_000), `<p>${"&amp".repeat(300_000)}`, "<!-- ".repeat(500_000)]) {
      const text = await readPageText(body, "text/html");
      expect(typeof text.main).toBe("string");
    }
  });

  it("a page nested a million elements deep (where the parser's work grows faster) is stopped by the budget", async () => {
    await expect(readPageText("<div>".repeat(1_000_000), "text/html")).rejects.toThrow(/took more than 2000 ms/);
  });

  it("stops reading a page whose parsing runs past its budget, and records that as the page's failure", async () => {
    let now = 0;
    // A clock that says each part took a second.
    const clock = () => (now += 500);
    const body = `<main><p>${"Words of a long page. ".repeat(20_000)}</p></main>`;
    await expect(readPageText(body, "text/html", { ms: 1500, clock })).rejects.toThrow(/took more than 1500 ms/);
    const page = { kind: "page" as const, status: 200, finalUrl: "https://acme.example/terms", contentType: "text/html", body, lastModified: null };
    const { entry, outcome } = await nextEntry(ENTRY, page, "2026-11-21T08:00:00Z", "2026-11-21", { ms: 1500, clock });
    expect(outcome).toBe("failed");
    expect(entry).toMatchObject({ status: 200, error: "reading the page's text took more than 1500 ms", first_failed_at: "2026-11-21T08:00:00Z" });
  });
});

describe("gone means gone twice, 20 hours apart; a resolver's bad moment counts for nothing (review 4, finding 14)", () => {
  const failed = { kind: "failed" as const, status: 404, finalUrl: "https://acme.example/terms", error: "HTTP 404" };

  it("a first 404 fails, the same 404 19 hours later still fails, and 20 hours later it is gone", async () => {
    const first = await nextEntry(ENTRY, failed, "2026-11-21T08:00:00Z", "2026-11-21");
    expect(first.outcome).toBe("failed");
    expect(first.entry).toMatchObject({ first_failed_at: "2026-11-21T08:00:00Z" });
    const soon = await nextEntry(first.entry!, failed, "2026-11-22T03:00:00Z", "2026-11-22");
    expect(soon.outcome).toBe("failed");
    const later = await nextEntry(soon.entry!, failed, "2026-11-22T04:00:00Z", "2026-11-22");
    expect(later.outcome).toBe("gone");
    expect(later.entry).toMatchObject({ first_failed_at: "2026-11-21T08:00:00Z" });
    expect(isGone(later.entry!)).toBe(true);
  });

  it("another failure in between starts the count again", async () => {
    const first = await nextEntry(ENTRY, failed, "2026-11-21T08:00:00Z", "2026-11-21");
    const timeout = await nextEntry(first.entry!, { kind: "failed", status: null, finalUrl: null, error: "timeout" }, "2026-11-21T20:00:00Z", "2026-11-21");
    expect(timeout.entry!.first_failed_at).toBe("2026-11-21T20:00:00Z");
    const again = await nextEntry(timeout.entry!, failed, "2026-11-22T09:00:00Z", "2026-11-22");
    expect(again.outcome).toBe("failed");
    expect(again.entry!.first_failed_at).toBe("2026-11-22T09:00:00Z");
  });

  it("the rule reads first_failed_at in the file: an entry that failed once is not gone", () => {
    expect(isGone({ ...ENTRY, status: 404, error: "HTTP 404", first_failed_at: ENTRY.checked_at })).toBe(false);
    expect(isGone({ ...ENTRY, status: 404, error: "HTTP 404" })).toBe(false);
    expect(isGone({ ...ENTRY, status: null, error: "host not found", first_failed_at: "2026-11-19T08:00:00Z" })).toBe(true);
  });

  it("EAI_AGAIN from the resolver for every host marks nothing gone and changes nothing in data/sources.json", async () => {
    tree = await makeTree([minimalRecord("acme-ai", { availability_status: confirmedFact("live", { source_url: "https://status.acme.example/", source_date: null }), ownership: { country_hq: confirmedFact("SE", { source_url: "https://acme.example/terms", source_type: "provider_terms", source_date: null }) } })]);
    const before = { "https://acme.example/terms": { ...ENTRY, content_sha256: "a".repeat(64) }, "https://status.acme.example/": { ...ENTRY, final_url: "https://status.acme.example/", status: 404, error: "HTTP 404", first_failed_at: "2026-11-20T07:00:00Z" } };
    await fs.writeFile(tree.paths.sourceWatch, JSON.stringify(before));
    const temporary = async () => {
      throw Object.assign(new Error("getaddrinfo EAI_AGAIN"), { code: "EAI_AGAIN" });
    };
    const run = await runSourceWatch(tree.paths, { only: [], policy: { ...DEFAULT_NET_POLICY, timeoutMs: 2000, resolve: temporary }, concurrency: 4, perHost: 2, now: "2026-11-21T08:00:00Z", today: "2026-11-21" });
    expect(run.outcomes.map((item) => item.outcome)).toEqual(["deferred", "deferred"]);
    expect(JSON.parse(await fs.readFile(tree.paths.sourceWatch, "utf8"))).toEqual(before);
  });
});
