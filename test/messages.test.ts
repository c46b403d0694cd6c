import { describe, expect, it } from "vitest";
import { BUYER_QUESTIONS } from "../scripts/schema/buyerQuestions.js";
import { VOCABULARIES } from "../scripts/schema/vocabularies.js";
import { MESSAGES } from "../scripts/site/browse/messages.js";

/** Every leaf of a catalogue entry by its path: strings, and functions called with sample arguments. */
function leaves(node: unknown, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === "string") out.set(path, node);
  else if (typeof node === "function") out.set(path, String((node as (...args: unknown[]) => unknown)("1", "2", "3", "4")));
  else if (Array.isArray(node)) node.forEach((item, index) => leaves(item, `${path}[${index}]`).forEach((value, key) => out.set(key, value)));
  else if (node && typeof node === "object") for (const [key, value] of Object.entries(node)) leaves(value, path ? `${path}.${key}` : key).forEach((text, inner) => out.set(inner, text));
  return out;
}

describe("one message catalogue, two languages", () => {
  it("has every entry in both languages, none empty", () => {
    const en = leaves(MESSAGES.en);
    const sv = leaves(MESSAGES.sv);
    expect([...sv.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of [...en, ...sv]) expect(text.trim(), key).not.toBe("");
  });

  it("says the spec's words in both: own statement / egen uppgift, not researched / ej undersökt", () => {
    expect(MESSAGES.en.status.claimed).toBe("own statement");
    expect(MESSAGES.sv.status.claimed).toBe("egen uppgift");
    expect(MESSAGES.en.status.unknown).toBe("not researched");
    expect(MESSAGES.sv.status.unknown).toBe("ej undersökt");
  });

  it("gives every buyer question and every vocabulary value a label and a meaning in both languages", () => {
    for (const question of BUYER_QUESTIONS) {
      expect(question.label.en.trim(), question.key).not.toBe("");
      expect(question.label.sv.trim(), question.key).not.toBe("");
    }
    for (const [name, vocabulary] of Object.entries(VOCABULARIES)) {
      for (const token of vocabulary.tokens) {
        const term = (vocabulary.terms as Record<string, { en: string; sv: string; meaning: string; meaningSv: string }>)[token]!;
        for (const text of [term.en, term.sv, term.meaning, term.meaningSv]) expect(text.trim(), `${name}.${token}`).not.toBe("");
        expect(term.meaningSv, `${name}.${token}`).not.toBe(term.meaning);
      }
    }
  });
});
