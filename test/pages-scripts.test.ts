import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REPO_ROOT, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

/**
 * The pages' scripts are TypeScript modules bundled by the build: the same sources give the same bytes in any
 * process, minified, with no source map and nothing of the machine that built them.
 */
const SCRIPTS = ["assets/site.js", "assets/index.js", "assets/compare.js", "assets/prices.js"];

let tree: Tree;
const builds: Array<Record<string, string>> = [];

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai")]);
  for (let run = 0; run < 2; run += 1) {
    const result = await runCli(["build", "--root", tree.root]);
    expect(result.code, result.stderr).toBe(0);
    builds.push(Object.fromEntries(await Promise.all(SCRIPTS.map(async (file) => [file, await readFile(path.join(tree.paths.publicDir, file), "utf8")] as const))));
    await tree.writeProvider("acme-ai", minimalRecord("acme-ai", { name: `Acme AI ${run}` }));
  }
}, 120_000);

afterAll(async () => {
  await tree?.cleanup();
});

describe("the pages' scripts, bundled by the build", () => {
  it("are the same bytes from two separate build processes", () => {
    for (const file of SCRIPTS) expect(builds[1]![file], file).toBe(builds[0]![file]);
  });

  it("are the bytes the build wrote, whether bundled beside it in esbuild's process or in-process", async () => {
    vi.resetModules();
    const beside = await import("../scripts/site/browse/clientScripts.js");
    await beside.prepareClientScripts();
    const prepared = beside.clientScripts();
    vi.resetModules();
    const inProcess = (await import("../scripts/site/browse/clientScripts.js")).clientScripts();
    expect(prepared).not.toBe(inProcess);
    for (const file of SCRIPTS) {
      expect(prepared.get(file), file).toBe(builds[0]![file]);
      expect(inProcess.get(file), file).toBe(builds[0]![file]);
    }
  });

  it("are minified, carry no source map and no path of the machine that built them", () => {
    for (const file of SCRIPTS) {
      const text = builds[0]![file]!;
      expect(text.length, file).toBeGreaterThan(200);
      expect(text).not.toContain("sourceMappingURL");
      expect(text).not.toContain(REPO_ROOT);
      expect(text).not.toMatch(/\/(?:tmp|home|work|Users)\//);
      // Minified: no comment survives, and lines are long.
      expect(text).not.toMatch(/\/\*\*|\n\s*\/\/ /);
    }
  });

  it("share the filter logic and the answer wording with scripts/schema instead of restating them", () => {
    // matchFacts' own reasons and the shared words appear in the bundles, compiled from the one module.
    expect(builds[0]!["assets/index.js"]).toContain("the list is not marked complete");
    expect(builds[0]!["assets/compare.js"]).toContain("certification in progress");
    expect(builds[0]!["assets/compare.js"]).toContain("pågående certifiering");
  });
});
