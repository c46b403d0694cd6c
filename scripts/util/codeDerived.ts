import { readFileSync } from "node:fs";
import path from "node:path";
import { writeAtomicallySync } from "./files.js";

/**
 * Values that depend on the code alone, never on the data: the JSON Schemas zod derives from the schemas
 * (about 55 ms of every build). Each is computed once per process and, where the bundled command says which
 * code runs and where it keeps its files, once per version of the code: a kept value is used only by the very
 * bundle that wrote it, so it can never be older than the code, whatever the clock says.
 */
export interface CodeVersion {
  /** Where kept values are written (the bundle's own cache folder). */
  dir: string;
  /** The bundle's digest. */
  version: string;
}

let keptBy: CodeVersion | null = null;
const computed = new Map<string, unknown>();

/** Called by the bundled command before anything is computed; without it values are computed per process. */
export function keepCodeDerivedValues(version: CodeVersion | null): void {
  keptBy = version;
  computed.clear();
}

const fileOf = (dir: string, name: string) => path.join(dir, `${name}.json`);

function readKept(name: string): { value: unknown } | null {
  if (!keptBy) return null;
  try {
    const kept = JSON.parse(readFileSync(fileOf(keptBy.dir, name), "utf8")) as { version?: unknown; value?: unknown };
    return kept.version === keptBy.version && "value" in kept ? { value: kept.value } : null;
  } catch {
    return null;
  }
}

function keep(name: string, value: unknown): void {
  if (!keptBy) return;
  try {
    writeAtomicallySync(fileOf(keptBy.dir, name), JSON.stringify({ version: keptBy.version, value }));
  } catch {
    // A read-only install computes the value in every process instead.
  }
}

/**
 * The value of `compute`, a JSON value that depends on the code only. The same object is returned to every
 * caller of the process: callers copy before they change it.
 */
export function codeDerived<T>(name: string, compute: () => T): T {
  if (computed.has(name)) return computed.get(name) as T;
  const kept = readKept(name);
  let value: T;
  if (kept) value = kept.value as T;
  else {
    value = compute();
    keep(name, value);
  }
  computed.set(name, value);
  return value;
}
