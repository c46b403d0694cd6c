import { Package, type TableError } from "datapackage";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";
import { buildRealData } from "./realData.js";

/**
 * The Data Package read back as a harvester reads it: with Frictionless's own JavaScript library (the npm package
 * datapackage, which implements the Data Package and Table Schema specifications), every row of every resource
 * cast to the type its column declares. Python's `frictionless validate` is neither in Debian nor on the npm
 * registry; this reader is the Frictionless project's implementation that is.
 */

/** Every resource's rows, cast; a resource that does not read is its errors, one line each. */
async function readPackage(publicDir: string): Promise<Record<string, Array<Record<string, unknown>> | string[]>> {
  const dataPackage = await Package.load(path.join(publicDir, "datapackage.json"), { basePath: publicDir });
  expect(dataPackage.errors.map((error) => error.message)).toEqual([]);
  const out: Record<string, Array<Record<string, unknown>> | string[]> = {};
  for (const resource of dataPackage.resources) {
    try {
      out[resource.name] = await resource.read({ keyed: true, cast: true });
    } catch (error) {
      out[resource.name] = [(error as Error).message, ...((error as TableError).errors ?? []).map((inner) => inner.message)];
    }
  }
  return out;
}

const rowsOf = (read: Record<string, unknown>, name: string) => {
  const rows = read[name];
  expect(Array.isArray(rows) && rows.every((row) => typeof row === "object"), JSON.stringify(rows).slice(0, 2000)).toBe(true);
  return rows as Array<Record<string, unknown>>;
};

describe("the Data Package read back by a Frictionless reader, with its declared types", () => {
  let tree: Tree;
  let version: string;
  let read: Record<string, unknown>;
  beforeAll(async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        name: "Åre AI Umeå",
        ownership: {
          country_hq: confirmedFact("SE", { source_type: "provider_terms", source_date: "2026-02", quote: "Åre AI AB, Umeå, Sverige", locator: "§ 1" }),
          ownership_jurisdiction: { value: "SE", status: "claimed", source_url: "https://news.example/acme", source_type: "press", source_date: "2026-09-01", verified_at: "2026-11-01", verified_by: "manual", quote: "the Swedish owners" },
        },
        sovereignty: { datacenter_locations: confirmedFact([{ country: "SE", city: "Umeå" }], { source_type: "provider_docs", partial: true }) },
        compliance: {
          gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms" }),
          data_used_for_training: confirmedFact("never", { source_type: "provider_terms" }),
        },
        pricing: {
          currency: confirmedFact("EUR", { source_type: "pricing_page" }),
          vat_included: confirmedFact(false, { source_type: "pricing_page" }),
          price_per_1m_input_tokens: confirmedFact(4e-7, { source_type: "pricing_page", quote: "0,0000004 € per 1M input tokens" }),
          price_per_1m_output_tokens: confirmedFact(1.5, { source_type: "pricing_page" }),
          reference_model: confirmedFact("acme-small", { source_type: "pricing_page" }),
        },
        models: confirmedFact([{ name: "acme-large", input_price: 2, output_price: 6.25, valid_from: "2026-10-01" }], { source_type: "pricing_page", partial: false }),
      }),
      // Prices read from a public registry: their numbers, but no currency the source proves.
      minimalRecord("relay-ai", {
        pricing: { currency: confirmedFact("USD", { source_type: "pricing_page", source_url: "https://relay.example/pricing" }) },
        models: { value: [{ name: "relay-1", input_price: 0.25, output_price: 1 }], status: "claimed", partial: true, source_url: "https://registry.example/prices.yml", source_type: "third_party", source_date: "2026-08-19", verified_at: "2026-11-01", verified_by: "manual" },
      }),
      minimalRecord("beta-gpu", { category: "compute_gpu" }),
    ]);
    version = (await tree.build()).version;
    read = await readPackage(tree.paths.publicDir);
  });
  afterAll(async () => tree?.cleanup());

  it("providers: numbers as numbers, booleans, dates, a month date as it is, whose statement each answer is, the version", () => {
    const providers = rowsOf(read, "providers");
    const [acme, relay] = ["acme-ai", "relay-ai"].map((id) => providers.find((row) => row["Provider id"] === id));
    expect(acme).toMatchObject({
      "Provider id": "acme-ai",
      Provider: "Åre AI Umeå",
      "Lowest price per 1M input tokens": 4e-7,
      "Lowest price per 1M input tokens: currency": "EUR",
      "Lowest output price per 1M tokens": 1.5,
      "DPA offered": true,
      "Prices include VAT": false,
      "Training on customer data": "never",
      "HQ country (contracting entity): source date": "2026-02",
      "HQ country (contracting entity): quote": "Åre AI AB, Umeå, Sverige",
      "HQ country (contracting entity): whose statement": "own statement",
      "Ultimate owner's country: status": "claimed",
      "Ultimate owner's country: whose statement": "press report",
      "Dataset version": version,
    });
    expect(acme!["DPA offered: verified"]).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(acme!["Record updated"]).toEqual(new Date("2026-11-01T00:00:00Z"));
    // Not researched: empty, read as null, never as "no".
    expect(relay).toMatchObject({ "DPA offered": null, "DPA offered: status": "unknown", "DPA offered: whose statement": null });
    expect(relay!["Models (input / output price per 1M tokens)"]).toBe("relay-1 (0.25 / 1 (currency not proven by the source)) (partial list)");
  });

  it("facts: every Fact with its status, dates, whose statement, the source's own words and the version", () => {
    const facts = rowsOf(read, "facts");
    const fact = (id: string, field: string) => facts.find((row) => row.provider_id === id && row.field === field)!;
    expect(fact("acme-ai", "country_hq")).toMatchObject({ block: "ownership", value: "SE", status: "confirmed", source_date: "2026-02", attribution: "provider", quote: "Åre AI AB, Umeå, Sverige", locator: "§ 1", dataset_version: version });
    expect(fact("acme-ai", "country_hq").verified_at).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(fact("acme-ai", "ownership_jurisdiction")).toMatchObject({ status: "claimed", attribution: "press" });
    expect(fact("acme-ai", "datacenter_locations")).toMatchObject({ partial: true });
    expect(fact("acme-ai", "cloud_act_exposure")).toMatchObject({ source_type: "derived" });
    expect(fact("relay-ai", "models")).toMatchObject({ attribution: "third_party", partial: true });
  });

  it("prices: numbers as numbers; a price whose source does not prove its currency has none, never the record's", () => {
    const prices = rowsOf(read, "prices");
    expect(prices.map((row) => [row.provider_id, row.model, row.input_per_1m, row.output_per_1m, row.currency])).toEqual([
      ["acme-ai", "acme-large", 2, 6.25, "EUR"],
      ["acme-ai", "acme-small", 4e-7, 1.5, "EUR"],
      ["relay-ai", "relay-1", 0.25, 1, null],
    ]);
    expect(prices[0]).toMatchObject({ vat_included: false, attribution: "provider", dataset_version: version, valid_from: new Date("2026-10-01T00:00:00Z") });
    expect(prices[2]).toMatchObject({ vat_included: null, attribution: "third_party", status: "claimed" });
  });

  it("the spreadsheet files beside them are what the same reader cannot take: a byte-order mark and a month as '2026-02", async () => {
    const descriptor = JSON.parse(await tree.read("datapackage.json"));
    descriptor.resources = descriptor.resources.map((resource: { path: string }) => ({ ...resource, path: resource.path.replace("plain/", "") }));
    const spreadsheet = await Package.load(descriptor, { basePath: tree.paths.publicDir });
    const facts = spreadsheet.resources.find((resource) => resource.name === "facts")!;
    const failure = await facts.read({ keyed: true, cast: true }).then(
      () => null,
      (error: TableError) => [error.message, ...(error.errors ?? []).map((inner) => inner.message)].join("\n"),
    );
    expect(failure).toMatch(/header names do not match/);
  });
});

describe("the shipped dataset's Data Package", () => {
  let real: Awaited<ReturnType<typeof buildRealData>>;
  beforeAll(async () => {
    real = await buildRealData();
  }, 120_000);
  afterAll(async () => real?.cleanup());

  it("reads back whole, every row of every resource cast to its declared type", async () => {
    const read = await readPackage(real.publicDir);
    const counts = Object.fromEntries(Object.keys(read).map((name) => [name, rowsOf(read, name).length]));
    const status = JSON.parse(await fs.readFile(path.join(real.publicDir, "api", "status.json"), "utf8"));
    expect(counts.providers).toBe(status.providers_total);
    expect(counts.facts).toBeGreaterThan(status.providers_total);
    expect(counts.prices).toBe(JSON.parse(await fs.readFile(path.join(real.publicDir, "api", "prices.json"), "utf8")).prices.length);
    console.log(`Frictionless reader (datapackage ${JSON.stringify(counts)}): every row read with its declared types`);
  }, 120_000);
});
