import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "../scripts/build.js";
import { projectPaths } from "../scripts/config.js";
import { BASE_URL, REPO_ROOT } from "./helpers.js";

/** Builds the shipped dataset into a temporary folder, so tests read what users get without touching public/. */
export async function buildRealData(): Promise<{ root: string; publicDir: string; cleanup: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-real-"));
  await fs.cp(path.join(REPO_ROOT, "data"), path.join(root, "data"), { recursive: true });
  const paths = projectPaths(root);
  await build(paths, { baseUrl: BASE_URL });
  return { root, publicDir: paths.publicDir, cleanup: () => fs.rm(root, { recursive: true, force: true }) };
}
