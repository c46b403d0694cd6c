import { BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import { Attribution, SourceType, attributionOf } from "../../schema/evidenceRules.js";
import type { EvidenceWords } from "./factEvidence.js";
import { MESSAGES, type Lang } from "./messages.js";

/** A field's label: the buyer question's where it is one, else the catalogue's, else the member's own name. */
export function fieldLabel(dotted: string, lang: Lang): string {
  const question = BUYER_QUESTIONS.find((entry) => entry.path.join(".") === dotted);
  if (question) return question.label[lang];
  const t = MESSAGES[lang];
  const key = dotted.split(".").pop()!;
  return t.provider.fields[key] ?? t.provider.blocks[key] ?? key.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** Every field a derived answer or an objective names, labelled. */
const LABELLED_FIELDS = [
  ...BUYER_QUESTIONS.map((question) => question.path.join(".")),
  "ownership.contracting_entity",
  "ownership.ultimate_parent",
  "sovereignty.energy_sustainability",
  "compliance.nis2_dora_relevance",
  "compliance.eu_ai_act_status",
  "contract.data_portable",
  "contract.no_lock_in",
  "contract.egress_free",
  "contract.binding_free",
  "contract.notice_period",
  "api.sdks",
  "own_weights",
  "pricing.price_per_1m_output_tokens",
];

const cache = new Map<Lang, EvidenceWords>();

/** The words a Fact's evidence is said with, in one language: the catalogue's, and the labels of the source kinds. */
export function evidenceWords(lang: Lang): EvidenceWords {
  const found = cache.get(lang);
  if (found) return found;
  const t = MESSAGES[lang];
  const words: EvidenceWords = {
    lang,
    status: { ...t.status },
    attribution: Object.fromEntries(Attribution.tokens.map((token) => [token, Attribution.terms[token][lang]])),
    attributionOf: Object.fromEntries(SourceType.tokens.map((token) => [token, attributionOf({ source_type: token })!])),
    sourceTypes: Object.fromEntries(SourceType.tokens.map((token) => [token, SourceType.terms[token][lang]])),
    fields: Object.fromEntries(LABELLED_FIELDS.map((dotted) => [dotted, fieldLabel(dotted, lang)])),
    months: t.months,
    ...t.evidence,
    notResearched: t.notResearched,
  };
  cache.set(lang, words);
  return words;
}
