import type { NETWORK_PRICE_REGISTRIES, PriceRegistryName } from "../schema/index.js";

/** Where a price registry publishes its file: a path on a branch of a GitHub repository. */
export interface RegistrySource {
  repository: string;
  branch: string;
  path: string;
}

/** The registries that publish one file. */
export type FileRegistryName = (typeof NETWORK_PRICE_REGISTRIES)[number];

/** The published files, pinned here and nowhere else. */
export const REGISTRY_SOURCES: Readonly<Record<FileRegistryName, RegistrySource>> = {
  // The v2 file the project's README offers for download; the v1 files are frozen.
  "genai-prices": { repository: "pydantic/genai-prices", branch: "main", path: "prices/new_data/v2/data.json" },
  litellm: { repository: "BerriAI/litellm", branch: "main", path: "model_prices_and_context_window.json" },
};

/**
 * models.dev keeps one TOML file per model under providers/<provider>/models/ (its README: cost.input and
 * cost.output "Cost per million input/output tokens (USD)"). No file of the repository holds them all (its
 * models.json is another catalogue's list), so it is read from a git copy only, never over the network.
 */
export const MODELS_DEV_SOURCE = { repository: "anomalyco/models.dev", branch: "dev", folder: "providers" } as const;

/** Where a person reads a folder of the models.dev repository at a commit. */
export function modelsDevFolderUrl(commit: string, folder: string = MODELS_DEV_SOURCE.folder): string {
  return `https://github.com/${MODELS_DEV_SOURCE.repository}/tree/${commit}/${folder}`;
}

/** The hosts the files and their commits are read from; tests point them at a loopback server. */
export const REGISTRY_HOSTS = {
  raw: "https://raw.githubusercontent.com",
  "github-api": "https://api.github.com",
} as const;
export type RegistryHost = keyof typeof REGISTRY_HOSTS;

/** The bytes' address: the file at a commit when one is known, else on its branch. */
export function rawUrl(source: RegistrySource, ref: string, base: string = REGISTRY_HOSTS.raw): URL {
  return new URL(`${base.replace(/\/+$/, "")}/${source.repository}/${ref}/${source.path}`);
}

/** Where a person reads the same file. */
export function pageUrl(source: RegistrySource, ref: string): string {
  return `https://github.com/${source.repository}/blob/${ref}/${source.path}`;
}

/**
 * One provider of the dataset as a registry names it, and the currency of the registry's figures for it.
 * A currency is stated only where it can be established; null means the figures are never compared with a
 * price, and only the model list is used.
 */
export interface ProviderMapping {
  /** The dataset's provider id. */
  provider: string;
  /** genai-prices: the provider's id; litellm: the litellm_provider value (also the model names' prefix); models.dev: the folder under providers/. */
  registryProvider: string;
  currency: string | null;
  currencyBasis: string;
}

const GENAI_PRICES_USD = "genai-prices states every price in USD per million tokens (its ModelPrice fields: 'price in USD per million … tokens')";

const MODELS_DEV_USD = "models.dev's README defines cost.input and cost.output as 'Cost per million input tokens (USD)' and '… output tokens (USD)'";

/**
 * Which registry entries stand for which records. Only a registry listing of the same product is mapped: a
 * router's resale price (HuggingFace's huggingface_nebius, OpenRouter) is another product's price, and so is
 * a Global deployment's price for a Data Zone record (genai-prices' azure prices "*-Global" models, and
 * models.dev's azure lists gpt-5-nano at the Global 0.05 / 0.40 where the Data Zone record has 0.055 / 0.44).
 * A record whose rows were read from a registry stays mapped to it (the build never lets that registry
 * corroborate them, but a later difference still asks a person), see `isCircular` in merge.ts.
 */
export const PROVIDER_MAPPINGS: Readonly<Record<PriceRegistryName, readonly ProviderMapping[]>> = {
  "genai-prices": [
    { provider: "mistral-ai-api", registryProvider: "mistral", currency: "USD", currencyBasis: GENAI_PRICES_USD },
    { provider: "doubleword", registryProvider: "doubleword", currency: "USD", currencyBasis: `${GENAI_PRICES_USD}; its doubleword entries are Doubleword's Realtime prices (its price_comments)` },
    {
      provider: "openai-api-eu",
      registryProvider: "openai",
      currency: "USD",
      currencyBasis: `${GENAI_PRICES_USD}; OpenAI's standard prices, which its EU data-residency endpoints raise by 10% only for models released on or after 2026-03-05`,
    },
    {
      provider: "ovhcloud-ai-endpoints",
      registryProvider: "ovhcloud",
      currency: "USD",
      currencyBasis: `${GENAI_PRICES_USD}; its ovhcloud file is generated from OVHcloud's models endpoint, which answers pricing.currency_unit USD`,
    },
  ],
  litellm: [
    {
      provider: "mistral-ai-api",
      registryProvider: "mistral",
      currency: "USD",
      currencyBasis: "litellm states no currency; its mistral figures are Mistral's USD list prices (e.g. mistral-large-2411 at 2 / 6 per 1M tokens, the dollar price)",
    },
    {
      provider: "nscale-serverless",
      registryProvider: "nscale",
      currency: "USD",
      currencyBasis: "litellm states no currency; its nscale entries quote Nscale's price list in dollars ('Pricing listed as $0.06/1M tokens total')",
    },
    {
      provider: "nebius-token-factory",
      registryProvider: "nebius",
      currency: "USD",
      currencyBasis: "litellm states no currency; Nebius Token Factory bills in US dollars (its billing docs: trial credit and account balance in dollars)",
    },
    {
      provider: "scaleway-generative-apis",
      registryProvider: "scaleway",
      currency: null,
      currencyBasis:
        "litellm states no currency and stores Scaleway's euro list prices as if they were dollars (or converted at a rate it does not state), so the figures are in no known currency: never compared",
    },
    {
      provider: "ovhcloud-ai-endpoints",
      registryProvider: "ovhcloud",
      currency: null,
      currencyBasis: "litellm states no currency; OVHcloud lists euros on its site and dollars at its models endpoint, so litellm's figures cannot be placed: never compared",
    },
  ],
  "models.dev": [
    { provider: "nebius-token-factory", registryProvider: "nebius", currency: "USD", currencyBasis: `${MODELS_DEV_USD}; Nebius Token Factory bills in US dollars` },
    {
      provider: "amazon-bedrock-eu",
      registryProvider: "amazon-bedrock",
      currency: "USD",
      currencyBasis: `${MODELS_DEV_USD}; its eu.* entries are the EU cross-Region inference profiles ('(EU)' in their names), the record's rows`,
    },
    {
      provider: "google-vertex-ai-eu",
      registryProvider: "google-vertex",
      currency: "USD",
      currencyBasis: `${MODELS_DEV_USD}; Vertex AI's list prices, not priced per region (nor are the record's rows)`,
    },
    {
      provider: "openai-api-eu",
      registryProvider: "openai",
      currency: "USD",
      currencyBasis: `${MODELS_DEV_USD}; OpenAI's standard prices, which its EU data-residency endpoints raise by 10% only for models released on or after 2026-03-05`,
    },
    { provider: "inceptron", registryProvider: "inceptron", currency: "USD", currencyBasis: MODELS_DEV_USD },
  ],
};

/** The repository each registry is published in: a Fact citing it was read from that registry. */
export const REGISTRY_REPOSITORIES: Readonly<Record<PriceRegistryName, string>> = {
  "genai-prices": REGISTRY_SOURCES["genai-prices"].repository,
  litellm: REGISTRY_SOURCES.litellm.repository,
  "models.dev": MODELS_DEV_SOURCE.repository,
};

/** A local copy's commit, as a person states it: the registry's file at one commit, in the form pageUrl writes. */
export interface PinnedCopy {
  registry: FileRegistryName;
  commit: string;
}

/**
 * Reads a pinned file URL, https://github.com/<owner>/<repo>/blob/<commit>/<path>, as the file of one registry at
 * one commit (a full 40-digit commit: a branch or a short one could name other bytes tomorrow); null when it
 * names another file or no fixed commit.
 */
export function pinnedCopyOf(url: string): PinnedCopy | null {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/([0-9a-f]{40})\/(.+)$/.exec(url);
  if (!match) return null;
  const [, repository, commit, file] = match;
  const registry = (Object.keys(REGISTRY_SOURCES) as FileRegistryName[]).find((name) => REGISTRY_SOURCES[name].repository.toLowerCase() === repository!.toLowerCase() && REGISTRY_SOURCES[name].path === file);
  return registry ? { registry, commit: commit! } : null;
}
