import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError, formatProblem, type Problem } from "../scripts/problems.js";
import { confirmedFact, makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";
import { checkDiscipline } from "../scripts/validate/discipline.js";
import { Provider } from "../scripts/schema/index.js";
import { Attribution, FIELD_FAMILIES, QUOTE_REQUIRED_FROM, attributionOf, statusAllowed } from "../scripts/schema/evidenceRules.js";

let tree: Tree;
afterEach(async () => tree?.cleanup());


/** Builds a tree holding a valid record, then the bad one, and returns the problems of the failed build. */
async function problemsFor(record: unknown, fileName = "acme-ai.json"): Promise<Problem[]> {
  tree = await makeTree([minimalRecord("good-ai")]);
  await tree.build();
  const before = await snapshot(tree.paths.publicDir);
  await tree.writeProvider("acme-ai", record, fileName);
  const error = await tree.build().then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  // A failed build never touches the previous output.
  expect(await snapshot(tree.paths.publicDir)).toEqual(before);
  return (error as InvalidInputError).problems.filter((p) => p.severity === "error");
}

interface Case {
  name: string;
  record: unknown;
  fileName?: string;
  path: string;
  rule: string | RegExp;
}

const cases: Case[] = [
  { name: "id that is not a slug", record: minimalRecord("Acme AI"), path: "$.id", rule: "invalid_format" },
  { name: "id that differs from the file name", record: minimalRecord("other-ai"), path: "$.id", rule: "id-matches-file-name" },
  { name: "file name that is not a slug", record: minimalRecord("acme-ai"), fileName: "Acme_AI.json", path: "$", rule: "file-name" },
  { name: "javascript: URL", record: minimalRecord("acme-ai", { website: "javascript:alert(1)" }), path: "$.website", rule: "custom" },
  { name: "data: URL", record: minimalRecord("acme-ai", { website: "data:text/html,hi" }), path: "$.website", rule: "custom" },
  { name: "relative URL", record: minimalRecord("acme-ai", { website: "/about" }), path: "$.website", rule: "custom" },
  { name: "impossible date", record: minimalRecord("acme-ai", { record_updated_at: "2026-02-30" }), path: "$.record_updated_at", rule: "custom" },
  {
    name: "verified_at after the build day",
    record: minimalRecord("acme-ai", { availability_status: confirmedFact("live", { verified_at: "2026-12-01" }) }),
    path: "$.availability_status.verified_at",
    rule: "verified-in-future",
  },
  {
    name: "confirmed without a source",
    record: minimalRecord("acme-ai", { availability_status: confirmedFact("live", { source_url: null }) }),
    path: "$.availability_status",
    rule: "confirmed-needs-evidence",
  },
  {
    name: "confirmed without a verification date",
    record: minimalRecord("acme-ai", { availability_status: confirmedFact("live", { verified_at: null, verified_by: null }) }),
    path: "$.availability_status",
    rule: "confirmed-needs-evidence",
  },
  {
    name: "unknown with a value",
    record: minimalRecord("acme-ai", { own_weights: { value: true, status: "unknown" } }),
    path: "$.own_weights.value",
    rule: "unknown-has-value",
  },
  {
    name: "sovereignty marketing marked confirmed",
    record: minimalRecord("acme-ai", { sovereignty: { data_residency_guarantee: confirmedFact("eu_eea") } }),
    path: "$.sovereignty.data_residency_guarantee.status",
    rule: "sovereignty-needs-documentation",
  },
  {
    name: "compliance marketing marked confirmed",
    record: minimalRecord("acme-ai", { compliance: { zero_retention: confirmedFact("by_default", { source_type: "provider_docs", source_date: null }) } }),
    path: "$.compliance.zero_retention.status",
    rule: "marketing-at-most-claimed",
  },
  { name: "a geography as category", record: minimalRecord("acme-ai", { category: "sweden" }), path: "$.category", rule: "invalid_value" },
  { name: "unknown Fact status", record: minimalRecord("acme-ai", { own_weights: { value: null, status: "maybe" } }), path: "$.own_weights.status", rule: "invalid_value" },
  { name: "missing required field", record: { ...minimalRecord("acme-ai"), website: undefined }, path: "$.website", rule: "required" },
  {
    name: "model price that is not a number",
    record: minimalRecord("acme-ai", {
      pricing: { currency: confirmedFact("EUR") },
      models: confirmedFact([{ name: "m", input_price: "0.5" }]),
    }),
    path: "$.models.value[0].input_price",
    rule: "invalid_type",
  },
  {
    name: "prices without a currency",
    record: minimalRecord("acme-ai", { models: confirmedFact([{ name: "m", input_price: 0.5 }]) }),
    path: "$.pricing.currency",
    rule: "price-needs-currency",
  },
  { name: "a file that is not an object", record: "[1, 2, 3]", path: "$", rule: "not-an-object" },
  { name: "JSON syntax error", record: '{\n  "id": "acme-ai",\n  "name": "x",,\n}', path: "$", rule: "json-syntax" },
];

describe("validation names the file, the record, the JSON path and the rule", () => {
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const problems = await problemsFor(testCase.record, testCase.fileName);
      const match = problems.find((p) => p.path === testCase.path && (typeof testCase.rule === "string" ? p.rule === testCase.rule : testCase.rule.test(p.rule)));
      expect(match, problems.map(formatProblem).join("\n")).toBeDefined();
      const line = formatProblem(match!);
      expect(line).toContain(`data/providers/${testCase.fileName ?? "acme-ai.json"}`);
      expect(line).toContain(testCase.path);
    });
  }

  it("reports the line and column of a JSON syntax error", async () => {
    const problems = await problemsFor('{\n  "id": "acme-ai",\n  "name": "x",,\n}');
    expect(problems[0]!.message).toMatch(/line 3, column \d+/);
  });

  it("collects every problem of a run, across files, before failing", async () => {
    tree = await makeTree([
      minimalRecord("one-ai", { website: "ftp://x", category: "nordic" }),
      minimalRecord("two-ai", { record_updated_at: "2026-13-01" }),
    ]);
    const error = (await tree.build().catch((e: unknown) => e)) as InvalidInputError;
    const located = error.problems.map((p) => `${p.file} ${p.path}`);
    expect(located).toEqual(
      expect.arrayContaining([
        "data/providers/one-ai.json $.website",
        "data/providers/one-ai.json $.category",
        "data/providers/two-ai.json $.record_updated_at",
      ]),
    );
  });

  it("accepts sovereignty statements confirmed by a binding document", async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        sovereignty: { data_residency_guarantee: confirmedFact("eu_eea", { source_type: "provider_terms", source_date: null }) },
        compliance: { zero_retention: { value: "by_default", status: "claimed", source_url: "https://acme.example/p", source_type: "provider_site", source_date: null } },
      }),
    ]);
    await expect(tree.build()).resolves.toBeDefined();
  });

  it("names the record whose status differs from others that cite the same source for the same field, in build and validate alike", async () => {
    const blog = { source_url: "https://blog.example/post", source_type: "provider_docs", source_date: "2025-01-01" };
    tree = await makeTree([
      minimalRecord("one-ai", { ownership: { ownership_jurisdiction: confirmedFact("SE", blog) } }),
      minimalRecord("two-ai", { ownership: { ownership_jurisdiction: confirmedFact("SE", blog) } }),
      minimalRecord("three-ai", { ownership: { ownership_jurisdiction: { value: "SE", status: "claimed", ...blog } } }),
    ]);
    const error = (await tree.build().catch((e: unknown) => e)) as InvalidInputError;
    expect(error).toBeInstanceOf(InvalidInputError);
    const found = error.problems.filter((p) => p.rule === "same-source-same-status");
    expect(found.map((p) => `${p.file} ${p.path}`)).toEqual(["data/providers/three-ai.json $.ownership.ownership_jurisdiction.status"]);
    expect(found[0]!.message).toContain("one-ai, two-ai");

    const { validateData } = await import("../scripts/validate/validate.js");
    const { loadData } = await import("../scripts/load/loadData.js");
    const validated = validateData(await loadData(tree.paths), "2026-11-22");
    expect(validated.problems.filter((p) => p.rule === "same-source-same-status").map((p) => p.id)).toEqual(["three-ai"]);
  });

  it("lets records that cite one source for one field agree", async () => {
    const page = { source_url: "https://acme.example/legal", source_type: "provider_terms", source_date: "2026-06-01" };
    tree = await makeTree([
      minimalRecord("one-ai", { ownership: { country_hq: confirmedFact("SE", page) } }),
      minimalRecord("two-ai", { ownership: { country_hq: confirmedFact("SE", page) } }),
    ]);
    await expect(tree.build()).resolves.toBeDefined();
  });
});

describe("a Fact read without a day", () => {
  let tree: Tree | undefined;
  afterEach(async () => tree?.cleanup());

  it("warns when a claimed Fact names its source but not the day it was read, and still builds", async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", { own_weights: { value: false, status: "claimed", source_url: "https://acme.example/about", source_type: "provider_site", source_date: null } }),
    ]);
    const result = await tree.build();
    const warning = result.warnings.find((problem: Problem) => problem.rule === "verification-missing");
    expect(warning).toMatchObject({ severity: "warning", id: "acme-ai", path: "$.own_weights" });
    expect(formatProblem(warning!)).toContain("re-open it and set verified_at and verified_by, or make the Fact unknown");
  });
});

describe("the source's own words and the status table", () => {
  const read = (value: unknown, extra: Record<string, unknown>) =>
    confirmedFact(value, { source_type: "provider_terms", source_url: "https://acme.example/terms", verified_at: "2026-11-29", ...extra });
  const rulesOf = (record: Record<string, unknown>) =>
    checkDiscipline("data/providers/acme-ai.json", Provider.parse(minimalRecord("acme-ai", record)), "2026-12-01")
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.path} ${problem.rule}`);

  it("refuses a buyer-question, ownership or price Fact read on or after the cut-over day without a quote", () => {
    expect(QUOTE_REQUIRED_FROM).toBe("2026-11-28");
    expect(rulesOf({ compliance: { gdpr_dpa_available: read(true, {}) } })).toEqual(["$.compliance.gdpr_dpa_available.quote quote-required"]);
    expect(rulesOf({ ownership: { contracting_entity: read("Acme AB", {}) } })).toEqual(["$.ownership.contracting_entity.quote quote-required"]);
    expect(rulesOf({ pricing: { free_tier: read(true, { source_type: "pricing_page" }) } })).toEqual(["$.pricing.free_tier.quote quote-required"]);
    // With the source's words it passes; a Fact read before the cut-over, a product spec or an unknown is not asked for one.
    expect(rulesOf({ compliance: { gdpr_dpa_available: read(true, { quote: "We offer a Data Processing Agreement to every customer." }) } })).toEqual([]);
    expect(rulesOf({ compliance: { gdpr_dpa_available: read(true, { verified_at: "2026-11-27" }) } })).toEqual([]);
    expect(rulesOf({ own_weights: read(true, { source_type: "provider_docs" }) })).toEqual([]);
    expect(rulesOf({ compliance: { gdpr_dpa_available: { value: null, status: "unknown" } } })).toEqual([]);
  });

  it("lets each kind of source confirm only the field families the table gives it", () => {
    expect(statusAllowed(["compliance", "zero_retention"], "confirmed", "provider_terms")).toBe(true);
    expect(statusAllowed(["compliance", "zero_retention"], "confirmed", "privacy_policy")).toBe(false);
    expect(statusAllowed(["compliance", "zero_retention"], "claimed", "privacy_policy")).toBe(true);
    expect(statusAllowed(["ownership", "country_hq"], "confirmed", "privacy_policy")).toBe(true);
    expect(statusAllowed(["ownership", "ultimate_parent"], "confirmed", "privacy_policy")).toBe(false);
    expect(statusAllowed(["sovereignty", "datacenter_locations"], "confirmed", "provider_docs")).toBe(true);
    expect(statusAllowed(["sovereignty", "datacenter_locations"], "confirmed", "provider_blog")).toBe(false);
    expect(statusAllowed(["compliance", "subprocessors_list_url"], "confirmed", "provider_site")).toBe(true);
    expect(statusAllowed(["api", "base_url"], "confirmed", "provider_docs")).toBe(true);
    for (const relayed of ["press", "third_party"]) {
      for (const family of FIELD_FAMILIES) expect(family.confirmedFrom.has(relayed as never)).toBe(false);
    }
    expect(rulesOf({ ownership: { ultimate_parent: read("Acme Group", { source_type: "press", quote: "Acme Group owns Acme AB" }) } })).toEqual(["$.ownership.ultimate_parent.status press-at-most-claimed"]);
  });

  it("says whose statement a Fact is from its source, never 'own statement' for press, a third party, a register or a derived answer", () => {
    expect(attributionOf({ source_type: "provider_terms" })).toBe("provider");
    expect(attributionOf({ source_type: "privacy_policy" })).toBe("provider");
    expect(attributionOf({ source_type: "press" })).toBe("press");
    expect(attributionOf({ source_type: "third_party" })).toBe("third_party");
    expect(attributionOf({ source_type: "company_register" })).toBe("register");
    expect(attributionOf({ source_type: "derived" })).toBe("derived");
    expect(attributionOf({ source_type: undefined })).toBeNull();
    expect(Attribution.terms.press.sv).toBe("uppgift i press");
  });
});
