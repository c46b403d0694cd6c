import type { Problem } from "../problems.js";
import { identifierOf } from "../registry/orgNumbers.js";
import type { Provider } from "../schema/index.js";

/** What the company checks read of a record: a pipeline can keep this much instead of the whole record. */
export interface CompanyRecord {
  file: string;
  record: Pick<Provider, "id" | "legal_name" | "ownership">;
}

/** The part of a record the company checks read. */
export function companyRecordOf(file: string, record: Provider): CompanyRecord {
  const { org_number, country_hq, foreign_parent, ownership_jurisdiction } = record.ownership ?? {};
  return { file, record: { id: record.id, legal_name: record.legal_name, ownership: { org_number, country_hq, foreign_parent, ownership_jurisdiction } as Provider["ownership"] } };
}

type FactLike = { value?: unknown; status?: unknown } | undefined;
const answered = (fact: FactLike) => fact !== undefined && fact.status !== "unknown" && fact.value !== null && fact.value !== undefined;

/** An org_number whose form is national (SE, NO, FI, FR, DK) or a LEI must pass its check digits. */
export function checkOrgNumbers(records: readonly CompanyRecord[]): Problem[] {
  const problems: Problem[] = [];
  for (const { file, record } of records) {
    const fact = record.ownership?.org_number;
    if (!answered(fact) || typeof fact!.value !== "string") continue;
    const country = answered(record.ownership?.country_hq) ? String(record.ownership!.country_hq!.value) : null;
    const identifier = identifierOf(fact!.value, country);
    if (identifier?.kind === "invalid") problems.push({ severity: "error", file, id: record.id, path: "$.ownership.org_number.value", rule: identifier.rule, message: identifier.message });
  }
  return problems;
}

const companyKeyOfNumber = (value: string) => `number:${value.toUpperCase().replace(/[^A-Z0-9]/g, "")}`;
const companyKeyOfName = (value: string) => `name:${value.normalize("NFKC").toLowerCase().replace(/[.,]+$/g, "").replace(/\s+/g, " ").trim()}`;

/**
 * One company, one answer: records that share an org_number or a legal_name describe the same company, so
 * they give the same country_hq and foreign_parent, and all or none of them answer ownership_jurisdiction.
 */
export function checkOneCompany(records: readonly CompanyRecord[]): Problem[] {
  // Union-find over the records, joined by every key they share.
  const parent = records.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : (parent[index] = find(parent[index]!)));
  const byKey = new Map<string, number>();
  records.forEach(({ record }, index) => {
    const keys: string[] = [];
    const number = record.ownership?.org_number;
    if (answered(number) && typeof number!.value === "string" && number!.value.trim().length >= 5) keys.push(companyKeyOfNumber(number!.value));
    if (typeof record.legal_name === "string" && record.legal_name.trim().length > 0) keys.push(companyKeyOfName(record.legal_name));
    for (const key of keys) {
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, index);
      else parent[find(index)] = find(seen);
    }
  });
  const groups = new Map<number, CompanyRecord[]>();
  records.forEach((entry, index) => groups.set(find(index), [...(groups.get(find(index)) ?? []), entry]));
  const problems: Problem[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const ids = group.map(({ record }) => record.id).join(", ");
    const report = (rule: string, field: string, detail: string) => {
      for (const { file, record } of group) {
        problems.push({ severity: "error", file, id: record.id, path: `$.ownership.${field}`, rule, message: `records of one company (same org_number or legal_name: ${ids}) ${detail}` });
      }
    };
    for (const field of ["country_hq", "foreign_parent"] as const) {
      const values = group.map(({ record }) => (answered(record.ownership?.[field]) ? JSON.stringify(record.ownership![field]!.value) : "unknown"));
      if (new Set(values).size > 1) report("one-company-one-answer", field, `give different ${field} values: ${group.map(({ record }, index) => `${record.id} ${values[index]}`).join(", ")}`);
    }
    const jurisdiction = group.map(({ record }) => answered(record.ownership?.ownership_jurisdiction));
    if (jurisdiction.some(Boolean) && !jurisdiction.every(Boolean)) {
      report("one-company-one-answer", "ownership_jurisdiction", `answer ownership_jurisdiction in ${group.filter((_, index) => jurisdiction[index]).map(({ record }) => record.id).join(", ")} but leave it unknown in ${group.filter((_, index) => !jurisdiction[index]).map(({ record }) => record.id).join(", ")}`);
    }
  }
  return problems;
}
