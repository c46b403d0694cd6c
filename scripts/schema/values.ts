import { z } from "zod";
import { InfrastructureKind } from "./vocabularies.js";

/** ISO 3166-1 alpha-2: the one form a country takes in every typed answer. */
export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "must be an ISO 3166-1 alpha-2 country code such as SE (a country code only: the name of an owner goes in the note)" });

/** ISO 4217. */
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code such as EUR" });

export const DatacenterLocation = z.looseObject({
  country: CountryCode,
  city: z.string().max(100, { message: "must be at most 100 characters" }).optional(),
  role: z.string().max(300, { message: "must be at most 300 characters" }).optional().describe("What runs there, e.g. inference, training, storage, primary, backup."),
  optional: z
    .boolean({ message: "must be true or false" })
    .optional()
    .describe("true when customer data is held there only if the customer chooses this location (a region, an endpoint, a plan); absent or false when it may be used by default."),
});

export const Certification = z.looseObject({
  name: z.string().min(1).max(200, { message: "must be at most 200 characters" }),
  achieved: z.boolean({ message: "must be true or false" }),
});

/** One link of the infrastructure chain: who runs the servers that hold or process customer data. */
export const InfrastructureLink = z.looseObject({
  name: z.string().min(1, { message: "must name the company (e.g. Google Cloud, Hetzner, the provider itself)" }).max(200, { message: "must be at most 200 characters" }),
  kind: InfrastructureKind.schema,
  jurisdiction: CountryCode.nullable().describe(
    "Country of the ultimate parent of the company that runs it (Google Cloud EMEA Ltd → US); null when the source names the company but its parent is not established, which keeps the derived answer unknown until it is.",
  ),
  seat: CountryCode.optional().describe(
    "Country where the company that runs it is itself incorporated, when the source names it and it differs from jurisdiction (Nebius Inc., a US company of a Dutch group → US): a US-incorporated company holding the data is reachable under the CLOUD Act whoever owns it.",
  ),
  optional: z
    .boolean({ message: "must be true or false" })
    .optional()
    .describe("true when customer data reaches it only if the customer chooses it (a model, region or feature); absent or false when it is used by default."),
  role: z.string().max(300, { message: "must be at most 300 characters" }).optional().describe("What it does for the service: hosting, inference, storage, a named model family, a CDN."),
  countries: z
    .array(CountryCode)
    .min(1, { message: "must name at least one country" })
    .optional()
    .describe("Where this link holds or processes the data, when the source says (ISO codes): a US location by default exposes the data whoever owns the link."),
});
export type InfrastructureLink = z.infer<typeof InfrastructureLink>;

/** Days that stored prompts and outputs are kept by default (0: not stored), or until the customer deletes them. */
export const RetentionDays = z.union([
  z.number({ message: "must be a whole number of days or until_deleted" }).int({ message: "must be a whole number of days" }).nonnegative(),
  z.literal("until_deleted", { message: "must be a whole number of days or until_deleted" }),
]);
