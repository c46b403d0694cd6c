import { z } from "zod";
import { BUYER_QUESTIONS, valueSchemaOf } from "./buyerQuestions.js";
import { Category } from "./category.js";
import { FactStatus } from "./fact.js";
import { IsoDateTime } from "./primitives.js";
import { CountryCode } from "./values.js";

/** One typed answer of the light index: the value and the status it rests on, nothing else. */
const answer = (value: z.ZodType) => z.strictObject({ value, status: FactStatus });

/**
 * /api/providers.json: the list of providers with their typed buyer answers and the status of each, for a
 * client that wants to filter or compare without downloading every source and note. An answer that is not
 * researched is left out (absent never means "no"); /api/data/{id} has the sources, dates and notes.
 */
export const ProvidersIndex = z
  .strictObject({
    version: z.string().describe("The dataset version these answers belong to: cite it."),
    generated_at: IsoDateTime.optional(),
    license: z.string().optional(),
    providers: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        category: Category,
        country_hq: CountryCode.nullable().describe("Seat of the contracting entity; null when not researched."),
        answers: z
          .strictObject(Object.fromEntries(BUYER_QUESTIONS.map((question) => [question.key, answer(valueSchemaOf(question.shape)).optional().describe(`${question.label.en}: ${question.path.join(".")}`)])))
          .describe("Typed buyer answers by question key (the registry on the methodology page); an answer not researched is absent, which never means 'no'."),
      }),
    ),
  })
  .meta({ id: "ProvidersIndex" });
export type ProvidersIndex = z.infer<typeof ProvidersIndex>;
