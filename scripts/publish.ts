import { lstatSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Site } from "./site/renderSite.js";
import { FILE_CONCURRENCY, mapLimit } from "./util/pool.js";

/**
 * Publishing into a plain public/ folder that any host or tool can upload as it is. A build writes the
 * whole site beside it (`.public.next`), then swaps with two renames: public → `.public.previous`,
 * `.public.next` → public. A build killed between them leaves no public/ but a complete previous one,
 * which the next build or server start puts back (`recoverInterruptedSwap`). One build at a time: a lock
 * file beside public/ names its holder, and a lock whose holder is gone is taken over.
 */

export interface PublishReport {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  filesWritten: number;
  bytesWritten: number;
}

const sibling = (publicDir: string, suffix: string) => path.join(path.dirname(publicDir), `.${path.basename(publicDir)}.${suffix}`);
export const nextDir = (publicDir: string) => sibling(publicDir, "next");
export const previousDir = (publicDir: string) => sibling(publicDir, "previous");
export const lockFile = (publicDir: string) => sibling(publicDir, "lock");

const exists = (file: string) => fs.lstat(file).then(() => true, () => false);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface LockHolder {
  pid: number;
  host: string;
}

/**
 * The lock's text when it is stale (its holder ran on this machine and has ended, or it was left half
 * written long enough ago), else null.
 */
async function staleLock(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return null; // gone: the next attempt takes it
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return holder.host === os.hostname() && Number.isInteger(holder.pid) && !isAlive(holder.pid) ? text : null;
  } catch {
    const stat = await fs.stat(file).catch(() => null);
    return stat !== null && Date.now() - stat.mtimeMs > 5_000 ? text : null;
  }
}

/**
 * Removes a stale lock, but only the one that was judged stale: it is moved aside first, and if what was
 * moved turns out to be a fresh lock that another build took in the meantime, it is put back.
 */
async function removeStaleLock(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}`;
  if (!(await fs.rename(file, aside).then(() => true, () => false))) return;
  if ((await fs.readFile(aside, "utf8").catch(() => staleText)) !== staleText) await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

export class BuildLockTimeout extends Error {}

/**
 * Runs `work` while holding the build lock. Another build waits for it (up to `waitMs`), so builds
 * started together run one after the other instead of deleting each other's output.
 */
export async function withBuildLock<T>(publicDir: string, work: () => Promise<T>, waitMs = 600_000): Promise<T> {
  const file = lockFile(publicDir);
  const me = JSON.stringify({ pid: process.pid, host: os.hostname(), started: new Date().toISOString() } satisfies LockHolder & { started: string });
  const deadline = Date.now() + waitMs;
  await fs.mkdir(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      await fs.writeFile(file, me, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const stale = await staleLock(file);
    if (stale !== null) {
      await removeStaleLock(file, stale);
      continue;
    }
    if (Date.now() > deadline) throw new BuildLockTimeout(`another build holds ${path.basename(file)}; waited ${Math.round(waitMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
  try {
    return await work();
  } finally {
    // Remove the lock only while it is still ours.
    if ((await fs.readFile(file, "utf8").catch(() => "")) === me) await fs.rm(file, { force: true });
  }
}

/**
 * Puts the published folder back after a swap that was cut short, and clears what an interrupted build
 * left beside it. Call it with the build lock held, or before serving.
 */
export async function recoverInterruptedSwap(publicDir: string): Promise<void> {
  const previous = previousDir(publicDir);
  if (!(await exists(publicDir)) && (await exists(previous))) await fs.rename(previous, publicDir);
  await fs.rm(previous, { recursive: true, force: true });
  await fs.rm(nextDir(publicDir), { recursive: true, force: true });
}

async function readTree(dir: string, prefix = "", out = new Map<string, Buffer>()): Promise<Map<string, Buffer>> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await readTree(full, rel, out);
    else if (entry.isFile()) out.set(rel, await fs.readFile(full));
    else out.set(rel, Buffer.alloc(0)); // a link or device where a file belongs: never equal, so it is replaced
  }
  return out;
}

function compare(site: Site, current: Map<string, Buffer>): PublishReport {
  const report: PublishReport = { added: [], changed: [], removed: [], unchanged: 0, filesWritten: 0, bytesWritten: 0 };
  for (const [file, bytes] of site) {
    const old = current.get(file);
    if (!old) report.added.push(file);
    else if (!old.equals(bytes)) report.changed.push(file);
    else report.unchanged += 1;
  }
  for (const file of current.keys()) if (!site.has(file)) report.removed.push(file);
  report.added.sort();
  report.changed.sort();
  report.removed.sort();
  return report;
}

/** Reads a published file (a regular file inside public/, never through a link), or null. */
export function publishedReader(publicDir: string): (file: string) => Buffer | null {
  return (file) => {
    try {
      const full = path.join(publicDir, file);
      return lstatSync(full).isFile() ? readFileSync(full) : null;
    } catch {
      return null;
    }
  };
}

/** Writes the site into public/ as one whole: readers see the old folder or the new one, never a mix. */
export async function publish(site: Site, publicDir: string): Promise<PublishReport> {
  await recoverInterruptedSwap(publicDir);
  const publicStat = await fs.lstat(publicDir).catch(() => null);
  // A public/ that is a link (an older layout) or not a folder is replaced by a real folder.
  const current = publicStat?.isDirectory() ? await readTree(publicDir) : new Map<string, Buffer>();
  const report = compare(site, current);
  if (publicStat?.isDirectory() && report.added.length + report.changed.length + report.removed.length === 0) return report;

  const next = nextDir(publicDir);
  const files = [...site.keys()];
  // Folders first, shortest paths first, so the writes below never wait on each other's mkdir.
  const folders = [...new Set(files.map((file) => path.dirname(path.join(next, file))))].sort((a, b) => a.length - b.length);
  await fs.mkdir(next, { recursive: true });
  for (const folder of folders) await fs.mkdir(folder, { recursive: true });
  const unchanged = new Set(publicStat?.isDirectory() ? files.filter((file) => current.get(file)?.equals(site.get(file)!)) : []);
  // Unchanged files are linked from the published folder, not written again: a rebuild after one changed
  // provider writes only what changed. The swap below stays atomic: the new folder is complete before it.
  await mapLimit(files, FILE_CONCURRENCY, async (file) => {
    const target = path.join(next, file);
    if (unchanged.has(file) && (await fs.link(path.join(publicDir, file), target).then(() => true, () => false))) return;
    const bytes = site.get(file)!;
    await fs.writeFile(target, bytes);
    report.filesWritten += 1;
    report.bytesWritten += bytes.length;
  });
  if (publicStat) await fs.rename(publicDir, previousDir(publicDir));
  await fs.rename(next, publicDir);
  await fs.rm(previousDir(publicDir), { recursive: true, force: true });
  return report;
}
