import { z } from "zod";
import { Category, Provider } from "./provider.js";
import { FactStatus } from "./fact.js";
import { HttpUrl, IsoDate, IsoDateTime } from "./primitives.js";

/** data/dataset.json: what the maintainers write about the dataset as a whole. */
/** The version label is written into JSON, pages, llms.txt and feeds: one short line of plain characters. */
export const VersionLabel = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/, { message: "must be one short line of letters, digits, dots, hyphens, plus signs or underscores (e.g. 2026.11.22)" });

export const DatasetMeta = z.looseObject({
  version: VersionLabel,
  source: z.string().optional(),
  note: z.string().optional(),
  license: z.string().min(1),
  license_url: HttpUrl.optional(),
});
export type DatasetMeta = z.infer<typeof DatasetMeta>;

export const Dataset = z
  .looseObject({
    version: z.string().describe("Dataset version label, independent of the API paths."),
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
    dataset_version: z.string(),
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
