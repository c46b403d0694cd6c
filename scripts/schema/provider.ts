import { z } from "zod";
import { fact } from "./fact.js";
import { Model } from "./model.js";
import { DisplayName, HttpUrl, IsoDate, IsoDateTime, Slug } from "./primitives.js";

export const Category = z
  .enum(["inference_api", "gateway_router", "platform_assistant", "compute_gpu"], {
    message: "must be one of inference_api, gateway_router, platform_assistant, compute_gpu",
  })
  .describe("The layer of what is bought. Never a geography: jurisdiction is carried by ownership and sovereignty.");
export type Category = z.infer<typeof Category>;

/** A fact whose value the spec leaves open between a yes/no and a qualified statement. */
const YesNoOrText = z.union([z.boolean(), z.string()]);
const Text = z.string();
const Flag = z.boolean();
const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "must be an ISO 3166-1 alpha-2 country code such as SE" });

export const DatacenterLocation = z.looseObject({
  country: CountryCode,
  city: z.string().optional(),
  role: z.string().optional().describe("What runs there, e.g. inference, training, storage, primary, backup."),
});

export const Certification = z.looseObject({
  name: z.string().min(1),
  achieved: z.boolean({ message: "must be true or false" }),
});

export const Ownership = z
  .looseObject({
    country_hq: fact(CountryCode).optional(),
    ownership_jurisdiction: fact(Text).optional(),
    foreign_parent: fact(Flag).optional().describe("True when the provider is controlled from outside the EU/EEA."),
    org_number: fact(Text).optional(),
  })
  .describe("Ownership and control chain.");

export const Sovereignty = z.looseObject({
  datacenter_locations: fact(z.array(DatacenterLocation)).optional(),
  data_residency_guarantee: fact(YesNoOrText).optional(),
  third_country_transfer: fact(YesNoOrText).optional(),
  cloud_act_exposure: fact(YesNoOrText).optional(),
  energy_sustainability: fact(YesNoOrText).optional(),
});

export const Compliance = z.looseObject({
  gdpr_dpa_available: fact(YesNoOrText).optional(),
  zero_retention: fact(YesNoOrText).optional(),
  data_used_for_training: fact(YesNoOrText).optional(),
  eu_ai_act_status: fact(Text).optional(),
  iso_27001: fact(YesNoOrText).optional(),
  nis2_dora_relevance: fact(YesNoOrText).optional(),
  certifications: fact(z.array(Certification)).optional(),
  sector_fit: fact(z.array(z.string())).optional(),
  subprocessors_list_url: fact(HttpUrl).optional(),
});

export const ObservedPrice = z.looseObject({
  input: z.number().optional(),
  output: z.number().optional(),
  currency: z.string().optional(),
  span: z.string().optional(),
});

/** What a pricing-page observation saw; a plain object, not a Fact. */
export const PricingObserved = z.looseObject({
  date: IsoDate.optional(),
  currency: z.string().optional(),
  from_input: z.number().optional(),
  count: z.number().int().optional(),
  items: z.array(ObservedPrice).optional(),
  source_url: HttpUrl.optional(),
});

export const Pricing = z
  .looseObject({
    model: fact(Text)
      .optional()
      .describe("Pricing model as the source states it: per_token, per_hour, per_minute, per_second, subscription, per_seat, pass_through, custom_quote."),
    currency: fact(z.string().regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code such as EUR" }))
      .optional()
      .describe("ISO 4217 currency of every price in the record (provider-level prices and model prices)."),
    vat_included: fact(Flag)
      .optional()
      .describe("true when the listed prices include VAT, false when they exclude it. Unknown means the source does not say."),
    price_per_1m_input_tokens: fact(z.number({ message: "must be a number" }))
      .optional()
      .describe(
        "The lowest listed price per 1 million input tokens of a text-generation (chat or completion) model on the provider's own price list, in pricing.currency; reference_model names that model. Not an average, not an embedding or speech price, not converted between currencies.",
      ),
    price_per_1m_output_tokens: fact(z.number({ message: "must be a number" }))
      .optional()
      .describe("The output-token price per 1 million tokens of the same reference_model, in pricing.currency."),
    reference_model: fact(Text)
      .optional()
      .describe("The model whose listed price is quoted in price_per_1m_input_tokens and price_per_1m_output_tokens."),
    pass_through: fact(YesNoOrText)
      .optional()
      .describe("For routers and gateways: whether the upstream providers' prices are passed through unchanged, and any fee or markup."),
    free_tier: fact(YesNoOrText).optional(),
    pricing_page_url: fact(HttpUrl).optional(),
    _observed: PricingObserved.optional(),
  })
  .describe(
    "Prices. Every price is in pricing.currency; vat_included says whether VAT is in it. Provider-level per-1M prices are comparable across records: the lowest listed text-model price, with the model named.",
  );

export const Api = z.looseObject({
  openai_compatible: fact(Flag).optional(),
  base_url: fact(HttpUrl).optional(),
  sdks: fact(z.array(z.string())).optional(),
  docs_url: fact(HttpUrl).optional(),
  sla_uptime: fact(z.union([z.string(), z.number()])).optional(),
});

export const Contract = z.looseObject({
  binding_free: fact(YesNoOrText).optional(),
  credits_refundable: fact(YesNoOrText).optional(),
  data_portable: fact(YesNoOrText).optional(),
  no_lock_in: fact(YesNoOrText).optional(),
  egress_free: fact(YesNoOrText).optional(),
  notice_period: fact(Text).optional().describe("Notice period for ending the contract, as the terms state it."),
});

export const Onboarding = z.looseObject({
  access_flow: fact(Text).optional().describe("Seen: self_serve, sales."),
  signup_url: fact(HttpUrl).optional(),
  free_credits: fact(z.union([z.boolean(), z.string(), z.number()])).optional(),
});

export const Contested = z.looseObject({
  reason: z.string().min(1),
  source_url: HttpUrl,
});

export const ModelsApi = z.looseObject({
  endpoint: HttpUrl,
  checked_at: IsoDateTime,
  live_count: z.number().int().nonnegative(),
  missing_in_seed: z.array(z.string()),
  gone_from_api: z.array(z.string()),
});

export const Registry = z
  .looseObject({
    register: z.string().optional(),
    url: HttpUrl.optional(),
    org_number: z.string().optional(),
    registered_name: z.string().nullable().optional(),
    active: z.boolean().optional(),
    flags: z.array(z.string()).optional().describe("bankrupt, in_liquidation, deleted, not_found, name_differs, country_differs; empty when the register agrees."),
    checked_at: IsoDateTime.optional(),
  })
  .describe("The company register's own answer about the company (npm run registry, data/registry/<id>.json), merged by the build; never typed in the seed.");

export const Provider = z
  .looseObject({
    id: Slug,
    name: DisplayName,
    legal_name: DisplayName.nullable().optional(),
    website: HttpUrl,
    category: Category,
    category_note: z.string().optional(),
    record_created_at: IsoDate.optional(),
    record_updated_at: IsoDate,
    last_full_review: IsoDate.optional(),
    last_scrape_at: IsoDate.optional(),
    availability_status: fact(Text).optional().describe("Seen: live, coming_soon, partners_only."),
    ownership: Ownership.optional(),
    sovereignty: Sovereignty.optional(),
    compliance: Compliance.optional(),
    pricing: Pricing.optional(),
    api: Api.optional(),
    models: fact(z.array(Model)).optional(),
    mcp_support: fact(Flag).optional(),
    own_weights: fact(Flag).optional(),
    contract: Contract.optional(),
    onboarding: Onboarding.optional(),
    _contested: Contested.optional().describe("Marks a record whose identity or operating state is disputed."),
    _models_api: ModelsApi.optional().describe("Derived from the newest good scrape of the models list."),
    _registry: Registry.optional(),
  })
  .meta({ id: "Provider" })
  .describe("One provider record. Every statement is a Fact with its own status and provenance.");
export type Provider = z.infer<typeof Provider>;
