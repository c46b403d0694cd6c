import { afterEach, describe, expect, it } from "vitest";
import { confirmedFact, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

const ofCompany = (id: string, ownership: Record<string, unknown>, legal_name = "Acme Cloud SAS") => minimalRecord(id, { legal_name, ownership });

describe("one company, one answer", () => {
  it("refuses two records with one legal name and two HQ countries, naming both", async () => {
    tree = await makeTree([ofCompany("acme-gpu", { country_hq: confirmedFact("FR", { source_type: "provider_terms" }) }), ofCompany("acme-inference", { country_hq: confirmedFact("DE", { source_type: "provider_terms" }) })]);
    const result = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n").filter((line) => line.includes("[one-company-one-answer]"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("data/providers/acme-gpu.json (id acme-gpu) $.ownership.country_hq");
    expect(lines[1]).toContain("data/providers/acme-inference.json (id acme-inference) $.ownership.country_hq");
    expect(lines[0]).toContain('acme-gpu "FR", acme-inference "DE"');
  });

  it("joins records by org number too, and asks all or none to answer ownership_jurisdiction", async () => {
    tree = await makeTree([
      ofCompany("acme-gpu", { country_hq: confirmedFact("FR", { source_type: "provider_terms" }), org_number: confirmedFact("433 115 904", { source_type: "provider_terms" }), ownership_jurisdiction: confirmedFact("FR", { source_type: "provider_terms" }) }, "Acme SAS"),
      ofCompany("acme-api", { country_hq: confirmedFact("FR", { source_type: "provider_terms" }), org_number: confirmedFact("433115904", { source_type: "provider_terms" }) }, "ACME Cloud"),
    ]);
    const result = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(result.stderr).toContain("answer ownership_jurisdiction in acme-gpu but leave it unknown in acme-api [one-company-one-answer]");
  });

  it("accepts one company whose records agree, and two companies that differ", async () => {
    tree = await makeTree([
      ofCompany("acme-gpu", { country_hq: confirmedFact("FR", { source_type: "provider_terms" }), foreign_parent: confirmedFact(false, { source_type: "provider_terms" }) }),
      ofCompany("acme-inference", { country_hq: confirmedFact("FR", { source_type: "provider_terms" }), foreign_parent: confirmedFact(false, { source_type: "provider_terms" }) }),
      ofCompany("other-ai", { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) }, "Other AB"),
    ]);
    const result = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(result.code).toBe(0);
  });
});
