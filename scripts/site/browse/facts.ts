import type { Lang } from "../../schema/answers.js";

const WORDS = {
  en: { notResearched: "not researched", yes: "yes", no: "no", none: "none listed", achieved: "achieved", notAchieved: "not achieved" },
  sv: { notResearched: "ej undersökt", yes: "ja", no: "nej", none: "inga angivna", achieved: "uppnådd", notAchieved: "ej uppnådd" },
} as const;

/** A value that is not a buyer answer, in words. Never turns a missing or unknown value into "no". */
export function describeValue(value: unknown, status: string, lang: Lang = "en"): string {
  const words = WORDS[lang];
  if (status === "unknown" || value === null || value === undefined) return words.notResearched;
  if (value === true) return words.yes;
  if (value === false) return words.no;
  if (Array.isArray(value)) {
    if (value.length === 0) return words.none;
    return value.map((item) => describeValue(item, status, lang)).join("; ");
  }
  if (typeof value === "object") {
    const entries = value as Record<string, unknown>;
    if ("country" in entries) {
      return [entries.country, entries.city].filter(Boolean).join(", ") + (entries.role ? ` (${String(entries.role)})` : "");
    }
    if ("name" in entries && "achieved" in entries) return `${String(entries.name)}: ${entries.achieved ? words.achieved : words.notAchieved}`;
    return Object.entries(entries)
      .map(([key, inner]) => `${key}: ${typeof inner === "object" ? JSON.stringify(inner) : String(inner)}`)
      .join(", ");
  }
  return String(value);
}
