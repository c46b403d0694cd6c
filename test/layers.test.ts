import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

const PRODUCT = path.join(REPO_ROOT, "scripts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|mjs|js)$/.test(name) ? [full] : [];
  });
}

/** A module's layer inside `room`: its folder directly under it, or the file's own name for a module at its top. */
const layerIn = (room: string) => (file: string) => path.relative(room, file).split(path.sep)[0]!.replace(/\.(ts|js|mjs)$/, "");

/** Layer → the layers it imports (relative imports only; packages are not layers), for the modules inside `room`. */
export function layerGraph(room = PRODUCT): Map<string, Set<string>> {
  const layerOf = layerIn(room);
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(room)) {
    const from = layerOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(room + path.sep)) continue;
      const to = layerOf(target);
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The rooms of scripts/ that hold folders of their own, whose folders must import one way too. */
const ROOMS_WITH_FOLDERS = readdirSync(PRODUCT)
  .map((name) => path.join(PRODUCT, name))
  .filter((dir) => statSync(dir).isDirectory() && readdirSync(dir).some((name) => statSync(path.join(dir, name)).isDirectory()));

/** Every cycle's layers, found by a depth-first search (the graph has a few dozen nodes). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("the product's layers import in one direction", () => {
  it("has no import cycle between the folders (and top-level modules) of scripts/", () => {
    const cycles = cyclesOf(layerGraph());
    expect(cycles.map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("has no import cycle between the folders (and top-level modules) inside a room, scripts/site/ among them", () => {
    expect(ROOMS_WITH_FOLDERS.map((room) => path.relative(PRODUCT, room))).toContain("site");
    for (const room of ROOMS_WITH_FOLDERS) {
      const cycles = cyclesOf(layerGraph(room));
      expect(cycles.map((cycle) => cycle.join(" → ")), path.relative(REPO_ROOT, room)).toEqual([]);
    }
  });

  it("sees the folders of scripts/site/ and the arrows between them", () => {
    const site = layerGraph(path.join(PRODUCT, "site"));
    expect([...site.keys()]).toEqual(expect.arrayContaining(["api", "browse", "describe", "hosts", "renderSite", "summary"]));
    expect([...site.get("renderSite")!]).toEqual(expect.arrayContaining(["api", "browse"]));
  });

  it("finds a cycle when there is one (so the check above can fail)", () => {
    const graph = new Map([
      ["load", new Set(["problems", "validate"])],
      ["validate", new Set(["load"])],
      ["problems", new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([["load", "validate", "load"]]);
  });

  it("keeps dev tooling out of the product folder", () => {
    expect([...layerGraph().keys()].filter((layer) => /bench|hosts|loadtest/.test(layer))).toEqual([]);
  });
});
