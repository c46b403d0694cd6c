import { promises as fs, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTree, minimalRecord, REPO_ROOT, runCli, type Tree, closeServer, listenOnLoopback } from "./helpers.js";

// Needs the `--summary-file` option of the scrape command (scripts/cli/program.ts), which the refresh
// workflow runs; the summary itself is tested in scrape-prices.test.ts.
let server: http.Server;
let origin: string;
const answer = readFileSync(path.join(REPO_ROOT, "test", "fixtures", "models", "ovhcloud.json"), "utf8");

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/ovh/v1/models") response.writeHead(200, { "content-type": "application/json" }).end(answer);
    else response.writeHead(404).end();
  });
  origin = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

let tree: Tree;
afterEach(async () => tree?.cleanup());

describe("npm run scrape -- --summary-file (what the refresh workflow runs)", () => {
  it("writes the pull request description: the first answer, and the review queue after the merge", async () => {
    const baseUrl = { value: `${origin}/ovh/v1`, status: "confirmed", source_url: "https://acme.example/docs", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" };
    const currency = { ...baseUrl, value: "EUR", source_type: "pricing_page" };
    tree = await makeTree([minimalRecord("ovh", { api: { base_url: baseUrl }, pricing: { currency } })]);
    await tree.writeRaw("data/scrape-sources.json", JSON.stringify({ sources: { ovh: { adapter: "ovhcloud" } } }));
    const file = path.join(tree.root, "summary.md");
    const result = await runCli(["--root", tree.root, "scrape", "--allow-private", "--timeout", "2000", "--summary-file", file]);
    expect(result.code).toBe(0);
    const text = await fs.readFile(file, "utf8");
    expect(text).toContain("1 checked, 1 ok, 0 failed");
    expect(text).toContain("- `ovh`: first good answer, 5 models");
    // The answer is in USD, the record in EUR: the merge flags it, and the summary shows it.
    expect(text).toContain("### Review queue (1)");
    expect(text).toContain("`ovh` `$.pricing.currency`: manual `\"EUR\"`, observed `\"USD\"`");
  });
});
