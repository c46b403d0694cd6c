import { ADAPTERS, type AdapterName, type ParsedModel } from "./adapters/index.js";
import type { KeyGrant } from "./apiKey.js";
import { OBSERVATION_LIMITS } from "./bounds.js";
import { nextPageUrl } from "./pagination.js";
import { DEFAULT_POLICY, getJson, type FetchPolicy } from "./request.js";
import type { ScrapeSource } from "./sources.js";

export { DEFAULT_POLICY, retryAfterMs, type FetchPolicy } from "./request.js";

export type ModelsListResult =
  | {
      ok: true;
      httpStatus: number;
      models: ParsedModel[];
      attempts: number;
      pages: number;
      /** More models (or pages) were offered than an observation keeps. */
      truncated: boolean;
      openAiList: boolean;
      /** The first page as parsed (the body only: no headers), for a recording; it still passes recordingOf. */
      firstPage: unknown;
    }
  | { ok: false; httpStatus: number | null; error: string; attempts: number };

export interface ReadOptions {
  adapter: AdapterName;
  source?: ScrapeSource;
  grant?: KeyGrant;
  policy?: FetchPolicy;
}

/** Reads a provider's models, page by page when it pages, through the adapter its source entry names. */
export async function fetchModelsList(endpoint: string, options: ReadOptions): Promise<ModelsListResult> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const adapter = ADAPTERS[options.adapter];
  const byId = new Map<string, ParsedModel>();
  let attempts = 0;
  let openAiList = true;
  let truncated = false;
  let pages = 0;
  let httpStatus = 0;
  let firstPage: unknown = null;
  const deadline = Date.now() + policy.providerDeadlineMs;
  for (let url: string | null = endpoint; url !== null; ) {
    if (pages >= policy.maxPages) {
      truncated = true;
      break;
    }
    const answer = await getJson(url, options.grant, policy, deadline);
    attempts += answer.attempts;
    if (!answer.ok) return { ...answer, attempts, ...(pages > 0 && { error: `page ${pages + 1}: ${answer.error}` }) };
    pages += 1;
    httpStatus = answer.httpStatus;
    if (pages === 1) firstPage = answer.body;
    const page = adapter.parse(answer.body, { currency: options.source?.currency });
    if (!page) return { ok: false, httpStatus, error: `JSON is not ${adapter.expected}`, attempts };
    openAiList &&= page.openAiList;
    for (const model of page.models) {
      if (byId.has(model.id)) continue;
      if (byId.size >= OBSERVATION_LIMITS.maxModels) {
        truncated = true;
        break;
      }
      byId.set(model.id, model);
    }
    url = truncated ? null : nextPageUrl(options.source?.pagination, answer.body, endpoint);
  }
  return { ok: true, httpStatus, models: [...byId.values()], attempts, pages, truncated, openAiList, firstPage };
}
