import { mkdirSync, promises as fs, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export async function writeAtomically(file: string, text: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, file);
}

/** writeAtomically for callers that cannot wait (a value needed while the site renders). */
export function writeAtomicallySync(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Writes only when the bytes differ; returns whether it wrote. */
export async function writeIfChanged(file: string, text: string): Promise<boolean> {
  try {
    if ((await fs.readFile(file, "utf8")) === text) return false;
  } catch {
    // missing: write it
  }
  await writeAtomically(file, text);
  return true;
}
