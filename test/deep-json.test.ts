import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { LIMITS } from "../scripts/config.js";
import { nestsDeeperThan } from "../scripts/load/jsonScan.js";
import { getJson } from "../scripts/scrape/request.js";
import { DEFAULT_POLICY } from "../scripts/scrape/fetchModels.js";
import { cleanUp, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

/** Brackets nested `levels` deep, the shape that costs the most memory per byte to parse. */
const nested = (levels: number, open = "[", close = "]") => `${open.repeat(levels)}${close.repeat(levels)}`;

describe("memory is bounded by depth as well as size (review 5)", () => {
  it("the scan counts levels outside strings, in text and in bytes alike", () => {
    for (const read of [(text: string) => text, (text: string) => Buffer.from(text)]) {
      expect(nestsDeeperThan(read(nested(3)), 3)).toBe(false);
      expect(nestsDeeperThan(read(nested(4)), 3)).toBe(true);
      expect(nestsDeeperThan(read('{"a":{"b":[1,{"c":"]]]]"}]}}'), 4)).toBe(false);
      expect(nestsDeeperThan(read('{"a":{"b":[1,{"c":"]]]]"}]}}'), 3)).toBe(true);
      // A quote escaped inside a string does not end it.
      expect(nestsDeeperThan(read('["\\"[[[[[", ["å\\\\"]]'), 2)).toBe(false);
      expect(nestsDeeperThan(read(`[${"[1],".repeat(1000)}1]`), 2)).toBe(false);
    }
  });

  it("corroborate --from refuses a local copy nested deeper than the limit before parsing it, and writes nothing", async () => {
    tree = await makeTree([minimalRecord("mistral-ai-api")]);
    const deep = await tree.writeRaw("elsewhere/deep.json", `[{"id":"mistral","models":${nested(LIMITS.maxOutsideDepth)}}]`);
    const run = await runCli(["--root", tree.root, "corroborate", "--from", deep]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`deep.json: failed, JSON nested deeper than ${LIMITS.maxOutsideDepth} levels`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("the MCP server refuses a site's /api/data nested deeper than any document of the API", async () => {
    const { remoteSource } = await import("../scripts/mcp/source.js");
    const fetchStub = (async (input: URL | string) => {
      const body = String(input).endsWith("/api/data") ? `{"providers":${nested(5000)}}` : "{}";
      return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const source = remoteSource("https://evidence.example", { refreshSeconds: 300, fetch: fetchStub });
    await expect(source.load()).rejects.toThrow(`https://evidence.example/api/data is nested deeper than ${LIMITS.maxOutsideDepth} levels`);
  });

  it("a models endpoint answering deep nesting is a failed read, not a parse", async () => {
    server = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(`{"data":${nested(100_000)}}`));
    const origin = await listenOnLoopback(server);
    const answer = await getJson(`${origin}/v1/models`, undefined, { ...DEFAULT_POLICY, allowPrivate: true, retries: 0 });
    expect(answer).toMatchObject({ ok: false, error: `JSON nested deeper than ${LIMITS.maxOutsideDepth} levels` });
  });
});
