/**
 * The hosts the conformance run checks: the project's own server, `npx serve`, and the hosts' own
 * emulators installed on demand (Cloudflare Pages via wrangler, Netlify via netlify-cli on Node 22).
 * Each starts on 127.0.0.1 on a free port and hands back its origin and a stop function.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { startServer } from "../../scripts/serve/server.js";
import { ensureTool, packageDir, TOOLS } from "./install.js";
import { freePort, start, stop, waitReady, type Started } from "./proc.js";

export interface Context {
  root: string;
  /** The built site (public/). */
  publicDir: string;
  /** Scratch folder for this run: temporary HOMEs and dereferenced copies of the site. */
  scratch: string;
  cacheRoot: string;
  baseUrl: string;
  log: (line: string) => void;
}

export interface Running {
  origin: string;
  version: string;
  stop(): Promise<void>;
  /** Lines from the emulator's own output worth showing (warnings about our files). */
  notes: string[];
}

export type StartResult = { ok: true; running: Running } | { ok: false; reason: string };

export interface Host {
  name: string;
  /** Requirement keys expected to fail on this host, with the reason; reported as "limit", not "FAIL". */
  knownLimits: Record<string, string>;
  start(context: Context): Promise<StartResult>;
}

/** A deployable copy of the site: what a host uploads after following the public/ link. */
async function siteCopy(context: Context, name: string, rootFiles: string[]): Promise<string> {
  const dir = path.join(context.scratch, name, "site");
  await fs.mkdir(dir, { recursive: true });
  await fs.cp(path.resolve(context.publicDir), path.join(dir, "public"), { recursive: true, dereference: true });
  for (const file of rootFiles) await fs.copyFile(path.join(context.root, file), path.join(dir, file));
  return dir;
}

/**
 * The environment an emulator runs in: only what it needs from the caller (so no token or project setting
 * leaks in), a home folder of its own, and no update checks or prompts.
 */
async function isolatedEnv(context: Context, name: string): Promise<NodeJS.ProcessEnv> {
  const keep = ["PATH", "LANG", "LC_ALL", "TZ", "TMPDIR", "SHELL", "USER", "TERM"];
  const env: NodeJS.ProcessEnv = {};
  for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
  const home = path.join(context.scratch, name, "home");
  await fs.mkdir(home, { recursive: true });
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    CI: "true",
    NO_UPDATE_NOTIFIER: "1",
  };
}

async function readVersion(dir: string): Promise<string> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, "package.json"), "utf8")).version ?? "?";
  } catch {
    return "?";
  }
}

/** Starts a child, waits for it, and turns a failure into a reason (with the log's tail). */
async function launch(started: Started, origin: string, timeoutMs: number, version: string, pick: (log: string) => string[]): Promise<StartResult> {
  const problem = await waitReady(started, `${origin}/api/status`, timeoutMs);
  if (problem) {
    const tail = started.log().trim().split("\n").slice(-8).join("\n    ");
    await stop(started);
    return { ok: false, reason: `${problem}; last output:\n    ${tail}` };
  }
  return {
    ok: true,
    running: {
      origin,
      version,
      notes: pick(started.log()),
      stop: async () => {
        await stop(started);
      },
    },
  };
}

/** Node's own deprecation notices and env-var chatter say nothing about our files. */
const NOISE = /DeprecationWarning|trace-deprecation|context env var/;
const warningLines = (pattern: RegExp) => (log: string) =>
  [...new Set(log.split("\n").map((line) => line.replace(/\x1b\[[0-9;]*m/g, "").trim()).filter((line) => pattern.test(line) && !NOISE.test(line)))].slice(0, 6);

export const ownServer: Host = {
  name: "own server (scripts/serve/server.ts)",
  knownLimits: {},
  async start(context) {
    const server = await startServer({ publicDir: context.publicDir, port: 0, host: "127.0.0.1", baseUrl: context.baseUrl });
    return { ok: true, running: { origin: server.origin, version: "this project", notes: [], stop: () => server.close() } };
  },
};

export const serveCli: Host = {
  name: "npx serve public",
  knownLimits: {
    "404-json": "serve answers its own 404 body {\"error\":{\"code\":…}} without our headers when Accept contains application/json; no config changes that",
  },
  async start(context) {
    const serveDir = path.join(context.root, "node_modules", "serve");
    const port = await freePort();
    const env = await isolatedEnv(context, "serve");
    // The same invocation as plain `npx serve public` (it reads public/serve.json), started by PID on loopback.
    const started = start("serve", process.execPath, [path.join(serveDir, "build", "main.js"), "public", "-l", `tcp://127.0.0.1:${port}`, "--no-clipboard", "--no-port-switching"], { cwd: context.root, env });
    return launch(started, `http://127.0.0.1:${port}`, 20_000, `serve ${await readVersion(serveDir)}`, () => []);
  },
};

export const cloudflarePages: Host = {
  name: "Cloudflare Pages (wrangler pages dev)",
  knownLimits: {},
  async start(context) {
    const installed = await ensureTool(context.cacheRoot, TOOLS.wrangler, context.log);
    if (!installed.ok) return { ok: false, reason: installed.reason };
    const wranglerDir = packageDir(context.cacheRoot, TOOLS.wrangler);
    const site = await siteCopy(context, "cloudflare", []);
    const [port, inspectorPort] = [await freePort(), await freePort()];
    const env = { ...(await isolatedEnv(context, "cloudflare")), WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
    // Run wrangler's own entry with this Node, so its PID is ours to stop (with workerd below it).
    const args = [
      path.join(wranglerDir, "bin", "wrangler.js"),
      "pages", "dev", "public",
      "--ip", "127.0.0.1",
      "--port", String(port),
      "--inspector-port", String(inspectorPort),
      "--compatibility-date=2025-01-01",
      "--show-interactive-dev-session=false",
      "--live-reload=false",
    ];
    const started = start("wrangler", process.execPath, args, { cwd: site, env });
    return launch(started, `http://127.0.0.1:${port}`, 60_000, `wrangler ${await readVersion(wranglerDir)}`, warningLines(/warn|invalid|ignored|_redirects|_headers/i));
  },
};

/** Netlify CLI has no option to listen on loopback only: this preload makes every TCP listen use 127.0.0.1. */
const LOOPBACK_PRELOAD = `"use strict";
const net = require("node:net");
const listen = net.Server.prototype.listen;
const wildcard = (host) => host === undefined || host === null || host === "" || host === "0.0.0.0" || host === "::";
net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (first && typeof first === "object" && !Array.isArray(first) && first.path === undefined && first.fd === undefined && first.handle === undefined && !(first instanceof net.Server) && typeof first.listen !== "function" && !("_handle" in first)) {
    if (wildcard(first.host)) args[0] = { ...first, host: "127.0.0.1" };
  } else if (typeof first === "number" || (typeof first === "string" && /^\\d+$/.test(first)) || first === undefined || first === null) {
    if (typeof args[1] === "string") {
      if (wildcard(args[1])) args[1] = "127.0.0.1";
    } else {
      args.splice(1, 0, "127.0.0.1");
    }
    if (args[0] === undefined || args[0] === null) args[0] = 0;
  }
  return listen.apply(this, args);
};
`;

export const netlify: Host = {
  name: "Netlify (netlify dev --offline)",
  knownLimits: {},
  async start(context) {
    const node = await ensureTool(context.cacheRoot, TOOLS.node22, context.log);
    if (!node.ok) return { ok: false, reason: `Netlify CLI needs Node >= 22.13; ${node.reason}` };
    const cli = await ensureTool(context.cacheRoot, TOOLS.netlify, context.log);
    if (!cli.ok) return { ok: false, reason: cli.reason };
    const nodeBin = path.join(packageDir(context.cacheRoot, TOOLS.node22), "bin");
    const cliDir = packageDir(context.cacheRoot, TOOLS.netlify);
    const site = await siteCopy(context, "netlify", ["netlify.toml"]);
    const preload = path.join(context.scratch, "netlify", "loopback.cjs");
    await fs.writeFile(preload, LOOPBACK_PRELOAD);
    const port = await freePort();
    const env = {
      ...(await isolatedEnv(context, "netlify")),
      PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_OPTIONS: `--require ${preload}`,
      BROWSER: "none",
      NETLIFY_TELEMETRY_DISABLED: "1",
    };
    const args = [
      path.join(cliDir, "bin", "run.js"),
      "dev",
      "--offline",
      "--internal-disable-edge-functions",
      "--no-open",
      "--skip-gitignore",
      "--port", String(port),
    ];
    const started = start("netlify", path.join(nodeBin, "node"), args, { cwd: site, env });
    return launch(started, `http://127.0.0.1:${port}`, 90_000, `netlify-cli ${await readVersion(cliDir)} on Node ${TOOLS.node22.version}`, warningLines(/warn|invalid|ignor|error/i));
  },
};

export const HOSTS: Host[] = [ownServer, serveCli, cloudflarePages, netlify];

/** Hosts named in the README that have no emulator this run can start, and why. */
export const NOT_RUNNABLE: { name: string; reason: string }[] = [
  {
    name: "GitHub Pages",
    reason: "no emulator exists (GitHub publishes none); behaviour is documented from GitHub's docs: no rewrites or custom headers, use the .json URLs",
  },
  {
    name: "Vercel",
    reason:
      "`vercel dev` cannot run offline: tried with vercel 49.2.0 (64.0.2 does not install: its dependency sandbox@4.4.0 is not in the registry this machine reaches), it stops with \"No existing credentials found. Please run `vercel login`\", and with a --token it first calls https://api.vercel.com/v2/user; so vercel.json stays unverified",
  },
];
