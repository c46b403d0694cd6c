import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { ProjectPaths } from "../config.js";
import { ADAPTER_NAMES } from "./adapters/index.js";

/**
 * data/scrape-sources.json: how each provider's endpoint is read. The adapter is chosen here, per provider,
 * never guessed from a URL or from the answer. It also pins the one host an API key may be sent to, so a
 * change to a provider's api.base_url (data, reviewed as data) cannot send a key anywhere new: that takes a
 * change to this file, which is reviewed like code.
 */
const HostName = z
  .string()
  .regex(/^[a-z0-9.-]+(:\d+)?$/, { message: "must be a bare lower-case host name such as api.mistral.ai" });

const HttpsUrl = z.string().regex(/^https:\/\/[^\s/?#@]+\/[^\s]*$/, { message: "must be an absolute https URL without a user name" });

export const ScrapeSource = z.strictObject({
  adapter: z.enum(ADAPTER_NAMES as [string, ...string[]], { message: `must be one of ${ADAPTER_NAMES.join(", ")}` }),
  /** The address to read, when it is not <api.base_url>/models. */
  endpoint: HttpsUrl.optional(),
  /** The only host an API key is sent to; must equal the host of the provider's api.base_url. */
  key_host: HostName.optional(),
  /** The currency of the prices, for answers that do not state one (OpenRouter's are US dollars). */
  currency: z.string().regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code such as USD" }).optional(),
  pagination: z
    .discriminatedUnion("style", [
      // OpenAI and Anthropic style: {"has_more": true, "last_id": "…"} → ?<param>=<last_id>
      z.strictObject({ style: z.literal("cursor"), param: z.string().regex(/^[a-z_]+$/) }),
      // {"next": "https://…"} or {"links": {"next": "…"}} on the same origin
      z.strictObject({ style: z.literal("next_link") }),
    ])
    .optional(),
  note: z.string().optional(),
});
export type ScrapeSource = z.infer<typeof ScrapeSource>;

export const ScrapeSources = z.strictObject({
  $comment: z.string().optional(),
  sources: z.record(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), ScrapeSource),
});
export type ScrapeSources = z.infer<typeof ScrapeSources>;

export const SOURCES_FILE = "scrape-sources.json";

/** The sources file, or none when it is absent; a file that is present but wrong stops the run. */
export async function readScrapeSources(paths: ProjectPaths): Promise<ReadonlyMap<string, ScrapeSource>> {
  let text: string;
  try {
    text = await fs.readFile(path.join(paths.data, SOURCES_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`data/${SOURCES_FILE} is not valid JSON`);
  }
  const parsed = ScrapeSources.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`data/${SOURCES_FILE} $.${first.path.join(".")}: ${first.message}`);
  }
  return new Map(Object.entries(parsed.data.sources));
}
