import { promises as fs } from "node:fs";
import { stringValueOf } from "../schema/factPath.js";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { admit } from "../net/door.js";
import { Observation, Slug, type Provider } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";
import { mapLimit } from "../util/pool.js";
import { DEFAULT_ADAPTER, type AdapterName } from "./adapters/index.js";
import { apiKeysIn, apiKeyVariable, keyGrantFor } from "./apiKey.js";
import { scrubSecrets } from "../net/request.js";
import { attemptsOf, observationText } from "./attempt.js";
import { recordAnswer, recordingOf } from "./record.js";
import { DEFAULT_POLICY, fetchModelsList, type FetchPolicy } from "./fetchModels.js";
import { readScrapeSources, type ScrapeSource } from "./sources.js";
import { changesBetween, type ProviderOutcome, type ScrapeSummary } from "./summary.js";

export { apiKeyVariable } from "./apiKey.js";
export type { ScrapeSummary } from "./summary.js";

export interface ScrapeOptions {
  /** Limit the run to these ids (all providers with api.base_url when empty). */
  only: string[];
  /** Read this URL instead of the provider's endpoint (with exactly one provider). */
  url?: string;
  concurrency: number;
  policy: FetchPolicy;
  now?: () => Date;
  log?: (line: string) => void;
  /** Defaults to process.env; tests pass their own. */
  env?: NodeJS.ProcessEnv;
  /** Save each provider's first raw answer here as a test fixture, unless one is already recorded. */
  recordTo?: string;
}

const rawKeyOf = (id: string, env: NodeJS.ProcessEnv = process.env) => env[apiKeyVariable(id)];

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

interface Target {
  record: Provider;
  endpoint: string;
  adapter: AdapterName;
  source?: ScrapeSource;
}

function targetsOf(providers: readonly Provider[], sources: ReadonlyMap<string, ScrapeSource>, options: ScrapeOptions, skipped: string[]): Target[] {
  const targets: Target[] = [];
  for (const record of providers) {
    if (options.only.length > 0 && !options.only.includes(record.id)) continue;
    // The id names the observation's file: nothing but a slug may reach the file system.
    if (!Slug.safeParse(record.id).success) {
      skipped.push(record.id);
      continue;
    }
    const source = sources.get(record.id);
    const base = stringValueOf(record.api?.base_url);
    const endpoint = options.url ?? source?.endpoint ?? (base ? modelsEndpoint(base) : null);
    if (endpoint) targets.push({ record, endpoint, adapter: (source?.adapter as AdapterName | undefined) ?? DEFAULT_ADAPTER, source });
    else skipped.push(record.id);
  }
  return targets;
}

/**
 * Reads every selected provider's models endpoint with the adapter data/scrape-sources.json names for
 * it, and writes what it saw to data/observations/<id>.json (compact, size-bounded). A failure is
 * recorded beside the last good answer, never over it.
 */
export async function scrape(paths: ProjectPaths, providers: readonly Provider[], options: ScrapeOptions): Promise<ScrapeSummary> {
  const log = options.log ?? console.log;
  const now = options.now ?? (() => new Date());
  const sources = await readScrapeSources(paths);
  const summary: ScrapeSummary = { checked: 0, ok: 0, failed: 0, skipped: [], providers: [] };
  const targets = targetsOf(providers, sources, options, summary.skipped);
  const outcomes = await mapLimit(targets, options.concurrency, async ({ record, endpoint, adapter, source }): Promise<ProviderOutcome> => {
    const started = Date.now();
    const { grant, withheld } = keyGrantFor(record.id, stringValueOf(record.api?.base_url), source, options.env);
    const fetched = await fetchModelsList(endpoint, { adapter, source, grant, policy: options.policy });
    // Whatever went wrong, no word of the key reaches the observation, the log or the summary.
    const keys = [grant?.key, rawKeyOf(record.id, options.env), ...apiKeysIn(options.env ?? process.env)];
    const result = fetched.ok ? fetched : { ...fetched, error: scrubSecrets(fetched.error, keys) };
    const { attempt, good } = attemptsOf(result, endpoint, adapter, now().toISOString().replace(/\.\d{3}Z$/, "Z"));
    const file = path.join(paths.observations, `${record.id}.json`);
    const previous = await readObservation(file, record.id);
    const lastGood = good ?? previous.models_api?.last_good ?? null;
    // The door: the observation is written only if it fits data/observations/<id>.json; else the last one stays.
    const admitted = admit(Observation, { ...previous, id: record.id, models_api: { last_attempt: attempt, last_good: lastGood } }, `data/observations/${record.id}.json`);
    if (!admitted.ok) {
      log(`  failed  ${record.id}: ${admitted.reason}`);
      return { id: record.id, ok: false, error: admitted.reason, ...(withheld && { keyWithheld: withheld }) };
    }
    const text = observationText(admitted.value);
    // A model id that repeats the key would carry it into the observation and the pull request.
    if (keys.some((key) => key !== undefined && key.length >= 4 && text.includes(key))) {
      const refused = "the answer repeats an API key; nothing was written and the last good observation is kept";
      log(`  failed  ${record.id}: ${refused}`);
      return { id: record.id, ok: false, error: refused, ...(withheld && { keyWithheld: withheld }) };
    }
    await writeAtomically(file, text);
    if (options.recordTo && result.ok) {
      const recording = recordingOf(result.firstPage, keys);
      const recorded = recording.ok ? await recordAnswer(options.recordTo, record.id, endpoint, adapter, result.httpStatus, recording.text, now()) : null;
      if (!recording.ok) log(`  record  ${record.id}: ${recording.reason}`);
      else if (recorded) log(`  record  ${record.id}: first recorded answer saved as ${recorded}`);
    }
    const took = `${Date.now() - started} ms`;
    if (withheld) log(`  note    ${record.id}: API key not sent: ${withheld}`);
    if (!result.ok) {
      log(`  failed  ${record.id}: ${result.error} (${took}, ${result.attempts} request(s)); last good observation kept`);
      return { id: record.id, ok: false, error: result.error, ...(withheld && { keyWithheld: withheld }) };
    }
    const priced = result.models.filter((model) => model.input !== undefined || model.output !== undefined).length;
    const extras = [priced > 0 ? `${priced} priced` : "", result.truncated ? "truncated" : "", result.pages > 1 ? `${result.pages} pages` : ""].filter(Boolean);
    log(`  ok      ${record.id}: ${result.models.length} models${extras.length > 0 ? `, ${extras.join(", ")}` : ""} (${took}, ${result.attempts} request(s))`);
    return {
      id: record.id,
      ok: true,
      models: result.models.length,
      change: changesBetween(previous.models_api?.last_good, good!),
      ...(withheld && { keyWithheld: withheld }),
    };
  });
  summary.providers = outcomes;
  summary.checked = outcomes.length;
  summary.ok = outcomes.filter((outcome) => outcome.ok).length;
  summary.failed = summary.checked - summary.ok;
  return summary;
}

export { DEFAULT_POLICY };
