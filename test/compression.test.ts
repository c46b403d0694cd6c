import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding } from "../scripts/serve/encoded.js";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let server: RunningServer;

beforeAll(async () => {
  // Enough records that the dataset is well over the 1 KB below which nothing is precompressed.
  tree = await makeTree(Array.from({ length: 12 }, (_, i) => minimalRecord(`provider-${i}`, { category_note: `note ${i} `.repeat(20) })));
  await tree.build();
  server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
});
afterAll(async () => {
  await server?.close();
  await tree?.cleanup();
});

/** A raw GET that decodes nothing, so the test sees the bytes on the wire. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.origin}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("compressed answers", () => {
  for (const path of ["/api/data", "/api/data/provider-3", "/api/status", "/", "/providers/provider-3.html"]) {
    it(`${path}: br and gzip decode to the same bytes as the plain answer, each with its own length and ETag`, async () => {
      const plain = await rawGet(path);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("Accept-Encoding");
      const br = await rawGet(path, { "accept-encoding": "br, gzip" });
      const gzip = await rawGet(path, { "accept-encoding": "gzip" });
      if (plain.body.length < 1024) {
        expect(br.headers["content-encoding"]).toBeUndefined();
        return;
      }
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      for (const answer of [br, gzip]) {
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(answer.headers["content-type"]).toBe(plain.headers["content-type"]);
        expect(answer.headers["access-control-allow-origin"]).toBe("*");
        expect(answer.body.length).toBeLessThan(plain.body.length);
      }
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      const tags = new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]);
      expect(tags.size).toBe(3);
      // The encoded ETag revalidates the encoded answer.
      const again = await rawGet(path, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });
  }

  it("HEAD gives the encoded length and no body", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(`${server.origin}/api/data`, { method: "HEAD", headers: { "accept-encoding": "gzip" } }, resolve).on("error", reject).end(),
    );
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(Number(answer.headers["content-length"])).toBeGreaterThan(0);
  });

  it("unknown ids still answer 404 with the Error body, whatever the encoding asked for", async () => {
    const answer = await rawGet("/api/data/nobody", { "accept-encoding": "br" });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString("utf8")).error).toBe("not_found");
  });

  it("chooses br before gzip and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")?.name).toBe("br");
    expect(chooseEncoding("br;q=0, gzip")?.name).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("*")?.name).toBe("br");
    expect(chooseEncoding("*;q=0")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
