import { promises as fs } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { Observation, type ModelsListAttempt, type Provider } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";
import { mapLimit } from "../util/pool.js";
import { DEFAULT_POLICY, fetchModelsList, type FetchPolicy } from "./fetchModels.js";

export interface ScrapeOptions {
  /** Limit the run to these ids (all providers with api.base_url when empty). */
  only: string[];
  /** Read this URL instead of `<api.base_url>/models` (with exactly one provider). */
  url?: string;
  concurrency: number;
  policy: FetchPolicy;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface ScrapeSummary {
  checked: number;
  ok: number;
  failed: number;
  skipped: string[];
}

/** The environment variable that may hold a provider's API key; the key is never written or printed. */
export function apiKeyVariable(id: string): string {
  return `EVIDENCE_API_KEY_${id.toUpperCase().replace(/-/g, "_")}`;
}

export function modelsEndpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/models`;
}

async function readObservation(file: string, id: string): Promise<Observation> {
  try {
    const parsed = Observation.safeParse(JSON.parse(await fs.readFile(file, "utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // Missing or unreadable: start afresh, a bad file is replaced by a good one.
  }
  return { id };
}

export async function scrape(paths: ProjectPaths, providers: readonly Provider[], options: ScrapeOptions): Promise<ScrapeSummary> {
  const log = options.log ?? console.log;
  const now = options.now ?? (() => new Date());
  const summary: ScrapeSummary = { checked: 0, ok: 0, failed: 0, skipped: [] };
  const selected = providers.filter((record) => options.only.length === 0 || options.only.includes(record.id));
  const targets: Array<{ record: Provider; endpoint: string }> = [];
  for (const record of selected) {
    const base = record.api?.base_url?.value;
    if (options.url) targets.push({ record, endpoint: options.url });
    else if (base) targets.push({ record, endpoint: modelsEndpoint(base) });
    else summary.skipped.push(record.id);
  }
  await mapLimit(targets, options.concurrency, async ({ record, endpoint }) => {
    const started = Date.now();
    const result = await fetchModelsList(endpoint, process.env[apiKeyVariable(record.id)], options.policy);
    const attempt: ModelsListAttempt = {
      checked_at: now().toISOString().replace(/\.\d{3}Z$/, "Z"),
      endpoint,
      http_status: result.httpStatus,
      ok: result.ok,
      ...(result.ok ? { model_ids: [...result.modelIds].sort() } : { error: result.error }),
    };
    const file = path.join(paths.observations, `${record.id}.json`);
    const previous = await readObservation(file, record.id);
    const next: Observation = {
      ...previous,
      id: record.id,
      models_api: { last_attempt: attempt, last_good: result.ok ? attempt : (previous.models_api?.last_good ?? null) },
    };
    await writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
    summary.checked += 1;
    if (result.ok) summary.ok += 1;
    else summary.failed += 1;
    const took = `${Date.now() - started} ms`;
    log(
      result.ok
        ? `  ok      ${record.id}: ${result.modelIds.length} models (${took}, ${result.attempts} request(s))`
        : `  failed  ${record.id}: ${result.error} (${took}, ${result.attempts} request(s)); last good observation kept`,
    );
  });
  return summary;
}

export { DEFAULT_POLICY };
