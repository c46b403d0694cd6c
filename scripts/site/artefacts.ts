/** A file handed over in parts, in order: for the files too large to hold whole (the dataset, the CSVs). */
export interface ArtefactWriter {
  write(chunk: Buffer): void;
  end(): void;
}

/** Takes the items of one file in order (records, rows) and writes them as parts of it. */
export interface PartsWriter<T> {
  add(item: T): void;
  end(): void;
}

/** Where a build puts its output: a path inside public/ and its bytes (a Map, or a publication). */
export interface Artefacts {
  set(file: string, bytes: Buffer): unknown;
  /** Takes a file in parts; a sink without it gets the parts joined, through `set`. */
  open?(file: string): ArtefactWriter;
  /**
   * A file with exactly the bytes of one handed over before (`sameAs`), under another name: a publication links
   * it instead of writing the bytes again. A sink without it gets the bytes through `set`.
   */
  alias?(file: string, sameAs: string): void;
}

/** Hands over `file` as a copy of `sameAs`, which must have been handed over already; `bytes` for a sink that cannot link. */
export function addAlias(artefacts: Artefacts, file: string, sameAs: string, bytes: () => Buffer): void {
  if (artefacts.alias) artefacts.alias(file, sameAs);
  else artefacts.set(file, bytes());
}

export function addText(artefacts: Artefacts, file: string, text: string): void {
  artefacts.set(file, Buffer.from(text, "utf8"));
}

/** Opens a file to be written in parts, on any sink: one that cannot stream gets the whole file at the end. */
export function openArtefact(artefacts: Artefacts, file: string): ArtefactWriter {
  if (artefacts.open) return artefacts.open(file);
  const chunks: Buffer[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    end: () => void artefacts.set(file, Buffer.concat(chunks)),
  };
}

/** Compact JSON with a trailing newline: the one serialisation every JSON file of the API uses. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}

/**
 * A JSON object whose last member is a list written item by item: `{...head, [list]: [items]}` in compact
 * JSON with a trailing newline, without holding the list.
 */
export function openJsonList(out: ArtefactWriter, head: Record<string, unknown>, list: string): PartsWriter<unknown> {
  const opening = JSON.stringify(head);
  out.write(Buffer.from(`${opening.length > 2 ? `${opening.slice(0, -1)},` : "{"}${JSON.stringify(list)}:[`));
  let first = true;
  return {
    add: (item) => {
      out.write(Buffer.from(`${first ? "" : ","}${JSON.stringify(item)}`));
      first = false;
    },
    end: () => {
      out.write(Buffer.from("]}\n"));
      out.end();
    },
  };
}

/** Writes a file given as text in parts (a page of 150,000 rows), in chunks of about 64 KB, and ends it. */
export function writeTextParts(out: ArtefactWriter, parts: Iterable<string>): void {
  let pending: string[] = [];
  let length = 0;
  const flush = () => {
    if (pending.length === 0) return;
    out.write(Buffer.from(pending.join(""), "utf8"));
    pending = [];
    length = 0;
  };
  for (const part of parts) {
    pending.push(part);
    length += part.length;
    if (length >= 64 * 1024) flush();
  }
  flush();
  out.end();
}
