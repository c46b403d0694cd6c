import { promises as fs } from "node:fs";
import path from "node:path";
import type { AdapterName } from "./adapters/index.js";

/**
 * Saves a provider's raw models answer as a test fixture: the body exactly as it came (no headers, so no
 * key), beside a note saying where and when it was recorded. Once per provider: an existing recording is
 * never replaced, so the tests keep replaying the answer that was reviewed. Returns the file name written,
 * or null when a recording already existed.
 */
export async function recordAnswer(folder: string, id: string, endpoint: string, adapter: AdapterName, httpStatus: number, body: string, at: Date): Promise<string | null> {
  const name = `${id}.recorded.json`;
  const file = path.join(folder, name);
  await fs.mkdir(folder, { recursive: true });
  try {
    await fs.writeFile(file, body.endsWith("\n") ? body : `${body}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw error;
  }
  const note = [
    `# ${id}: recorded models answer`,
    "",
    `- Endpoint: ${endpoint}`,
    `- Recorded: ${at.toISOString().replace(/\.\d{3}Z$/, "Z")} by \`npm run scrape -- --record\` (HTTP ${httpStatus}; the first page, body only: no headers and no key)`,
    `- Read with the \`${adapter}\` adapter (data/scrape-sources.json).`,
    "",
    "Review it before merging: it replaces the documented example in the adapter's tests.",
    "",
  ].join("\n");
  await fs.writeFile(path.join(folder, `${id}.recorded.source.md`), note);
  return name;
}
