import { build, buildSync, stop, type BuildOptions, type OutputFile } from "esbuild";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The pages' scripts: TypeScript modules in client/ (type-checked by `tsc -p tsconfig.client.json`), bundled
 * here by esbuild, in-process, into one minified file per page kind. They import the answer wording and filter
 * logic from scripts/schema/ and the evidence rendering from browse/ rather than restating them. The output is
 * deterministic (same sources, same bytes), carries no source map and no paths of the machine that built it.
 */
const CLIENT = path.join("scripts", "site", "browse", "client");
const ENTRIES = { site: "site.ts", index: "index.ts", compare: "compare.ts", pack: "pack.ts", prices: "prices.ts" } as const;

/** The project folder that holds the client sources: above this module, whether it runs from source or bundled. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 8; up += 1) {
    if (existsSync(path.join(dir, CLIENT, ENTRIES.site))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new Error(`the pages' scripts (${CLIENT}) were not found above ${fileURLToPath(import.meta.url)}`);
}

let bundled: ReadonlyMap<string, string> | null = null;
let bundling: Promise<void> | null = null;

const optionsAt = (root: string): BuildOptions & { write: false } => ({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(CLIENT, file)])),
  outdir: "assets",
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["es2019"],
  minify: true,
  legalComments: "none",
  charset: "utf8",
  sourcemap: false,
  write: false,
  logLevel: "silent",
});

const scriptsOf = (files: readonly OutputFile[]): ReadonlyMap<string, string> => new Map(files.map((file) => [`assets/${path.basename(file.path)}`, file.text]));

/**
 * Starts bundling in esbuild's own process, so the scripts are ready when the pages need them: a build calls this
 * first and goes on loading the records and reading the history meanwhile (bundling on the build's own thread was
 * 150 ms of a 1.9 s build of the real data). Same options, so the same bytes as `clientScripts`. A failure is left
 * to `clientScripts`, which bundles again in-process and reports it.
 */
export function prepareClientScripts(): Promise<void> {
  if (bundled) return Promise.resolve();
  bundling ??= build(optionsAt(projectRoot()))
    .then(
      (result) => void (bundled ??= scriptsOf(result.outputFiles)),
      () => undefined,
    )
    // esbuild's process would otherwise stay for as long as `npm start` serves.
    .finally(() => stop());
  return bundling;
}

/** assets/<name>.js → its bundled text. Bundled once per process: the sources do not change while it runs. */
export function clientScripts(): ReadonlyMap<string, string> {
  bundled ??= scriptsOf(buildSync(optionsAt(projectRoot())).outputFiles);
  return bundled;
}
