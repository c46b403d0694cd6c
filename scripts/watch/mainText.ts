import { createHash } from "node:crypto";

/** Elements whose content is never the page's text: code, styling, navigation, chrome. */
const DROPPED_ELEMENTS = ["script", "style", "noscript", "template", "svg", "nav", "header", "footer", "aside", "form", "iframe", "button", "select"];

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  bdquo: "„",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  aring: "å",
  Aring: "Å",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  ccedil: "ç",
  oslash: "ø",
  aelig: "æ",
  copy: "©",
  reg: "®",
  euro: "€",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

function withoutElements(html: string, names: readonly string[]): string {
  let out = html.replace(/<!--[\s\S]*?-->/g, " ");
  for (const name of names) out = out.replace(new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?</${name}\\s*>`, "gi"), " ");
  return out;
}

/** The content of the first <main> or <article>, when the page marks one; else the body. */
function mainRegion(html: string): string {
  for (const name of ["main", "article"]) {
    const match = new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}\\s*>`, "i").exec(html);
    if (match && match[1]!.trim().length > 0) return match[1]!;
  }
  const body = /<body\b[^>]*>([\s\S]*)<\/body\s*>/i.exec(html);
  return body ? body[1]! : html;
}

/** Visible text, block elements on their own lines, whitespace collapsed within a line. */
export function visibleText(html: string): string {
  const lines = decodeEntities(
    html
      .replace(/<(br|hr)\b[^>]*>/gi, "\n")
      .replace(/<\/?(p|div|section|li|ul|ol|h[1-6]|tr|td|th|table|dt|dd|dl|blockquote|pre|main|article|body|title)\b[^>]*>/gi, "\n")
      .replace(/<[^>]*>/g, " "),
  ).split("\n");
  return lines
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

export const isHtml = (contentType: string, body: string) => /html|xml/i.test(contentType) || /^\s*(<!doctype html|<html)/i.test(body);

/**
 * The page's main text: for HTML its <main>/<article> (or body) without scripts, styles, navigation,
 * headers, footers and asides; for text and Markdown the text itself. Whitespace is normalised, so a
 * re-indented page, a changed ad or a date stamp in the footer is not a change of content.
 */
export function mainTextOf(body: string, contentType: string): string {
  if (!isHtml(contentType, body)) return body.split("\n").map((line) => line.replace(/\s+/g, " ").trim()).filter(Boolean).join("\n");
  return visibleText(withoutElements(mainRegion(withoutElements(body, ["script", "style", "noscript", "template"])), DROPPED_ELEMENTS));
}

/** All visible text of an HTML page, footer included (where "Last updated" often stands). */
export function fullTextOf(body: string, contentType: string): string {
  if (!isHtml(contentType, body)) return body;
  return visibleText(withoutElements(body, ["script", "style", "noscript", "template", "svg"]));
}

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Sentences of the main text, for saying what changed without keeping the text. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 12);
}

/** A short hash per sentence, joined: enough to tell new sentences from known ones on the next run. */
export const SENTENCE_HASH_LENGTH = 8;
export const MAX_SENTENCES = 400;
export function sentenceHashes(sentences: readonly string[]): string {
  return sentences
    .slice(0, MAX_SENTENCES)
    .map((sentence) => sha256(sentence).slice(0, SENTENCE_HASH_LENGTH))
    .join("");
}

/** The first sentences of the new text that the old text did not hold, shortened: what a reviewer reads first. */
export function changeExcerpt(newSentences: readonly string[], oldHashes: string, limit = 240): string | null {
  const known = new Set<string>();
  for (let at = 0; at + SENTENCE_HASH_LENGTH <= oldHashes.length; at += SENTENCE_HASH_LENGTH) known.add(oldHashes.slice(at, at + SENTENCE_HASH_LENGTH));
  const fresh = newSentences.slice(0, MAX_SENTENCES).filter((sentence) => !known.has(sha256(sentence).slice(0, SENTENCE_HASH_LENGTH)));
  if (fresh.length === 0) return null;
  const text = fresh.slice(0, 2).join(" ");
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
