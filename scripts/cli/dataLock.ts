import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { isAlive, processStartedAt } from "../publish/processes.js";
import { EXIT, type CommandContext } from "./context.js";

/**
 * One run at a time of the commands that read the outside world and write under data/ (scrape, sources,
 * registry, source-dates, corroborate, document-versions). Each reads a file of data/ at its start and writes
 * it back at its end: two runs at once would each write back what they read, and the later would silently
 * erase what the earlier added. A second run does not wait (a run takes minutes): it refuses at once, naming
 * the run that holds data/, and writes nothing.
 */
export const DATA_LOCK_NAME = ".jobs.lock";

interface Holder {
  command: string;
  pid: number;
  host: string;
  started: string;
}

export class DataLocked extends Error {}

const lockFileOf = (paths: ProjectPaths) => path.join(paths.data, DATA_LOCK_NAME);

async function readHolder(file: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, "utf8")) as Partial<Holder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.host === "string" && typeof parsed.command === "string") return { command: parsed.command, pid: parsed.pid!, host: parsed.host, started: String(parsed.started ?? "") };
  } catch {
    // Not a lock this program wrote: it is written whole (linked into place), never half.
  }
  return null;
}

/** Whether the holder's process is gone from this machine (ended, or its number now taken by a newer process). */
function holderEnded(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return false;
  if (!isAlive(holder.pid)) return true;
  return (processStartedAt(holder.pid) ?? 0) > Date.parse(holder.started) + 1_000;
}

/** Takes the lock, or says who holds it. A lock whose process has ended on this machine is taken over. */
async function take(file: string, me: Holder): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written beside the lock and linked into place: the lock exists whole or not at all.
  const draft = `${file}.${process.pid}`;
  await fs.writeFile(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await fs.link(draft, file);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const entry = await fs.lstat(file).catch(() => null);
      if (!entry) continue;
      const relative = path.join(path.basename(path.dirname(file)), path.basename(file));
      if (!entry.isFile()) throw new DataLocked(`${relative} is not a lock file this program writes (${entry.isDirectory() ? "a folder" : "a link"}); remove it and run again`);
      const holder = await readHolder(file);
      if (holder && holderEnded(holder) && attempt < 3) {
        // Removed only if it is still the lock that was judged: a lock another run took meanwhile stays.
        const again = await readHolder(file);
        if (again && again.pid === holder.pid && again.started === holder.started) await fs.rm(file, { force: true });
        continue;
      }
      const who = holder ? `\`${holder.command}\` (process ${holder.pid} on ${holder.host}${holder.started ? `, started ${holder.started}` : ""})` : "another run (its lock cannot be read)";
      throw new DataLocked(`data/ is being written by ${who}; nothing was done. Run this again when it has finished; if no such run is going, delete ${relative}`);
    }
  } finally {
    await fs.rm(draft, { force: true });
  }
}

/** Runs `work` holding data/'s lock; refuses with DataLocked when another run holds it. */
export async function withDataLock<T>(paths: ProjectPaths, command: string, work: () => Promise<T>): Promise<T> {
  const file = lockFileOf(paths);
  const me: Holder = { command, pid: process.pid, host: os.hostname(), started: new Date().toISOString() };
  await take(file, me);
  try {
    return await work();
  } finally {
    const holder = await readHolder(file);
    if (holder && holder.pid === me.pid && holder.started === me.started) await fs.rm(file, { force: true });
  }
}

/** A command's work under data/'s lock; when another run holds it, one line naming that run, exit 1. */
export async function runLocked(context: CommandContext, command: string, work: () => Promise<void>): Promise<void> {
  try {
    await withDataLock(context.paths(), command, work);
  } catch (error) {
    if (!(error instanceof DataLocked)) throw error;
    console.error(`${command}: ${error.message}`);
    context.setExitCode(EXIT.failed);
  }
}
