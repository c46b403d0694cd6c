import { Provider, type Category } from "./provider.js";
import { objectShape } from "./walk.js";

/** A Fact's place in a record: a top-level Fact (`models`) or a member of a block (`pricing.currency`). */
export type FactPath = readonly [string] | readonly [string, string];

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
 * Fields that do not apply to what a category sells, so a record is not counted short for leaving them
 * out: a GPU rental has no per-token price, an assistant platform no pass-through policy.
 */
const NOT_FOR_CATEGORY: Record<Category, ReadonlySet<string>> = {
  inference_api: new Set(["pricing.pass_through"]),
  gateway_router: new Set(["pricing.price_per_1m_input_tokens", "pricing.price_per_1m_output_tokens", "pricing.reference_model", "own_weights"]),
  platform_assistant: new Set(["pricing.price_per_1m_input_tokens", "pricing.price_per_1m_output_tokens", "pricing.reference_model", "pricing.pass_through"]),
  compute_gpu: new Set([
    "pricing.price_per_1m_input_tokens",
    "pricing.price_per_1m_output_tokens",
    "pricing.reference_model",
    "pricing.pass_through",
    "api.openai_compatible",
    "models",
    "mcp_support",
    "own_weights",
  ]),
};

export const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/** The Fact at a path, if the record has one there. */
export function factAt(record: Provider, path: FactPath): { value?: unknown; status?: unknown } | undefined {
  const top = (record as Record<string, unknown>)[path[0]];
  const found = path.length === 1 ? top : top && typeof top === "object" ? (top as Record<string, unknown>)[path[1]] : undefined;
  return found !== null && typeof found === "object" && "status" in found ? (found as { value?: unknown; status?: unknown }) : undefined;
}

export interface Coverage {
  /** Fields of the schema that apply to the record's category and are not marked not_applicable. */
  applicable: number;
  /** Of those, the ones with a Fact whose status is not unknown. */
  researched: number;
}

/** How much of what applies to a record has been researched; a missing field counts as not researched. */
export function coverageOf(record: Provider): Coverage {
  const skip = NOT_FOR_CATEGORY[record.category];
  let applicable = 0;
  let researched = 0;
  for (const path of FACT_PATHS) {
    if (skip.has(pathKey(path))) continue;
    const fact = factAt(record, path);
    if (fact?.status === "not_applicable") continue;
    applicable += 1;
    if (fact && fact.status !== "unknown") researched += 1;
  }
  return { applicable, researched };
}

/** Whether a field applies to a category (for shares in the report). */
export function appliesTo(category: Category, path: FactPath): boolean {
  return !NOT_FOR_CATEGORY[category].has(pathKey(path));
}
