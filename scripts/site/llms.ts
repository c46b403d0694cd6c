import type { Status } from "../schema/index.js";
import { MEANING_RULES } from "./openapi.js";

/** A short plain-text guide for AI agents at the site root. */
export function llmsText(status: Status, baseUrl: string): string {
  return `# European AI infrastructure evidence API

> A read-only JSON dataset of Swedish and European AI-infrastructure providers (inference APIs, gateways and routers, assistant platforms, GPU compute): what they offer, where the data sits, who owns them, and for every statement how we know it (status, source, verification date). No key needed; any origin allowed. Data licence CC BY 4.0.

Dataset version ${status.dataset_version}: ${status.providers_total} providers, newest verification ${status.last_verified ?? "none"}.

## Endpoints

- GET ${baseUrl}/api/data — the whole dataset. Use it for questions about several providers or the market as a whole.
- GET ${baseUrl}/api/data/{id} — one provider by its id (slug, e.g. berget-ai). Use it for questions about a named provider. Unknown id: HTTP 404 with {"error","message","hint","docs"}.
- GET ${baseUrl}/api/status — dataset version, provider count, newest verification date, review-queue size. Read it first to judge whether the data is fresh enough to cite.
- Interface description: ${baseUrl}/api/openapi.json
- Static hosts without rewrites (GitHub Pages) serve the same JSON at ${baseUrl}/api/data/index.json, ${baseUrl}/api/data/{id}/index.json and ${baseUrl}/api/status.json.

## Reading a record

Every statement is a Fact: {"value", "status", "source_url", "source_type", "source_date", "verified_at", "verified_by", "note"}, and "partial" on list values.
verified_at is the day someone opened the source; source_date is the date of the content they saw (a page's own "updated" date, a repository file's commit date), or null for an undated source. A fresh verified_at on an old source is still old evidence.
Status is one of: confirmed (seen in a primary source), claimed (the provider's own statement), planned (a stated goal), unknown (not researched), not_applicable.

## Meaning rules

${MEANING_RULES.join("\n")}

## How to cite

- Quote the value together with its status, verification date and source date, e.g. "EU data residency: yes (provider's own statement, verified 2026-11-22, source dated 2026-06-01: <source_url>)", or "undated source" when source_date is null.
- A list with "partial": true is a sample: do not conclude that a provider lacks something because it is not listed.
- Compare prices only in the same currency and with the same VAT treatment (pricing.currency, pricing.vat_included).
- Facts verified more than ${status.stale_after_days ?? 180} days before the build are stale (/api/status stale_facts): say so when citing them.
- Never report a missing or unknown field as "no"; say it was not researched.
- Attribute: "European AI infrastructure evidence dataset, version ${status.dataset_version}, CC BY 4.0", with a link to ${baseUrl}/.
`;
}
