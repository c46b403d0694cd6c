/**
 * What a tool says about a Fact beyond its value and dates: whose statement it is, the source's own words, and
 * for the derived answer on who can reach the data, the role of the US party and the link that decided it.
 * A claimed Fact is called the provider's own statement only when its source is the provider's.
 */
import { Attribution, attributionOf } from "../schema/evidenceRules.js";
import type { FactLike } from "../schema/facts.js";
import { withoutHiddenCharacters } from "../schema/primitives.js";
import { UsPartyRole } from "../schema/vocabularies.js";

/** What a tool hands out beside each Fact, in structured form. */
export type FactEvidence = {
  /** Whose statement the Fact is (provider, press, third_party, register, certificate, derived); null when not researched or its source kind is not recorded. */
  attribution: Attribution | null;
  /** The source's own words that support the value, verbatim; null where the Fact has none. */
  source_quote: string | null;
  /** Where in the source the quote stands. */
  locator: string | null;
  /** For the derived answer on who can reach the data: the role of the US party that decided it. */
  us_party_role: UsPartyRole | null;
  /** For the derived answer on who can reach the data: the link that decided it, in words. */
  deciding_link: string | null;
};

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

export function evidenceOf(fact: FactLike | undefined): FactEvidence {
  const researched = fact !== undefined && fact.status !== "unknown";
  const member = (name: string) => (researched ? text((fact as Record<string, unknown>)[name]) : null);
  const role = member("us_party_role");
  return {
    attribution: researched ? attributionOf(fact) : null,
    source_quote: researched ? text(fact.quote) : null,
    locator: researched ? text(fact.locator) : null,
    us_party_role: role !== null && (UsPartyRole.tokens as readonly string[]).includes(role) ? (role as UsPartyRole) : null,
    deciding_link: member("deciding_link"),
  };
}

/** Whose statement, in the words a citation can repeat. */
const WHOSE: Readonly<Record<Attribution, string>> = {
  provider: "the provider's own statement",
  press: "a press report, not the provider's own statement",
  third_party: "a third party's report, not the provider's own statement",
  register: "a register's or authority's record",
  certificate: "a certificate or the certification body's register",
  derived: "derived by the build",
};

/**
 * The status in words, with whose statement it is: `claimed` is "the provider's own statement" only when the
 * provider made it; a press, third-party, register or derived Fact says so.
 */
export function statusWords(fact: FactLike): string {
  const status = String(fact.status);
  const attribution = attributionOf(fact);
  const whose = attribution ? WHOSE[attribution] : "whose statement it is is not recorded (no source_type)";
  if (attribution === "derived" && status !== "not_applicable") return `${status} (derived by the build: as strong as the weakest Fact it rests on)`;
  switch (status) {
    case "confirmed":
      return "confirmed";
    case "claimed":
      return `claimed (${whose}; not checked against a register or binding document)`;
    case "planned":
      return `planned (a stated goal, not yet reached; ${whose})`;
    case "not_applicable":
      return "not applicable";
    default:
      return status;
  }
}

/** Values come from data (or a remote site): one line each, so a value cannot pose as another line of the answer. */
const oneLine = (value: string, max: number) => {
  const flat = withoutHiddenCharacters(value).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** How much of a quote the one-line answer repeats; the structured answer holds it whole. */
const QUOTE_SHOWN = 300;

/** The source's own words and the derived answer's grade, as the end of a Fact's line; empty when it has neither. */
export function evidenceWords(fact: FactLike): string {
  const evidence = evidenceOf(fact);
  const parts: string[] = [];
  if (evidence.us_party_role) parts.push(`role of the US party: ${evidence.us_party_role} (${UsPartyRole.terms[evidence.us_party_role].en})`);
  if (evidence.deciding_link) parts.push(`decided by: ${oneLine(evidence.deciding_link, 300)}`);
  if (evidence.source_quote) {
    const shown = oneLine(evidence.source_quote, QUOTE_SHOWN);
    const locator = evidence.locator ? ` (${oneLine(evidence.locator, 120)})` : "";
    parts.push(`the source says: "${shown}"${locator}${shown.endsWith("…") ? " [shortened; whole in source_quote]" : ""}`);
  }
  return parts.map((part) => `; ${part}`).join("");
}

/** The whose-statement words for the meaning rules, from the one table. */
export const WHOSE_STATEMENT_RULE = `claimed was read in its source but not checked against a register or binding document; whose statement it is follows from source_type (the attribution field): ${Attribution.tokens.map((token) => `${token} = ${Attribution.terms[token].en}`).join(", ")}. Call a claimed Fact the provider's own statement only when attribution is provider.`;
