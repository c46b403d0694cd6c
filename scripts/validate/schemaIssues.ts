import type { z } from "zod";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Turns zod's issues into Problems that name the JSON path and say the rule in plain words. */
export function problemsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  where: { file: string; id?: string },
): Problem[] {
  return issues.map((issue) => {
    const missing = issue.code !== "custom" && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
    const base = { severity: "error" as const, file: where.file, path: jsonPath(issue.path) };
    const id = where.id ? { id: where.id } : {};
    if (missing) return { ...base, ...id, rule: "required", message: "is required but missing" };
    return { ...base, ...id, rule: issue.code, message: issue.message };
  });
}
