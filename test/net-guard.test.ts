import { createServer, type Server } from "node:http";
import type { LookupAddress } from "node:dns";
import { afterEach, describe, expect, it } from "vitest";
import { isLoopback, isPublicAddress } from "../scripts/net/addresses.js";
import { checkingLookup, type Resolver } from "../scripts/net/dispatcher.js";
import { DEFAULT_NET_POLICY, getFollowing, type NetPolicy } from "../scripts/net/request.js";
import { sameSite, siteOf } from "../scripts/net/site.js";
import { fetchSource } from "../scripts/watch/fetchSource.js";
import { closeServer, listenOnLoopback } from "./helpers.js";

let server: Server | undefined;
afterEach(async () => {
  await closeServer(server);
  server = undefined;
});

/** A loopback server that counts what reached it. */
async function countingServer(): Promise<{ port: number; hits: string[] }> {
  const hits: string[] = [];
  server = createServer((request, response) => {
    hits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "text/html" }).end("<main><p>A page that should not have been read.</p></main>");
  });
  const origin = await listenOnLoopback(server);
  return { port: Number(new URL(origin).port), hits };
}

const policy = (overrides: Partial<NetPolicy> = {}): NetPolicy => ({ ...DEFAULT_NET_POLICY, timeoutMs: 2000, ...overrides });
const answers = (...addresses: string[]): LookupAddress[] => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

/** A resolver that answers 127.0.0.1 for every name and keeps the names it was asked. */
function loopbackResolver(): { asked: string[]; resolve: Resolver } {
  const asked: string[] = [];
  return { asked, resolve: async (hostname) => (asked.push(hostname), answers("127.0.0.1")) };
}

describe("address classes come from a maintained library (review 4, finding 1)", () => {
  it.each([
    "127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.2.1", "198.18.0.1", "240.0.0.1",
    "::1", "::", "::ffff:7f00:1", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "::7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::", "2001::1", "fec0::1", "fe80::1", "fc00::1", "ff02::1", "2001:db8::1", "100::1",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001::1"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("IPv4-mapped loopback in the hex form the URL parser writes is refused without --allow-private, and nothing is asked", async () => {
    const { port, hits } = await countingServer();
    const url = `http://[::ffff:127.0.0.1]:${port}/page`;
    expect(new URL(url).hostname).toBe("[::ffff:7f00:1]");
    const fetched = await fetchSource(url, policy());
    expect(fetched).toMatchObject({ kind: "failed", error: expect.stringContaining("private, loopback or link-local address refused") });
    expect(hits).toEqual([]);
  });

  it("loopback is recognised in every spelling", () => {
    expect(isLoopback("127.0.0.2")).toBe(true);
    expect(isLoopback("[::1]")).toBe(true);
    expect(isLoopback("api.localhost")).toBe(true);
    expect(isLoopback("[::ffff:7f00:1]")).toBe(true);
    expect(isLoopback("128.0.0.1")).toBe(false);
  });
});

describe("the connection goes to the address that was checked (review 4, finding 3)", () => {
  it("the lookup a connection uses resolves once and hands over exactly the addresses it checked", async () => {
    const calls: string[] = [];
    // A rebinding name: public to the first question, loopback to every later one.
    const rebinding: Resolver = async (hostname) => {
      calls.push(hostname);
      return answers(calls.length === 1 ? "93.184.216.34" : "127.0.0.1");
    };
    const lookup = checkingLookup(rebinding, false, 1000);
    const handed = await new Promise<unknown>((resolve, reject) => lookup("rebind.example", { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
    expect(handed).toEqual(answers("93.184.216.34"));
    expect(calls).toEqual(["rebind.example"]);
    // Its second answer is checked in its turn, never passed on unchecked.
    const second = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup("rebind.example", { all: true }, (error) => resolve(error)));
    expect(second?.code).toBe("ERR_ADDRESS_REFUSED");
  });

  it("a name that resolves to loopback is refused by the lookup of the connection itself, and the server is never reached", async () => {
    const { port, hits } = await countingServer();
    const { asked, resolve } = loopbackResolver();
    const fetched = await fetchSource(`http://docs.rebind.example:${port}/page`, policy({ resolve }));
    expect(fetched).toMatchObject({ kind: "failed", error: expect.stringContaining("private, loopback or link-local address refused") });
    expect(asked).toEqual(["docs.rebind.example"]);
    expect(hits).toEqual([]);
  });

  it("with private addresses allowed, one lookup per connection and the connection goes where it said", async () => {
    const { port, hits } = await countingServer();
    const { asked, resolve } = loopbackResolver();
    const fetched = await fetchSource(`http://one-lookup.example:${port}/page`, policy({ resolve, allowPrivate: true }));
    expect(fetched).toMatchObject({ kind: "page", status: 200 });
    expect(asked).toEqual(["one-lookup.example"]);
    expect(hits).toEqual(["/page"]);
  });

  it("a lookup that never answers is cut by the request's time limit (review 4, also noticed)", async () => {
    const silent: Resolver = () => new Promise(() => undefined);
    const started = Date.now();
    const fetched = await fetchSource("http://silent.example/page", policy({ resolve: silent, timeoutMs: 300 }));
    expect(fetched).toMatchObject({ kind: "failed", error: "timeout" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the same site is read from the Public Suffix List (review 4, finding 16)", () => {
  it.each([
    ["https://vendor.co.kr/a", "https://attacker.co.kr/a"],
    ["https://vendor.herokuapp.com/a", "https://attacker.herokuapp.com/a"],
    ["https://vendor.s3.amazonaws.com/a", "https://attacker.s3.amazonaws.com/a"],
    ["https://vendor.substack.com/a", "https://attacker.substack.com/a"],
    ["https://vendor.github.io/a", "https://attacker.github.io/a"],
    ["https://mistral.ai/a", "https://mistral.com/a"],
  ])("%s and %s are two sites", (a, b) => {
    expect(sameSite(new URL(a), new URL(b))).toBe(false);
  });

  it.each([
    ["https://docs.mistral.ai/a", "https://mistral.ai/b"],
    ["https://www.vendor.co.uk/a", "https://vendor.co.uk/b"],
    ["https://www.vendor.co.kr/a", "https://legal.vendor.co.kr/b"],
  ])("%s and %s are one site", (a, b) => {
    expect(sameSite(new URL(a), new URL(b))).toBe(true);
  });

  it("an address is its own site", () => {
    expect(siteOf("127.0.0.1")).toBe("127.0.0.1");
    expect(siteOf("[::1]")).toBe("::1");
  });

  it("a redirect between two owners under one public suffix is reported as moved, not followed", async () => {
    const seen: string[] = [];
    server = createServer((request, response) => {
      seen.push(`${request.headers.host}${request.url}`);
      if (request.headers.host?.startsWith("vendor.co.kr")) response.writeHead(301, { location: `http://attacker.co.kr:${port}/terms` }).end();
      else response.writeHead(200, { "content-type": "text/html" }).end("<main><p>Someone else's terms of service.</p></main>");
    });
    const port = Number(new URL(await listenOnLoopback(server)).port);
    const resolve: Resolver = async () => answers("127.0.0.1");
    const hop = await getFollowing(new URL(`http://vendor.co.kr:${port}/terms`), { policy: policy({ resolve, allowPrivate: true }), accept: "text/html", signal: AbortSignal.timeout(2000) });
    expect(hop).toMatchObject({ kind: "moved", status: 301 });
    expect(seen).toEqual([`vendor.co.kr:${port}/terms`]);
  });
});

describe("two tenants of a multi-tenant host are two sites (review 5)", () => {
  it.each([
    // Both cited in the data; neither is in the Public Suffix List's private section.
    ["https://openrouter.zendesk.com/hc/en-us/articles/1", "https://attacker.zendesk.com/hc/en-us/articles/1"],
    ["https://unique-ch.atlassian.net/wiki/spaces/a", "https://attacker.atlassian.net/wiki/spaces/a"],
    ["https://vendor.freshdesk.com/support", "https://attacker.freshdesk.com/support"],
    // In the private section already, read through tldts.
    ["https://vendor.webflow.io/a", "https://attacker.webflow.io/a"],
    ["https://vendor.gitbook.io/a", "https://attacker.gitbook.io/a"],
  ])("%s and %s are two sites", (a, b) => {
    expect(sameSite(new URL(a), new URL(b))).toBe(false);
  });

  it.each([
    ["https://openrouter.zendesk.com/hc/a", "https://OpenRouter.zendesk.com./hc/b"],
    ["https://docs.unique-ch.atlassian.net/a", "https://unique-ch.atlassian.net/b"],
    ["https://www.zendesk.com/a", "https://zendesk.com/b"],
  ])("%s and %s are one site", (a, b) => {
    expect(sameSite(new URL(a), new URL(b))).toBe(true);
  });

  it("a redirect from one tenant to another is reported as moved, not followed", async () => {
    const seen: string[] = [];
    server = createServer((request, response) => {
      seen.push(`${request.headers.host}${request.url}`);
      if (request.headers.host?.startsWith("openrouter.zendesk.com")) response.writeHead(301, { location: `http://attacker.zendesk.com:${port}/hc` }).end();
      else response.writeHead(200, { "content-type": "text/html" }).end("<main><p>Another tenant's help centre.</p></main>");
    });
    const port = Number(new URL(await listenOnLoopback(server)).port);
    const resolve: Resolver = async () => answers("127.0.0.1");
    const hop = await getFollowing(new URL(`http://openrouter.zendesk.com:${port}/hc`), { policy: policy({ resolve, allowPrivate: true }), accept: "text/html", signal: AbortSignal.timeout(2000) });
    expect(hop).toMatchObject({ kind: "moved", status: 301 });
    expect(seen).toEqual([`openrouter.zendesk.com:${port}/hc`]);
  });
});
