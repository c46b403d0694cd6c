import type { Status } from "../../schema/index.js";
import { MEANING_RULES } from "./openapi.js";

/**
 * The guide for AI agents at the site root, in the llmstxt.org format: an H1, a summary in a quote, plain
 * paragraphs, then sections that hold only `- [name](url): description` links. Every value written into
 * it is validated first (the version label is one plain line, the base URL a plain origin and path).
 */
export function llmsText(status: Status, baseUrl: string): string {
  const rules = MEANING_RULES.map((rule) => rule.replace(/`/g, ""));
  return `# European AI infrastructure evidence API

> A read-only JSON dataset of Swedish and European AI-infrastructure providers (inference APIs, gateways and routers, assistant platforms, GPU compute): what they offer, where the data sits, who owns them, and for every statement how we know it: status, source, source date and verification date. No key needed; any origin allowed. Data licence CC BY 4.0.

Dataset version ${status.dataset_version}: ${status.providers_total} providers, newest verification ${status.last_verified ?? "none"}, ${status.stale_facts ?? 0} Facts verified more than ${status.stale_after_days ?? 180} days ago.

Every statement is a Fact: value, status, source_url, source_type, source_date, verified_at, verified_by, note, partial on list values, and on a decisive Fact quote (the source's own words, verbatim) and locator (where they stand). Status is one of confirmed (seen in a source that may confirm it), claimed (read, not checked against a register or binding document), planned (a stated goal), unknown (not researched), not_applicable. Whose statement a claimed Fact is follows from source_type: the provider's own statement only from its own terms, documentation, site, blog, price list or privacy policy; otherwise a press report, a third party's report, a register's or authority's record, or derived by the build: never call those the provider's own statement. verified_at is the day someone opened the source; source_date is the date of the content they saw: YYYY-MM-DD, or YYYY-MM when the source states only a month (never a day it did not state); null: an undated source. A fresh verified_at on an old source is still old evidence.

Meaning rules:

${rules.join("\n")}

How to cite: quote the value with its status, verification date and source date, for example "EU data residency: yes (provider's own statement, verified 2026-11-22, source dated 2026-06-01, <source_url>)". Never report a missing or unknown field as "no": say it was not researched. A list with partial true is a sample: do not conclude that a provider lacks what it does not list. Compare prices only in the same currency and VAT treatment. Attribute "European AI infrastructure evidence dataset, version ${status.dataset_version}, CC BY 4.0". The version is derived from the data (the same data, the same version; any change, a new one), and that version's dataset stays at ${baseUrl}/archive/${status.dataset_version}.json. One provider's record stays, byte for byte, at ${baseUrl}/archive/records/{sha256}.json, named by the SHA-256 of the bytes /api/data/{id} serves: the address a provider page's citation gives.

Buyer questions have typed answers: a boolean, an ISO country or currency code, or a value from a small vocabulary (the methodology page lists every value and what it means); the researcher's own sentence is in display. sovereignty.cloud_act_exposure (can a US authority reach the data through the owners or the infrastructure?) is derived by the build from ownership and sovereignty.infrastructure and names the Facts it rests on in derived_from: cite those with their sources.

## API

- [Dataset](${baseUrl}/api/data): every provider record with per-field provenance; for questions about several providers or the market as a whole
- [One provider](${baseUrl}/api/data/berget-ai): GET /api/data/{id} with the provider's id (a slug); unknown ids answer 404 with a JSON Error body
- [Providers and their answers](${baseUrl}/api/providers.json): the light index, every provider with its typed buyer answers and their statuses, no sources (a tenth of the dataset's size); read /api/data/{id} for the sources before citing
- [Status](${baseUrl}/api/status): dataset version, provider count, newest verification, stale Facts and review-queue size; read it first to judge whether the data is fresh enough to cite
- [OpenAPI description](${baseUrl}/api/openapi.json): the interface and every field, generated from the schemas

## Docs

- [Methodology](${baseUrl}/methodology.html): the status discipline, the two dates on every Fact, partial lists, comparable prices and how to cite
- [Provider schema](${baseUrl}/api/provider.schema.json): JSON Schema of one provider record
- [Browse](${baseUrl}/index.html): all providers with the buyer's questions answered, each with its status; filter by answer in the URL, e.g. ${baseUrl}/index.html?dc=SE&dpa=true&training=never,opt_in (in Swedish at ${baseUrl}/sv/)
- [Compare](${baseUrl}/compare.html?ids=berget-ai,mistral-ai-api): 2 to 4 providers side by side on every buyer question
- [Prices per model](${baseUrl}/prices.html): one row per provider and model price, one table per currency, never converted (also ${baseUrl}/api/prices.json and ${baseUrl}/api/prices.csv)

## Optional

- [Providers as a spreadsheet](${baseUrl}/api/providers.csv): one row per provider, each buyer question as value, status, whose statement, verification date, source, source date and the source's own words (UTF-8 with a byte-order mark, opens in Excel)
- [Spreadsheet export](${baseUrl}/api/data.csv): every Fact as one CSV row with its status, whose statement (attribution), source, verified_at, source_date and quote
- [CSV files for programs](${baseUrl}/api/plain/providers.csv): the same three files (providers, data, prices) without the byte-order mark, as the Data Package describes them with their column types
- [Changes](${baseUrl}/api/changes.json): what changed between dataset versions, Fact by Fact, newest first, 500 to a page; each page's next leads to the older one (also as an Atom feed at ${baseUrl}/feed.xml)
- [Archive](${baseUrl}/archive/index.json): every published version, newest first, each at its permanent address /archive/{version}.json, with what changed (for people: ${baseUrl}/archive/)
- [Data Package](${baseUrl}/datapackage.json): the CSV files and their columns, as a Frictionless Data Package
- [DCAT-AP](${baseUrl}/api/dcat-ap.jsonld): the dataset and its distributions for open-data portals (JSON-LD)
- [Dataset as a file](${baseUrl}/api/data/index.json): the same JSON at a .json URL, for static hosts without rewrites such as GitHub Pages
- [Status as a file](${baseUrl}/api/status.json): the same status JSON at a .json URL
- [Review queue](${baseUrl}/api/review-queue.json): values the scraper saw differently from the manual seed, waiting for a person
`;
}
