import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs Node with these arguments: its standard output and the wall time of the whole process. */
export async function timedNode(args: string[], cwd: string): Promise<{ stdout: string; wallMs: number }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stderr?: string }) => {
    throw new Error(`${args.join(" ")} failed: ${(error.stderr ?? "").split("\n").slice(0, 8).join("\n")}`);
  });
  return { stdout, wallMs: performance.now() - started };
}

/**
 * Runs `count` pairs of the two measurements, the first one first in even pairs and second in odd ones: the
 * cost of creating files on this kind of machine drifts by several times within minutes, and depends on what
 * was deleted just before, so both sides take turns at the same conditions.
 */
export async function alternatePairs(count: number, first: () => Promise<void>, second: () => Promise<void>): Promise<void> {
  for (let pair = 0; pair < count; pair += 1) {
    if (pair % 2 === 0) {
      await first();
      await second();
    } else {
      await second();
      await first();
    }
  }
}
