import { promises as fs } from "node:fs";
import { nextDir, previousDir } from "./folders.js";
import { removeAbandonedAsides } from "./lock.js";

/**
 * A new site replaces the published folder whole, with two renames: public → `.public.previous`, then
 * `.public.next` → public. A build killed between them leaves no public/ but the complete previous site beside
 * it, which the next build or a running server puts back.
 */

const exists = (file: string) => fs.lstat(file).then(() => true, () => false);

/** Swaps the complete new folder in for the published one. Call with the build lock held. */
export async function swapIn(publicDir: string): Promise<void> {
  if (await exists(publicDir)) await fs.rename(publicDir, previousDir(publicDir));
  await fs.rename(nextDir(publicDir), publicDir);
  await fs.rm(previousDir(publicDir), { recursive: true, force: true });
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
  await removeAbandonedAsides(publicDir);
}
