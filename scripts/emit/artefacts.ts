/** The complete output of one build: a path inside public/ and its bytes. */
export type Artefacts = Map<string, Buffer>;

export function addText(artefacts: Artefacts, file: string, text: string): void {
  artefacts.set(file, Buffer.from(text, "utf8"));
}

/** Compact JSON with a trailing newline: the one serialisation every JSON file of the API uses. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
