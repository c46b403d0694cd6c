import { z } from "zod";
import { fact } from "./fact.js";
import { Model } from "./model.js";
import { DisplayName, HttpUrl, IsoDate, IsoDateTime, Slug } from "./primitives.js";
import { Category } from "./category.js";
import { questionsOfBlock, valueSchemaOf, type BuyerQuestion, type QuestionFieldsOf } from "./buyerQuestions.js";
import { Availability } from "./vocabularies.js";

export { Category } from "./category.js";
export { Certification, CountryCode, DatacenterLocation, InfrastructureLink } from "./values.js";

/** A fact whose value the spec leaves open between a yes/no and a qualified statement. */
const YesNoOrText = z.union([z.boolean(), z.string()]);
const Text = z.string().max(2000, { message: "must be at most 2000 characters" });

type AnswerFactSchema = z.ZodOptional<ReturnType<typeof fact<z.ZodUnknown>>>;

/** The Fact of a buyer question: its value typed by the question's shape, its description from the registry. */
function answerFact(entry: BuyerQuestion) {
  const vocabulary = entry.shape.kind === "token" || entry.shape.kind === "tokens" ? entry.shape.vocabulary : null;
  const derived = entry.derived ? " Derived by the build from the Facts it rests on (named in derived_from); never typed in the seed." : "";
  const about = [entry.about, vocabulary?.about].filter(Boolean).join(" ");
  const base = fact(valueSchemaOf(entry.shape));
  return (entry.members ? base.extend(entry.members) : base)
    .optional()
    .describe(`Buyer question "${entry.label.en}" (${entry.key}).${about ? ` ${about}` : ""}${derived}`);
}

/**
 * A block of Facts: the buyer questions of the block first, typed by the registry, in its order; then the
 * other members given here. Adding a question to the registry adds its field here.
 */
function block<Block extends string, Members extends Record<string, z.ZodType>>(name: Block, members: Members) {
  const typed: Record<string, z.ZodType> = {};
  for (const entry of questionsOfBlock(name)) typed[entry.path[1]!] = answerFact(entry);
  // The value schemas are chosen by the registry at run time; the type says only that each is a Fact.
  return z.looseObject({ ...typed, ...members }) as unknown as z.ZodObject<Members & { [Field in QuestionFieldsOf<Block>]: AnswerFactSchema }, z.core.$loose>;
}

export const Ownership = block("ownership", {
  org_number: fact(Text).optional(),
  contracting_entity: fact(Text)
    .optional()
    .describe("The legal entity a customer signs with, as the terms, imprint or register name it (e.g. Microsoft Ireland Operations Ltd)."),
  ultimate_parent: fact(Text)
    .optional()
    .describe("The company or owner that ultimately controls the contracting entity (the entity itself when independent); its country is ownership_jurisdiction."),
}).describe("Ownership and control chain: the contracting entity, its ultimate parent and that parent's country.");

export const Sovereignty = block("sovereignty", {
  energy_sustainability: fact(YesNoOrText).optional(),
});

export const Compliance = block("compliance", {
  eu_ai_act_status: fact(Text).optional(),
  nis2_dora_relevance: fact(YesNoOrText).optional(),
  sector_fit: fact(z.array(z.string())).optional(),
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

export const Pricing = block("pricing", {
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
}).describe(
  "Prices. Every price is in pricing.currency; vat_included says whether VAT is in it. Provider-level per-1M prices are comparable across records: the lowest listed text-model price, with the model named.",
);

export const Api = block("api", {
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
    category_note: z.string().max(3000, { message: "must be at most 3000 characters (the category_note limit)" }).optional(),
    record_created_at: IsoDate.optional(),
    record_updated_at: IsoDate,
    last_full_review: IsoDate.optional(),
    last_scrape_at: IsoDate.optional(),
    availability_status: fact(Availability.schema).optional().describe(Availability.about),
    ownership: Ownership.optional(),
    sovereignty: Sovereignty.optional(),
    compliance: Compliance.optional(),
    pricing: Pricing.optional(),
    api: Api.optional(),
    models: fact(z.array(Model)).optional(),
    mcp_support: fact(z.boolean()).optional(),
    own_weights: fact(z.boolean()).optional(),
    contract: Contract.optional(),
    onboarding: Onboarding.optional(),
    _contested: Contested.optional().describe("Marks a record whose identity or operating state is disputed."),
    _models_api: ModelsApi.optional().describe("Derived from the newest good scrape of the models list."),
    _registry: Registry.optional(),
  })
  .meta({ id: "Provider" })
  .describe("One provider record. Every statement is a Fact with its own status and provenance.");
export type Provider = z.infer<typeof Provider>;
