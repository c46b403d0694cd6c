import { afterEach, describe, expect, it } from "vitest";
import { deriveCloudActExposure } from "../scripts/derive/cloudActExposure.js";
import { answerOf, answerText, typedCell } from "../scripts/schema/answers.js";
import { findProviders } from "../scripts/mcp/find.js";
import type { Snapshot } from "../scripts/mcp/source.js";
import { formatProblem } from "../scripts/problems.js";
import { reportOf } from "../scripts/report.js";
import { BUYER_QUESTIONS, type BuyerQuestion } from "../scripts/schema/buyerQuestions.js";
import { Provider } from "../scripts/schema/index.js";
import { VOCABULARIES } from "../scripts/schema/vocabularies.js";
import { providersCsvColumns } from "../scripts/site/api/providersCsv.js";
import { openApiDocument } from "../scripts/site/describe/openapi.js";
import { confirmedFact, makeTree, minimalRecord, runCli, TODAY, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

const terms = (extra: Record<string, unknown> = {}) => confirmedFact("SE", { source_type: "provider_terms", source_url: "https://acme.example/terms", ...extra });
const claimed = (value: unknown, extra: Record<string, unknown> = {}) => ({
  value,
  status: "claimed",
  source_url: "https://acme.example/about",
  source_type: "provider_site",
  source_date: null,
  verified_at: "2026-11-01",
  verified_by: "manual",
  ...extra,
});
const infrastructure = (links: unknown[], partial: boolean) => confirmedFact(links, { source_type: "provider_terms", source_url: "https://acme.example/subprocessors", partial });

describe("typed buyer answers", () => {
  it("refuses a sentence in a typed field, naming file, record, JSON path, rule and the allowed values", async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        compliance: { data_used_for_training: confirmedFact("No: customer data is never used for training", { source_type: "provider_terms" }) },
        ownership: { ownership_jurisdiction: claimed("AT (A1 Telekom Austria Group)") },
      }),
    ]);
    const result = await runCli(["validate", "--root", tree.root]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      "error: data/providers/acme-ai.json (id acme-ai) $.compliance.data_used_for_training.value: must be one of never, opt_in, free_plans_only, opt_out, yes, depends_on_upstream",
    );
    expect(result.stderr).toMatch(/acme-ai\.json \(id acme-ai\) \$\.ownership\.ownership_jurisdiction\.value: must be an ISO 3166-1 alpha-2 country code/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a derived answer typed by hand, and answers that contradict each other", async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        sovereignty: { cloud_act_exposure: claimed("none_found") },
        ownership: { ownership_jurisdiction: claimed("CH"), foreign_parent: claimed(false) },
        compliance: { zero_retention: claimed("by_default"), retention_days: claimed(30) },
      }),
    ]);
    const problems = await tree.build().then(
      () => [],
      (error: { problems: Parameters<typeof formatProblem>[0][] }) => error.problems.map(formatProblem),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\$\.sovereignty\.cloud_act_exposure: .*derived by the build.*\[derived-not-typed\]/),
        expect.stringMatching(/\$\.ownership\.foreign_parent\.value: foreign_parent false contradicts ownership_jurisdiction CH, which is outside the EU\/EEA \[parent-agrees-with-jurisdiction\]/),
        expect.stringMatching(/\$\.compliance\.retention_days\.value: .*must be 0, got 30 \[retention-agrees\]/),
      ]),
    );
  });

  it("keeps the researcher's sentence beside the typed value, and publishes both", async () => {
    const display = "Yes: the DPA is incorporated into the service terms";
    tree = await makeTree([minimalRecord("acme-ai", { compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", display }) } })]);
    await tree.build();
    const record = JSON.parse(await tree.read("api/data/acme-ai/index.json"));
    expect(record.compliance.gdpr_dpa_available).toMatchObject({ value: true, display });
  });
});

describe("who can reach the data: sovereignty.cloud_act_exposure, derived by one rule", () => {
  const record = (ownership: Record<string, unknown>, sovereignty: Record<string, unknown> = {}) => Provider.parse(minimalRecord("acme-ai", { ownership, sovereignty }));

  it("a US seat or US parent is enough, and the answer is as strong as that Fact", () => {
    const derived = deriveCloudActExposure(record({ country_hq: claimed("IE"), ownership_jurisdiction: claimed("US") }));
    expect(derived).toMatchObject({ value: "ownership", status: "claimed", derived_from: ["ownership.ownership_jurisdiction"], source_type: "derived", us_party_role: "operator" });
    expect(derived.note).toContain("ownership.ownership_jurisdiction = \"US\" (claimed, provider_site, verified 2026-11-01, undated source)");
    expect(derived.deciding_link).toBe("the ultimate parent (ultimate parent, US)");
  });

  it("needs the whole chain for no US entity: a non-US owner and a complete infrastructure list", () => {
    const own = [{ name: "Acme AI", kind: "own", jurisdiction: "SE" }];
    const complete = deriveCloudActExposure(record({ country_hq: terms(), foreign_parent: claimed(false) }, { infrastructure: infrastructure(own, false) }));
    // The weakest input is foreign_parent (claimed): the answer is never stronger than that.
    expect(complete).toMatchObject({ value: "none_found", status: "claimed", derived_from: ["ownership.country_hq", "ownership.foreign_parent", "sovereignty.infrastructure"] });
    const noChain = deriveCloudActExposure(record({ country_hq: terms() }));
    expect(noChain.note).toBe("Not derivable yet: ownership.ownership_jurisdiction (or ownership.foreign_parent = false), sovereignty.infrastructure not researched.");
  });

  it("a contract's 'no control from outside the EU/EEA' clears the owner even when a press report of the owner's country is recorded too", () => {
    const own = [{ name: "Acme AI", kind: "own", jurisdiction: "FR" }];
    const fromPress = claimed("FR", { source_type: "press" });
    const both = deriveCloudActExposure(record({ country_hq: terms(), ownership_jurisdiction: fromPress, foreign_parent: confirmedFact(false, { source_type: "provider_terms", source_url: "https://acme.example/terms" }) }, { infrastructure: infrastructure(own, true) }));
    expect(both).toMatchObject({ value: "none_named", derived_from: ["ownership.country_hq", "ownership.foreign_parent", "sovereignty.infrastructure"] });
    // The press report alone still clears nothing.
    const pressOnly = deriveCloudActExposure(record({ country_hq: terms(), ownership_jurisdiction: fromPress }, { infrastructure: infrastructure(own, true) }));
    expect(pressOnly).toMatchObject({ value: null, status: "unknown" });
    expect(pressOnly.note).toContain("ownership.ownership_jurisdiction from the provider's own documents or a register (the value recorded rests on press)");
  });

  it("a US cloud used by default exposes the data; one the customer must choose, or a US payment or sign-in service, does not, and the note says so", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const onGoogle = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([{ name: "Google Cloud", kind: "cloud", jurisdiction: "US" }], true) }));
    expect(onGoogle).toMatchObject({ value: "infrastructure", status: "confirmed", derived_from: ["sovereignty.infrastructure"] });
    const colocated = [{ name: "Equinix", kind: "colocation", jurisdiction: "US" }];
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(colocated, false) })).value).toBe("none_found");
    const paidThroughStripe = [...colocated, { name: "Stripe", kind: "ancillary", jurisdiction: "US", role: "payment processing" }];
    const withBilling = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(paidThroughStripe, false) }));
    expect(withBilling).toMatchObject({ value: "none_found", us_party_role: "ancillary", deciding_link: "Stripe (ancillary, US parent)" });
    expect(withBilling.note).toContain("Stripe (ancillary, US)");
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(paidThroughStripe, true) })).value).toBeNull();
    const optional = [...colocated, { name: "OpenAI", kind: "model_provider", jurisdiction: "US", optional: true }];
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(optional, false) })).value).toBe("optional_upstream");
  });

  it("a partial list that names where the data sits, and no US entity at all, is the weaker none_named; nothing named, a US option, or an unclear owner stays unknown", () => {
    const chain = { country_hq: terms(), foreign_parent: claimed(false) };
    const own = [{ name: "Acme AI", kind: "own", jurisdiction: "SE" }];
    const named = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(own, true) }));
    expect(named).toMatchObject({ value: "none_named", status: "claimed", derived_from: ["ownership.country_hq", "ownership.foreign_parent", "sovereignty.infrastructure"] });
    expect(named.note).toContain("rule 6");
    expect(named.note).toContain("Acme AI (own, SE) — partial list");
    // A US provider the customer may pick is named, so "no US entity named" would be untrue: the complete list decides.
    const optionalUs = [...own, { name: "OpenAI", kind: "model_provider", jurisdiction: "US", optional: true }];
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(optionalUs, true) })).value).toBeNull();
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(optionalUs, false) })).value).toBe("optional_upstream");
    const onlyBilling = [{ name: "Stripe", kind: "ancillary", jurisdiction: "US" }, { name: "Equinix", kind: "colocation", jurisdiction: "US" }];
    const billing = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(onlyBilling, true) }));
    expect(billing).toMatchObject({ value: null, status: "unknown" });
    expect(billing.note).toContain("sovereignty.infrastructure as a complete list (partial: false)");
    expect(deriveCloudActExposure(record({ country_hq: terms() }, { infrastructure: infrastructure(own, true) })).value).toBeNull();
  });

  it("a data-holding company incorporated in the US exposes the data whoever owns it; one the customer must choose does not", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const groupCompany = { name: "Acme Inc. (United States)", kind: "own", jurisdiction: "SE", seat: "US" };
    const onUsSubsidiary = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([{ name: "Acme AB", kind: "own", jurisdiction: "SE" }, groupCompany], true) }));
    expect(onUsSubsidiary).toMatchObject({ value: "infrastructure", derived_from: ["sovereignty.infrastructure"] });
    expect(onUsSubsidiary.note).toContain("Acme Inc. (United States) (own, SE, incorporated in US)");
    expect(onUsSubsidiary).toMatchObject({ us_party_role: "core", deciding_link: "Acme Inc. (United States) (own, incorporated in the US)" });
    const chosen = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([{ name: "Acme AB", kind: "own", jurisdiction: "SE" }, { ...groupCompany, optional: true }], false) }));
    expect(chosen.value).toBe("optional_upstream");
  });

  it("a data-holding link whose parent is not established keeps the answer unknown and is named, unless another link already exposes the data", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const unowned = { name: "Tensorix", kind: "model_provider", jurisdiction: null };
    const own = { name: "Acme AB", kind: "own", jurisdiction: "SE" };
    const complete = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([own, unowned], false) }));
    expect(complete).toMatchObject({ value: null, status: "unknown" });
    expect(complete.note).toBe("Not derivable yet: the ultimate parent of Tensorix (sovereignty.infrastructure) not researched.");
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure([own, unowned], true) })).value).toBeNull();
    const onGoogle = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([own, unowned, { name: "Google Cloud", kind: "cloud", jurisdiction: "US" }], true) }));
    expect(onGoogle.value).toBe("infrastructure");
    expect(onGoogle.note).toContain("Tensorix (model_provider, parent not established)");
  });

  it("shows a link's own seat and an unestablished parent in words and in the spreadsheet cell", () => {
    const question = BUYER_QUESTIONS.find((entry) => entry.key === "infrastructure")!;
    const links = [
      { name: "Nebius Inc.", kind: "own", jurisdiction: "NL", seat: "US", optional: true },
      { name: "Tensorix", kind: "model_provider", jurisdiction: null },
    ];
    const answer = answerOf(Provider.parse(minimalRecord("acme-ai", { sovereignty: { infrastructure: infrastructure(links, true) } })), question);
    expect(answerText(answer, "en")).toBe("Nebius Inc. (NL, incorporated in US, if chosen), Tensorix (parent not established) (partial list)");
    expect(answerText(answer, "sv")).toBe("Nebius Inc. (NL, registrerat i US, om vald), Tensorix (ägare ej fastställd) (ofullständig lista)");
    expect(typedCell(answer)).toBe("Nebius Inc.:own:NL:seat=US:optional;Tensorix:model_provider:unknown");
    expect(answer.keys).toEqual(["NL"]);
  });

  it("calls a list complete only on the provider's own sub-processor list, DPA or terms, and never answers 'no US entity' on press, a third party, a blog or a plan", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const own = [{ name: "Acme AI", kind: "own", jurisdiction: "SE" }];
    const fromPress = confirmedFact(own, { status: "claimed", source_type: "press", source_url: "https://news.example/acme", partial: false });
    // Complete only on the provider's own list: a press list that says it is complete is at best "named".
    expect(deriveCloudActExposure(record(chain, { infrastructure: fromPress })).value).toBeNull();
    const fromDocs = confirmedFact(own, { source_type: "provider_docs", source_url: "https://acme.example/docs", partial: false });
    expect(deriveCloudActExposure(record(chain, { infrastructure: fromDocs })).value).toBe("none_named");
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(own, false) })).value).toBe("none_found");
    for (const relayed of ["press", "third_party", "provider_blog"]) {
      const owner = claimed("SE", { source_type: relayed });
      const derived = deriveCloudActExposure(record({ country_hq: terms(), ownership_jurisdiction: owner }, { infrastructure: infrastructure(own, false) }));
      expect(derived).toMatchObject({ value: null, status: "unknown" });
      expect(derived.note).toContain(`ownership.ownership_jurisdiction from the provider's own documents or a register (the value recorded rests on ${relayed.replace("_", "-")})`);
    }
    const pendingOwner = claimed("SE", { status: "planned" });
    const pending = deriveCloudActExposure(record({ country_hq: terms(), ownership_jurisdiction: pendingOwner }, { infrastructure: infrastructure(own, false) }));
    expect(pending.value).toBeNull();
    expect(pending.note).toContain("ownership.ownership_jurisdiction as it is today (the value recorded is only planned)");
    // A planned US owner still exposes the data: an exposure is never hidden, and the answer is only planned.
    expect(deriveCloudActExposure(record({ country_hq: terms(), ownership_jurisdiction: claimed("US", { status: "planned" }) }))).toMatchObject({ value: "ownership", status: "planned" });
  });

  it("data held in the US by default exposes it whoever owns the operator; a US region the customer must choose does not", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const clusters = [{ name: "Acme AI", kind: "own", jurisdiction: "GB", countries: ["NO", "GB", "US"] }];
    const inTexas = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(clusters, true) }));
    expect(inTexas).toMatchObject({ value: "infrastructure", us_party_role: "core", deciding_link: "Acme AI (own, located in the US)" });
    const own = [{ name: "Acme AI", kind: "own", jurisdiction: "SE" }];
    const locations = (items: unknown[]) => confirmedFact(items, { source_type: "provider_docs", source_url: "https://acme.example/regions", partial: false });
    const virginia = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(own, false), datacenter_locations: locations([{ country: "SE" }, { country: "US", city: "Virginia" }]) }));
    expect(virginia).toMatchObject({ value: "infrastructure", us_party_role: "core", deciding_link: "data held in the US (Virginia)", derived_from: ["sovereignty.datacenter_locations"] });
    const chosen = deriveCloudActExposure(record(chain, { infrastructure: infrastructure(own, false), datacenter_locations: locations([{ country: "SE" }, { country: "US", optional: true }]) }));
    expect(chosen).toMatchObject({ value: "optional_upstream", deciding_link: "data held in the US, only if chosen" });
    // A US region named anywhere means "no US entity named" would be untrue.
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(own, true), datacenter_locations: locations([{ country: "US", optional: true }]) })).value).toBeNull();
  });

  it("grades a US edge service apart from US hosting, and names the link that decided", () => {
    const chain = { country_hq: terms(), ownership_jurisdiction: terms() };
    const behindCdn = [
      { name: "Acme AI", kind: "own", jurisdiction: "SE" },
      { name: "Cloudflare", kind: "edge", jurisdiction: "US", role: "CDN and TLS" },
    ];
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(behindCdn, true) }))).toMatchObject({
      value: "edge_service",
      us_party_role: "edge",
      deciding_link: "Cloudflare (edge, US parent)",
    });
    const onHyperscaler = [...behindCdn, { name: "AWS", kind: "cloud", jurisdiction: "US" }];
    expect(deriveCloudActExposure(record(chain, { infrastructure: infrastructure(onHyperscaler, true) }))).toMatchObject({ value: "infrastructure", us_party_role: "core", deciding_link: "AWS (cloud, US parent)" });
    // An edge service in front of an owner not yet researched stays unknown: "only the CDN" would overstate.
    expect(deriveCloudActExposure(record({ country_hq: terms() }, { infrastructure: infrastructure(behindCdn, true) })).value).toBeNull();
    const clean = deriveCloudActExposure(record(chain, { infrastructure: infrastructure([{ name: "Acme AI", kind: "own", jurisdiction: "SE" }], false) }));
    expect(clean).toMatchObject({ value: "none_found", us_party_role: "none" });
    expect(clean.deciding_link).toBeUndefined();
  });

  it("self-hosted software is customer-hosted, whoever owns the vendor", () => {
    const derived = deriveCloudActExposure(record({ country_hq: claimed("US") }, { data_residency_guarantee: confirmedFact("customer_controlled", { source_type: "provider_docs" }) }));
    expect(derived).toMatchObject({ value: "customer_hosted", derived_from: ["sovereignty.data_residency_guarantee"] });
  });

  it("is published on every record by the build, typed or unknown, never typed in the seed", async () => {
    tree = await makeTree([minimalRecord("acme-ai", { ownership: { country_hq: claimed("US") } }), minimalRecord("bare-ai")]);
    await tree.build();
    expect(JSON.parse(await tree.read("api/data/acme-ai/index.json")).sovereignty.cloud_act_exposure).toMatchObject({ value: "ownership", status: "claimed", source_url: null });
    expect(JSON.parse(await tree.read("api/data/bare-ai/index.json")).sovereignty.cloud_act_exposure).toMatchObject({ value: null, status: "unknown" });
  });
});

describe("one registry of buyer questions", () => {
  it("gives every typed field's allowed values to OpenAPI", () => {
    const document = JSON.stringify(openApiDocument("https://example.test"));
    for (const vocabulary of Object.values(VOCABULARIES)) {
      expect(document).toContain(JSON.stringify(vocabulary.tokens));
    }
    const schemas = (openApiDocument("https://example.test") as { components: { schemas: unknown } }).components.schemas as Record<string, { properties: Record<string, { properties: Record<string, unknown> }> }>;
    const training = schemas.Provider!.properties.compliance!.properties.data_used_for_training as { properties: { value: unknown } };
    expect(JSON.stringify(training.properties.value)).toContain('"enum":["never","opt_in","free_plans_only","opt_out","yes","depends_on_upstream"]');
  });

  it("a question added to the registry alone reaches the report, the CSV and MCP", () => {
    const egress: BuyerQuestion = { key: "egress", path: ["contract", "egress_free"], label: { en: "Free egress", sv: "Fri utgående trafik" }, shape: { kind: "boolean" } };
    const questions = [...BUYER_QUESTIONS, egress];
    const records = [
      Provider.parse(minimalRecord("acme-ai", { contract: { egress_free: confirmedFact(true, { source_type: "provider_terms" }) } })),
      Provider.parse(minimalRecord("beta-ai")),
    ];
    const report = reportOf(records, { today: TODAY, staleDays: 180, questions });
    expect(report.questions.find((question) => question.key === "egress")).toEqual({ key: "egress", label: "Free egress", asked: 2, answered: 1, notApplicable: 0 });

    const columns = providersCsvColumns(questions);
    const headers = columns.map((column) => column.header);
    expect(headers).toEqual(expect.arrayContaining(["Free egress", "Free egress: text", "Free egress: status", "Free egress: source date"]));
    expect(columns.find((column) => column.header === "Free egress")!.cell({ record: records[0]!, version: "test-1" })).toBe("true");

    const snapshot: Snapshot = {
      dataset: { version: "test-1", providers: records } as unknown as Snapshot["dataset"],
      status: {} as Snapshot["status"],
      origin: "test",
      checkedAt: "2026-11-22T00:00:00Z",
      warnings: [],
    };
    const found = findProviders(snapshot, { answers: { egress: true } }, questions);
    expect(found.ok && found.structured.matches.map((match) => match.id)).toEqual(["acme-ai"]);
    // beta-ai has no answer: undecided, never a "no".
    expect(found.ok && found.structured.undecided).toBe(1);
  });
});

describe("the light index /api/providers.json", () => {
  it("holds every provider's typed answers with their statuses, no sources or notes, and leaves out what is not researched", async () => {
    const { ProvidersIndex } = await import("../scripts/schema/index.js");
    tree = await makeTree([minimalRecord("acme-ai", { ownership: { country_hq: claimed("US") }, compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", display: "Yes, in the terms" }) } })]);
    await tree.build();
    const text = await tree.read("api/providers.json");
    const index = ProvidersIndex.parse(JSON.parse(text));
    expect(index.providers).toEqual([
      {
        id: "acme-ai",
        name: "Acme AI",
        category: "inference_api",
        country_hq: "US",
        answers: { hq: { value: "US", status: "claimed" }, cloud_act: { value: "ownership", status: "claimed" }, dpa: { value: true, status: "confirmed" } },
      },
    ]);
    expect(text).not.toMatch(/source_url|note|display/);
    const openapi = JSON.parse(await tree.read("api/openapi.json"));
    expect(openapi.paths["/api/providers.json"].get.responses["200"].content["application/json"].schema.$ref).toBe("#/components/schemas/ProvidersIndex");
  });

  it("is under a tenth of /api/data on the shipped dataset", async () => {
    const { buildRealData } = await import("./realData.js");
    const real = await buildRealData();
    try {
      const { promises: fs } = await import("node:fs");
      const path = await import("node:path");
      const light = (await fs.stat(path.join(real.root, "public/api/providers.json"))).size;
      const full = (await fs.stat(path.join(real.root, "public/api/data/index.json"))).size;
      expect(light / full).toBeLessThan(0.1);
    } finally {
      await real.cleanup();
    }
  }, 60_000);
});
