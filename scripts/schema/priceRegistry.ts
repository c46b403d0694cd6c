import { z } from "zod";
import { HIDDEN_CHARACTERS, HttpUrl, IsoDate, IsoDateTime, Slug } from "./primitives.js";

/**
 * The public price registries `npm run corroborate` reads. Each name is also a value of a Fact's
 * `corroborated_by` (and of a model's): the registry saw the same price.
 */
export const PRICE_REGISTRIES = ["genai-prices", "litellm", "models.dev"] as const;
/** The registries read from their published file over the network; models.dev is read only from a git copy (--from). */
export const NETWORK_PRICE_REGISTRIES = ["genai-prices", "litellm"] as const satisfies readonly (typeof PRICE_REGISTRIES)[number][];
export const PriceRegistryName = z
  .enum(PRICE_REGISTRIES, { message: `must be one of ${PRICE_REGISTRIES.join(", ")}` })
  .describe(
    "genai-prices: pydantic/genai-prices, prices/new_data/v2/data.json (USD per 1M tokens). litellm: BerriAI/litellm, model_prices_and_context_window.json (per token, no currency stated). models.dev: anomalyco/models.dev, providers/<provider>/models/*.toml (cost.input / cost.output in USD per 1M tokens).",
  );
export type PriceRegistryName = z.infer<typeof PriceRegistryName>;

/** A name read from a registry: short, and without a character that hides or reorders text. */
const RegistryText = z
  .string()
  .min(1)
  .max(200)
  .refine((text) => !HIDDEN_CHARACTERS.test(text), { message: "must not contain control, bidirectional or tag characters" });

const PerMillion = z.number().nonnegative().describe("Per 1,000,000 tokens, in the provider entry's currency.");

/** One model as a registry lists it under a provider. */
export const RegistryModel = z
  .strictObject({
    id: RegistryText.describe("The registry's own id of the model, without the provider prefix (litellm's mistral/ or scaleway/; models.dev's file path under the provider's models/ folder, without .toml)."),
    names: z.array(RegistryText).max(50).optional().describe("Further exact ids the registry gives the model (genai-prices' equals clauses)."),
    prefixes: z
      .array(RegistryText)
      .max(50)
      .optional()
      .describe("Ids the registry prices as this model by their beginning (genai-prices' starts_with clauses): used to see that a record lists the model, never to compare a price."),
    input_per_1m: PerMillion.optional(),
    output_per_1m: PerMillion.optional(),
    deprecated: z.literal(true).optional().describe("The registry marks the model deprecated (genai-prices' deprecated, models.dev's status \"deprecated\")."),
    deprecation_date: IsoDate.optional().describe("The day from which the registry calls the model deprecated (litellm)."),
  })
  .meta({ id: "RegistryModel" });
export type RegistryModel = z.infer<typeof RegistryModel>;

/** What one registry says about one provider of the dataset. */
export const RegistryProvider = z.strictObject({
  registry_provider: RegistryText.describe("The provider's name in the registry (genai-prices' provider id, litellm's litellm_provider, models.dev's folder under providers/)."),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable()
    .describe("The currency of the registry's figures for this provider; null when it cannot be established, and then no price is compared."),
  currency_basis: z.string().min(1).max(300).describe("Why the currency is known, or why it is not."),
  source_url: HttpUrl.optional().describe(
    "Where a person reads this provider's entries as read, when the registry keeps them apart from the file-level source_url (models.dev: the provider's folder at the commit that last changed it).",
  ),
  committed_on: IsoDate.optional().describe("The UTC day of the commit that last changed this provider's entries, when known apart from the file's (models.dev)."),
  models: z.array(RegistryModel).max(2000),
});
export type RegistryProvider = z.infer<typeof RegistryProvider>;

/**
 * data/corroborations/<registry>.json, written by `npm run corroborate` only: what one price registry listed
 * for the providers it is mapped to, when and from where it was read.
 */
export const CorroborationFile = z
  .strictObject({
    registry: PriceRegistryName,
    source_url: HttpUrl.describe(
      "Where a person can read what was read: the registry's file at the commit read, or on its main branch (models.dev: its providers/ folder at the newest commit that changed a mapped provider's folder).",
    ),
    read: z.strictObject({
      from: z.enum(["network", "file"]).describe("network: the published URL; file: a local copy given with --from."),
      url: HttpUrl.optional().describe("The URL the bytes came from (network only)."),
      file: z
        .string()
        .regex(/^[^/\\]{1,200}$/)
        .refine((text) => !HIDDEN_CHARACTERS.test(text), { message: "must not contain control, bidirectional or tag characters" })
        .optional()
        .describe("The local copy's file name, without its folder (file only)."),
      commit: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .nullable()
        .describe("The registry file's newest commit on its branch, as the forge's API answered or the local copy's history says (models.dev: the newest commit that changed a mapped provider's folder); null when it could not be asked."),
      committed_on: IsoDate.nullable().describe("That commit's UTC day."),
      etag: RegistryText.nullable().describe("The answer's ETag header."),
      last_modified: RegistryText.nullable().describe("The answer's Last-Modified header."),
    }),
    checked_at: IsoDateTime,
    providers: z.record(Slug, RegistryProvider).describe("By the dataset's provider id."),
  })
  .meta({ id: "CorroborationFile" });
export type CorroborationFile = z.infer<typeof CorroborationFile>;
