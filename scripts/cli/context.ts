import type { ProjectPaths } from "../config.js";
import { errorsOf, formatProblem, warningsOf, type Problem } from "../problems.js";

/** Exit codes: 0 success, 1 the data (or a run) failed, 2 the command was called wrongly. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** What every command needs from the program that registers it. */
export interface CommandContext {
  /** The project's folders, under --root (read when the command runs, after the options are parsed). */
  paths: () => ProjectPaths;
  setExitCode: (code: number) => void;
  /** The folder of the program itself (scripts/ beside data/ in a checkout): what a build's inputs include. */
  programRoot: string;
}

/** A command called wrongly: printed as one line, exit 2. */
export class UsageError extends Error {}

export function printProblems(problems: readonly Problem[]): void {
  for (const problem of warningsOf(problems)) console.warn(formatProblem(problem));
  for (const problem of errorsOf(problems)) console.error(formatProblem(problem));
}
