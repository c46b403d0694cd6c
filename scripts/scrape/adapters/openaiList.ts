import { compact, contextOf, itemsOf, readItems } from "./common.js";
import type { Adapter } from "./types.js";

/**
 * The OpenAI list {"object": "list", "data": [{"id": …}]} that most OpenAI-compatible servers answer.
 * vLLM adds max_model_len, others context_length: read when present, no prices.
 */
export const openAiList: Adapter = {
  expected: "an OpenAI models list",
  parse: (body) => {
    const found = itemsOf(body, "list");
    return found && readItems(found, (item, id) => compact({ id, contextTokens: contextOf(item, "context_length", "max_model_len") }));
  },
};

/** A bare JSON array of model objects, for servers that leave out the list envelope. */
export const bareArray: Adapter = {
  expected: "a JSON array of models",
  parse: (body) => {
    const found = itemsOf(body, "array");
    return found && readItems(found, (item, id) => compact({ id, contextTokens: contextOf(item, "context_length", "max_model_len") }));
  },
};
