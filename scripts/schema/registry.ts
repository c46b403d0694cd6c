import { z } from "zod";
import { HttpUrl, IsoDateTime, OutsideText, Slug } from "./primitives.js";

/** One vocabulary for what a register says is wrong, or where it disagrees with the record. */
export const REGISTRY_FLAGS = ["bankrupt", "in_liquidation", "deleted", "not_found", "name_differs", "country_differs"] as const;
export const RegistryFlag = z.enum(REGISTRY_FLAGS);

/** data/registry/<id>.json, written by npm run registry: the register's own answer about the company. */
export const RegistryAnswerFile = z
  .strictObject({
    id: Slug,
    register: z.string().min(1).max(60).describe("brreg, prh, recherche-entreprises, gleif, bolagsverket, cvr"),
    url: HttpUrl.describe("The register's page for the company."),
    org_number: z.string().min(1).max(40),
    registered_name: OutsideText(300).nullable().describe("The name the register gives, cleaned of control, bidirectional and invisible characters."),
    active: z.boolean(),
    flags: z.array(RegistryFlag),
    address_country: z.string().regex(/^[A-Z]{2}$/).nullable().optional(),
    checked_at: IsoDateTime,
  })
  .meta({ id: "RegistryAnswerFile" });
export type RegistryAnswerFile = z.infer<typeof RegistryAnswerFile>;
