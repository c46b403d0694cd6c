import { parse } from "csv-parse/sync";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../scripts/serve/server.js";
import { BASE_URL, REPO_ROOT, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let server: RunningServer;
let version: string;

beforeAll(async () => {
  tree = await makeTree([
    minimalRecord("acme-ai", {
      name: "Acme Umeå AI",
      ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", source_date: "2026-02" }) },
      compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", verified_at: "2026-10-20" }) },
    }),
    minimalRecord("beta-gpu", { category: "compute_gpu" }),
  ]);
  version = (await tree.build()).version;
  server = await startServer({ publicDir: tree.paths.publicDir, port: 0, host: "127.0.0.1", baseUrl: BASE_URL });
});
afterAll(async () => {
  await server?.close();
  await tree?.cleanup();
});

const json = async (file: string) => JSON.parse(await tree.read(file)) as Record<string, any>;

describe("datapackage.json (Frictionless Data Package)", () => {
  it("is valid against the Data Package profile 2.0, checked offline with the official JSON Schema", async () => {
    const profile = JSON.parse(await fs.readFile(path.join(REPO_ROOT, "test", "fixtures", "frictionless", "datapackage.profile.json"), "utf8"));
    const ajv = new Ajv({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    const validate = ajv.compile(profile);
    const descriptor = await json("datapackage.json");
    expect(validate(descriptor), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The profile can fail: a resource without a path or data is refused.
    expect(validate({ ...descriptor, resources: [{ name: "x" }] })).toBe(false);
    expect(descriptor).toMatchObject({ name: "eu-ai-infra-evidence", version, licenses: [{ name: "CC-BY-4.0" }] });
  });

  it("describes the three plain CSV files column by column, in the order of their header rows", async () => {
    const descriptor = await json("datapackage.json");
    expect(descriptor.resources.map((resource: { name: string; path: string }) => [resource.name, resource.path])).toEqual([
      ["providers", "api/plain/providers.csv"],
      ["facts", "api/plain/data.csv"],
      ["prices", "api/plain/prices.csv"],
    ]);
    for (const resource of descriptor.resources) {
      const text = await tree.read(resource.path);
      // No byte-order mark: a Frictionless reader would take it as part of the first column's name.
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      const [header] = parse(text, { to_line: 1 }) as string[][];
      expect(resource.schema.fields.map((field: { name: string }) => field.name)).toEqual(header);
      expect(resource.dialect).toMatchObject({ header: true, delimiter: ",", lineTerminator: "\r\n" });
      expect(resource.encoding).toBe("utf-8");
      // The spreadsheet file beside it holds the same header, after its byte-order mark.
      const [spreadsheetHeader] = parse(await tree.read(resource.path.replace("plain/", "")), { bom: true, to_line: 1 }) as string[][];
      expect(spreadsheetHeader).toEqual(header);
    }
    const facts = descriptor.resources[1].schema.fields as Array<{ name: string; type: string; constraints?: { pattern?: string } }>;
    expect(facts.find((field) => field.name === "verified_at")?.type).toBe("date");
    // Each source date of the plain export fits the pattern the package declares: a month as it is, no apostrophe.
    const pattern = new RegExp(facts.find((field) => field.name === "source_date")!.constraints!.pattern!);
    const rows = parse(await tree.read("api/plain/data.csv"), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row.source_date).filter(Boolean)).toContain("2026-02");
    for (const row of rows) if (row.source_date) expect(row.source_date).toMatch(pattern);
    const prices = descriptor.resources[2].schema.fields as Array<{ name: string; type: string }>;
    expect(prices.filter((field) => field.type === "number").map((field) => field.name)).toEqual(["input_per_1m", "output_per_1m"]);
  });
});

describe("DCAT-AP (JSON-LD)", () => {
  /** A compact IRI (dcat:Dataset) written out in full with the document's own prefixes. */
  const expander = (context: Record<string, string>) => (term: string) => {
    const [prefix, local] = term.split(":");
    return context[prefix!] && local !== undefined && !term.includes("//") ? `${context[prefix!]}${local}` : term;
  };

  it("is a catalogue of one dataset with its distributions, each carrying what DCAT-AP makes mandatory", async () => {
    const document = await json("api/dcat-ap.jsonld");
    const full = expander(document["@context"]);
    const DCAT = "http://www.w3.org/ns/dcat#";
    const DCT = "http://purl.org/dc/terms/";
    const nodes = new Map<string, Record<string, any>>();
    for (const node of document["@graph"]) {
      const expanded = Object.fromEntries(Object.entries(node).map(([key, value]) => [key.startsWith("@") ? key : full(key), value]));
      nodes.set(node["@id"], { ...expanded, "@type": full(node["@type"]) });
    }
    const ofType = (type: string) => [...nodes.values()].filter((node) => node["@type"] === type);
    const [catalog] = ofType(`${DCAT}Catalog`);
    const [dataset] = ofType(`${DCAT}Dataset`);
    const distributions = ofType(`${DCAT}Distribution`);
    for (const [node, required] of [
      [catalog, [`${DCT}title`, `${DCT}description`, `${DCT}publisher`, `${DCAT}dataset`]],
      [dataset, [`${DCT}title`, `${DCT}description`, `${DCAT}contactPoint`, `${DCAT}distribution`, `${DCAT}keyword`, `${DCT}publisher`, `${DCT}temporal`, `${DCAT}theme`]],
      ...distributions.map((distribution) => [distribution, [`${DCAT}accessURL`, `${DCT}license`, `${DCT}format`]] as const),
    ] as const) {
      for (const property of required) expect(node, property).toHaveProperty([property]);
    }
    // Every reference resolves to a node of the graph.
    expect(nodes.has(catalog![`${DCAT}dataset`]["@id"])).toBe(true);
    expect(nodes.has(catalog![`${DCT}publisher`]["@id"])).toBe(true);
    expect(dataset![`${DCAT}distribution`].map((reference: { "@id": string }) => nodes.has(reference["@id"]))).toEqual(distributions.map(() => true));
    expect(dataset![`${DCAT}version`]).toBe(version);
    expect(dataset![`${DCT}temporal`]).toMatchObject({ "dcat:startDate": { "@value": "2026-10-20" }, "dcat:endDate": { "@value": "2026-11-01" } });
    expect(distributions.map((distribution) => distribution[`${DCAT}downloadURL`]["@id"])).toEqual([
      `${BASE_URL}/api/data/index.json`,
      `${BASE_URL}/archive/${version}.json`,
      `${BASE_URL}/api/providers.csv`,
      `${BASE_URL}/api/data.csv`,
      `${BASE_URL}/api/prices.csv`,
      `${BASE_URL}/datapackage.json`,
    ]);
    for (const distribution of distributions) expect(distribution[`${DCT}license`]["@id"]).toBe("http://publications.europa.eu/resource/authority/licence/CC_BY_4_0");
    expect(distributions.at(-1)![`${DCT}conformsTo`]).toEqual({ "@id": "https://datapackage.org/standard/data-package/" });
  });

  it("has a contact e-mail and every title, description and keyword in English and Swedish", async () => {
    const document = await json("api/dcat-ap.jsonld");
    const dataset = document["@graph"].find((node: { "@type": string }) => node["@type"] === "dcat:Dataset");
    // The test build sets no address: none is invented, and the contact point still has its web address.
    expect(dataset["dcat:contactPoint"]["vcard:hasEmail"]).toBeUndefined();
    expect(dataset["dcat:contactPoint"]["vcard:hasURL"]).toEqual({ "@id": `${BASE_URL}/methodology.html` });
    const languagesOf = (texts: Array<{ "@language": string; "@value": string }>) => texts.map((text) => text["@language"]);
    for (const node of document["@graph"].filter((item: { "@type": string }) => ["dcat:Catalog", "dcat:Dataset", "dcat:Distribution"].includes(item["@type"]))) {
      expect(languagesOf(node["dct:title"]), node["@id"]).toEqual(["en", "sv"]);
      expect(languagesOf(node["dct:description"]), node["@id"]).toEqual(["en", "sv"]);
    }
    expect(dataset["dct:title"][1]["@value"]).toBe("Evidens om europeisk AI-infrastruktur");
    expect(new Set(languagesOf(dataset["dcat:keyword"]))).toEqual(new Set(["en", "sv"]));
    expect(dataset["dct:language"]).toEqual([{ "@id": "http://publications.europa.eu/resource/authority/language/ENG" }, { "@id": "http://publications.europa.eu/resource/authority/language/SWE" }]);
  });

  it("takes the contact e-mail a deployment sets, and writes none for a value that is not one address", async () => {
    const { dcatAp } = await import("../scripts/site/describe/dcat.js");
    const { contactEmail } = await import("../scripts/site/describe/catalog.js");
    const status = JSON.parse(await tree.read("api/status.json"));
    const contact = (email: string | null) => (dcatAp(status, BASE_URL, email)["@graph"] as Array<Record<string, any>>).find((node) => node["@type"] === "dcat:Dataset")!["dcat:contactPoint"]["vcard:hasEmail"];
    expect(contact(contactEmail("data@mirror.example"))).toEqual({ "@id": "mailto:data@mirror.example" });
    expect(contact(contactEmail("a@b.example, c@d.example"))).toBeUndefined();
    expect(contactEmail(undefined)).toBeNull();
  });

  it("is served as application/ld+json with CORS by npm start", async () => {
    const response = await fetch(`${server.origin}/api/dcat-ap.jsonld`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/ld+json; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual(await json("api/dcat-ap.jsonld"));
  });
});

describe("schema.org Dataset on the index page", () => {
  it("carries the licence, version, temporal coverage and distributions in one JSON-LD script element", async () => {
    const page = await tree.read("index.html");
    const scripts = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(page.indexOf(scripts[0]![0])).toBeLessThan(page.indexOf("</head>"));
    const dataset = JSON.parse(scripts[0]![1]!);
    expect(dataset).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Dataset",
      license: "https://creativecommons.org/licenses/by/4.0/",
      version,
      temporalCoverage: "2026-10-20/2026-11-01",
      isAccessibleForFree: true,
    });
    expect(dataset.distribution.map((download: { contentUrl: string; encodingFormat: string }) => [download.contentUrl, download.encodingFormat])).toEqual([
      [`${BASE_URL}/api/data/index.json`, "application/json"],
      [`${BASE_URL}/archive/${version}.json`, "application/json"],
      [`${BASE_URL}/api/providers.csv`, "text/csv"],
      [`${BASE_URL}/api/data.csv`, "text/csv"],
      [`${BASE_URL}/api/prices.csv`, "text/csv"],
      [`${BASE_URL}/datapackage.json`, "application/json"],
    ]);
    expect(dataset.name).toBe("European AI infrastructure evidence dataset");
  });

  it("cannot be closed early by text from the data", async () => {
    const { schemaOrgScript } = await import("../scripts/site/describe/schemaOrg.js");
    const status = JSON.parse(await tree.read("api/status.json"));
    const script = schemaOrgScript({ ...status, dataset_version: "</script><script>alert(1)</script>" }, BASE_URL);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.slice(script.indexOf(">") + 1, -"</script>".length)).version).toBe("</script><script>alert(1)</script>");
  });
});

describe("the metadata files' routes", () => {
  it("are served with their types, linked from the methodology page and llms.txt, and in OpenAPI", async () => {
    for (const [file, type] of [
      ["/datapackage.json", "application/json; charset=utf-8"],
      ["/archive/index.json", "application/json; charset=utf-8"],
      [`/archive/${version}.json`, "application/json; charset=utf-8"],
    ]) {
      const response = await fetch(`${server.origin}${file}`);
      expect([file, response.status, response.headers.get("content-type")]).toEqual([file, 200, type]);
      await response.arrayBuffer();
    }
    const methodology = await tree.read("methodology.html");
    for (const link of ['href="datapackage.json"', 'href="api/dcat-ap.jsonld"', 'href="archive/index.json"', `href="archive/${version}.json"`]) expect(methodology).toContain(link);
    const llms = await tree.read("llms.txt");
    for (const link of ["/datapackage.json)", "/api/dcat-ap.jsonld)", "/archive/index.json)"]) expect(llms).toContain(link);
    const openapi = await json("api/openapi.json");
    for (const route of ["/archive/index.json", "/archive/{version}.json", "/api/changes/{page}.json", "/datapackage.json", "/api/dcat-ap.jsonld"]) expect(openapi.paths).toHaveProperty([route]);
  });
});
