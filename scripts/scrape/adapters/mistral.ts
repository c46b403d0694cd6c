import { boundedText } from "../bounds.js";
import { aliasesOf, compact, contextOf, itemsOf, readItems } from "./common.js";
import type { Adapter } from "./types.js";

/**
 * Mistral's /v1/models: capabilities, max_context_length, aliases and a deprecation date; no prices. The
 * API answers an OpenAI list; the published reference shows a bare array, so both are read. Aliases let a
 * seed model named by an alias ("mistral-large-latest") be matched.
 */
export const mistral: Adapter = {
  expected: "a Mistral models list",
  parse: (body) => {
    const found = itemsOf(body, "either");
    return (
      found &&
      readItems(found, (item, id) =>
        compact({
          id,
          contextTokens: contextOf(item, "max_context_length"),
          aliases: aliasesOf(item.aliases),
          deprecated: boundedText(item.deprecation) ?? undefined,
        }),
      )
    );
  },
};
