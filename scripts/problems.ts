export type Severity = "error" | "warning";

/** One thing wrong with the input, located well enough that a person can go and fix it. */
export interface Problem {
  severity: Severity;
  /** File path relative to the project root. */
  file: string;
  /** Record id, when the problem belongs to one record. */
  id?: string;
  /** JSON path inside the file, `$` for the whole document. */
  path: string;
  /** Short machine name of the rule that was broken. */
  rule: string;
  message: string;
}

export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][\w$]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

/** Control characters (terminal escapes among them) and text-reordering marks, shown as escapes. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
const printable = (text: string) => text.replace(UNPRINTABLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** One line per problem; nothing taken from the data can move the cursor, recolour or reorder the terminal. */
export function formatProblem(problem: Problem): string {
  const file = /\s/.test(problem.file) ? JSON.stringify(problem.file) : problem.file;
  const where = problem.id ? `${file} (id ${problem.id})` : file;
  return printable(`${problem.severity}: ${where} ${problem.path}: ${problem.message} [${problem.rule}]`);
}

export const errorsOf = (problems: readonly Problem[]) => problems.filter((p) => p.severity === "error");
export const warningsOf = (problems: readonly Problem[]) => problems.filter((p) => p.severity === "warning");

/** Thrown when the input cannot be built; carries every problem found, not only the first. */
export class InvalidInputError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`${errorsOf(problems).length} problem(s) in the data`);
  }
}
