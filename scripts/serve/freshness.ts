import { promises as fs } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";

async function newestChange(dir: string): Promise<number> {
  let newest = 0;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? await newestChange(full) : (await fs.lstat(full)).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

/** True when public/ is missing or older than the data or the code that builds it. */
export async function needsBuild(paths: ProjectPaths): Promise<boolean> {
  let built: number;
  try {
    await fs.access(path.join(paths.publicDir, "api", "status.json"));
    built = (await fs.lstat(paths.publicDir)).mtimeMs;
  } catch {
    return true;
  }
  const sources = Math.max(await newestChange(paths.data), await newestChange(path.join(paths.root, "scripts")));
  return sources > built;
}
