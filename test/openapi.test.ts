import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEANING_RULES } from "../scripts/site/describe/openapi.js";
import { REPO_ROOT } from "./helpers.js";
import { buildRealData } from "./realData.js";

const run = promisify(execFile);
let built: Awaited<ReturnType<typeof buildRealData>>;
let document: Record<string, any>;

beforeAll(async () => {
  built = await buildRealData();
  document = JSON.parse(await fs.readFile(path.join(built.publicDir, "api/openapi.json"), "utf8"));
}, 60_000);
afterAll(async () => built?.cleanup());

function validatorFor(component: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: "https://example.test/openapi.json" });
  return ajv.getSchema(`https://example.test/openapi.json#/components/schemas/${component}`)!;
}

describe("the OpenAPI document", () => {
  it("passes the Redocly linter with no errors and no warnings", async () => {
    const { stdout, stderr } = await run(path.join(REPO_ROOT, "node_modules/.bin/redocly"), ["lint", "--config", path.join(REPO_ROOT, "redocly.yaml"), path.join(built.publicDir, "api/openapi.json")], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const output = stdout + stderr;
    expect(output).toContain("Your API description is valid");
    expect(output).not.toMatch(/\d+ warnings?/);
  }, 60_000);

  it("has a date version label, the data licence, the base URL and the three operations", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.info.license.identifier).toBe("CC-BY-4.0");
    expect(document.servers[0].url).toBe("https://example.test");
    expect(document.paths["/api/data"].get.operationId).toBe("getDataset");
    expect(document.paths["/api/data/{id}"].get.responses["404"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(document.paths["/api/status"].get.operationId).toBe("getStatus");
    for (const rule of MEANING_RULES) expect(document.info.description).toContain(rule);
    expect(document.components.schemas.Fact.properties.status.description).toMatch(/never means 'no'/);
    expect(document.components.schemas.Provider.properties.category.description).toMatch(/Never a geography/);
  });

  it("validates every built response file against its schema", async () => {
    const dataset = JSON.parse(await fs.readFile(path.join(built.publicDir, "api/data/index.json"), "utf8"));
    const checks: Array<[string, unknown]> = [
      ["Dataset", dataset],
      ["Status", JSON.parse(await fs.readFile(path.join(built.publicDir, "api/status.json"), "utf8"))],
      ["Error", JSON.parse(await fs.readFile(path.join(built.publicDir, "404.json"), "utf8"))],
      ["ArchiveIndex", JSON.parse(await fs.readFile(path.join(built.publicDir, "archive/index.json"), "utf8"))],
      ["Dataset", JSON.parse(await fs.readFile(path.join(built.publicDir, `archive/${dataset.version}.json`), "utf8"))],
      ["ChangesDocument", JSON.parse(await fs.readFile(path.join(built.publicDir, "api/changes.json"), "utf8"))],
    ];
    for (const provider of dataset.providers) {
      checks.push(["Provider", JSON.parse(await fs.readFile(path.join(built.publicDir, `api/data/${provider.id}/index.json`), "utf8"))]);
    }
    expect(checks.length).toBeGreaterThan(60);
    const validators = new Map<string, ReturnType<typeof validatorFor>>();
    for (const [component, body] of checks) {
      if (!validators.has(component)) validators.set(component, validatorFor(component));
      const validate = validators.get(component)!;
      expect(validate(body), `${component}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it("rejects a response that breaks the schema (the check can fail)", () => {
    const validate = validatorFor("Provider");
    expect(validate({ id: "x", name: "X", website: "https://x.example", category: "sweden", record_updated_at: "2026-01-01" })).toBe(false);
  });
});

describe("the seed JSON Schema", () => {
  it("is referenced by every data/providers file and accepts each of them", async () => {
    const schema = JSON.parse(await fs.readFile(path.join(built.publicDir, "api/provider.schema.json"), "utf8"));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(schema);
    const folder = path.join(REPO_ROOT, "data/providers");
    for (const name of await fs.readdir(folder)) {
      const record = JSON.parse(await fs.readFile(path.join(folder, name), "utf8"));
      expect(record.$schema, name).toBe("../provider.schema.json");
      expect(validate(record), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
    expect(validate({ id: "x", name: "X", website: "https://x.example", category: "nordic", record_updated_at: "2026-01-01" })).toBe(false);
  });

  it("is committed as data/provider.schema.json exactly as the build generates it, so a fresh clone's editor has it", async () => {
    const { editorSchemaText } = await import("../scripts/site/describe/openapi.js");
    expect(await fs.readFile(path.join(REPO_ROOT, "data/provider.schema.json"), "utf8")).toBe(editorSchemaText());
  });

  it("flags a misspelt member of a known block (what an editor shows), while the build only warns", async () => {
    const { editorSchema } = await import("../scripts/site/describe/openapi.js");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(editorSchema());
    const base = { $schema: "../provider.schema.json", id: "x", name: "X", website: "https://x.example", category: "inference_api", record_updated_at: "2026-01-01" };
    expect(validate(base), JSON.stringify(validate.errors)).toBe(true);
    const fact = { value: "SE", status: "claimed", source_url: "https://x.example/a", source_type: "provider_site", source_date: null };
    expect(validate({ ...base, ownership: { country_hq: fact } })).toBe(true);
    expect(validate({ ...base, ownership: { country_hqq: fact } })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: "additionalProperties", params: { additionalProperty: "country_hqq" } });
    expect(validate({ ...base, ownership: { country_hq: { ...fact, verifed_at: "2026-01-01" } } })).toBe(false);
  });
});
