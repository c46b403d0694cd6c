/** A value in words. Never turns a missing or unknown value into "no". */
export function describeValue(value: unknown, status: string): string {
  if (status === "unknown" || value === null || value === undefined) return "not researched";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none listed";
    return value.map((item) => describeValue(item, status)).join("; ");
  }
  if (typeof value === "object") {
    const entries = value as Record<string, unknown>;
    if ("country" in entries) {
      return [entries.country, entries.city].filter(Boolean).join(", ") + (entries.role ? ` (${String(entries.role)})` : "");
    }
    if ("name" in entries && "achieved" in entries) return `${String(entries.name)}: ${entries.achieved ? "achieved" : "not achieved"}`;
    return Object.entries(entries)
      .map(([key, inner]) => `${key}: ${typeof inner === "object" ? JSON.stringify(inner) : String(inner)}`)
      .join(", ");
  }
  return String(value);
}
