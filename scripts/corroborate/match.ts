import { namesFor } from "../merge/observedModels.js";
import type { RegistryModel } from "../schema/index.js";

/**
 * Model names across the dataset and the registries. A record names a model by its API id, or by a display
 * name with the id in brackets ("Mistral Large 3 (mistral-large-2512)"); registries by their own ids, often
 * with an organisation before a slash ("openai/gpt-oss-120b" under litellm's scaleway/). The rules are
 * conservative: a price is compared only for an exact id, and a model counts as listed by the record more
 * readily than as missing from it.
 */

const fold = (text: string) => text.trim().toLowerCase();
/** "openai/gpt-oss-120b" → "gpt-oss-120b": the model without the organisation that published it. */
const withoutOrganisation = (id: string) => id.slice(id.lastIndexOf("/") + 1);

const registryIds = (model: RegistryModel) => [model.id, ...(model.names ?? [])].map(fold);

/** The one model whose ids satisfy `same`, or undefined when none or several do (several is no answer). */
function only(models: readonly RegistryModel[], same: (id: string) => boolean): RegistryModel | undefined {
  const found = models.filter((model) => registryIds(model).some(same));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The registry model a record's model name stands for: the same id ignoring case, else the same id once the
 * organisation before the last "/" is left out on both sides. Undefined when nothing or more than one
 * model matches: an ambiguous name is never compared.
 */
export function exactMatch(name: string, models: readonly RegistryModel[]): RegistryModel | undefined {
  const wanted = namesFor(name).map(fold);
  const full = only(models, (id) => wanted.includes(id));
  if (full) return full;
  const bare = wanted.map(withoutOrganisation);
  return only(models, (id) => bare.includes(withoutOrganisation(id)));
}

/** "mistral-embed-2312" is a dated snapshot of "mistral-embed": the id, a hyphen and a YYMM version. */
const isSnapshotOf = (id: string, family: string) => id.length === family.length + 5 && id.startsWith(`${family}-`) && /^\d{4}$/.test(id.slice(-4));

/**
 * Whether a record's names include a registry model: exactly as above, as a dated snapshot of it
 * ("mistral-embed-2312" for "mistral-embed"), or by a prefix the registry prices as that model
 * (genai-prices' starts_with: "magistral-small-2509" is its magistral-small).
 */
export function listedBy(recordNames: readonly string[], model: RegistryModel): boolean {
  const wanted = recordNames.flatMap(namesFor).map(fold);
  const bare = new Set(wanted.map(withoutOrganisation));
  const ids = registryIds(model);
  if (ids.some((id) => wanted.includes(id) || bare.has(withoutOrganisation(id)))) return true;
  if (ids.some((id) => wanted.some((name) => isSnapshotOf(name, id)))) return true;
  const prefixes = (model.prefixes ?? []).map(fold);
  return wanted.some((id) => prefixes.some((prefix) => id.startsWith(prefix)));
}

/** Names that stand for another model rather than being one: "-latest" and "@latest" aliases, ":free" and other variants. */
export function isAlias(model: RegistryModel): boolean {
  return /[-@]latest$/i.test(model.id) || model.id.includes(":");
}

/**
 * Prices agree when they differ by no more than rounding: 0.5 % of the larger, or 0.0005 per 1M tokens
 * (a price rounded at its third decimal), whichever is larger.
 */
export function withinRounding(manual: number, registry: number): boolean {
  const tolerance = Math.max(0.005 * Math.max(Math.abs(manual), Math.abs(registry)), 0.0005);
  // The small epsilon keeps a difference of exactly the tolerance (0.1005 against 0.1) on the agreeing side.
  return Math.abs(manual - registry) <= tolerance + 1e-12;
}
