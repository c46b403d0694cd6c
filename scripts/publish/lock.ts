import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { lockFile } from "./folders.js";
import { isAlive, processStartedAt } from "./processes.js";

/**
 * One build at a time: a lock file beside public/ names its holder (process, host, start time), and its holder
 * refreshes it while it works. A waiting build takes it over when its process has ended, when its process number
 * now belongs to a newer process, or when it has stayed unchanged for LOCK_STALE_AFTER_MS of the waiting build's
 * own clock. Its modification time is never compared with this machine's clock: a holder on another machine
 * writes its own clock's time, and a lock dated in the future would otherwise never be stale.
 *
 * proper-lockfile was considered: it judges staleness by exactly that comparison of mtime and clock, knows
 * nothing of the holder's process (a build killed with SIGKILL would block the next one for the whole stale
 * period), and keeps no holder to name to the person waiting; wrapping it would take this file's length again.
 */

interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

/** A holder refreshes its lock's modification time this often while it works. */
export const LOCK_HEARTBEAT_MS = 10_000;
/**
 * A lock unchanged for this long is stale, whoever wrote it: its holder ran in another container (the host name
 * changed) or on another machine. Far above the heartbeat, because a build's synchronous rendering can hold the
 * event loop for seconds at 50,000 providers.
 */
export const LOCK_STALE_AFTER_MS = 120_000;
/** A lock this program did not write (or one cut short while written) is stale once unchanged this long. */
const UNREADABLE_STALE_AFTER_MS = 5_000;

interface LockState {
  text: string;
  holder: LockHolder | null;
  /** Its bytes and modification time: the lock has changed when this has. */
  fingerprint: string;
  /**
   * What stands at the lock's path when it is not a regular file ("a folder", "a link to …"): never a lock this
   * program wrote (it writes a regular file, exclusively), and never one that would go away by itself.
   */
  notAFile?: string;
}

async function readLock(file: string): Promise<LockState | null> {
  let text: string;
  let modified: number;
  try {
    // lstat, not stat: a link (dangling or not) is judged as the link it is, never read through.
    const entry = await fs.lstat(file);
    if (!entry.isFile()) {
      const notAFile = entry.isDirectory() ? "a folder" : entry.isSymbolicLink() ? `a link to ${await fs.readlink(file).catch(() => "?")}` : "not a regular file";
      return { text: "", holder: null, fingerprint: `${entry.mtimeMs}\n${notAFile}`, notAFile };
    }
    [text, modified] = [await fs.readFile(file, "utf8"), entry.mtimeMs];
  } catch {
    return null; // gone: the next attempt takes it
  }
  let holder: LockHolder | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.host === "string") holder = { pid: parsed.pid!, host: parsed.host, started: String(parsed.started ?? "") };
  } catch {
    // half written, or not ours: judged by how long it stays unchanged
  }
  return { text, holder, fingerprint: `${modified}\n${text}` };
}

/** Why the lock no longer protects a running build, or null while it may. */
function staleBecause(state: LockState, unchangedForMs: number, staleAfterMs: number): string | null {
  const { holder } = state;
  const unchanged = `it has not changed for ${Math.round(unchangedForMs / 1000)} s`;
  if (state.notAFile) return unchangedForMs > UNREADABLE_STALE_AFTER_MS ? `it is ${state.notAFile}, not a lock file this program writes, and ${unchanged}` : null;
  if (!holder) return unchangedForMs > UNREADABLE_STALE_AFTER_MS ? `it is not a lock this program wrote and ${unchanged}` : null;
  if (holder.host === os.hostname() && !isAlive(holder.pid)) return `process ${holder.pid} has ended`;
  if (holder.host === os.hostname() && (processStartedAt(holder.pid) ?? 0) > Date.parse(holder.started) + 1_000) {
    return `process ${holder.pid} has ended and its number now belongs to a newer process`;
  }
  return unchangedForMs > staleAfterMs ? unchanged : null;
}

/** Who holds the lock, in words a person waiting for it can act on. */
function describeHolder(file: string, state: LockState, staleAfterMs: number): string {
  if (state.notAFile) {
    return `${file} is ${state.notAFile}, not a lock file this program writes; it is removed once it has stayed unchanged for ${Math.round(UNREADABLE_STALE_AFTER_MS / 1000)} s (a folder only while it is empty)`;
  }
  const who = state.holder ? `process ${state.holder.pid} on ${state.holder.host}${state.holder.started ? ` (started ${state.holder.started})` : ""}` : "an unreadable lock";
  return `another build holds ${path.basename(file)}: ${who}. If no build is running, the lock is taken over by itself once it has stayed unchanged for ${Math.round(staleAfterMs / 1000)} s, or delete ${file}`;
}

/**
 * Removes a stale lock, but only the one that was judged stale: it is moved aside first, and if what was
 * moved turns out to be a fresh lock that another build took in the meantime, it is put back.
 */
async function removeStaleLock(file: string, staleText: string, notAFile?: string): Promise<void> {
  if (notAFile) {
    // A link goes (what it points to stays); a folder only while empty: nothing of anyone's is deleted.
    const removed = notAFile === "a folder" ? fs.rmdir(file) : fs.unlink(file);
    await removed.catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOTEMPTY" || error.code === "EEXIST") throw new BuildLockTimeout(`${file} is a folder with files in it, not a lock file this program writes; move it away and build again`);
      if (error.code !== "ENOENT") throw error;
    });
    return;
  }
  const aside = `${file}.stale-${process.pid}`;
  if (!(await fs.rename(file, aside).then(() => true, () => false))) return;
  if ((await fs.readFile(aside, "utf8").catch(() => staleText)) !== staleText) await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

/**
 * A build killed while removing a stale lock leaves the lock it moved aside (`<lock>.stale-<pid>`). One whose
 * process is gone from this machine is removed; a live one belongs to a removal under way and is left alone.
 */
export async function removeAbandonedAsides(publicDir: string): Promise<void> {
  const lock = lockFile(publicDir);
  const prefix = `${path.basename(lock)}.stale-`;
  const names = await fs.readdir(path.dirname(lock)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN;
    if (Number.isSafeInteger(pid) && pid > 0 && !isAlive(pid)) await fs.rm(path.join(path.dirname(lock), name), { force: true });
  }
}

export class BuildLockTimeout extends Error {}

export interface LockOptions {
  /** How long to wait for another build before giving up. */
  waitMs?: number;
  /** Told once, after a second of waiting, who holds the lock. */
  onWait?: (message: string) => void;
  /** For tests: how often the holder refreshes the lock, and how long an unchanged lock is waited for. */
  heartbeatMs?: number;
  staleAfterMs?: number;
}

/**
 * Runs `work` while holding the build lock. Another build waits for it (up to `waitMs`), so builds
 * started together run one after the other instead of deleting each other's output.
 */
export async function withBuildLock<T>(publicDir: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const { waitMs = 600_000, onWait, heartbeatMs = LOCK_HEARTBEAT_MS, staleAfterMs = LOCK_STALE_AFTER_MS } = options;
  const file = lockFile(publicDir);
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), started: new Date().toISOString() } satisfies LockHolder);
  // This build's own clock, which nobody else sets: how long it has waited, and how long the lock it sees has not changed.
  const startedWaiting = performance.now();
  let seen = { fingerprint: "", since: startedWaiting };
  let told = false;
  await fs.mkdir(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      await fs.writeFile(file, me, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const state = await readLock(file);
    const now = performance.now();
    if (state && state.fingerprint !== seen.fingerprint) seen = { fingerprint: state.fingerprint, since: now };
    if (state && staleBecause(state, now - seen.since, staleAfterMs)) {
      await removeStaleLock(file, state.text, state.notAFile);
      continue;
    }
    if (state && !told && onWait && now - startedWaiting > 1_000) {
      told = true;
      onWait(`Waiting: ${describeHolder(file, state, staleAfterMs)}.`);
    }
    if (now - startedWaiting > waitMs) {
      throw new BuildLockTimeout(`${state ? describeHolder(file, state, staleAfterMs) : `another build holds ${path.basename(file)}`}; waited ${Math.round(waitMs / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
  // The heartbeat tells waiting builds, on this machine or another, that the holder is still at work.
  const heartbeat = setInterval(() => {
    const now = new Date();
    void fs.utimes(file, now, now).catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    // Remove the lock only while it is still ours.
    if ((await fs.readFile(file, "utf8").catch(() => "")) === me) await fs.rm(file, { force: true });
  }
}
