import type { ReviewEntry } from "../merge/review.js";
import type { Provider, RegistryAnswerFile } from "../schema/index.js";
import { sameCompanyName } from "./names.js";

/**
 * A register corroborates a number only for the company it names: both names must be known and agree. An
 * answer without a name, or a record without a legal_name, has nothing to compare, so it corroborates nothing.
 */
function namesAgree(provider: Provider, registeredName: string | null): boolean {
  return typeof provider.legal_name === "string" && registeredName !== null && sameCompanyName(provider.legal_name, registeredName);
}

/**
 * The register's answer joins the record as _registry. Where the register agrees (found, active, the name
 * it gives equals the record's legal_name) the org_number is marked corroborated by it, and country_hq too when the registered address is
 * in that country; where it does not, a person is asked (registry_mismatch) and nothing is overwritten.
 */
export function mergeRegistry(providers: readonly Provider[], answers: ReadonlyMap<string, RegistryAnswerFile>): { providers: Provider[]; entries: ReviewEntry[] } {
  const entries: ReviewEntry[] = [];
  const merged = providers.map((provider) => {
    const answer = answers.get(provider.id);
    if (!answer) return provider;
    const { register, url, org_number, registered_name, active, flags, checked_at } = answer;
    const record: Provider = { ...provider, _registry: { register, url, org_number, registered_name, active, flags, checked_at } };
    const day = checked_at.slice(0, 10);
    const ownership = provider.ownership;
    if (flags.length === 0 && active && namesAgree(provider, registered_name) && ownership?.org_number && ownership.org_number.status !== "unknown") {
      const corroborated = { corroborated_at: day, corroborated_by: "registry" as const };
      record.ownership = {
        ...ownership,
        org_number: { ...ownership.org_number, ...corroborated },
        ...(ownership.country_hq && ownership.country_hq.status !== "unknown" && answer.address_country === ownership.country_hq.value && { country_hq: { ...ownership.country_hq, ...corroborated } }),
      };
    } else if (flags.length > 0) {
      entries.push({
        kind: "registry_mismatch",
        provider: provider.id,
        path: "$.ownership.org_number",
        manual_value: ownership?.org_number?.value ?? null,
        observed_value: flags,
        observed_at: day,
        source: url,
        note: `${register}: ${registered_name ?? "no entity"}${active ? "" : ", not active"}`,
      });
    }
    return record;
  });
  return { providers: merged, entries };
}
