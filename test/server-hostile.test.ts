import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let server: RunningServer;
const SECRET = "TOP-SECRET-OUTSIDE-PUBLIC";

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai")]);
  await tree.build();
  // Files beside and above public/ that no request may ever reach.
  await tree.writeRaw("secret.txt", SECRET);
  await tree.writeRaw(".public.previous/secret.txt", SECRET);
  // A folder link inside the published folder that points at the root of the file system.
  const { promises: fs } = await import("node:fs");
  await fs.symlink("/", `${tree.paths.publicDir}/rootlink`);
  await fs.symlink(tree.root, `${tree.paths.publicDir}/projectlink`);
  server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
});
afterAll(async () => {
  await server?.close();
  await tree?.cleanup();
});

/** Sends the request line exactly as written: no client-side normalisation of dots or escapes. */
const rawGet = (target: string) => rawRequest("GET", target);

/** Sends one request as written, with no Accept-Encoding, and reads the raw answer to the end. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines}Connection: close\r\n\r\n`);
    });
    let data = Buffer.alloc(0);
    socket.on("data", (chunk) => (data = Buffer.concat([data, chunk])));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = data.toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: http.IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const index = line.indexOf(":");
        headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

const TRAVERSALS = [
  "/../secret.txt",
  "/../../secret.txt",
  "/api/../../secret.txt",
  "/api/data/../../../secret.txt",
  "/%2e%2e/secret.txt",
  "/%2E%2E/secret.txt",
  "/%2e%2e%2fsecret.txt",
  "/api/data/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt",
  "/%252e%252e/secret.txt",
  "/%252e%252e%252fsecret.txt",
  "/..%5csecret.txt",
  "/..\\secret.txt",
  "/api\\..\\..\\secret.txt",
  "/%00",
  "/api/data/acme-ai%00",
  "/index.html%00.json",
  "/.public.previous/secret.txt",
  "/rootlink/etc/passwd",
  "/rootlink/etc/hostname",
  "/projectlink/secret.txt",
  `/api/data/${"a".repeat(300)}`,
  `/${"b".repeat(1500)}`,
  "/..%c0%afsecret.txt",
  "/%e0%80%ae%e0%80%ae/secret.txt",
  `/${"a/".repeat(1500)}secret.txt`,
  `/api/data/${"x".repeat(5000)}`,
  "/%",
  "/%zz",
  "//secret.txt",
];

describe("paths outside public/ in every spelling", () => {
  for (const target of TRAVERSALS) {
    it(`GET ${target.length > 60 ? `${target.slice(0, 60)}… (${target.length} chars)` : target} answers 400 or 404, with the Error body or (for a page address) the not-found page`, async () => {
      const response = await rawGet(target);
      expect([400, 404]).toContain(response.status);
      expect(response.body).not.toContain(SECRET);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      if (response.headers["content-type"] === "text/html; charset=utf-8") {
        expect(response.status).toBe(404);
        expect(response.body).toContain("<h1>Page not found</h1>");
        return;
      }
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(response.body).error).toMatch(/^(bad_request|not_found)$/);
    });
  }
});

describe("security headers on every answer", () => {
  const PATHS = ["/", "/index.html", "/methodology.html", "/providers/acme-ai.html", "/api/data", "/api/data/acme-ai", "/api/status", "/api/data/missing", "/llms.txt", "/api/openapi.json", "/assets/style.css"];
  for (const target of PATHS) {
    it(`GET ${target}`, async () => {
      const response = await rawGet(target);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
      if (target.endsWith(".html") || target === "/") {
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'/);
        expect(response.headers["content-security-policy"]).not.toMatch(/unsafe-inline|unsafe-eval/);
      }
    });
  }

  it("the shipped host files carry the same headers", async () => {
    const headers = await tree.read("_headers");
    for (const expected of ["Access-Control-Allow-Origin: *", "X-Content-Type-Options: nosniff", "Referrer-Policy: strict-origin-when-cross-origin", "Content-Security-Policy: default-src 'none'"]) {
      expect(headers).toContain(expected);
    }
    expect(headers).not.toContain("Access-Control-Allow-Credentials");
  });
});

describe("answers the review found missing", () => {
  it("a path segment too long for any file name answers 404 with the Error body, not 500", async () => {
    for (const length of [256, 1000, 2000]) {
      const response = await rawGet(`/api/data/${"x".repeat(length)}`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body).error).toBe("not_found");
    }
  });

  it("If-None-Match: * answers 304 for a file that exists, 404 for one that does not", async () => {
    const exists = await fetch(`${server.origin}/api/status`, { headers: { "If-None-Match": "*" } });
    expect(exists.status).toBe(304);
    expect(await exists.text()).toBe("");
    const missing = await fetch(`${server.origin}/api/data/nobody`, { headers: { "If-None-Match": "*" } });
    expect(missing.status).toBe(404);
  });

  it("CONNECT gets an answer (405), not a silently dropped connection", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
  });
});

describe("not found: pages for people, JSON for programs", () => {
  it("a mistyped page address gets the human page with a way back; an API path the JSON Error body", async () => {
    const page = await rawGet("/providers/no-such-provider.html");
    expect(page.status).toBe(404);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.body).toContain('href="/index.html"');
    for (const api of ["/api/data/no-such-provider", "/api/nothing", "/no-such.json"]) {
      const answer = await rawGet(api);
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(answer.body).error).toBe("not_found");
    }
  });
});

describe("hostile review, round 3: conditional and range requests", () => {
  it.each(["/api/data/acme-ai", "/api/status", "/index.html", "/llms.txt"])("a weak If-None-Match (W/\"…\") of %s answers 304, as RFC 9110's weak comparison requires", async (target) => {
    const first = await fetch(`${server.origin}${target}`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const weak = etag!.startsWith("W/") ? etag! : `W/${etag}`;
    const again = await fetch(`${server.origin}${target}`, { headers: { "If-None-Match": `"other", ${weak}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it.each(["bytes=abc", "bytes=5-2", "lines=0-3", "bytes=-"])("an unreadable Range (%s) is ignored: 200 with the whole file, never a cached 416", async (range) => {
    const whole = await (await fetch(`${server.origin}/api/status`)).text();
    const answer = await fetch(`${server.origin}/api/status`, { headers: { Range: range } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(whole);
  });

  it.each(["bytes=-0", "bytes=999999999-", "bytes=999999999-1000000000"])("review 4, finding 13: a range the file cannot satisfy (%s) answers 416 with no body, its length in Content-Range, and no-store", async (range) => {
    const size = Buffer.byteLength(await (await fetch(`${server.origin}/api/data`)).text());
    for (const method of ["GET", "HEAD"]) {
      const answer = await rawRequest(method, "/api/data", { Range: range });
      expect(answer.status).toBe(416);
      expect(answer.body).toBe("");
      expect(answer.headers["content-length"]).toBe("0");
      expect(answer.headers["content-range"]).toBe(`bytes */${size}`);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("a satisfiable byte range still answers 206 with those bytes", async () => {
    const whole = await (await fetch(`${server.origin}/llms.txt`)).text();
    const answer = await rawRequest("GET", "/llms.txt", { Range: "bytes=0-3" });
    expect(answer.status).toBe(206);
    expect(answer.body).toBe(whole.slice(0, 4));
    expect(answer.headers["content-range"]).toBe(`bytes 0-3/${Buffer.byteLength(whole)}`);
  });
});
