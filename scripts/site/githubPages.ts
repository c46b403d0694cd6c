import { FILES } from "../routes.js";
import type { Artefacts } from "./artefacts.js";

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
/** The index.html copy a JSON answer gets, if it is one of the three operations' files. */
function githubPagesCopyOf(file: string): string | null {
  if (file === FILES.dataset) return "api/data/index.html";
  if (file === FILES.status) return "api/status.html";
  const provider = /^api\/data\/([^/]+)\/index\.json$/.exec(file);
  return provider ? `api/data/${provider[1]}/index.html` : null;
}

/** Passes every file on, and after each JSON answer of the three operations its GitHub Pages copy. */
export function withGithubPagesCopies(sink: Artefacts): Artefacts {
  return {
    set(file, bytes) {
      sink.set(file, bytes);
      const copy = githubPagesCopyOf(file);
      if (copy) sink.set(copy, htmlSafeJson(bytes));
    },
  };
}
