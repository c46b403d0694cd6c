import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}]/u;

/** What each provider's models endpoint answers: hostile in a different way each. */
const ANSWERS: Record<string, { type: string; body: string; status?: number; location?: string }> = {
  hidden: { type: "application/json", body: JSON.stringify({ data: [{ id: "gpt\u202e4" }, { id: "llama\u001b[2J" }, { id: "a".repeat(10_000) }, { id: 42 }, { id: "ok-model" }, { id: "ok-model" }] }) },
  numbers: {
    type: "application/json",
    body: `{"data":[{"id":"m1","context_length":1e400,"pricing":{"prompt":"1e400","completion":"-5"}},{"id":"m2","context_length":-1,"pricing":{"prompt":"NaN","completion":1e308}},{"id":"m3","context_length":1.5,"pricing":{"prompt":"0.0000004","completion":"0.000002"}}]}`,
  },
  shape: { type: "application/json", body: JSON.stringify({ data: "not a list", currency: "€€€" }) },
  markup: { type: "text/html", body: "<html><body>Sign in</body></html>" },
  scheme: { type: "text/plain", body: "", status: 302, location: "javascript:alert(1)" },
  huge: { type: "application/json", body: `{"data":[${`{"id":"x"},`.repeat(300_000)}{"id":"y"}]}` },
  top: { type: "application/json", body: "1e400" },
};

describe("npm run scrape against hostile endpoints, then npm run validate", () => {
  it("writes only observations that fit their schema, keeps the last good one otherwise, and validate and build pass", async () => {
    server = createServer((request, response) => {
      const id = (request.url ?? "").split("/")[1] ?? "";
      const answer = ANSWERS[id];
      if (!answer) return response.writeHead(404).end();
      response.writeHead(answer.status ?? 200, { "content-type": answer.type, ...(answer.location && { location: answer.location }) }).end(answer.body);
    });
    const origin = await listenOnLoopback(server);
    const ids = Object.keys(ANSWERS);
    const records = ids.map((id) => minimalRecord(`${id}-ai`, { api: { base_url: { value: `${origin}/${id}/v1`, status: "confirmed", source_url: "https://acme.example/docs", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" } } }));
    tree = await makeTree(records);
    await tree.writeRaw("data/scrape-sources.json", JSON.stringify({ sources: { "numbers-ai": { adapter: "openrouter", currency: "USD" } } }));
    const good = `{"id":"shape-ai","models_api":{"last_attempt":{"checked_at":"2026-11-01T00:00:00Z","endpoint":"${origin}/shape/v1/models","http_status":200,"ok":true},"last_good":{"checked_at":"2026-11-01T00:00:00Z","endpoint":"${origin}/shape/v1/models","http_status":200,"ok":true,"model_ids":["kept-model"]}}}\n`;
    await tree.writeRaw("data/observations/shape-ai.json", good);
    const summaryFile = path.join(tree.root, "summary.md");

    const run = await runCli(["--root", tree.root, "scrape", "--allow-private", "--retries", "0", "--timeout", "3000", "--summary-file", summaryFile]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${ids.length} checked`);
    expect(run.stdout + run.stderr).not.toMatch(HIDDEN);
    const observation = async (id: string) => JSON.parse(await fs.readFile(path.join(tree!.paths.observations, `${id}-ai.json`), "utf8"));
    expect((await observation("hidden")).models_api.last_good.model_ids).toEqual(["ok-model"]);
    expect((await observation("numbers")).models_api.last_good.models).toEqual([{ id: "m3", input_per_1m: 0.4, output_per_1m: 2, currency: "USD" }]);
    expect((await observation("shape")).models_api).toMatchObject({ last_attempt: { ok: false }, last_good: { model_ids: ["kept-model"] } });
    expect((await observation("scheme")).models_api.last_attempt.error).toMatch(/not a plain http\(s\) URL/);
    for (const file of await fs.readdir(tree.paths.observations)) expect(await fs.readFile(path.join(tree.paths.observations, file), "utf8")).not.toMatch(HIDDEN);
    expect(await fs.readFile(summaryFile, "utf8")).not.toMatch(HIDDEN);

    const validate = await runCli(["--root", tree.root, "validate", "--today", "2026-11-25"]);
    expect(validate.stderr).not.toContain("error:");
    expect(validate.code).toBe(0);
    await tree.build({ today: "2026-11-25" });
  });
});
