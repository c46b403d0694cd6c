/**
 * npm run bench:refresh: the weekly refresh's source watch at the project's scale and beyond. Serves 600
 * cited URLs on 270 hosts, each its own loopback address (127.0.0.2, 127.0.0.3, …, then 127.1.0.x), every
 * answer 300 ms late, among them slow and hostile pages; runs the real command (`node bin/evidence.js
 * sources --allow-private`, what `npm run sources` runs) in its own process over a temporary project whose
 * records cite them; then `validate` over what it wrote. Prints the run's time, the most connections any
 * host saw at once, the command's peak RSS and the outcomes. Figures are printed, never asserted; it exits
 * non-zero only when the command or the validation fails.
 *
 * BENCH_REFRESH_URLS, BENCH_REFRESH_HOSTS, BENCH_REFRESH_LATENCY_MS and BENCH_REFRESH_SLOW change the scale
 * (CI runs a small one so that the script cannot rot).
 */
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hostilePage, normalPage, SLOW_KINDS, type PageKind } from "./refreshPages.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const URLS = Number(process.env.BENCH_REFRESH_URLS ?? 600);
const HOSTS = Number(process.env.BENCH_REFRESH_HOSTS ?? 270);
const LATENCY_MS = Number(process.env.BENCH_REFRESH_LATENCY_MS ?? 300);
/** How many URLs answer slowly (a body that trickles past the time limit, or never starts). */
const SLOW = Number(process.env.BENCH_REFRESH_SLOW ?? 6);
/** Facts per provider record: availability_status and the five contract fields. */
const FACTS_PER_RECORD = 6;

/** The n-th host's loopback address, from 127.0.0.2 up; past 127.0.0.255 on to 127.1.0.1. */
const addressOf = (index: number) => (index < 254 ? `127.0.0.${index + 2}` : `127.1.${Math.floor((index - 254) / 254)}.${((index - 254) % 254) + 1}`);

/** Loaded into the command's process with --require (CommonJS, before anything else runs). */
const PRELOAD = `const net = require("node:net");
const fs = require("node:fs");
const open = new Map();
let mostSockets = 0;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = Array.isArray(args[0]) ? args[0][0] : typeof args[0] === "object" ? args[0] : { port: args[0], host: args[1] };
  const key = String(options && options.host) + ":" + String(options && options.port);
  if (!this.__counted) {
    this.__counted = true;
    open.set(key, (open.get(key) || 0) + 1);
    mostSockets = Math.max(mostSockets, open.get(key));
    this.once("close", () => open.set(key, open.get(key) - 1));
  }
  return connect.apply(this, args);
};
process.on("exit", () => fs.writeFileSync(MEASURED_FILE, JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, mostSockets })));
`;

interface Host {
  server: Server;
  origin: string;
  open: number;
  mostOpen: number;
  requests: number;
}

/** A tenth of the hosts carry most URLs (a provider's docs site), the rest one or two. */
function spread(urls: number, hosts: number): number[] {
  const counts = new Array<number>(hosts).fill(1);
  let left = urls - hosts;
  const big = Math.max(1, Math.floor(hosts / 10));
  for (let index = 0; left > 0; index = (index + 1) % hosts) {
    const share = index < big ? 4 : 1;
    const added = Math.min(share, left);
    counts[index]! += added;
    left -= added;
  }
  return counts;
}

/** Which kind of page each URL is: mostly ordinary, a few slow, a few hostile. */
function kindsOf(total: number): PageKind[] {
  const kinds: PageKind[] = new Array<PageKind>(total).fill("normal");
  const special: PageKind[] = [...Array.from({ length: SLOW }, (_, index) => SLOW_KINDS[index % SLOW_KINDS.length]!), "angles", "nested", "too-large", "loop", "javascript", "password", "bidi", "gone", "moved", "not-text"];
  // Spread over the list so that they land on different hosts.
  special.slice(0, total).forEach((kind, index) => (kinds[Math.floor(((index + 0.5) * total) / special.length)] = kind));
  return kinds;
}

async function startHost(index: number, pages: Map<string, PageKind>): Promise<Host> {
  const host: Host = { server: createServer(), origin: "", open: 0, mostOpen: 0, requests: 0 };
  const sockets = new Set<Socket>();
  host.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    host.open += 1;
    host.mostOpen = Math.max(host.mostOpen, host.open);
    socket.on("close", () => {
      sockets.delete(socket);
      host.open -= 1;
    });
  });
  host.server.on("request", (request, response) => {
    host.requests += 1;
    const kind = pages.get(request.url ?? "") ?? ((request.url ?? "").startsWith("/loop-") ? "loop" : "gone");
    const timer = setTimeout(() => (kind === "normal" ? normalPage(response, request.url ?? "") : hostilePage(kind, response, host.origin)), LATENCY_MS);
    response.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve, reject) => {
    host.server.once("error", reject);
    host.server.listen(0, addressOf(index), resolve);
  });
  host.origin = `http://${addressOf(index)}:${(host.server.address() as AddressInfo).port}`;
  host.server.on("close", () => sockets.forEach((socket) => socket.destroy()));
  return host;
}

function record(id: string, urls: readonly string[]) {
  // Contract Facts are confirmed only from the provider's terms (the status table), so the pages stand for terms.
  const fact = (value: unknown, url: string, sourceType: string) => ({ value, status: "confirmed", source_url: url, source_type: sourceType, source_date: null, verified_at: "2026-11-01", verified_by: "manual" });
  const [first, ...rest] = urls;
  const contract = Object.fromEntries(["binding_free", "credits_refundable", "data_portable", "no_lock_in", "egress_free"].flatMap((field, index) => (rest[index] ? [[field, fact(true, rest[index]!, "provider_terms")]] : [])));
  return { id, name: `Provider ${id}`, website: "https://bench.example", category: "inference_api", record_updated_at: "2026-11-01", availability_status: fact("live", first!, "provider_site"), ...(Object.keys(contract).length > 0 && { contract }) };
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string; wallMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr, wallMs: performance.now() - started });
    });
  });
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), "bench-refresh-"));
const hosts: Host[] = [];
try {
  const counts = spread(URLS, HOSTS);
  const kinds = kindsOf(URLS);
  const perHost = counts.map(() => new Map<string, PageKind>());
  let next = 0;
  const placed: Array<{ host: number; page: string }> = [];
  counts.forEach((count, host) => {
    for (let index = 0; index < count; index += 1) {
      const page = `/page-${next}`;
      perHost[host]!.set(page, kinds[next]!);
      placed.push({ host, page });
      next += 1;
    }
  });
  for (let index = 0; index < HOSTS; index += 1) hosts.push(await startHost(index, perHost[index]!));
  const urls = placed.map(({ host, page }) => `${hosts[host]!.origin}${page}`);

  await fs.mkdir(path.join(work, "data", "providers"), { recursive: true });
  await fs.writeFile(path.join(work, "data", "dataset.json"), JSON.stringify({ source: "bench", note: "bench", license: "CC-BY-4.0", license_url: "https://creativecommons.org/licenses/by/4.0/" }));
  for (let at = 0, index = 0; at < urls.length; at += FACTS_PER_RECORD, index += 1) {
    const id = `provider-${String(index).padStart(4, "0")}`;
    await fs.writeFile(path.join(work, "data", "providers", `${id}.json`), JSON.stringify(record(id, urls.slice(at, at + FACTS_PER_RECORD)), null, 2));
  }

  // Measured inside the command's own process and written as it ends: its peak RSS, and the most sockets it
  // held open to one host at once (a socket counts from connect() until it is closed on its side).
  const measuredFile = path.join(work, "measured.json");
  const preload = path.join(work, "measure.cjs");
  await fs.writeFile(preload, PRELOAD.replace("MEASURED_FILE", JSON.stringify(measuredFile)));
  console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? "unknown CPU"} × ${os.cpus().length}; ${urls.length} URLs on ${hosts.length} hosts (${addressOf(0)}–${addressOf(hosts.length - 1)}), ${LATENCY_MS} ms latency, ${SLOW} slow pages`);
  const watch = await run(["--require", preload, path.join(root, "bin", "evidence.js"), "--root", work, "sources", "--allow-private"]);
  const measured = JSON.parse(await fs.readFile(measuredFile, "utf8").catch(() => "{}")) as { maxRssKb?: number; mostSockets?: number };
  const peakRssMb = (measured.maxRssKb ?? 0) / 1024;
  const mostSockets = measured.mostSockets ?? Number.NaN;
  const validate = await run([path.join(root, "bin", "evidence.js"), "--root", work, "validate"]);

  const summary = watch.stdout.split("\n").find((line) => line.startsWith("sources:")) ?? "(no summary line)";
  const mostOpen = Math.max(...hosts.map((host) => host.mostOpen));
  const requests = hosts.reduce((sum, host) => sum + host.requests, 0);
  console.log(summary);
  console.log(`| run (wall) | most sockets the command held to one host | most connections one server saw open | peak RSS | requests served | validate afterwards |`);
  console.log(`|---:|---:|---:|---:|---:|---|`);
  console.log(`| ${(watch.wallMs / 1000).toFixed(1)} s | ${mostSockets} | ${mostOpen} | ${peakRssMb.toFixed(0)} MiB | ${requests} | ${validate.code === 0 ? "passes" : "FAILS"} |`);
  console.log(`targets: within 120 s ${watch.wallMs <= 120_000 ? "yes" : "NO"}; at most 2 connections per host ${mostSockets <= 2 ? "yes" : "NO"}; peak RSS under 256 MiB ${peakRssMb < 256 ? "yes" : "NO"}`);
  // A server counts a connection until it reads its end, so a socket the command has just closed and the one
  // it opens next can overlap there for a moment; the command's own count is the one the target is about.
  if (watch.code !== 0) console.error(`sources exited ${watch.code}:\n${watch.stderr}`);
  if (validate.code !== 0) console.error(`validate exited ${validate.code}:\n${validate.stderr.split("\n").slice(0, 20).join("\n")}`);
  process.exitCode = watch.code !== 0 || validate.code !== 0 ? 1 : 0;
} finally {
  await Promise.all(hosts.map((host) => new Promise((resolve) => host.server.close(resolve))));
  await fs.rm(work, { recursive: true, force: true });
}
