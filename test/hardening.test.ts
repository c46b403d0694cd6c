import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../scripts/cli/program.js";
import { LIMITS } from "../scripts/config.js";
import { formatProblem } from "../scripts/problems.js";
import { TODAY, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
afterEach(async () => {
  vi.restoreAllMocks();
  await tree?.cleanup();
});

/** Runs the CLI in-process and returns its exit code and everything it printed, commander's usage errors included. */
async function cli(...args: string[]): Promise<{ code: number; output: string }> {
  const output: string[] = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => void output.push(parts.join(" ")));
  }
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => output.push(String(chunk)) > 0);
  }
  const code = await main(["node", "evidence", "--root", tree.root, ...args, "--today", TODAY]);
  vi.restoreAllMocks();
  return { code, output: output.join("\n") };
}

describe("hardening found by the hostile review", () => {
  it("never echoes the content of a file outside data/ that dataset.json links to", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    const { promises: fs } = await import("node:fs");
    const secret = await tree.writeRaw("secret.txt", "root:x:0:0:TOP-SECRET-LINE\n");
    await fs.rm(tree.paths.datasetMeta);
    await fs.symlink(secret, tree.paths.datasetMeta);
    const { code, output } = await cli("validate");
    expect(code).toBe(1);
    expect(output).toContain("[outside-data]");
    expect(output).not.toContain("TOP-SECRET");
  });

  it("drops V8's quoted excerpt from JSON syntax errors", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    await tree.writeRaw("data/dataset.json", "root:x:0:0:SECRET-IN-DATA-FILE:/root:/bin/bash\n");
    const { code, output } = await cli("validate");
    expect(code).toBe(1);
    expect(output).toContain("[json-syntax]");
    expect(output).not.toContain("SECRET-IN-DATA-FILE");
  });

  it("refuses data whose files together exceed the total size limit", async () => {
    const limits = LIMITS as { maxTotalBytes: number };
    const saved = limits.maxTotalBytes;
    limits.maxTotalBytes = 4_000;
    try {
      tree = await makeTree([1, 2, 3, 4, 5, 6].map((n) => minimalRecord(`bulk-${n}`, { category_note: "x".repeat(700) })));
      const { code, output } = await cli("validate");
      expect(code).toBe(1);
      expect(output).toMatch(/error: data \$: the data files hold \d+ bytes in all, over the limit of 4000 bytes \[max-total-size\]/);
    } finally {
      limits.maxTotalBytes = saved;
    }
  });

  it("accepts real dates in the years 0001 to 0099 and refuses impossible ones there", async () => {
    tree = await makeTree([minimalRecord("acme-ai", { own_weights: confirmedFact(true, { source_date: "0050-06-15" }) })]);
    expect((await cli("validate")).code).toBe(0);
    await tree.writeProvider("acme-ai", minimalRecord("acme-ai", { own_weights: confirmedFact(true, { source_date: "0050-02-29" }) }));
    const { code, output } = await cli("validate");
    expect(code).toBe(1);
    expect(output).toContain("$.own_weights.source_date: must be a real calendar date");
  });

  it("prints file names and values with terminal escapes as escapes, never raw", () => {
    const line = formatProblem({ severity: "error", file: "data/providers/\u001b[2Jx.json", id: "\u001b]0;pwned\u0007", path: "$", rule: "file-name", message: 'got "\u009b31m\u202egnp"' });
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(line).toContain("\\u001b[2J");
    expect(line).toContain("\\u202e");
  });

  it("takes only a plain base URL, so nothing can travel with it into pages, llms.txt or the 404 body", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    for (const bad of ['https://x.example/"><script>alert(1)</script>', "https://x.example/?q=1", "https://user@x.example", "https://x.example/a'b", "javascript:alert(1)"]) {
      const { code, output } = await cli("build", "--base-url", bad);
      expect(code, bad).toBe(2);
      expect(output).toContain(`error: option '--base-url <url>' argument '${bad}' is invalid. expected an absolute http(s) URL with no user name`);
    }
    expect((await cli("build", "--base-url", "https://api.example.eu/evidence/")).code).toBe(0);
    expect(await tree.read("llms.txt")).toContain("(https://api.example.eu/evidence/api/data)");
    expect(JSON.parse(await tree.read("404.html")).docs).toMatch(/^https:\/\/api\.example\.eu\/evidence\//);
  });

  it("keys counted from data cannot reach Object.prototype", async () => {
    tree = await makeTree([minimalRecord("acme-ai", { ownership: { constructor: { value: null, status: "unknown" }, toString: { value: null, status: "unknown" } } })]);
    await tree.build();
    const status = JSON.parse(await tree.read("api/status.json"));
    // Two hostile members, and the derived CLOUD Act answer that the record's missing chain leaves unknown.
    expect(status.facts_by_status).toEqual({ confirmed: 1, unknown: 3 });
  });
});
