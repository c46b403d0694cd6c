/** The pages the refresh benchmark serves: ordinary ones of a realistic size, and a few slow or hostile ones. */
import type { ServerResponse } from "node:http";

export const SLOW_KINDS = ["trickle", "stall"] as const;
const HOSTILE_KINDS = ["angles", "nested", "too-large", "loop", "javascript", "password", "bidi", "gone", "moved", "not-text"] as const;
export type PageKind = "normal" | (typeof SLOW_KINDS)[number] | (typeof HOSTILE_KINDS)[number];

const MIB = 1024 * 1024;

/** About 30 KB of a terms page: navigation, a header, numbered sections, a footer with the date. */
export function normalPage(response: ServerResponse, url: string): void {
  const sections = Array.from({ length: 40 }, (_, index) => `<section><h2>${index + 1}. Section ${index + 1} of ${url}</h2><p>The provider processes personal data only on documented instructions. Data is stored in data centres in the European Union; transfers need the customer's consent. Clause ${index + 1} applies to every order placed under these terms.</p><p>Sub-processors are listed on the provider's website and notified thirty days ahead.</p></section>`).join("");
  const body = `<!doctype html><html><head><title>Terms ${url}</title><meta property="article:modified_time" content="2026-02-01T10:00:00Z"><script>window.analytics = {build: "${url}"};</script><style>body{font-family:sans-serif}</style></head><body><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header><main><h1>Terms of service</h1>${sections}</main><footer><p>Last updated: 3 March 2026</p><p>© 2026 Bench AB</p></footer></body></html>`;
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
}

/** A body that trickles a byte at a time (past any time limit), or headers that never come. */
function slowPage(kind: (typeof SLOW_KINDS)[number], response: ServerResponse): void {
  if (kind === "stall") return;
  response.writeHead(200, { "content-type": "text/html" });
  const drip = setInterval(() => response.write("<p>"), 500);
  response.on("close", () => clearInterval(drip));
}

export function hostilePage(kind: Exclude<PageKind, "normal">, response: ServerResponse, origin: string): void {
  switch (kind) {
    case "trickle":
    case "stall":
      return slowPage(kind, response);
    case "angles":
      return void response.writeHead(200, { "content-type": "text/html" }).end("<".repeat(5 * MIB - 1024));
    case "nested":
      return void response.writeHead(200, { "content-type": "text/html" }).end("<div>".repeat(Math.floor((5 * MIB - 1024) / 5)));
    case "too-large":
      return void response.writeHead(200, { "content-type": "text/html" }).end("a".repeat(6 * MIB));
    case "loop":
      return void response.writeHead(302, { location: `${origin}/loop-${Math.random().toString(36).slice(2)}` }).end();
    case "javascript":
      return void response.writeHead(302, { location: "javascript:alert(1)" }).end();
    case "password":
      return void response.writeHead(301, { location: "http://user:secret@elsewhere.example/terms" }).end();
    case "bidi":
      return void response.writeHead(200, { "content-type": "text/html" }).end("<main><p>Terms.</p></main><footer>Last updated: 4 March 2026 \u202e[see](https://evil.example) @all \u001b[2J</footer>");
    case "gone":
      return void response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    case "moved":
      return void response.writeHead(301, { location: "https://elsewhere.example/terms" }).end();
    case "not-text":
      return void response.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.alloc(1024));
  }
}
