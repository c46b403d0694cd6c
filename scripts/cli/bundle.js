// Plain JavaScript (checked by tsc through JSDoc): it runs before anything can load TypeScript.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A TypeScript entry point as one JavaScript file, made with esbuild and kept until a file it was made from
 * changes. Through tsx every command first spent about 0.65 s registering the loader and handing a hundred
 * modules to it one by one; the bundle loads in about 0.1 s. Whether the kept bundle is current is decided by
 * content, never by clock: the manifest holds the SHA-256 of every project file esbuild read (hashed from the
 * very bytes it compiled), of the package.json of every package compiled in, of tsconfig.json and of the recipe
 * below, and any difference makes the bundle again.
 *
 * The bundle is CommonJS so that it can be run as a classic script with V8's code cache (codeCache.js): Node 20
 * has no code cache for ES modules. Packages left as imports must therefore be loadable with require (today
 * only serve-handler, which is CommonJS); `import.meta.url` is defined as the bundle's own file URL.
 */

/** Changing how the bundle is made changes this, so an older bundle is never taken for a current one. */
const RECIPE = "cjs node20 inline-listed-packages sourcemap=linked,no-sources import.meta.url v3";

/** What `import.meta.url` is in the bundle: CommonJS has no import.meta, and esbuild would leave it empty. */
const IMPORT_META_URL_BANNER = 'const __bundleFileUrl = require("node:url").pathToFileURL(__filename).href;';

/**
 * @typedef {object} BundleRequest
 * @property {string} root The project folder: the manifest's paths are relative to it.
 * @property {string} entry The entry point, relative to root.
 * @property {string} outDir Where the bundle, its source map and its manifest are kept; inside root, so that
 *   the bundle's imports of packages find root's node_modules.
 * @property {string[]} [inline] Packages compiled into the bundle rather than imported from node_modules at
 *   run time. Resolving and loading zod's hundred modules one by one cost each command about 50 ms. An inlined
 *   package is vouched for by its package.json (its version), not by hashing each of its files at every start.
 */

/**
 * @typedef {object} Bundle
 * @property {string} file The bundle (CommonJS), to be run by runBundle (codeCache.js) or required.
 * @property {boolean} made True when this call made it, false when the kept one was current.
 * @property {string} version The bundle's SHA-256: which code runs, for values derived from the code alone.
 */

/** @param {string | Uint8Array} bytes */
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The package an import names: `zod` for `zod/v4`, `@scope/name` for `@scope/name/sub`. @param {string} specifier */
const packageName = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/**
 * The folder of the installed package a file belongs to (after its last node_modules), or null for the
 * project's own files.
 * @param {string} file
 */
function packageFolderOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return null;
  return parts.slice(0, at + 2 + ((parts[at + 1] ?? "").startsWith("@") ? 1 : 0)).join(path.sep);
}

/** A file's bytes, or null when it cannot be read. @param {string} file */
export function readOrNull(file) {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** Writes beside the file and renames: a reader sees the old bytes or the new, never a part. @param {string} file @param {Uint8Array | string} bytes */
export function writeAtomically(file, bytes) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/**
 * The kept bundle's digest when the bundle, its setting and every file it was made from are as recorded.
 * @param {string} root @param {string} manifestFile @param {string} output @param {string} setting
 * @returns {string | null}
 */
function currentDigest(root, manifestFile, output, setting) {
  const kept = readOrNull(manifestFile);
  const bytes = readOrNull(output);
  if (kept === null || bytes === null) return null;
  /** @type {{ setting?: unknown; output?: unknown; inputs?: Record<string, string> }} */
  let manifest;
  try {
    manifest = JSON.parse(kept.toString("utf8"));
  } catch {
    return null;
  }
  if (manifest.setting !== setting || manifest.output !== sha256(bytes) || typeof manifest.inputs !== "object" || manifest.inputs === null) return null;
  for (const [file, digest] of Object.entries(manifest.inputs)) {
    const input = readOrNull(path.join(root, file));
    if (input === null || sha256(input) !== digest) return null;
  }
  return manifest.output;
}

/**
 * The bundle of `entry`, made only when missing or out of date.
 * @param {BundleRequest} request
 * @returns {Promise<Bundle>}
 */
export async function bundle({ root, entry, outDir, inline = [] }) {
  const output = path.join(outDir, `${path.basename(entry).replace(/\.[cm]?[jt]s$/, "")}.cjs`);
  const manifestFile = `${output}.manifest.json`;
  const tsconfig = readOrNull(path.join(root, "tsconfig.json"));
  const setting = sha256(`${RECIPE}\n${entry}\n${[...inline].sort().join(",")}\n${tsconfig === null ? "" : sha256(tsconfig)}`);

  const kept = currentDigest(root, manifestFile, output, setting);
  if (kept !== null) return { file: output, made: false, version: kept };

  const esbuild = await import("esbuild");
  /** @type {Record<string, string>} */
  const inputs = {};
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: output,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    sourcemap: "linked",
    // Stack traces need the mappings only; the sources are in the project.
    sourcesContent: false,
    banner: { js: IMPORT_META_URL_BANNER },
    define: { "import.meta.url": "__bundleFileUrl" },
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "hash-what-is-read",
        setup(build) {
          // Every package not listed stays an import, resolved from node_modules when the bundle runs.
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith("node:") || inline.includes(packageName(args.path))) return undefined;
            return { path: args.path, external: true };
          });
          build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
            const bytes = readFileSync(args.path);
            const packageFolder = packageFolderOf(args.path);
            const vouching = packageFolder === null ? args.path : path.join(packageFolder, "package.json");
            const name = path.relative(root, vouching).split(path.sep).join("/");
            inputs[name] ??= sha256(vouching === args.path ? bytes : readFileSync(vouching));
            return { contents: bytes, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js" };
          });
        },
      },
    ],
  });
  const outputFiles = result.outputFiles ?? [];
  const code = outputFiles.find((file) => file.path === output)?.contents;
  if (code === undefined) throw new Error(`esbuild wrote no ${path.basename(output)}`);
  mkdirSync(outDir, { recursive: true });
  for (const file of outputFiles) writeAtomically(file.path, file.contents);
  const digest = sha256(code);
  // Written last: a bundle cut short on its way to disk has no manifest that vouches for it.
  writeAtomically(manifestFile, `${JSON.stringify({ setting, output: digest, inputs }, null, 2)}\n`);
  return { file: output, made: true, version: digest };
}
