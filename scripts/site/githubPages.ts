import { FILES } from "../routes.js";
import type { Site } from "./renderSite.js";

const HTML_SAFE: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026" };

/**
 * The same JSON, written so that no browser can read markup in it: `<`, `>` and `&` can only stand inside
 * JSON strings, where their \u escapes mean the same characters.
 */
export function htmlSafeJson(bytes: Buffer): Buffer {
  return Buffer.from(bytes.toString("utf8").replace(/[<>&]/g, (ch) => HTML_SAFE[ch]!), "utf8");
}

/**
 * GitHub Pages has no rewrites: it serves `/x` from `x.html` and `/dir/` from `dir/index.html` (after a
 * 301 from `/dir`), always as text/html for those. Copies of the three answers at those places make the
 * spec's paths answer 200 with the JSON body there; the `.json` URLs keep answering application/json.
 */
export function addGithubPagesCopies(files: Site, ids: readonly string[]): void {
  const copy = (from: string, to: string) => files.set(to, htmlSafeJson(files.get(from)!));
  copy(FILES.dataset, "api/data/index.html");
  copy(FILES.status, "api/status.html");
  for (const id of ids) copy(FILES.provider(id), `api/data/${id}/index.html`);
}
