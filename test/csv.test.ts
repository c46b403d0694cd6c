import { parse } from "csv-parse/sync";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../scripts/serve/server.js";
import { CSV_COLUMNS, decimalText, neutralise } from "../scripts/site/api/csv.js";
import { BASE_URL, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
const TRICKY_NOTE = 'Says "EU only", then a comma,\nand a second line';

beforeAll(async () => {
  tree = await makeTree([
    minimalRecord("acme-ai", {
      name: "Acme, \"the\" AI",
      ownership: {
        country_hq: confirmedFact("SE", { source_type: "provider_terms", note: TRICKY_NOTE, quote: "Acme AB, Umeå, Sweden", locator: "Imprint" }),
        ownership_jurisdiction: { value: "SE", status: "claimed", source_url: "https://news.example/acme", source_type: "press", source_date: "2026-09-01", verified_at: "2026-11-01", verified_by: "manual", quote: "the Swedish owners" },
      },
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
      "acme-ai ownership.ownership_jurisdiction",
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
    expect(hq).toMatchObject({ attribution: "provider", quote: "Acme AB, Umeå, Sweden", locator: "Imprint" });
    // Whose statement: the press's, never the provider's own.
    expect(rows[2]).toMatchObject({ field: "ownership_jurisdiction", status: "claimed", attribution: "press", quote: "the Swedish owners" });
    expect(JSON.parse(rows[3]!.value!)).toEqual([{ country: "SE", city: "Umeå" }]);
    expect(rows[3]).toMatchObject({ status: "claimed", partial: "true", source_date: "", verified_at: "" });
    // Derived, and unknown while the chain it rests on is not researched: no one's statement yet.
    expect(rows[4]).toMatchObject({ value: "", status: "unknown", source_type: "derived", attribution: "" });
    expect(rows[9]).toMatchObject({ value: "", status: "unknown" });
    // Every row names the version it belongs to.
    const version = JSON.parse(await tree.read("api/status.json")).dataset_version;
    expect(new Set(rows.map((row) => row.dataset_version))).toEqual(new Set([version]));
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const rows = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows[5]!.value).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(rows[6]!.value).toBe("'@SUM(1+1)");
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(neutralise("-1")).toBe("'-1");
    expect(neutralise("0.2")).toBe("0.2");
    // Where a ;-separator locale or a line break starts a cell inside the field, too (the whole finding is in spreadsheet.test.ts).
    expect(neutralise("See terms;=HYPERLINK(x);")).toBe("See terms;'=HYPERLINK(x);");
    expect(neutralise('a; "=1+1"')).toBe(`a;' "=1+1"`);
    expect(neutralise("line\r\n+1")).toBe("line\r\n'+1");
    expect(neutralise("\tx")).toBe("'\tx");
    // Ordinary text is left as it was.
    for (const text of ["Prices; see terms", "a - b; c", "ISO 27001; SOC 2", "e-mail@example.test"]) expect(neutralise(text)).toBe(text);
  });

  it("keeps a month date as text, so a spreadsheet does not pad it to the first of the month", async () => {
    const rows = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows[6]).toMatchObject({ field: "free_tier", source_date: "'2026-02" });
    expect(rows[1]).toMatchObject({ field: "country_hq", source_date: "2026-10-15" });
    expect(neutralise("2026-02")).toBe("'2026-02");
    expect(neutralise("2026-02-27")).toBe("2026-02-27");
    expect(neutralise("2026-13")).toBe("2026-13");
    // The plain copy for programs keeps the month as it is.
    expect(neutralise("2026-02", "plain")).toBe("2026-02");
  });

  it("has a plain copy for programs: the same rows, no byte-order mark, a month date as it is", async () => {
    const spreadsheet = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    const plainText = await tree.read("api/plain/data.csv");
    expect(plainText.charCodeAt(0)).toBe("p".charCodeAt(0));
    const plain = parse(plainText, { columns: true }) as Array<Record<string, string>>;
    expect(plain.map((row) => ({ ...row, source_date: row.source_date }))).toEqual(spreadsheet.map((row) => ({ ...row, source_date: row.source_date!.replace(/^'/, "") })));
    expect(plain[6]).toMatchObject({ field: "free_tier", source_date: "2026-02", value: "'@SUM(1+1)" });
  });

  it("writes a number as its decimal digits, never in exponent notation", () => {
    expect([4e-7, 1.5e-10, 2.75, 1e21, 0, 12, -3e-7].map(decimalText)).toEqual(["0.0000004", "0.00000000015", "2.75", "1000000000000000000000", "0", "12", "-0.0000003"]);
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
      expect(headers).toEqual(
        expect.arrayContaining([label, `${label}: text`, `${label}: status`, `${label}: whose statement`, `${label}: verified`, `${label}: source`, `${label}: source date`, `${label}: quote`]),
      );
    }
    expect(headers).toEqual(expect.arrayContaining(["US CLOUD Act exposure: role of the US party", "US CLOUD Act exposure: deciding link", "Lowest price per 1M input tokens: currency", "Dataset version"]));
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
    // Whose statement, when it was verified and the source's own words, beside each answer.
    expect(acme).toMatchObject({
      "HQ country (contracting entity): whose statement": "own statement",
      "HQ country (contracting entity): verified": "2026-11-01",
      "HQ country (contracting entity): quote": "Acme AB, Umeå, Sweden",
      "Ultimate owner's country: whose statement": "press report",
      "Data-centre countries: whose statement": "own statement",
      "DPA offered: whose statement": "",
      "DPA offered: verified": "",
    });
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

describe("who can reach the data, in the CSV files", () => {
  it("names the answer's grade and the link that decided it, in the text cell and in columns of their own", async () => {
    const usTree = await makeTree([
      minimalRecord("us-ai", {
        ownership: {
          country_hq: confirmedFact("US", { source_type: "provider_terms" }),
          contracting_entity: confirmedFact("US AI Inc.", { source_type: "provider_terms" }),
        },
      }),
    ]);
    try {
      await usTree.build();
      const [row] = parse(await usTree.read("api/providers.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
      const derived = JSON.parse(await usTree.read("api/data/us-ai/index.json")).sovereignty.cloud_act_exposure;
      expect(derived).toMatchObject({ value: "ownership", us_party_role: "operator" });
      expect(row).toMatchObject({
        "US CLOUD Act exposure": "ownership",
        "US CLOUD Act exposure: role of the US party": "operator",
        "US CLOUD Act exposure: deciding link": derived.deciding_link,
        "US CLOUD Act exposure: whose statement": "derived",
      });
      expect(row!["US CLOUD Act exposure: text"]).toBe(`exposed through ownership (operator or parent is US; decided by ${derived.deciding_link})`);
      const facts = parse(await usTree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
      expect(facts.find((fact) => fact.field === "cloud_act_exposure")).toMatchObject({ value: "ownership", attribution: "derived", us_party_role: "operator", deciding_link: derived.deciding_link });
    } finally {
      await usTree.cleanup();
    }
  });
});
