import { smolToml } from "../util/packages.js";
import { z } from "zod";
import { IsoDate, type PriceRegistryName, type RegistryModel, type RegistryProvider } from "../schema/index.js";
import { boundedText } from "../scrape/bounds.js";
import { perMillionTokens } from "../scrape/units.js";
import { MAX_MODEL_FILE_BYTES, MAX_MODEL_FILES } from "./modelsDev.js";
import { modelsDevFolderUrl, MODELS_DEV_SOURCE, PROVIDER_MAPPINGS } from "./sources.js";

/** What a registry's file gives for the providers mapped to records, and how much of it did not fit. */
export interface ReadRegistry {
  /** By the dataset's provider id; a mapped provider the file does not list is absent. */
  providers: Record<string, RegistryProvider>;
  /** Mapped registry providers the file does not list. */
  missing: string[];
  /** Entries under a mapped provider that were left out because they do not fit the format (or hide characters). */
  skipped: number;
}

export class UnreadableRegistry extends Error {}

const MAX_MODELS = 2000;
// A registry file over this many model entries is not one of these two files.
const MAX_ENTRIES = 200_000;

const price = (value: unknown, per: number): number | undefined => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return undefined;
  return perMillionTokens(value, per) ?? undefined;
};

/** Names of other members of the same model: kept only when they are plain text of a sane length. */
const texts = (values: readonly unknown[]) => [...new Set(values.map((value) => boundedText(value)).filter((text): text is string => text !== null))];

// --- genai-prices: a JSON array of providers, each with models[] (prices per 1M tokens, USD) -------------

const GenaiProvider = z.looseObject({ id: z.string(), models: z.array(z.unknown()) });
const GenaiModel = z.looseObject({
  id: z.string(),
  match: z.unknown().optional(),
  // An object of per-1M prices, or a list of prices under conditions (dates, times of day): only the plain object is read.
  prices: z.unknown().optional(),
  deprecated: z.boolean().optional(),
});

/**
 * The ids a match clause names exactly (equals) and by their beginning (starts_with), at its top level or
 * in an `or`. An `and` narrows a match and `contains`, `ends_with` and `regex` are not names: none is read
 * (a regex from outside is never run).
 */
function clauseNames(clause: unknown, depth = 0): { equals: unknown[]; startsWith: unknown[] } {
  const found = { equals: [] as unknown[], startsWith: [] as unknown[] };
  if (clause === null || typeof clause !== "object" || depth > 2) return found;
  const members = clause as Record<string, unknown>;
  if ("equals" in members) found.equals.push(members.equals);
  if ("starts_with" in members) found.startsWith.push(members.starts_with);
  if (Array.isArray(members.or)) {
    for (const inner of members.or.slice(0, 50)) {
      const nested = clauseNames(inner, depth + 1);
      found.equals.push(...nested.equals);
      found.startsWith.push(...nested.startsWith);
    }
  }
  return found;
}

function genaiModel(value: unknown): RegistryModel | null {
  const parsed = GenaiModel.safeParse(value);
  if (!parsed.success) return null;
  const id = boundedText(parsed.data.id);
  if (id === null) return null;
  const { equals, startsWith } = clauseNames(parsed.data.match);
  const names = texts(equals).filter((name) => name !== id);
  const prefixes = texts(startsWith);
  const prices = parsed.data.prices !== null && typeof parsed.data.prices === "object" && !Array.isArray(parsed.data.prices) ? (parsed.data.prices as Record<string, unknown>) : {};
  // A tiered price (an object with a base and tiers) is not one price per 1M tokens: left out.
  const input = price(prices.input_mtok, 1_000_000);
  const output = price(prices.output_mtok, 1_000_000);
  return {
    id,
    ...(names.length > 0 && { names: names.slice(0, 50) }),
    ...(prefixes.length > 0 && { prefixes: prefixes.slice(0, 50) }),
    ...(input !== undefined && { input_per_1m: input }),
    ...(output !== undefined && { output_per_1m: output }),
    ...(parsed.data.deprecated === true && { deprecated: true as const }),
  };
}

function readGenaiPrices(json: unknown): ReadRegistry {
  if (!Array.isArray(json) || json.length > MAX_ENTRIES) throw new UnreadableRegistry("not genai-prices' format: the file is not a list of providers");
  const byId = new Map<string, z.infer<typeof GenaiProvider>>();
  for (const entry of json) {
    const parsed = GenaiProvider.safeParse(entry);
    if (parsed.success && !byId.has(parsed.data.id)) byId.set(parsed.data.id, parsed.data);
  }
  const result: ReadRegistry = { providers: {}, missing: [], skipped: 0 };
  for (const mapping of PROVIDER_MAPPINGS["genai-prices"]) {
    const provider = byId.get(mapping.registryProvider);
    if (!provider) {
      result.missing.push(mapping.registryProvider);
      continue;
    }
    const models: RegistryModel[] = [];
    for (const value of provider.models) {
      const model = genaiModel(value);
      if (model && models.length < MAX_MODELS) models.push(model);
      else result.skipped += 1;
    }
    result.providers[mapping.provider] = { registry_provider: mapping.registryProvider, currency: mapping.currency, currency_basis: mapping.currencyBasis, models };
  }
  return result;
}

// --- litellm: one object keyed by model name; prices per token, no currency ------------------------------

const LitellmModel = z.looseObject({
  litellm_provider: z.string(),
  mode: z.string().optional(),
  input_cost_per_token: z.unknown().optional(),
  output_cost_per_token: z.unknown().optional(),
  deprecation_date: z.unknown().optional(),
});

// Members of the file that describe the format, not a model.
const NOT_MODELS = new Set(["sample_spec"]);

function litellmModel(name: string, entry: z.infer<typeof LitellmModel>): RegistryModel | null {
  const prefix = `${entry.litellm_provider}/`;
  const id = boundedText(name.startsWith(prefix) ? name.slice(prefix.length) : name);
  if (id === null) return null;
  const input = price(entry.input_cost_per_token, 1);
  const output = price(entry.output_cost_per_token, 1);
  const deprecation = IsoDate.safeParse(entry.deprecation_date);
  return {
    id,
    ...(input !== undefined && { input_per_1m: input }),
    ...(output !== undefined && { output_per_1m: output }),
    ...(deprecation.success && { deprecation_date: deprecation.data }),
  };
}

function readLitellm(json: unknown): ReadRegistry {
  if (json === null || typeof json !== "object" || Array.isArray(json)) throw new UnreadableRegistry("not litellm's format: the file is not an object of models");
  const entries = Object.entries(json as Record<string, unknown>);
  if (entries.length > MAX_ENTRIES) throw new UnreadableRegistry("not litellm's format: too many entries");
  const mappings = PROVIDER_MAPPINGS.litellm;
  const byRegistryProvider = new Map(mappings.map((mapping) => [mapping.registryProvider, [] as RegistryModel[]]));
  let skipped = 0;
  for (const [name, value] of entries) {
    if (NOT_MODELS.has(name)) continue;
    const parsed = LitellmModel.safeParse(value);
    const models = parsed.success ? byRegistryProvider.get(parsed.data.litellm_provider) : undefined;
    if (!parsed.success || !models) continue;
    const model = litellmModel(name, parsed.data);
    if (model && models.length < MAX_MODELS) models.push(model);
    else skipped += 1;
  }
  const result: ReadRegistry = { providers: {}, missing: [], skipped };
  for (const mapping of mappings) {
    const models = byRegistryProvider.get(mapping.registryProvider)!;
    if (models.length === 0) result.missing.push(mapping.registryProvider);
    else result.providers[mapping.provider] = { registry_provider: mapping.registryProvider, currency: mapping.currency, currency_basis: mapping.currencyBasis, models };
  }
  return result;
}

// --- models.dev: one TOML file per model, cost.input / cost.output in USD per 1M tokens --------------------

const ModelsDevCopy = z.strictObject({
  kind: z.literal("models.dev"),
  providers: z.record(
    z.string(),
    z.strictObject({
      commit: z.string().regex(/^[0-9a-f]{40}$/),
      committed_on: IsoDate.nullable(),
      files: z.array(z.strictObject({ id: z.string(), text: z.string().max(MAX_MODEL_FILE_BYTES) })).max(MAX_MODEL_FILES),
      skipped: z.number().int().nonnegative(),
    }),
  ),
});

const ModelsDevModel = z.looseObject({
  // The plain price; `tiers` (prices above a context size) and the other costs are not one price per 1M tokens.
  cost: z.looseObject({ input: z.unknown().optional(), output: z.unknown().optional() }).optional(),
  status: z.unknown().optional(),
});

// Model files nest two or three tables deep; a deeper one is not a model file.
const MAX_TOML_DEPTH = 16;

function modelsDevModel(id: string, text: string): RegistryModel | null {
  const name = boundedText(id);
  if (name === null) return null;
  let table: unknown;
  try {
    table = smolToml().parse(text, { maxDepth: MAX_TOML_DEPTH });
  } catch {
    return null;
  }
  const parsed = ModelsDevModel.safeParse(table);
  if (!parsed.success) return null;
  const input = price(parsed.data.cost?.input, 1_000_000);
  const output = price(parsed.data.cost?.output, 1_000_000);
  return {
    id: name,
    ...(input !== undefined && { input_per_1m: input }),
    ...(output !== undefined && { output_per_1m: output }),
    ...(parsed.data.status === "deprecated" && { deprecated: true as const }),
  };
}

function readModelsDev(json: unknown): ReadRegistry {
  const copy = ModelsDevCopy.safeParse(json);
  if (!copy.success) throw new UnreadableRegistry("not models.dev's format: give --from a git directory or checkout of models.dev");
  const result: ReadRegistry = { providers: {}, missing: [], skipped: 0 };
  for (const mapping of PROVIDER_MAPPINGS["models.dev"]) {
    const folder = Object.hasOwn(copy.data.providers, mapping.registryProvider) ? copy.data.providers[mapping.registryProvider] : undefined;
    if (!folder) {
      result.missing.push(mapping.registryProvider);
      continue;
    }
    const models: RegistryModel[] = [];
    result.skipped += folder.skipped;
    for (const file of folder.files) {
      const model = modelsDevModel(file.id, file.text);
      if (model && models.length < MAX_MODELS) models.push(model);
      else result.skipped += 1;
    }
    result.providers[mapping.provider] = {
      registry_provider: mapping.registryProvider,
      currency: mapping.currency,
      currency_basis: mapping.currencyBasis,
      source_url: modelsDevFolderUrl(folder.commit, `${MODELS_DEV_SOURCE.folder}/${mapping.registryProvider}`),
      ...(folder.committed_on !== null && { committed_on: folder.committed_on }),
      models,
    };
  }
  return result;
}

const READERS: Record<PriceRegistryName, (json: unknown) => ReadRegistry> = { "genai-prices": readGenaiPrices, litellm: readLitellm, "models.dev": readModelsDev };

/** What a registry's parsed file lists for the mapped providers; UnreadableRegistry when it is not that registry's format. */
export function readRegistry(registry: PriceRegistryName, json: unknown): ReadRegistry {
  return READERS[registry](json);
}

/** Which registry a local copy is from, by its shape: genai-prices publishes a list, litellm an object (models.dev is no file). */
export function registryOfFile(json: unknown): "genai-prices" | "litellm" | null {
  if (Array.isArray(json)) return "genai-prices";
  if (json !== null && typeof json === "object") return "litellm";
  return null;
}
