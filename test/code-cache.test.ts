import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundle } from "../scripts/cli/bundle.js";
import { REPO_ROOT } from "./helpers.js";

const run = promisify(execFile);

let root: string;
const outDir = () => path.join(root, "node_modules", ".cache", "cli");
const write = (file: string, text: string) => fs.writeFile(path.join(root, file), text);
const make = () => bundle({ root, entry: "src/main.ts", outDir: outDir() });
const caches = async () => (await fs.readdir(outDir())).filter((name) => name.endsWith(".code-cache")).sort();

/** Runs the bundle in a fresh process, as bin/evidence.js does, and says what it answered and whether V8 took the cache. */
async function runFresh(file: string, version: string) {
  const script = `
    const { runBundle } = await import(${JSON.stringify(path.join(REPO_ROOT, "scripts", "cli", "codeCache.js"))});
    const running = runBundle(${JSON.stringify(file)}, ${JSON.stringify(version)}, {});
    console.log(JSON.stringify({ answer: running.exports.answer(), cached: running.cached }));
    running.keepCodeCache();`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  return JSON.parse(stdout) as { answer: string; cached: boolean };
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "code-cache-"));
  await fs.mkdir(path.join(root, "src"));
  await write("tsconfig.json", `{ "compilerOptions": { "strict": true } }\n`);
  await write("src/main.ts", `export const answer = (): string => "first";\nexport function fail(): never {\n  throw new Error("failed on purpose");\n}\n`);
});
afterEach(async () => fs.rm(root, { recursive: true, force: true }));

describe("the CLI bundle's code cache", () => {
  it("is made by the first run once its command is done, and taken by the next", async () => {
    const { file, version } = await make();
    expect(await runFresh(file, version)).toEqual({ answer: "first", cached: false });
    expect(await caches()).toEqual([`main.cjs.${version.slice(0, 16)}.v8-${process.versions.v8}.code-cache`]);
    expect(await runFresh(file, version)).toEqual({ answer: "first", cached: true });
  });

  it("is never taken for another bundle, even one of the same length, and an earlier bundle's cache is removed", async () => {
    const first = await make();
    await runFresh(first.file, first.version);
    // Same length, other code: V8 itself would take the first bundle's cache for it.
    await write("src/main.ts", (await fs.readFile(path.join(root, "src/main.ts"), "utf8")).replace('"first"', '"other"'));
    const second = await make();
    expect((await fs.stat(second.file)).size).toBe((await fs.stat(path.join(outDir(), "main.cjs"))).size);
    expect(second.version).not.toBe(first.version);
    expect(await runFresh(second.file, second.version)).toEqual({ answer: "other", cached: false });
    expect(await caches()).toEqual([`main.cjs.${second.version.slice(0, 16)}.v8-${process.versions.v8}.code-cache`]);
    expect(await runFresh(second.file, second.version)).toEqual({ answer: "other", cached: true });
  });

  it("refuses a damaged cache, runs the bundle all the same and replaces the cache", async () => {
    const { file, version } = await make();
    await runFresh(file, version);
    const [cache] = await caches();
    await fs.writeFile(path.join(outDir(), cache!), "not a code cache");
    expect(await runFresh(file, version)).toEqual({ answer: "first", cached: false });
    expect((await fs.stat(path.join(outDir(), cache!))).size).toBeGreaterThan(100);
    expect(await runFresh(file, version)).toEqual({ answer: "first", cached: true });
  });

  it("with source maps (DEBUG=1) names the TypeScript file in stack traces and leaves the cache alone", async () => {
    const { file, version } = await make();
    const script = `
      const { runBundle } = await import(${JSON.stringify(path.join(REPO_ROOT, "scripts", "cli", "codeCache.js"))});
      const running = runBundle(${JSON.stringify(file)}, ${JSON.stringify(version)}, { sourceMaps: true });
      try { running.exports.fail(); } catch (error) { console.log(error.stack); }
      running.keepCodeCache();`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
    expect(stdout).toContain("failed on purpose");
    expect(stdout).toMatch(/src[/\\]main\.ts:3/);
    expect(await caches()).toEqual([]);
    // Without them the trace names the bundle.
    const plain = await run(process.execPath, ["--input-type=module", "-e", script.replace("sourceMaps: true", "sourceMaps: false")]);
    expect(plain.stdout).toMatch(/main\.cjs:\d+/);
  });
});
