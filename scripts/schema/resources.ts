import { z } from "zod";
import { Category, Provider } from "./provider.js";
import { FactStatus } from "./fact.js";
import { HttpUrl, IsoDate, IsoDateTime } from "./primitives.js";

/**
 * The dataset version: the day of the newest date the published data carries, then the first 12 hex digits of
 * the SHA-256 of the published data (scripts/site/version.ts). Derived by every build, never typed.
 */
export const DatasetVersion = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}$/, { message: "must be a derived dataset version: YYYY-MM-DD.<12 hex digits>" })
  .describe("Dataset version, derived by the build: the newest date in the data, then the first 12 hex digits of the SHA-256 of the published data. The same data gives the same version on any machine; any change of the published data gives a new one.");

/** data/dataset.json: what the maintainers write about the dataset as a whole. The version is not among it. */
export const DatasetMeta = z.looseObject({
  version: z
    .never({ error: "the dataset version is derived by the build from the published data and is never typed: remove \"version\" from data/dataset.json" })
    .optional(),
  source: z.string().optional(),
  note: z.string().optional(),
  license: z.string().min(1),
  license_url: HttpUrl.optional(),
});
export type DatasetMeta = z.infer<typeof DatasetMeta>;

export const Dataset = z
  .looseObject({
    version: z.string().describe("Dataset version, derived by the build from the published data (YYYY-MM-DD.<12 hex digits>; labels typed by hand before versions were derived look like 2026.11.23.1). Independent of the API paths; /archive/{version}.json keeps each version's dataset."),
    source: z.string().optional().describe("How the data was produced and the status discipline."),
    generated_at: IsoDateTime.optional(),
    note: z.string().optional().describe("The merge rule."),
    license: z.string().optional(),
    license_url: HttpUrl.optional(),
    providers: z.array(Provider),
  })
  .meta({ id: "Dataset" });
export type Dataset = z.infer<typeof Dataset>;

const Count = z.number().int().nonnegative();

export const Status = z
  .looseObject({
    ok: z.boolean(),
    dataset_version: z.string().describe("The version of the dataset this status describes (Dataset.version); cite it."),
    providers_total: Count,
    inference_api: Count.optional().describe("Number of providers in the inference_api category."),
    last_verified: IsoDate.nullable().optional().describe("Newest verified_at of any Fact."),
    oldest_verified: IsoDate.nullable().optional().describe("Oldest verified_at of any Fact."),
    review_queue: Count.optional().describe("Entries waiting for manual review."),
    generated_at: IsoDateTime.nullable().optional(),
    by_category: z.partialRecord(Category, Count).optional(),
    facts_by_status: z.partialRecord(FactStatus, Count).optional(),
    facts_with_source_date: Count.optional().describe("Researched Facts (status not unknown) whose source carries a date (source_date)."),
    stale_facts: Count.optional().describe("Facts whose verified_at is more than stale_after_days before the build day: check them again before citing."),
    stale_after_days: Count.optional().describe("The age in days after which a verification counts as stale."),
    sources_changed: Count.optional().describe("Cited pages whose content changed after a Fact citing them was verified (source watch, data/sources.json): those Facts wait for a person in the review queue."),
    sources_gone: Count.optional().describe("Cited pages that answer 404 or 410 or no longer resolve (source watch)."),
  })
  .meta({ id: "Status" });
export type Status = z.infer<typeof Status>;

export const ErrorBody = z
  .looseObject({
    error: z.string().describe("Machine-readable error code."),
    message: z.string().describe("Explanation, in Swedish."),
    hint: z.string().optional().describe("How to correct the call."),
    docs: HttpUrl.optional(),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;
