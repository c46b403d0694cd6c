import { z } from "zod";
import { CSV_COLUMNS } from "../api/csv.js";
import { PRICE_CSV_FIELDS } from "../api/prices.js";
import { providersCsvColumns } from "../api/providersCsv.js";
import { Provider } from "../../schema/index.js";
import "../../schema/index.js";
import "../../history/shapes.js"; // registers ChangesDocument and ChangeEntry
import { FILES } from "../../routes.js";
import { addText, type Artefacts } from "../artefacts.js";

/** The date label of the interface (not of the data): changes when the API's shape changes. */
export const INTERFACE_VERSION = "2026-11-22";

export const MEANING_RULES = [
  "1. A Fact's status, its verification date (verified_at) and the date of its source (source_date) are always quoted together with the value. verified_at is the day someone looked; source_date is how old the thing they looked at was: YYYY-MM-DD, or YYYY-MM when the source states only a month (null: the source carries no date).",
  "2. A Fact with status `claimed` was read in its source but not checked against a register or a binding document. Whose statement it is follows from its `source_type`: the provider's own statement only when the provider made it (its terms, documentation, website, blog, price list or privacy policy); otherwise a press report, a third party's report, a register's or authority's record, or derived by the build from other Facts.",
  "3. A field that is missing, or whose status is `unknown`, means not researched. It never means 'no'.",
  "4. `category` states the layer of what is bought. It is never geography; jurisdiction is carried in ownership and sovereignty.",
  "5. A list value with `partial: true` is a sample: an item missing from it is not evidence that the provider lacks it. `partial: false` marks the provider's complete list.",
  "6. Prices are in pricing.currency; pricing.vat_included says whether VAT is in them. pricing.price_per_1m_input_tokens and _output_tokens are the lowest listed per-1M-token price of a text-generation model, named in pricing.reference_model, so they compare across providers in the same currency. A price whose source does not prove its currency (a registry, a press article) has currency null in /api/prices.json and the CSV files, and is never sorted or filtered with the others.",
];

type JsonSchema = Record<string, unknown>;

/** What every spreadsheet CSV file is, in words. */
const SPREADSHEET_CSV =
  "RFC 4180 quoting, UTF-8 with a byte-order mark (so Excel reads å, ä, ö), CRLF line ends. No cell opens as a formula: an apostrophe goes before =, +, -, @ wherever a spreadsheet could start a cell, at a field's start and after a ; or a line break (a ;-separator locale splits there); a month date (2026-02) gets one too, since a spreadsheet would pad it to its first day.";
const PLAIN_COPY = (file: string) => `The same rows for programs, without the byte-order mark and with a month date as it is, are at /${file}, described column by column with their types in /datapackage.json.`;

/** The value of `derive`, computed on first use: each JSON Schema is derived from the zod schemas once per process. */
function once<T>(derive: () => T): () => T {
  let value: { derived: T } | null = null;
  return () => (value ??= { derived: derive() }).derived;
}

/** Every registered zod schema as the JSON Schema of what the API serves, named as OpenAPI components. */
const componentSchemas = once((): Readonly<Record<string, JsonSchema>> => {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: "draft-2020-12", uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any" });
  return schemas as Record<string, JsonSchema>;
});

const withoutIds = (schema: JsonSchema): JsonSchema => {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
};

export function openApiDocument(baseUrl: string): JsonSchema {
  const schemas = Object.fromEntries(
    Object.entries(componentSchemas())
      .filter(([id]) => id !== "Observation")
      .map(([id, schema]) => [id, withoutIds(schema)]),
  );
  const json = (ref: string, description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
  });
  const errorResponse = json("Error", "No provider has this id. The body is an Error; `message` is in Swedish.");
  const download = (name: string) => ({
    "Content-Disposition": {
      description: `attachment, saved as ${name}-<dataset version>.csv (vercel.json, read before the build, can name no version: there ${name}.csv).`,
      schema: { type: "string" },
    },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "European AI infrastructure evidence API",
      version: INTERFACE_VERSION,
      summary: "Source-verified evidence about Swedish and European AI-infrastructure providers, with provenance for every statement.",
      description: [
        "A read-only JSON API over one dataset of provider records. Every statement about a provider is a Fact: a value, a status, and where known a source link, a source type, a verification date and a verifier. No key is needed and any origin is allowed.",
        "",
        "Meaning rules for consumers:",
        ...MEANING_RULES,
        "",
        "The interface carries this date label; the dataset carries its own version (`version` in Dataset, `dataset_version` in Status), derived by the build from the published data: the same data always has the same version, and any change of it gives a new one. The three operations' paths carry no version; /archive/{version}.json keeps each published version's dataset for good.",
        "",
        "The data is licensed CC BY 4.0: cite the dataset version, and quote each value with its status, verification date and source date.",
      ].join("\n"),
      license: { name: "CC BY 4.0 (data)", identifier: "CC-BY-4.0" },
      contact: { name: "Dataset maintainers", url: `${baseUrl}/methodology.html` },
    },
    servers: [{ url: baseUrl, description: "The published API" }],
    security: [],
    tags: [
      { name: "evidence", description: "The three read-only operations." },
      { name: "exports", description: "The same data in other shapes, for spreadsheets and feed readers." },
      { name: "archive", description: "Every published version's dataset, at a permanent address." },
      { name: "metadata", description: "Descriptions of the dataset for open-data tools and portals." },
    ],
    paths: {
      "/api/data": {
        get: {
          operationId: "getDataset",
          tags: ["evidence"],
          summary: "Read the whole dataset",
          description: "Every provider record with per-field provenance. Use it for questions about several providers or the market as a whole.",
          security: [],
          responses: { "200": json("Dataset", "The Dataset.") },
        },
      },
      "/api/data/{id}": {
        get: {
          operationId: "getProvider",
          tags: ["evidence"],
          summary: "Read one provider",
          description: "One record with all fields and their provenance, identical to its entry in the dataset. Use it for questions about a named provider.",
          security: [],
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "The provider slug, as in providers[].id of GET /api/data.",
              schema: { type: "string", pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
              example: "berget-ai",
            },
          ],
          responses: { "200": json("Provider", "The Provider record."), "404": errorResponse },
        },
      },
      "/api/providers.json": {
        get: {
          operationId: "getProvidersIndex",
          tags: ["exports"],
          summary: "List providers with their typed buyer answers, without provenance",
          description:
            "The light index: id, name, category, HQ country and every typed buyer answer with its status, for filtering and comparing; no sources, dates or notes (read those in GET /api/data/{id} before citing). An answer not researched is absent, which never means 'no'. The allowed values of each answer are in the ProvidersIndex schema and on the methodology page.",
          security: [],
          responses: { "200": json("ProvidersIndex", "Every provider with its typed answers.") },
        },
      },
      "/api/data.csv": {
        get: {
          operationId: "getDatasetCsv",
          tags: ["exports"],
          summary: "Read every Fact as a spreadsheet row",
          description: `One row per provider and Fact, columns ${CSV_COLUMNS.join(", ")}. ${SPREADSHEET_CSV} Lists and objects as JSON. attribution says whose statement the Fact is (provider, press, third_party, register, certificate, derived); quote holds the source's own words; dataset_version the version the row belongs to. Quote each value with its status, verified_at and source_date. ${PLAIN_COPY(FILES.plainCsv)}`,
          security: [],
          responses: { "200": { description: "The CSV, as a download.", headers: download("eu-ai-infra-evidence-data"), content: { "text/csv": { schema: { type: "string" } } } } },
        },
      },
      "/api/providers.csv": {
        get: {
          operationId: "getProvidersCsv",
          tags: ["exports"],
          summary: "Compare providers in a spreadsheet: one row per provider",
          description: `One row per provider with readable headers: ${providersCsvColumns().map((column) => column.header).join(", ")}. For each buyer question a value, the answer in words, its status, whose statement it is ("own statement" only when the provider made it), the day it was verified, its source link, its source date and the source's own words; the answer on who can reach the data also names the role of the US party and the link that decided it. An empty value with status unknown means not researched, never "no". A price's currency is given only where its source proves it. The evidence link is the record's path on the site the file came from. ${SPREADSHEET_CSV} Lists joined by "; ", "(partial list)" after a sample. ${PLAIN_COPY(FILES.plainProvidersCsv)}`,
          security: [],
          responses: { "200": { description: "The CSV, as a download.", headers: download("eu-ai-infra-evidence-providers"), content: { "text/csv": { schema: { type: "string" } } } } },
        },
      },
      "/api/prices.json": {
        get: {
          operationId: "getPrices",
          tags: ["exports"],
          summary: "List every per-token price, in the currency its source proves",
          description:
            "One row per provider and model price: input and output per 1M tokens, the currency as published (null when the price's source does not prove it: such a price compares with nothing), VAT, status, whose statement it is, the source's own words, both dates and the validity a source states. Never converted; sort and compare only within one currency and one kind of model.",
          security: [],
          responses: { "200": json("PricesDocument", "Every price row.") },
        },
      },
      "/api/prices.csv": {
        get: {
          operationId: "getPricesCsv",
          tags: ["exports"],
          summary: "The prices as a spreadsheet",
          description: `The rows of /api/prices.json, columns ${PRICE_CSV_FIELDS.map((column) => column.header).join(", ")}; an empty currency means the source does not prove it. ${SPREADSHEET_CSV} ${PLAIN_COPY(FILES.plainPricesCsv)}`,
          security: [],
          responses: { "200": { description: "The CSV.", content: { "text/csv": { schema: { type: "string" } } } } },
        },
      },
      "/api/plain/{file}.csv": {
        get: {
          operationId: "getPlainCsv",
          tags: ["exports"],
          summary: "The three CSV files for programs, as the Data Package describes them",
          description:
            "data.csv, providers.csv and prices.csv with the same rows as /api/data.csv, /api/providers.csv and /api/prices.csv, but UTF-8 without a byte-order mark and a month date as it is (2026-02): what /datapackage.json describes column by column, with each column's type. A text cell that would start a spreadsheet formula still carries an apostrophe before it.",
          security: [],
          parameters: [{ name: "file", in: "path", required: true, description: "Which export.", schema: { type: "string", enum: ["data", "providers", "prices"] }, example: "providers" }],
          responses: { "200": { description: "The CSV.", content: { "text/csv": { schema: { type: "string" } } } }, "404": json("Error", "No such file.") },
        },
      },
      "/api/changes.json": {
        get: {
          operationId: "getChanges",
          tags: ["exports"],
          summary: "Read what changed between dataset versions",
          description: "Fact-by-Fact changes derived from the git history of data/, newest first, 500 to a page: this is page 1, and `next` leads to the next (older) page until the first change. history 'unavailable' means the build had no history, not that nothing changed.",
          security: [],
          responses: { "200": json("ChangesDocument", "The newest changes, and the link to the next page.") },
        },
      },
      "/api/changes/{page}.json": {
        get: {
          operationId: "getChangesPage",
          tags: ["exports"],
          summary: "Read an older page of the changes",
          description: "Page n of the changes (n ≥ 2), as linked from the page before it.",
          security: [],
          parameters: [{ name: "page", in: "path", required: true, description: "The page number, from `next` of the page before.", schema: { type: "integer", minimum: 2 }, example: 2 }],
          responses: { "200": json("ChangesDocument", "A page of changes, newest first."), "404": json("Error", "No such page.") },
        },
      },
      "/archive/index.json": {
        get: {
          operationId: "getArchiveIndex",
          tags: ["archive"],
          summary: "List every published version",
          description: "Each kept version with the date and commit of its data, its permanent address and SHA-256, newest first; then the commits whose data is only in the repository.",
          security: [],
          responses: { "200": json("ArchiveIndex", "The versions, newest first.") },
        },
      },
      "/archive/{version}.json": {
        get: {
          operationId: "getArchivedVersion",
          tags: ["archive"],
          summary: "Read the dataset of one version, as it was published",
          description: "The Dataset exactly as /api/data published it as that version, byte for byte: cite this address with the version.",
          security: [],
          parameters: [{ name: "version", in: "path", required: true, description: "A dataset version, as in /archive/index.json.", schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}\\.[0-9a-f]{12}$" } }],
          responses: { "200": json("Dataset", "The Dataset of that version."), "404": json("Error", "No version of that name is kept.") },
        },
      },
      "/datapackage.json": {
        get: {
          operationId: "getDataPackage",
          tags: ["metadata"],
          summary: "Describe the CSV files as a Frictionless Data Package",
          description: "A Data Package (datapackage.org, v2) naming the three plain CSV files (providers, facts, prices), their dialect and every column with its type (numbers, dates, booleans, vocabularies), for Frictionless tools.",
          security: [],
          responses: { "200": { description: "The Data Package descriptor.", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
      [`/${FILES.dcat}`]: {
        get: {
          operationId: "getDcatAp",
          tags: ["metadata"],
          summary: "Describe the dataset in DCAT-AP for open-data portals",
          description: "A dcat:Catalog with the dataset and its distributions (JSON, the three CSV files, the archive, the Data Package), with titles and descriptions in English and Swedish and a contact e-mail, in JSON-LD, for portals such as dataportal.se and data.europa.eu to harvest.",
          security: [],
          responses: { "200": { description: "DCAT-AP as JSON-LD.", content: { "application/ld+json": { schema: { type: "object" } } } } },
        },
      },
      "/feed.xml": {
        get: {
          operationId: "getChangesFeed",
          tags: ["exports"],
          summary: "Follow the changes in a feed reader",
          security: [],
          responses: { "200": { description: "Atom 1.0, one entry per commit and provider.", content: { "application/atom+xml": { schema: { type: "string" } } } } },
        },
      },
      "/api/status": {
        get: {
          operationId: "getStatus",
          tags: ["evidence"],
          summary: "Read dataset freshness and coverage",
          description: "Dataset version, provider count, newest verification date and review-queue size. Use it to judge whether the data is fresh enough to cite.",
          security: [],
          responses: { "200": json("Status", "The Status.") },
        },
      },
    },
    components: { schemas },
  };
}

/**
 * Closes every object the schema names: an editor then flags a misspelt member (`country_hqq`) at once.
 * The build itself stays lenient, keeping unknown members with a warning (the delivered data may carry
 * blocks the spec does not list); editors are where a typo is cheapest to catch.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.type === "object" && out.properties && typeof out.properties === "object") out.additionalProperties = false;
  return out;
}

/** The JSON Schema of one seed file (data/providers/<id>.json), for editors; committed as data/provider.schema.json. */
export function editorSchema(): JsonSchema {
  return { ...editorSchemaOfProvider() };
}

const editorSchemaOfProvider = once((): JsonSchema => {
  const schema = closeObjects(z.toJSONSchema(Provider, { target: "draft-2020-12", io: "input", unrepresentable: "any" })) as JsonSchema;
  // The record's own object (inline, or the definition the root refers to) also allows the editor hint.
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const record = schema.$ref === "#/$defs/Provider" && defs.Provider ? defs.Provider : schema;
  record.properties = { $schema: { type: "string", description: "Path or URL of this schema, for editors." }, ...(record.properties as object) };
  return { ...schema, title: "Provider seed file" };
});

export const editorSchemaText = () => `${JSON.stringify(editorSchema(), null, 2)}\n`;

/** The same schema, published with the API and named by its address there. */
export function seedSchema(baseUrl: string): JsonSchema {
  return { $id: `${baseUrl}/api/provider.schema.json`, ...editorSchema() };
}

/**
 * Derives both JSON Schemas now (90 ms on the real data) rather than when the site is rendered: a build calls it
 * while it waits for git to finish reading the history of data/. The same values either way.
 */
export function prepareInterfaceDescriptions(): void {
  componentSchemas();
  editorSchemaOfProvider();
}

export function emitInterfaceDescriptions(artefacts: Artefacts, baseUrl: string): void {
  addText(artefacts, FILES.openapi, `${JSON.stringify(openApiDocument(baseUrl), null, 2)}\n`);
  addText(artefacts, FILES.providerSchema, `${JSON.stringify(seedSchema(baseUrl), null, 2)}\n`);
}
