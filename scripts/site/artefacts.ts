/** Where a build puts its output: a path inside public/ and its bytes (a Map). */
export interface Artefacts {
  set(file: string, bytes: Buffer): unknown;
}

export function addText(artefacts: Artefacts, file: string, text: string): void {
  artefacts.set(file, Buffer.from(text, "utf8"));
}

/** Compact JSON with a trailing newline: the one serialisation every JSON file of the API uses. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
