import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let server: RunningServer;

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai"), minimalRecord("beta-gpu", { category: "compute_gpu" })]);
  await tree.build();
  server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
});

afterAll(async () => {
  await server?.close();
  await tree?.cleanup();
});

const get = (path: string, init: RequestInit = {}) => fetch(`${server.origin}${path}`, init);

const ACCEPTS = [undefined, "application/json", "text/html", "*/*", "application/json, text/plain, */*"];

function expectApiHeaders(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("access-control-allow-credentials")).toBeNull();
}

describe("the three operations", () => {
  const okPaths = ["/api/data", "/api/data/", "/api/data/acme-ai", "/api/data/acme-ai/", "/api/status", "/api/status/"];
  for (const path of okPaths) {
    for (const accept of ACCEPTS) {
      it(`GET ${path} with Accept ${accept ?? "(none)"} answers 200 JSON with CORS`, async () => {
        const response = await get(path, { headers: accept ? { accept } : {} });
        expect(response.status).toBe(200);
        expectApiHeaders(response);
        expect(typeof (await response.json())).toBe("object");
      });
    }
  }

  it("answers the Dataset, the bare Provider and the Status shapes", async () => {
    const dataset = await (await get("/api/data")).json();
    expect(dataset.providers.map((p: { id: string }) => p.id)).toEqual(["acme-ai", "beta-gpu"]);
    const provider = await (await get("/api/data/beta-gpu")).json();
    expect(provider.id).toBe("beta-gpu");
    expect(provider.providers).toBeUndefined();
    expect(provider).toEqual(dataset.providers[1]);
    const status = await (await get("/api/status")).json();
    expect(status).toMatchObject({ ok: true, providers_total: 2, inference_api: 1 });
  });
});

describe("errors", () => {
  const missing = ["/api/data/no-such-id", "/api/data/no-such-id/", "/api/data/UPPER", "/api/nothing", "/api/data/acme-ai/extra"];
  for (const path of missing) {
    for (const accept of ACCEPTS) {
      it(`GET ${path} with Accept ${accept ?? "(none)"} answers 404 with the Error body`, async () => {
        const response = await get(path, { headers: accept ? { accept } : {} });
        expect(response.status).toBe(404);
        expectApiHeaders(response);
        const body = await response.json();
        expect(body.error).toBe("not_found");
        expect(body.message).toMatch(/leverantör/);
        expect(body.hint).toContain("/api/data");
        expect(body.docs).toMatch(/^https:\/\//);
        expect(response.headers.get("cache-control")).toBe("no-store");
      });
    }
  }

  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    it(`${method} answers 405 with the Error body and Allow`, async () => {
      const response = await get("/api/data", { method, body: method === "DELETE" ? undefined : "{}" });
      expect(response.status).toBe(405);
      expectApiHeaders(response);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect((await response.json()).error).toBe("method_not_allowed");
    });
  }
});

describe("HTTP semantics", () => {
  it("HEAD answers the headers of GET without a body", async () => {
    const getResponse = await get("/api/status");
    const headResponse = await get("/api/status", { method: "HEAD" });
    expect(headResponse.status).toBe(200);
    expect(headResponse.headers.get("content-type")).toBe(getResponse.headers.get("content-type"));
    expect(headResponse.headers.get("etag")).toBe(getResponse.headers.get("etag"));
    expect(await headResponse.text()).toBe("");
  });

  it("HEAD of an unknown id answers 404 without a body", async () => {
    const response = await get("/api/data/nope", { method: "HEAD" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("OPTIONS answers 204 with the CORS preflight headers", async () => {
    const response = await get("/api/data/acme-ai", {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("GET");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("sends an ETag and Cache-Control, and a matching If-None-Match gives 304", async () => {
    const first = await get("/api/data/acme-ai");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.headers.get("cache-control")).toContain("max-age");
    const second = await get("/api/data/acme-ai", { headers: { "if-none-match": etag! } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe("");
  });

  it("serves a new build without a restart", async () => {
    await tree.writeProvider("gamma-ai", minimalRecord("gamma-ai"));
    await tree.build();
    const response = await get("/api/data/gamma-ai");
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe("gamma-ai");
  });
});
