// Plain JavaScript (checked by tsc through JSDoc): it runs before anything can load TypeScript.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A TypeScript entry point as one JavaScript file, made with esbuild and kept until a file it was made from
 * changes. Through tsx every command first spent about 0.65 s registering the loader and handing a hundred
 * modules to it one by one; the bundle loads in about 0.2 s. Whether the kept bundle is current is decided by
 * content, never by clock: the manifest holds the SHA-256 of every file esbuild read (hashed from the very
 * bytes it compiled), of tsconfig.json and of the recipe below, and any difference makes the bundle again.
 */

/** Changing how the bundle is made changes this, so an older bundle is never taken for a current one. */
const RECIPE = "esm node20 packages=external sourcemap=linked v1";

/**
 * @typedef {object} BundleRequest
 * @property {string} root The project folder: the manifest's paths are relative to it.
 * @property {string} entry The entry point, relative to root.
 * @property {string} outDir Where the bundle, its source map and its manifest are kept; inside root, so that
 *   the bundle's imports of packages find root's node_modules.
 */

/**
 * @typedef {object} Bundle
 * @property {string} url The bundle's file URL with its digest as query, so a bundle made again is a new module.
 * @property {boolean} made True when this call made it, false when the kept one was current.
 */

/** @param {string | Uint8Array} bytes */
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** @param {string} file */
function readOrNull(file) {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** @param {string} file @param {Uint8Array | string} bytes */
function writeAtomically(file, bytes) {
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
export async function bundle({ root, entry, outDir }) {
  const output = path.join(outDir, `${path.basename(entry).replace(/\.[cm]?[jt]s$/, "")}.mjs`);
  const manifestFile = `${output}.manifest.json`;
  const tsconfig = readOrNull(path.join(root, "tsconfig.json"));
  const setting = sha256(`${RECIPE}\n${entry}\n${tsconfig === null ? "" : sha256(tsconfig)}`);
  const url = (/** @type {string} */ digest) => `${pathToFileURL(output).href}?${digest.slice(0, 16)}`;

  const kept = currentDigest(root, manifestFile, output, setting);
  if (kept !== null) return { url: url(kept), made: false };

  const esbuild = await import("esbuild");
  /** @type {Record<string, string>} */
  const inputs = {};
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: output,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "hash-what-is-read",
        setup(build) {
          build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
            const bytes = readFileSync(args.path);
            inputs[path.relative(root, args.path).split(path.sep).join("/")] = sha256(bytes);
            return { contents: bytes, loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js" };
          });
        },
      },
    ],
  });
  const code = result.outputFiles.find((file) => file.path === output)?.contents;
  if (code === undefined) throw new Error(`esbuild wrote no ${path.basename(output)}`);
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  const digest = sha256(code);
  // Written last: a bundle cut short on its way to disk has no manifest that vouches for it.
  writeAtomically(manifestFile, `${JSON.stringify({ setting, output: digest, inputs }, null, 2)}\n`);
  return { url: url(digest), made: true };
}
