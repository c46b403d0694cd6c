import type { Provider } from "../schema/index.js";
import { pathKey } from "../schema/factPath.js";
import { factsOf } from "../schema/facts.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";

/** [field path, source_url, status] of one researched Fact. */
export type Citation = [string, string, string];

export interface CitingRecord {
  file: string;
  id: string;
  citations: readonly Citation[];
}

/** Every researched Fact of a record that names its source. */
export function citationsOf(record: Provider): Citation[] {
  const citations: Citation[] = [];
  for (const [path, fact] of factsOf(record)) {
    if (fact.status !== "unknown" && typeof fact.source_url === "string") citations.push([pathKey(path), fact.source_url, String(fact.status)]);
  }
  return citations;
}

/**
 * Two records that cite the same source for the same field have read the same page: they must give the
 * value the same status. The status most of them give is taken as the reading (the first record's on a
 * tie); each record that differs is named, with the records it disagrees with.
 */
export function checkSharedSources(records: readonly CitingRecord[]): Problem[] {
  const bySourceAndField = new Map<string, Array<{ record: CitingRecord; field: string; status: string }>>();
  for (const record of records) {
    for (const [field, url, status] of record.citations) {
      const key = `${field}\u0000${url}`;
      let list = bySourceAndField.get(key);
      if (!list) bySourceAndField.set(key, (list = []));
      list.push({ record, field, status });
    }
  }
  const problems: Problem[] = [];
  for (const list of bySourceAndField.values()) {
    const counts = new Map<string, number>();
    for (const { status } of list) counts.set(status, (counts.get(status) ?? 0) + 1);
    if (counts.size < 2) continue;
    const reading = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const agreeing = [...new Set(list.filter(({ status }) => status === reading).map(({ record }) => record.id))];
    for (const { record, field, status } of list) {
      if (status === reading) continue;
      problems.push({
        severity: "error",
        file: record.file,
        id: record.id,
        path: jsonPath([...field.split("."), "status"]),
        rule: "same-source-same-status",
        message: `status ${status} differs from ${agreeing.join(", ")}, which cite the same source_url for this field as ${reading}: one source read once gives one status`,
      });
    }
  }
  return problems;
}
