import type { PriceRegistryName } from "../schema/index.js";

/** Where a price registry publishes its file: a path on a branch of a GitHub repository. */
export interface RegistrySource {
  repository: string;
  branch: string;
  path: string;
}

/** The published files, pinned here and nowhere else. */
export const REGISTRY_SOURCES: Readonly<Record<PriceRegistryName, RegistrySource>> = {
  // The v2 file the project's README offers for download; the v1 files are frozen.
  "genai-prices": { repository: "pydantic/genai-prices", branch: "main", path: "prices/new_data/v2/data.json" },
  litellm: { repository: "BerriAI/litellm", branch: "main", path: "model_prices_and_context_window.json" },
};

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
  /** genai-prices: the provider's id; litellm: the litellm_provider value (also the model names' prefix). */
  registryProvider: string;
  currency: string | null;
  currencyBasis: string;
}

const GENAI_PRICES_USD = "genai-prices states every price in USD per million tokens (its ModelPrice fields: 'price in USD per million … tokens')";

/**
 * Which registry entries stand for which records. Only a registry listing of the same product is mapped: a
 * router's resale price (HuggingFace's huggingface_nebius, OpenRouter) is another product's price.
 */
export const PROVIDER_MAPPINGS: Readonly<Record<PriceRegistryName, readonly ProviderMapping[]>> = {
  "genai-prices": [
    { provider: "mistral-ai-api", registryProvider: "mistral", currency: "USD", currencyBasis: GENAI_PRICES_USD },
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
};

/** A local copy's commit, as a person states it: the registry's file at one commit, in the form pageUrl writes. */
export interface PinnedCopy {
  registry: PriceRegistryName;
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
  const registry = (Object.keys(REGISTRY_SOURCES) as PriceRegistryName[]).find((name) => REGISTRY_SOURCES[name].repository.toLowerCase() === repository!.toLowerCase() && REGISTRY_SOURCES[name].path === file);
  return registry ? { registry, commit: commit! } : null;
}
