/** The SDK wiring: one McpServer with the four tools, their zod input and output schemas, and the meaning rules as instructions. */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { Category, Fact, Provider, Status } from "../schema/index.js";
import { Attribution } from "../schema/evidenceRules.js";
import { UsPartyRole } from "../schema/vocabularies.js";
import { WHOSE_STATEMENT_RULE } from "./evidence.js";
import { SourceError, type DataSource, type Snapshot } from "./source.js";
import { FindProvidersInput, findProviders } from "./find.js";
import { CompareProvidersInput, GetProviderInput, compareProviders, getProvider, getStatus, type Outcome } from "./tools.js";

/** Told to the assistant once, at connection: the meaning rules of the dataset (README, "How to read the data"). */
const INSTRUCTIONS = [
  "Evidence about European AI-infrastructure providers. Every statement is a Fact with a status and provenance.",
  "1. Quote a Fact's status, verified_at and source_date together with its value; the tools' text already does: repeat it, never a bare value.",
  `2. ${WHOSE_STATEMENT_RULE} Each Fact comes with its attribution and, where the record has them, the source's own words (source_quote): repeat those rather than paraphrase.`,
  "3. A missing field or status unknown means not researched. It never means 'no'.",
  "4. category is the layer of what is bought, never a geography: use hq_country and datacenter_country for jurisdiction.",
  "5. A list with partial: true is a sample. 6. Compare prices only in the same currency and VAT treatment; a price whose source does not prove its currency is never compared or filtered with the others.",
  "The answer on who can reach the data (sovereignty.cloud_act_exposure) is derived: it comes with the role of the US party (us_party_role) and the link that decided it (deciding_link); say both.",
  "Call get_status to judge freshness before citing; find_providers to select, compare_providers to put fields side by side, get_provider for everything about one provider.",
].join("\n");

const CitedFact = z.object({
  path: z.string(),
  researched: z.boolean(),
  quote: z.string().describe("The value with its status (and whose statement it is), both dates, its source and the source's own words: the line to repeat."),
  attribution: Attribution.schema.nullable().describe("Whose statement the Fact is; a claimed Fact is the provider's own statement only when this is provider."),
  source_quote: z.string().nullable().describe("The source's own words that support the value, verbatim; null where the record has none."),
  locator: z.string().nullable().describe("Where in the source the quote stands."),
  us_party_role: UsPartyRole.schema.nullable().describe("For the derived answer on who can reach the data: the role of the US party that decided it."),
  deciding_link: z.string().nullable().describe("For the derived answer on who can reach the data: the link that decided it, in words."),
  fact: Fact.nullable(),
});

const ProviderEntry = { id: z.string(), name: z.string(), category: Category };

/** Output schemas: a client can check structured content against them, and the SDK checks it before sending. */
const OUTPUT = {
  status: z.object({ status: Status, origin: z.string(), checked_at: z.string(), warnings: z.array(z.string()) }),
  provider: z.object({ dataset_version: z.string(), provider: Provider, not_researched: z.array(z.string()) }),
  find: z.object({
    dataset_version: z.string(),
    matches: z.array(z.object({ ...ProviderEntry, facts: z.array(CitedFact) })),
    matched: z.number().int(),
    left_out: z.array(z.object({ id: z.string(), name: z.string(), reasons: z.array(z.object({ path: z.string(), reason: z.string() })) })),
    undecided: z.number().int(),
    ruled_out: z.number().int(),
    total: z.number().int(),
  }),
  compare: z.object({ dataset_version: z.string(), fields: z.array(z.string()), providers: z.array(z.object({ ...ProviderEntry, facts: z.array(CitedFact) })) }),
};

const toolError = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

/** Loads the data, then runs a pure tool; a missing build or an unreachable site is a tool error the assistant can relay. */
async function answer<T extends Record<string, unknown>>(source: DataSource, run: (snapshot: Snapshot) => Outcome<T>): Promise<CallToolResult> {
  let snapshot: Snapshot;
  try {
    snapshot = await source.load();
  } catch (error) {
    if (error instanceof SourceError) return toolError(error.message);
    throw error;
  }
  const outcome = run(snapshot);
  if (!outcome.ok) return toolError(outcome.text);
  return { content: [{ type: "text", text: outcome.text }], structuredContent: outcome.structured };
}

export function createEvidenceServer(source: DataSource, version: string): McpServer {
  const server = new McpServer({ name: "eu-ai-infra-evidence", version }, { instructions: INSTRUCTIONS });
  // Every tool only reads; a deployed site is outside this machine, a local build is not.
  const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: source.remote };

  server.registerTool(
    "get_status",
    {
      title: "Dataset status",
      description: "Dataset version, provider count, newest and oldest verification date, stale Facts, review queue, and where and when the data was read. Check before citing.",
      outputSchema: OUTPUT.status,
      annotations,
    },
    () => answer(source, getStatus),
  );

  server.registerTool(
    "get_provider",
    {
      title: "One provider",
      description: "Every Fact of one provider, each quoted with status, verification date and source date, and the fields not researched.",
      inputSchema: GetProviderInput,
      outputSchema: OUTPUT.provider,
      annotations,
    },
    (input) => answer(source, (snapshot) => getProvider(snapshot, input)),
  );

  server.registerTool(
    "find_providers",
    {
      title: "Find providers",
      description:
        "Providers matching every filter given (category, HQ country, data-centre country, fields that must be researched, weakest accepted status, name/id text), with the Facts each filter rests on. Providers the evidence cannot decide are listed apart, never counted as 'no'.",
      inputSchema: FindProvidersInput,
      outputSchema: OUTPUT.find,
      annotations,
    },
    (input) => answer(source, (snapshot) => findProviders(snapshot, input)),
  );

  server.registerTool(
    "compare_providers",
    {
      title: "Compare providers",
      description: "The same fields of several providers side by side, each quoted with status and dates; a missing field is 'not researched'. Default fields are the buyer's questions, prices included.",
      inputSchema: CompareProvidersInput,
      outputSchema: OUTPUT.compare,
      annotations,
    },
    (input) => answer(source, (snapshot) => compareProviders(snapshot, input)),
  );

  return server;
}
