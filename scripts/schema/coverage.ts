import { Provider, type Category } from "./provider.js";
import { objectShape } from "./walk.js";
import { asks, questionByPath } from "./buyerQuestions.js";
import { factAt, pathKey, type FactPath } from "./factPath.js";

const isFactSchema = (schema: Parameters<typeof objectShape>[0]) => {
  const shape = objectShape(schema);
  return shape !== null && "value" in shape && "status" in shape;
};

/** Every Fact the Provider schema names, in schema order: derived from the schema, never listed by hand. */
export const FACT_PATHS: readonly FactPath[] = (() => {
  const paths: FactPath[] = [];
  for (const [key, member] of Object.entries(objectShape(Provider)!)) {
    if (isFactSchema(member)) {
      paths.push([key]);
      continue;
    }
    const block = objectShape(member);
    if (!block) continue;
    for (const [inner, schema] of Object.entries(block)) if (isFactSchema(schema)) paths.push([key, inner]);
  }
  return paths;
})();

/**
 * Fields that are not buyer questions and do not apply to what a category sells, so a record is not counted
 * short for leaving them out: a GPU rental has no reference model, an assistant platform no pass-through
 * policy. Which categories a buyer question is asked of is the registry's (buyerQuestions.ts).
 */
const NOT_FOR_CATEGORY: Record<Category, ReadonlySet<string>> = {
  inference_api: new Set(["pricing.pass_through"]),
  gateway_router: new Set(["pricing.price_per_1m_output_tokens", "pricing.reference_model", "own_weights"]),
  platform_assistant: new Set(["pricing.price_per_1m_output_tokens", "pricing.reference_model", "pricing.pass_through"]),
  compute_gpu: new Set(["pricing.price_per_1m_output_tokens", "pricing.reference_model", "pricing.pass_through", "models", "mcp_support", "own_weights"]),
};

export interface Coverage {
  /** Fields of the schema that apply to the record's category and are not marked not_applicable. */
  applicable: number;
  /** Of those, the ones with a Fact whose status is not unknown. */
  researched: number;
}

/** How much of what applies to a record has been researched; a missing field counts as not researched. */
export function coverageOf(record: Provider): Coverage {
  let applicable = 0;
  let researched = 0;
  for (const path of FACT_PATHS) {
    if (!appliesTo(record.category, path)) continue;
    const fact = factAt(record, path);
    if (fact?.status === "not_applicable") continue;
    applicable += 1;
    if (fact && fact.status !== "unknown") researched += 1;
  }
  return { applicable, researched };
}

/** Whether a field applies to a category (for shares in the report). */
export function appliesTo(category: Category, path: FactPath): boolean {
  const key = pathKey(path);
  const question = questionByPath(key);
  return question ? asks(question, category) : !NOT_FOR_CATEGORY[category].has(key);
}
