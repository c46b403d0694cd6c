import type { Command } from "commander";
import type { ProjectPaths } from "../config.js";

/** What the job commands need from the program that registers them. */
export interface JobContext {
  paths: () => ProjectPaths;
  setExitCode: (code: number) => void;
}

/**
 * The commands that read the outside world and write a committed file under data/ (source dates, the
 * source watch, the company registers). Kept apart from program.ts so each job owns its options.
 */
export function registerJobCommands(program: Command, context: JobContext): void {
  void program;
  void context;
}
