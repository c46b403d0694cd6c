/**
 * Where a build puts its output: a path inside public/ and its bytes. A Map collects them (tests); the
 * build hands them straight to the generation being written, so writing overlaps rendering.
 */
export interface Artefacts {
  set(file: string, bytes: Buffer): unknown;
}

/**
 * UTF-8 bytes in a buffer of their own (Buffer.from may hand out a slice of a shared pool), so the
 * writer thread can take the memory over instead of copying it.
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
  bytes.write(text, "utf8");
  return bytes;
}

export function addText(artefacts: Artefacts, file: string, text: string): void {
  artefacts.set(file, ownBytes(text));
}

/** Compact JSON with a trailing newline: the one serialisation every JSON file of the API uses. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
