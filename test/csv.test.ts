import { parse } from "csv-parse/sync";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../scripts/serve/server.js";
import { CSV_COLUMNS, neutralise } from "../scripts/site/api/csv.js";
import { BASE_URL, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
const TRICKY_NOTE = 'Says "EU only", then a comma,\nand a second line';

beforeAll(async () => {
  tree = await makeTree([
    minimalRecord("acme-ai", {
      name: "Acme, \"the\" AI",
      ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", note: TRICKY_NOTE }) },
      sovereignty: { datacenter_locations: { value: [{ country: "SE", city: "Umeå" }], status: "claimed", partial: true, source_url: "https://acme.example/dc", source_type: "provider_site", source_date: null } },
      pricing: { reference_model: confirmedFact("=HYPERLINK(\"https://evil.example\",\"click\")", { source_type: "pricing_page" }), free_tier: confirmedFact("@SUM(1+1)", { source_type: "pricing_page", source_date: "2026-02" }) },
    }),
    minimalRecord("beta-gpu", { category: "compute_gpu", own_weights: { value: null, status: "unknown" } }),
  ]);
  await tree.build();
});
afterAll(async () => tree?.cleanup());

describe("the spreadsheet export /api/data.csv", () => {
  it("reads back with a real CSV parser: one row per provider and Fact, the columns in order, values intact", async () => {
    const text = await tree.read("api/data.csv");
    // The byte-order mark that makes Excel read UTF-8 (å, ä, ö) is the file's first character.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { columns: true, bom: true, relax_column_count: false }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    expect(rows.map((row) => `${row.provider_id} ${row.block}.${row.field}`.replace(" .", " "))).toEqual([
      "acme-ai availability_status",
      "acme-ai ownership.country_hq",
      "acme-ai sovereignty.datacenter_locations",
      "acme-ai sovereignty.cloud_act_exposure",
      "acme-ai pricing.reference_model",
      "acme-ai pricing.free_tier",
      "beta-gpu availability_status",
      "beta-gpu sovereignty.cloud_act_exposure",
      "beta-gpu own_weights",
    ]);
    const hq = rows[1]!;
    expect(hq).toMatchObject({ provider_name: 'Acme, "the" AI', category: "inference_api", value: "SE", status: "confirmed", source_type: "provider_terms", verified_at: "2026-11-01", source_date: "2026-10-15", note: TRICKY_NOTE, verified_by: "manual" });
    expect(JSON.parse(rows[2]!.value!)).toEqual([{ country: "SE", city: "Umeå" }]);
    expect(rows[2]).toMatchObject({ status: "claimed", partial: "true", source_date: "", verified_at: "" });
    // Derived, and unknown while the chain it rests on is not researched.
    expect(rows[3]).toMatchObject({ value: "", status: "unknown", source_type: "derived" });
    expect(rows[8]).toMatchObject({ value: "", status: "unknown" });
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const rows = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows[4]!.value).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(rows[5]!.value).toBe("'@SUM(1+1)");
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(neutralise("-1")).toBe("'-1");
    expect(neutralise("0.2")).toBe("0.2");
  });

  it("keeps a month date as text, so a spreadsheet does not pad it to the first of the month", async () => {
    const rows = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows[5]).toMatchObject({ field: "free_tier", source_date: "'2026-02" });
    expect(rows[1]).toMatchObject({ field: "country_hq", source_date: "2026-10-15" });
    expect(neutralise("2026-02")).toBe("'2026-02");
    expect(neutralise("2026-02-27")).toBe("2026-02-27");
    expect(neutralise("2026-13")).toBe("2026-13");
  });

  it("is linked from the index page and llms.txt", async () => {
    expect(await tree.read("index.html")).toContain('href="api/data.csv"');
    expect(await tree.read("llms.txt")).toContain("/api/data.csv)");
  });

  it("npm start serves it as text/csv with CORS, the same bytes as the file", async () => {
    const server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    try {
      const response = await fetch(`${server.origin}/api/data.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const version = JSON.parse(await tree.read("api/status.json")).dataset_version;
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="eu-ai-infra-evidence-data-${version}.csv"`);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(await fs.readFile(path.join(tree.paths.publicDir, "api", "data.csv")));
      // The compressed copy is a download under the same name.
      const compressed = await fetch(`${server.origin}/api/data.csv`, { headers: { "accept-encoding": "br" } });
      expect(compressed.headers.get("content-encoding")).toBe("br");
      expect(compressed.headers.get("content-disposition")).toBe(`attachment; filename="eu-ai-infra-evidence-data-${version}.csv"`);
      await compressed.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});

describe("the providers spreadsheet /api/providers.csv", () => {
  const rowsOf = async () => {
    const text = await tree.read("api/providers.csv");
    return { text, rows: parse(text, { columns: true, bom: true }) as Array<Record<string, string>> };
  };

  it("starts with a byte-order mark and has one row per provider with readable headers", async () => {
    const { text, rows } = await rowsOf();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows.map((row) => row["Provider id"])).toEqual(["acme-ai", "beta-gpu"]);
    const headers = Object.keys(rows[0]!);
    expect(headers.slice(0, 3)).toEqual(["Provider id", "Provider", "Category"]);
    for (const label of ["HQ country (contracting entity)", "Data-centre countries", "DPA offered", "Currency", "Pricing model", "US CLOUD Act exposure"]) {
      expect(headers).toEqual(expect.arrayContaining([label, `${label}: text`, `${label}: status`, `${label}: source`, `${label}: source date`]));
    }
    expect(headers.every((header) => !header.includes("_"))).toBe(true);
  });

  it("gives each answer with its status and source date, lists readable, unknown as an empty value", async () => {
    const [acme, beta] = (await rowsOf()).rows;
    expect(acme).toMatchObject({ Provider: 'Acme, "the" AI', "HQ country (contracting entity)": "SE", "HQ country (contracting entity): status": "confirmed", "HQ country (contracting entity): source date": "2026-10-15" });
    // The typed column holds the countries; the text column what a person reads, cities and all.
    expect(acme).toMatchObject({ "Data-centre countries": "SE", "Data-centre countries: text": "SE (Umeå) (partial list)", "Data-centre countries: status": "claimed", "Data-centre countries: source date": "" });
    expect(acme).toMatchObject({ "DPA offered": "", "DPA offered: status": "unknown", "DPA offered: source": "", "Evidence (API path on this site)": "/api/data/acme-ai" });
    expect(acme).toMatchObject({ "HQ country (contracting entity): source": "https://acme.example/page", "Data-centre countries: source": "https://acme.example/dc" });
    expect(beta).toMatchObject({ Category: "compute_gpu", "HQ country (contracting entity)": "", "HQ country (contracting entity): status": "unknown" });
  });

  it("neutralises formula cells and reads å, ä, ö back intact", async () => {
    const { text, rows } = await rowsOf();
    expect(rows[0]!["Reference model"]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(Buffer.from(text, "utf8").includes(Buffer.from("Umeå", "utf8"))).toBe(true);
  });

  it("is linked from the index page, llms.txt and the OpenAPI document, and served as text/csv with CORS", async () => {
    expect(await tree.read("index.html")).toContain('href="api/providers.csv"');
    expect(await tree.read("llms.txt")).toContain("/api/providers.csv)");
    expect(JSON.parse(await tree.read("api/openapi.json")).paths["/api/providers.csv"].get.responses["200"].content).toHaveProperty("text/csv");
    const server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
    try {
      const response = await fetch(`${server.origin}/api/providers.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const version = JSON.parse(await tree.read("api/status.json")).dataset_version;
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="eu-ai-infra-evidence-providers-${version}.csv"`);
    } finally {
      await server.close();
    }
  });
});
