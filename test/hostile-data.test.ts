import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../scripts/cli/program.js";
import { CASES } from "./corpus/cases.js";
import { TODAY, makeTree, minimalRecord, snapshot, treeAt, type Tree } from "./helpers.js";

let tree: Tree;
let output: string[];

beforeEach(() => {
  output = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void output.push(args.join(" ")));
  }
});
afterEach(async () => {
  vi.restoreAllMocks();
  await tree?.cleanup();
});

async function cli(...args: string[]): Promise<number> {
  return main(["node", "evidence", "--root", tree.root, ...args, "--today", TODAY]);
}

/**
 * Every case starts from the same valid tree with a published build: it is built once and copied for each case
 * (a copy of a built tree is what the next build finds there), so the corpus tries each malformed input rather
 * than building the same valid data 150 times.
 */
let built: Tree;
beforeAll(async () => {
  built = await makeTree([minimalRecord("acme-ai"), minimalRecord("good-ai")]);
  const quiet = vi.spyOn(console, "log").mockImplementation(() => undefined);
  expect(await main(["node", "evidence", "--root", built.root, "build", "--today", TODAY])).toBe(0);
  quiet.mockRestore();
}, 60_000);
afterAll(async () => built?.cleanup());

async function copyOfBuilt(): Promise<Tree> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-test-"));
  await fs.cp(built.root, root, { recursive: true, verbatimSymlinks: true });
  return treeAt(root);
}

describe("the corpus of malformed inputs", () => {
  it("holds at least 50 cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
  });

  for (const testCase of CASES) {
    it(`${testCase.kind}: ${testCase.name}`, async () => {
      tree = await copyOfBuilt();
      const before = await snapshot(tree.paths.publicDir);
      await testCase.apply(tree);
      output = [];
      expect(await cli("validate")).toBe(1);
      const validateOutput = output.join("\n");
      output = [];
      expect(await cli("build")).toBe(1);
      const buildOutput = output.join("\n");
      for (const text of [validateOutput, buildOutput]) {
        const lines = text.split("\n").filter((line) => line.startsWith("error: ") && line.includes(` ${testCase.expect.path}: `));
        const line = lines.find((l) => {
          const rule = /\[([^\]]+)\]$/.exec(l)?.[1] ?? "";
          return (l.includes(testCase.expect.file) || l.includes(JSON.stringify(testCase.expect.file))) && (typeof testCase.expect.rule === "string" ? rule === testCase.expect.rule : testCase.expect.rule.test(rule));
        });
        expect(line, text).toBeDefined();
        // One line a person understands: where, what, which rule; never a stack trace.
        expect(line).toMatch(/^error: ("data\/[^"]+"|data\/\S+)( \(id [^)]+\))? \$\S*: .+ \[[\w-]+\]$/);
        expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
      }
      expect(await snapshot(tree.paths.publicDir)).toEqual(before);
    });
  }

  it("lists every problem of a run, not only the first", async () => {
    tree = await makeTree([minimalRecord("good-ai")]);
    const picked = CASES.filter((c) => c.expect.file === "data/providers/acme-ai.json").slice(0, 1);
    await picked[0]!.apply(tree);
    await tree.writeProvider("second-ai", minimalRecord("second-ai", { website: "javascript:x", category: "nordic", record_updated_at: "2026-02-30" }));
    expect(await cli("validate")).toBe(1);
    const text = output.join("\n");
    for (const expected of ["data/providers/acme-ai.json", "second-ai.json (id second-ai) $.website", "second-ai.json (id second-ai) $.category", "second-ai.json (id second-ai) $.record_updated_at"]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/validate: [4-9]\d* error\(s\)/);
  });
});
