import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { codeDerived, keepCodeDerivedValues } from "../scripts/util/codeDerived.js";
import { editorSchemaText, openApiDocument } from "../scripts/site/describe/openapi.js";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "code-derived-"));
});
afterEach(async () => {
  keepCodeDerivedValues(null);
  await fs.rm(dir, { recursive: true, force: true });
});

describe("values derived from the code alone", () => {
  it("are computed once per process", () => {
    keepCodeDerivedValues(null);
    let calls = 0;
    const compute = () => ({ calls: (calls += 1) });
    expect(codeDerived("answer", compute)).toEqual({ calls: 1 });
    expect(codeDerived("answer", compute)).toEqual({ calls: 1 });
    expect(calls).toBe(1);
  });

  it("are kept for the code version that computed them, and never used by another version", () => {
    keepCodeDerivedValues({ dir, version: "a".repeat(64) });
    expect(codeDerived("answer", () => "computed by version a")).toBe("computed by version a");

    // A new process of the same code reads the kept value instead of computing it.
    keepCodeDerivedValues({ dir, version: "a".repeat(64) });
    expect(codeDerived("answer", () => "computed again")).toBe("computed by version a");

    // Other code computes it afresh, and keeps its own.
    keepCodeDerivedValues({ dir, version: "b".repeat(64) });
    expect(codeDerived("answer", () => "computed by version b")).toBe("computed by version b");
    keepCodeDerivedValues({ dir, version: "b".repeat(64) });
    expect(codeDerived("answer", () => "computed again")).toBe("computed by version b");
  });

  it("are computed again when what was kept cannot be read, and a folder that cannot be written only costs time", async () => {
    keepCodeDerivedValues({ dir, version: "a".repeat(64) });
    codeDerived("answer", () => "kept");
    await fs.writeFile(path.join(dir, "answer.json"), "{ half written");
    keepCodeDerivedValues({ dir, version: "a".repeat(64) });
    expect(codeDerived("answer", () => "computed again")).toBe("computed again");

    const blocked = path.join(dir, "a file, not a folder");
    await fs.writeFile(blocked, "");
    keepCodeDerivedValues({ dir: blocked, version: "a".repeat(64) });
    expect(codeDerived("answer", () => "computed without keeping")).toBe("computed without keeping");
  });

  it("give the interface descriptions the same bytes whether computed or read back", () => {
    keepCodeDerivedValues(null);
    const computed = [JSON.stringify(openApiDocument("https://example.test")), editorSchemaText()];
    keepCodeDerivedValues({ dir, version: "c".repeat(64) });
    expect([JSON.stringify(openApiDocument("https://example.test")), editorSchemaText()]).toEqual(computed);
    keepCodeDerivedValues({ dir, version: "c".repeat(64) });
    expect([JSON.stringify(openApiDocument("https://example.test")), editorSchemaText()]).toEqual(computed);
  });
});
