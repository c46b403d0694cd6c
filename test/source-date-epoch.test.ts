import { afterEach, describe, expect, it } from "vitest";
import { readSourceDateEpoch } from "../scripts/config.js";
import { makeTree, minimalRecord, runCli, snapshot, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

describe("SOURCE_DATE_EPOCH (review 5)", () => {
  it("in milliseconds, or past year 9999, stops the build with a clear error and leaves public/ as it was", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    const first = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"], { SOURCE_DATE_EPOCH: "1764288000" });
    expect(first.code, first.stderr).toBe(0);
    const before = await snapshot(tree.paths.publicDir);
    expect(JSON.parse(await tree.read("api/status.json")).generated_at).toBe("2025-11-28T00:00:00Z");

    const milliseconds = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"], { SOURCE_DATE_EPOCH: "1764288000000" });
    expect(milliseconds.code).not.toBe(0);
    expect(milliseconds.stderr).toContain('SOURCE_DATE_EPOCH is "1764288000000", past the end of year 9999 (it looks like milliseconds: 1764288000 is that instant in seconds)');
    expect(milliseconds.stderr).toContain("public/ was left as it was");
    expect(milliseconds.stderr).not.toMatch(/\n\s+at /);

    for (const value of ["253402300800", "-1", "1.5", "1e9", " 1764288000", "yesterday"]) {
      const run = await runCli(["--root", tree.root, "build", "--today", "2026-11-22"], { SOURCE_DATE_EPOCH: value });
      expect(run.code, value).not.toBe(0);
      expect(run.stderr, value).toContain("expected whole seconds since 1970-01-01T00:00:00Z");
    }
    expect(await snapshot(tree.paths.publicDir)).toEqual(before);
  }, 60_000);

  it("accepts whole seconds from 1970 to the last second of 9999; unset or empty dates the build from the data", () => {
    expect(readSourceDateEpoch("0")).toEqual({ ok: true, seconds: "0" });
    expect(readSourceDateEpoch("253402300799")).toEqual({ ok: true, seconds: "253402300799" });
    expect(readSourceDateEpoch("0001764288000")).toEqual({ ok: true, seconds: "1764288000" });
    expect(readSourceDateEpoch(undefined)).toEqual({ ok: true, seconds: undefined });
    expect(readSourceDateEpoch("")).toEqual({ ok: true, seconds: undefined });
    expect(readSourceDateEpoch("253402300800")).toMatchObject({ ok: false });
  });
});
