import { buildSync } from "esbuild";
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

/** assets/<name>.js → its bundled text. Bundled once per process: the sources do not change while it runs. */
export function clientScripts(): ReadonlyMap<string, string> {
  if (bundled) return bundled;
  const root = projectRoot();
  const result = buildSync({
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
  const scripts = new Map<string, string>();
  for (const file of result.outputFiles) scripts.set(`assets/${path.basename(file.path)}`, file.text);
  bundled = scripts;
  return scripts;
}
