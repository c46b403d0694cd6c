import { factAt, type FactPath } from "./coverage.js";
import type { Category, Provider } from "./provider.js";

/**
 * The questions a buyer asks of every record before comparing: who owns it and under which law, where the
 * data sits, what the contract promises, what it costs. A record "answers" a question when the Fact is
 * researched (any status but unknown); not_applicable answers it too.
 */
export interface BuyerQuestion {
  key: string;
  label: string;
  /** The Fact that answers it, where one Fact does. */
  path?: FactPath;
  /** Categories the question is asked of; all when absent. */
  of?: ReadonlySet<Category>;
  /** Whether the record answers it; the default looks at one Fact. */
  answered: (record: Provider) => boolean;
}

const researched = (fact: { status?: unknown } | undefined) => fact !== undefined && fact.status !== "unknown";
const fieldQuestion = (label: string, path: FactPath, of?: ReadonlySet<Category>): BuyerQuestion => ({
  key: path.join("."),
  label,
  path,
  ...(of && { of }),
  answered: (record) => researched(factAt(record, path)),
});

const NOT_GPU: ReadonlySet<Category> = new Set(["inference_api", "gateway_router", "platform_assistant"]);
const APIS: ReadonlySet<Category> = new Set(["inference_api", "gateway_router"]);
const NOT_INFERENCE: ReadonlySet<Category> = new Set(["gateway_router", "platform_assistant", "compute_gpu"]);

/** A per-token price, on the provider (with its reference model) or on at least one model. */
export function hasTokenPrice(record: Provider): boolean {
  if (researched(factAt(record, ["pricing", "price_per_1m_input_tokens"]))) return true;
  const models = record.models;
  return models !== undefined && models.status !== "unknown" && Array.isArray(models.value) && models.value.some((model) => typeof model.input_price === "number");
}

export const BUYER_QUESTIONS: readonly BuyerQuestion[] = [
  fieldQuestion("country of HQ", ["ownership", "country_hq"]),
  fieldQuestion("ownership jurisdiction", ["ownership", "ownership_jurisdiction"]),
  fieldQuestion("foreign parent", ["ownership", "foreign_parent"]),
  fieldQuestion("data-centre locations", ["sovereignty", "datacenter_locations"]),
  fieldQuestion("data residency guarantee", ["sovereignty", "data_residency_guarantee"]),
  fieldQuestion("DPA", ["compliance", "gdpr_dpa_available"]),
  fieldQuestion("certifications", ["compliance", "certifications"]),
  fieldQuestion("sub-processor list", ["compliance", "subprocessors_list_url"]),
  fieldQuestion("currency", ["pricing", "currency"]),
  fieldQuestion("training use", ["compliance", "data_used_for_training"], NOT_GPU),
  fieldQuestion("retention", ["compliance", "zero_retention"], NOT_GPU),
  fieldQuestion("API base URL", ["api", "base_url"], APIS),
  fieldQuestion("OpenAI-compatible", ["api", "openai_compatible"], APIS),
  { key: "price.per_token", label: "per-token price", of: new Set(["inference_api"]), answered: hasTokenPrice },
  { ...fieldQuestion("price model", ["pricing", "model"], NOT_INFERENCE), key: "price.model" },
];

export interface BuyerAnswers {
  asked: number;
  answered: number;
  /** The keys of the questions asked and not answered. */
  open: string[];
}

/** Which of the buyer's questions a record answers. */
export function buyerAnswersOf(record: Provider): BuyerAnswers {
  const open: string[] = [];
  let asked = 0;
  for (const question of BUYER_QUESTIONS) {
    if (question.of && !question.of.has(record.category)) continue;
    asked += 1;
    if (!question.answered(record)) open.push(question.key);
  }
  return { asked, answered: asked - open.length, open };
}
