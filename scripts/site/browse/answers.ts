import type { FactStatus, Provider } from "../../schema/index.js";

/** One cell of the buyer's-questions table: a short answer and the status it rests on. */
export interface Answer {
  /** Null when the field is missing or unknown: not researched, never "no". */
  text: string | null;
  status: FactStatus | null;
  /** For sorting: a number where the answer is a price, else the text. */
  sort: number | string | null;
}

export interface BuyerAnswers {
  datacenterCountries: Answer & { countries: string[] };
  dpa: Answer;
  training: Answer;
  iso27001: Answer;
  openaiCompatible: Answer;
  lowestPrice: Answer;
}

type FactOf<T> = { value?: T | null; status: FactStatus; partial?: boolean } | undefined;

const NOT_RESEARCHED: Answer = { text: null, status: null, sort: null };

const shorten = (text: string, max = 48) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function answer<T>(fact: FactOf<T>, words: (value: T) => string): Answer {
  if (!fact || fact.status === "unknown" || fact.value === null || fact.value === undefined) {
    return fact?.status === "not_applicable" ? { text: "not applicable", status: "not_applicable", sort: null } : NOT_RESEARCHED;
  }
  const text = words(fact.value);
  return { text, status: fact.status, sort: text };
}

const yesNo = (yes: string, no: string) => (value: boolean | string) => (value === true ? yes : value === false ? no : shorten(value));

/** The answers a buyer compares providers on, each with the status of the Fact it comes from. */
export function buyerAnswers(record: Provider): BuyerAnswers {
  const locations = record.sovereignty?.datacenter_locations as FactOf<Array<{ country: string }>>;
  const listed = locations && locations.status !== "unknown" && Array.isArray(locations.value) ? locations.value : [];
  const countries = [...new Set(listed.map((location) => location.country))].sort();
  const datacenterCountries = countries.length
    ? { text: countries.join(", ") + (locations!.partial ? " (partial list)" : ""), status: locations!.status, sort: countries.join(","), countries }
    : { ...answer(locations, () => ""), countries };

  const iso = record.compliance?.iso_27001 as FactOf<boolean | string>;
  let iso27001 = answer(iso, yesNo("yes", "no"));
  if (iso27001.status === null) {
    const certifications = record.compliance?.certifications as FactOf<Array<{ name: string; achieved: boolean }>>;
    const held = certifications && certifications.status !== "unknown" ? certifications.value?.find((c) => /27001/.test(c.name)) : undefined;
    if (held) iso27001 = { text: held.achieved ? "yes" : "in progress", status: certifications!.status, sort: held.achieved ? "yes" : "in progress" };
  }

  const pricing = record.pricing;
  const input = pricing?.price_per_1m_input_tokens as FactOf<number>;
  let lowestPrice = NOT_RESEARCHED;
  if (input && input.status !== "unknown" && typeof input.value === "number") {
    const currency = pricing?.currency?.value ?? "";
    const output = pricing?.price_per_1m_output_tokens?.value;
    const vat = pricing?.vat_included?.status !== "unknown" ? pricing?.vat_included?.value : null;
    const text = `${input.value} ${currency}`.trim() + (typeof output === "number" ? ` / ${output}` : "") + (vat === true ? " incl. VAT" : vat === false ? " excl. VAT" : "");
    lowestPrice = { text, status: input.status, sort: input.value };
  }

  return {
    datacenterCountries,
    dpa: answer(record.compliance?.gdpr_dpa_available as FactOf<boolean | string>, yesNo("yes", "no")),
    training: answer(record.compliance?.data_used_for_training as FactOf<boolean | string>, yesNo("used for training", "not used")),
    iso27001,
    openaiCompatible: answer(record.api?.openai_compatible as FactOf<boolean>, yesNo("yes", "no")),
    lowestPrice,
  };
}
