import { promises as fs } from "node:fs";
import path from "node:path";
import type { Artefacts } from "./artefacts.js";

/**
 * Publishing by generations. `public` is a symbolic link to one complete generation folder under
 * `.site/`. A build writes a new generation (unchanged files are hard-linked from the current one, so
 * only changed bytes are written) and then swaps the link with a single atomic rename. A build killed
 * at any moment leaves `public` pointing at the complete old output; the next build removes what the
 * killed one left behind.
 */

export interface PublishReport {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  bytesWritten: number;
  filesWritten: number;
  generation: string | null;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** The folder `public` currently shows, or null when there is none yet. */
export async function currentGeneration(publicDir: string): Promise<string | null> {
  try {
    return await fs.realpath(publicDir);
  } catch {
    return null;
  }
}

/** Removes generation folders and temporary links that no complete build points at. */
async function cleanLeftovers(publicDir: string, generations: string, keep: string | null): Promise<void> {
  let names: string[] = [];
  try {
    names = await fs.readdir(generations);
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(generations, name);
    if (keep && path.resolve(full) === keep) continue;
    await fs.rm(full, { recursive: true, force: true });
  }
  await fs.rm(`${publicDir}.next-link`, { force: true });
}

async function sameBytes(file: string, bytes: Buffer): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (stat.size !== bytes.length) return false;
    return (await fs.readFile(file)).equals(bytes);
  } catch {
    return false;
  }
}

export async function publish(artefacts: Artefacts, publicDir: string, generations: string): Promise<PublishReport> {
  await fs.mkdir(generations, { recursive: true });
  let current = await currentGeneration(publicDir);
  const publicStat = (await exists(publicDir)) ? await fs.lstat(publicDir) : null;
  await cleanLeftovers(publicDir, generations, publicStat?.isSymbolicLink() ? current : null);
  if (publicStat && !publicStat.isSymbolicLink()) {
    // A plain folder from an older layout: treat it as the current output and diff against it.
    current = path.resolve(publicDir);
  }

  const report: PublishReport = { added: [], changed: [], removed: [], unchanged: 0, bytesWritten: 0, filesWritten: 0, generation: null };
  const oldFiles = new Set(current ? await listFiles(current) : []);
  const unchanged = new Set<string>();
  for (const [file, bytes] of artefacts) {
    if (!oldFiles.has(file)) report.added.push(file);
    else if (await sameBytes(path.join(current!, file), bytes)) unchanged.add(file);
    else report.changed.push(file);
  }
  for (const file of oldFiles) if (!artefacts.has(file)) report.removed.push(file);
  report.unchanged = unchanged.size;
  report.added.sort();
  report.changed.sort();
  report.removed.sort();
  if (publicStat?.isSymbolicLink() && report.added.length + report.changed.length + report.removed.length === 0) {
    return report;
  }

  const name = `g-${Date.now().toString(36)}-${process.pid}`;
  const next = path.join(generations, name);
  const madeDirs = new Set<string>();
  for (const [file, bytes] of artefacts) {
    const target = path.join(next, file);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      await fs.mkdir(dir, { recursive: true });
      madeDirs.add(dir);
    }
    if (unchanged.has(file)) {
      try {
        await fs.link(path.join(current!, file), target);
        continue;
      } catch {
        // Hard links are not available everywhere; fall back to writing the bytes.
      }
    }
    await fs.writeFile(target, bytes);
    report.filesWritten += 1;
    report.bytesWritten += bytes.length;
  }

  const link = `${publicDir}.next-link`;
  await fs.rm(link, { force: true });
  await fs.symlink(path.relative(path.dirname(publicDir), next), link);
  if (publicStat && !publicStat.isSymbolicLink()) {
    // rename() cannot replace a folder with a link: move the old folder aside first (one-time migration).
    await fs.rename(publicDir, path.join(generations, `legacy-${process.pid}`));
  }
  await fs.rename(link, publicDir);
  report.generation = name;
  await cleanLeftovers(publicDir, generations, next);
  return report;
}
