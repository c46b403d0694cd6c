import { answersOf } from "../../schema/answers.js";
import { BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import { stringValueOf, factAt } from "../../schema/factPath.js";
import type { Provider } from "../../schema/index.js";
import { openJsonList, type ArtefactWriter, type PartsWriter } from "../artefacts.js";

/** One provider's line of the light index: typed answers with their statuses, no sources or notes. */
export function indexEntryOf(record: Provider): Record<string, unknown> {
  const answers: Record<string, { value: unknown; status: string }> = {};
  for (const answer of answersOf(record, BUYER_QUESTIONS)) {
    if (answer.status === null) continue;
    answers[answer.question.key] = { value: answer.value, status: answer.status };
  }
  return { id: record.id, name: record.name, category: record.category, country_hq: stringValueOf(factAt(record, ["ownership", "country_hq"])), answers };
}

/** /api/providers.json, handed over record by record like the dataset: compact JSON. */
export function openProvidersIndex(out: ArtefactWriter, meta: { version: string; license?: string }, generatedAt: string): PartsWriter<Provider> {
  const list = openJsonList(out, { version: meta.version, generated_at: generatedAt, license: meta.license }, "providers");
  return { add: (record) => list.add(indexEntryOf(record)), end: () => list.end() };
}
