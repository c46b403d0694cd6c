/**
 * Programs for worker threads, bundled by the command at its start in the same esbuild run as the program itself
 * (bin/evidence.js, with the entries of bin/workers.js), by name. A thread cannot run the TypeScript in scripts/,
 * and bundling its program when the thread is needed would start esbuild once more (100 ms on the way of a build of
 * the real data). Where nothing was provided (the program run through tsx, as the tests do) the work runs on the
 * calling thread.
 */
export const BUNDLED_WORKERS = ["history"] as const;
export type BundledWorkerName = (typeof BUNDLED_WORKERS)[number];

const sources = new Map<BundledWorkerName, string>();

/**
 * Called by the command once it has bundled the workers' programs (CommonJS, run with `new Worker(source, { eval:
 * true })`); null withdraws one.
 */
export function provideBundledWorker(name: BundledWorkerName, source: string | null): void {
  if (source === null) sources.delete(name);
  else sources.set(name, source);
}

export function bundledWorker(name: BundledWorkerName): string | undefined {
  return sources.get(name);
}
