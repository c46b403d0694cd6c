import { promises as fs } from "node:fs";
import path from "node:path";
import { cleanText } from "../net/outsideText.js";
import type { AdapterName } from "./adapters/index.js";

/** A recording is a test fixture: as large as an answer may be (the scraper's body limit), and no larger. */
export const MAX_RECORDING_BYTES = 2 * 1024 * 1024;

export type Recording = { ok: true; text: string } | { ok: false; reason: string };

/** Whether any string of the value (member names included) holds one of the secrets. */
function holdsSecret(value: unknown, secrets: readonly string[]): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (secrets.some((secret) => node.includes(secret))) return true;
    } else if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) stack.push(key, child);
    }
  }
  return false;
}

/** The value with every string, member names included, cleaned as all text from outside is before it is written. */
function cleaned(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map(cleaned);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, child]) => [cleanText(key), cleaned(child)]));
  return value;
}

/**
 * The door a recording passes, as every answer from outside does before it is written: it is the answer as
 * parsed (never its raw bytes, so nothing JSON.parse would not keep is kept), every string cleaned of control,
 * bidirectional and invisible characters, at most MAX_RECORDING_BYTES, and refused whole when any string in it
 * holds a key: a server that echoes the Authorization header would otherwise put the key in a pull request.
 * The answer's nesting is already bounded by the request that read it.
 */
export function recordingOf(body: unknown, secrets: ReadonlyArray<string | undefined>): Recording {
  const keys = secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 4);
  const refusedKey: Recording = { ok: false, reason: "the answer repeats an API key; nothing was recorded" };
  if (holdsSecret(body, keys)) return refusedKey;
  const text = `${JSON.stringify(cleaned(body), null, 2)}\n`;
  if (keys.some((key) => text.includes(key))) return refusedKey;
  if (Buffer.byteLength(text) > MAX_RECORDING_BYTES) return { ok: false, reason: `the answer would take more than ${MAX_RECORDING_BYTES} bytes as a recording; nothing was recorded` };
  return { ok: true, text };
}

/**
 * Saves a provider's models answer, as it passed the door (recordingOf), as a test fixture, beside a note saying
 * where and when it was recorded. Once per provider: an existing recording is never replaced, so the tests keep
 * replaying the answer that was reviewed. Returns the file name written, or null when a recording already existed.
 */
export async function recordAnswer(folder: string, id: string, endpoint: string, adapter: AdapterName, httpStatus: number, recording: string, at: Date): Promise<string | null> {
  const name = `${id}.recorded.json`;
  const file = path.join(folder, name);
  await fs.mkdir(folder, { recursive: true });
  try {
    await fs.writeFile(file, recording, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw error;
  }
  const note = [
    `# ${id}: recorded models answer`,
    "",
    `- Endpoint: ${cleanText(endpoint, 500)}`,
    `- Recorded: ${at.toISOString().replace(/\.\d{3}Z$/, "Z")} by \`npm run scrape -- --record\` (HTTP ${httpStatus}; the first page, body only: no headers and no key; every string cleaned of control, bidirectional and invisible characters)`,
    `- Read with the \`${adapter}\` adapter (data/scrape-sources.json).`,
    "",
    "Review it before merging: it replaces the documented example in the adapter's tests.",
    "",
  ].join("\n");
  await fs.writeFile(path.join(folder, `${id}.recorded.source.md`), note);
  return name;
}
