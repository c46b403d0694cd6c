import { z } from "zod";
import { PriceRegistryName } from "./priceRegistry.js";
import { HttpUrl, IsoDate } from "./primitives.js";

export const Model = z
  .looseObject({
    name: z.string().min(1, { message: "must not be empty" }).max(200, { message: "must be at most 200 characters" }),
    type: z.string().optional().describe("Seen: open, closed."),
    category: z.string().optional().describe("Seen: text, embedding, reranking, speech, vision."),
    version: z.string().max(300, { message: "must be at most 300 characters" }).optional().describe("Free text; may carry size or a per-minute price."),
    context_tokens: z.number().int({ message: "must be a whole number" }).positive().optional(),
    featured: z.boolean().optional(),
    input_price: z
      .number({ message: "must be a number" })
      .nonnegative()
      .optional()
      .describe("Per 1 million input tokens, in the record's pricing.currency."),
    output_price: z
      .number({ message: "must be a number" })
      .nonnegative()
      .optional()
      .describe("Per 1 million output tokens, in the record's pricing.currency."),
    valid_from: IsoDate.optional().describe("The first day the source says these prices apply (a price change announced with a date)."),
    valid_until: IsoDate.optional().describe("The last day the source says these prices apply (an announced price change or end of support)."),
    _scraped: z
      .looseObject({
        fields: z.array(z.enum(["context_tokens", "input_price", "output_price"])),
        verified_by: z.literal("scraper"),
        source_url: HttpUrl,
        source_date: IsoDate,
      })
      .optional()
      .describe("Which of this model's values the scraper topped up, and from where; the models Fact's own provenance stays the manual one."),
    corroborated_at: IsoDate.optional().describe("Set by the build from data/corroborations/: the day a public price registry was read that lists this model at the same input and output prices (same currency, within rounding)."),
    corroborated_by: PriceRegistryName.optional().describe("The price registry that listed the same prices."),
  })
  .meta({ id: "Model" });
export type Model = z.infer<typeof Model>;
