import { FILES } from "../../routes.js";
import { openArtefact, type Artefacts } from "../artefacts.js";

const HTML_SAFE = new Map<number, Buffer>([
  [0x3c, Buffer.from("\\u003c")],
  [0x3e, Buffer.from("\\u003e")],
  [0x26, Buffer.from("\\u0026")],
]);

/**
 * The same JSON, written so that no browser can read markup in it: `<`, `>` and `&` can only stand inside
 * JSON strings, where their \u escapes mean the same characters. Works on bytes, so any part of a file
 * can go through it alone: those three are ASCII and never part of a longer UTF-8 sequence.
 */
export function htmlSafeJson(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at]!;
    if (byte !== 0x3c && byte !== 0x3e && byte !== 0x26) continue;
    parts.push(bytes.subarray(from, at), HTML_SAFE.get(byte)!);
    from = at + 1;
  }
  if (from === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
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
    // A copy under another name (the archive's) needs no GitHub Pages copy of its own.
    ...(sink.alias && { alias: (file: string, sameAs: string) => sink.alias!(file, sameAs) }),
    set(file, bytes) {
      sink.set(file, bytes);
      const copy = githubPagesCopyOf(file);
      if (copy) sink.set(copy, htmlSafeJson(bytes));
    },
    open(file) {
      const original = openArtefact(sink, file);
      const copyFile = githubPagesCopyOf(file);
      const copy = copyFile ? openArtefact(sink, copyFile) : null;
      return {
        write(chunk) {
          original.write(chunk);
          copy?.write(htmlSafeJson(chunk));
        },
        end() {
          original.end();
          copy?.end();
        },
      };
    },
  };
}
