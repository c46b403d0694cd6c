import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { seedSchema } from "../scripts/site/describe/openapi.js";
import { tieringFlags } from "../bin/tiering.js";
import { BASE_URL, REPO_ROOT, TODAY, makeTree, minimalRecord, type Tree } from "./helpers.js";

const run = promisify(execFile);
const folders: string[] = [];
const trees: Tree[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
  for (const tree of trees.splice(0)) await tree.cleanup();
});

/**
 * A copy of the program (bin/, scripts/, package.json, tsconfig.json) with the installed packages linked in and a
 * node_modules/.cache of its own, so a test may change its code or plant files where a command might read them.
 */
async function programCopy(): Promise<{ root: string; cache: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-startup-"));
  folders.push(root);
  for (const entry of ["bin", "scripts", "package.json", "tsconfig.json"]) await fs.cp(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  await fs.mkdir(path.join(root, "node_modules", ".cache"), { recursive: true });
  for (const name of await fs.readdir(path.join(REPO_ROOT, "node_modules"))) {
    if (name !== ".cache") await fs.symlink(path.join(REPO_ROOT, "node_modules", name), path.join(root, "node_modules", name));
  }
  return { root, cache: path.join(root, "node_modules", ".cache") };
}

async function command(root: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, "bin", "evidence.js"), ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === "number" ? failure.code : 1, stdout: failure.stdout ?? "", stderr: failure.stderr ?? "" };
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

async function treeWithOneProvider(): Promise<Tree> {
  const tree = await makeTree([minimalRecord("acme-ai")]);
  trees.push(tree);
  return tree;
}

describe("the command's start-up", () => {
  it("tunes how soon Node 20's engine optimises, with a flag that engine knows; later engines keep their defaults", async () => {
    expect(tieringFlags("11.3.244.8-node.38")).toEqual(["--interrupt-budget=540672"]);
    expect(tieringFlags("12.4.254.21-node.57")).toEqual([]);
    expect(tieringFlags("14.6.202.34-node.40")).toEqual([]);
    // node refuses to start on a flag its engine does not know (a misspelt or retired one), naming it.
    const { stderr } = await run(process.execPath, [...tieringFlags(process.versions.v8), "-e", "0"]);
    expect(stderr).toBe("");
    await expect(run(process.execPath, ["--interrupt-budgets=1", "-e", "0"])).rejects.toThrow(/bad option/);
  });

  it("runs the code in scripts/ as it is when it starts: a change is run by the very next command, whatever the clock says", async () => {
    const { root } = await programCopy();
    expect((await command(root, ["--help"])).stdout).toContain("Build, check and serve the open evidence API");
    const program = path.join(root, "scripts", "cli", "program.ts");
    await fs.writeFile(program, (await fs.readFile(program, "utf8")).replace("Build, check and serve the open evidence API", "Changed a moment ago"));
    const past = new Date("2020-01-01T00:00:00Z");
    await fs.utimes(program, past, past);
    const help = await command(root, ["--help"]);
    expect(help.stdout).toContain("Changed a moment ago");
    expect(help.stdout).not.toContain("Build, check and serve");
  });

  it("keeps nothing between runs: after a build, nothing is left in node_modules/.cache that a later run could read", async () => {
    const { root, cache } = await programCopy();
    const tree = await treeWithOneProvider();
    // What a command killed while it loaded its bundle leaves behind: removed by the next command.
    const ended = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    const endedPid = await new Promise<number>((resolve) => ended.once("exit", () => resolve(ended.pid!)));
    await fs.mkdir(path.join(cache, "evidence"), { recursive: true });
    await fs.writeFile(path.join(cache, "evidence", `program-${endedPid}.mjs`), "export const left = true;\n");
    expect((await command(root, ["--root", tree.root, "build", "--today", TODAY, "--base-url", BASE_URL])).code).toBe(0);
    expect((await command(root, ["--help"])).code).toBe(0);
    expect(await filesUnder(cache)).toEqual([]);
  });

  it("review 4, finding 10: a V8 code cache planted beside the command's bundle, of the right length, runs none of its code", async () => {
    const { root, cache } = await programCopy();
    expect((await command(root, ["--help"])).code).toBe(0);
    // What the review did with write access to node_modules/.cache: for every bundle found there, other code of
    // the same length, run once so that its functions are compiled, kept as a code cache under the name the command
    // looked for (V8 checks a cache's version and flags, and of the source only its length).
    const planter = `
      const { readFileSync, writeFileSync } = require("node:fs");
      const { createHash } = require("node:crypto");
      const Module = require("node:module");
      const path = require("node:path");
      const vm = require("node:vm");
      const file = process.argv[1];
      const text = readFileSync(file, "utf8");
      const planted = text.replace(/Build, check and serve the open evidence API/g, (found) => "PLANTED".padEnd(found.length));
      const script = new vm.Script(Module.wrap(planted), { filename: file, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
      const loaded = { exports: {} };
      script.runInThisContext()(loaded.exports, Module.createRequire(file), loaded, file, path.dirname(file));
      Promise.resolve(loaded.exports.main?.(["node", "evidence", "--help"], process.cwd())).finally(() => {
        const version = createHash("sha256").update(readFileSync(file)).digest("hex");
        writeFileSync(file + "." + version.slice(0, 16) + ".v8-" + process.versions.v8 + ".code-cache", script.createCachedData());
      });`;
    for (const file of (await filesUnder(cache)).filter((name) => /\.c?js$/.test(name))) await run(process.execPath, ["-e", planter, file], { cwd: root });
    const help = await command(root, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Build, check and serve the open evidence API");
    expect(`${help.stdout}${help.stderr}`).not.toContain("PLANTED");
  });

  it("review 4, finding 11: a JSON Schema planted where the command kept values derived from its code is never published", async () => {
    const { root, cache } = await programCopy();
    const tree = await treeWithOneProvider();
    expect((await command(root, ["--help"])).code).toBe(0);
    // The command's bundle vouched for the values it kept by its own digest: the review planted them with it.
    const bundle = await fs.readFile(path.join(cache, "evidence-cli", "program.cjs")).catch(() => null);
    const version = bundle ? sha256(bundle) : "any";
    const planted = { version, value: { title: "PLANTED schema", type: "object" } };
    for (const name of ["editor-schema", "component-schemas"]) {
      await fs.mkdir(path.join(cache, "evidence-cli", "derived"), { recursive: true });
      await fs.writeFile(path.join(cache, "evidence-cli", "derived", `${name}.json`), JSON.stringify(planted));
    }
    expect((await command(root, ["--root", tree.root, "build", "--today", TODAY, "--base-url", BASE_URL])).code).toBe(0);
    const published = await tree.read("api/provider.schema.json");
    expect(published).not.toContain("PLANTED");
    expect(JSON.parse(published)).toEqual(seedSchema(BASE_URL));
    expect(await fs.readFile(path.join(tree.paths.data, "provider.schema.json"), "utf8")).not.toContain("PLANTED");
    expect(await tree.read("api/openapi.json")).not.toContain("PLANTED");
  });

  it("runs the program through tsx, and says so, where it cannot write its bundle (a read-only install)", async () => {
    const { root, cache } = await programCopy();
    const tree = await treeWithOneProvider();
    await fs.rm(cache, { recursive: true });
    await fs.writeFile(cache, "not a folder");
    const result = await command(root, ["--root", tree.root, "validate", "--today", TODAY]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^evidence: running through tsx \(/);
    expect(result.stdout).toContain("validate: 1 providers valid");
  });

  it("says which file and line of scripts/ does not compile, in one line per error, and exits 1", async () => {
    const { root } = await programCopy();
    const program = path.join(root, "scripts", "cli", "program.ts");
    await fs.appendFile(program, "\nexport const broken: number = ;\n");
    const result = await command(root, ["--help"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/scripts\/cli\/program\.ts:\d+:\d+: ERROR/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("with DEBUG=1, prints the stack of an unexpected failure naming the TypeScript file, not the bundle", async () => {
    const tree = await treeWithOneProvider();
    // A project folder below a file: taking the build lock fails in a way no check foresees.
    const root = path.join(tree.root, "data", "dataset.json", "below");
    const plain = await command(REPO_ROOT, ["--root", root, "build"]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^error: .*ENOTDIR/m);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await command(REPO_ROOT, ["--root", root, "build"], { DEBUG: "1" });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at .*scripts[/\\]publish[/\\]?\w*\.ts:\d+/);
  });
});
