/**
 * Child processes for the conformance run: start, wait for readiness, and stop by PID, together with
 * every descendant (wrangler's workerd, netlify's static server), so no server outlives the run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import net from "node:net";

export interface Started {
  name: string;
  child: ChildProcess;
  /** stdout and stderr, interleaved, for the report when something goes wrong. */
  log: () => string;
  exited: () => { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

const running = new Set<Started>();

/** A port that was free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function start(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: string[] = [];
  let total = 0;
  const keep = (data: Buffer) => {
    // Keep the last ~200 KB; emulators can be chatty.
    chunks.push(data.toString("utf8"));
    total += data.length;
    while (total > 200_000 && chunks.length > 1) total -= chunks.shift()!.length;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.once("exit", (code, signal) => {
    exit = { code, signal };
  });
  child.once("error", (error) => {
    chunks.push(`\n[spawn error] ${error.message}\n`);
    exit ??= { code: -1, signal: null };
  });
  const started: Started = { name, child, log: () => chunks.join(""), exited: () => exit };
  running.add(started);
  return started;
}

/** Parent PID of every process visible in /proc (Linux). */
function parentMap(): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return parents;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 2 (comm) may contain spaces and parentheses; the rest follows the last ')'.
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(rest[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** The PID and all its descendants, children after their parent. */
export function processTree(pid: number): number[] {
  const parents = parentMap();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  }
  return tree;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM the process and its descendants by PID, then SIGKILL whatever is left after the grace period. */
export async function stop(started: Started, graceMs = 5_000): Promise<number[]> {
  running.delete(started);
  const pid = started.child.pid;
  if (pid === undefined) return [];
  // Snapshot the tree first: once the parent dies its children are re-parented and can no longer be found.
  const tree = processTree(pid);
  for (const target of tree) {
    try {
      process.kill(target, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await sleep(100);
  // Children started during shutdown: look again under any still-living member.
  const left = [...new Set(tree.filter(alive).flatMap((target) => processTree(target)))];
  for (const target of left) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return tree;
}

/** Synchronous last resort for process exit and signals: SIGKILL every tree still registered. */
export function killAllNow(): void {
  for (const started of running) {
    const pid = started.child.pid;
    if (pid === undefined) continue;
    for (const target of processTree(pid)) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
  running.clear();
}

/**
 * Polls `url` until it answers at all (any status), the process exits, or the timeout passes.
 * Returns undefined when ready, else the reason.
 */
export async function waitReady(started: Started, url: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = started.exited();
    if (exit) return `exited before it was ready (code ${exit.code}, signal ${exit.signal})`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
      await response.arrayBuffer();
      return undefined;
    } catch {
      await sleep(250);
    }
  }
  return `not ready after ${Math.round(timeoutMs / 1000)} s`;
}
