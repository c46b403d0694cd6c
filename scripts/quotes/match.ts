import { createHash } from "node:crypto";
import { repositoryFileOf } from "../schema/repositoryFile.js";

/**
 * Whether a source still says what a Fact quotes. Pages and files differ from a quote in ways that carry no
 * meaning: markup, line breaks, typographic quotes and dashes, case. Both sides are reduced to the words
 * before they are compared, and a quote that elides (…, [...]) is found when its parts appear in order.
 */

const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", rsquo: "'", lsquo: "'", ldquo: '"', rdquo: '"', ndash: "-", mdash: "-", hellip: "…", shy: "" };

/**
 * A tag with the text of the string literals inside it: a JSX or MDX page keeps table cells and labels in props,
 * as attribute values or inside expressions (`rows={[["Kontodata", "…"]]}`). Read left to right, so an apostrophe
 * inside a double-quoted string never opens a single-quoted one; a literal never spans a line.
 */
const withAttributeText = (tag: string) => ` ${[...tag.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)].map((match) => match[1] ?? match[2]).join(" ")} `;

/** The words of a text, for comparing a quote with its source; `attributes` keeps the text of tags' attribute values. */
export function quoteComparable(text: string, attributes = false): string {
  return (
    text
      .normalize("NFKC")
      // Markup: tags, Markdown links (keep the text), emphasis and code marks, table pipes, heading marks.
      .replace(/<[^>]{0,2000}>/g, (tag) => (attributes ? withAttributeText(tag) : " "))
      .replace(/\[([^\]]{0,2000})\]\([^)]{0,2000}\)/g, "$1")
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) =>
        name.startsWith("#x") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? entity),
      )
      .replace(/[*_`|#>]+/g, " ")
      .replace(/\\(.)/g, "$1")
      // Typography that changes between a page and its copy.
      .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, " ")
      .toLowerCase()
      .replace(/\s+/g, " ")
      // A mark removed just before punctuation ("**pricing**.") leaves a space the source never had.
      .replace(/ ([.,;:!?)])/g, "$1")
      .replace(/\( /g, "(")
      .trim()
  );
}

/** The parts of a quote between its elisions, each as words. */
export function quoteParts(quote: string): string[] {
  return quote
    .split(/\s*(?:\[\s*(?:…|\.\.\.)\s*\]|…|\.\.\.)\s*/)
    .map((part) => quoteComparable(part))
    .map((part) => part.replace(/^["']+|["']+$/g, "").trim())
    .filter((part) => part.length > 0);
}

/**
 * Whether every part of the quote appears in the text, in order: in the visible text, or failing that in the text
 * with the values of tags' attributes (a component's props), where some pages keep their words.
 */
export function quoteFoundIn(quote: string, text: string): boolean {
  const parts = quoteParts(quote);
  if (parts.length === 0) return false;
  const inOrder = (haystack: string) => {
    let from = 0;
    for (const part of parts) {
      const at = haystack.indexOf(part, from);
      if (at === -1) return false;
      from = at + part.length;
    }
    return true;
  };
  return inOrder(quoteComparable(text)) || (text.includes("=") && inOrder(quoteComparable(text, true)));
}

/** A source URL that pins a file of a repository at a commit. */
export interface PinnedFile {
  repository: string;
  commit: string;
  path: string;
}

/** The repository, commit and path of a repository file pinned at a full commit, or null. */
export function pinnedFileOf(url: string): PinnedFile | null {
  const file = repositoryFileOf(url);
  return file?.pinned ? { repository: file.repository, commit: file.ref.toLowerCase(), path: file.path } : null;
}

/** The key a quote is remembered by in data/sources.json: the start of the SHA-256 of its words, so spacing and typography do not matter. */
export function quoteKey(quote: string): string {
  return createHash("sha256").update(quoteParts(quote).join(" … ")).digest("hex").slice(0, 16);
}
