import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import { Parser } from "htmlparser2";

/** What the source watch reads out of one answer, in one pass of a real HTML parser. */
export interface PageText {
  /** The main text: <main>, else <article>, else the body, without code, navigation and page chrome. */
  main: string;
  /** All visible text, footer included (where "Last updated" often stands). */
  full: string;
  /** The contents of the page's JSON-LD blocks. */
  jsonLd: string[];
  /** The page's <meta> name (or property, itemprop) and content pairs, lower-cased names. */
  meta: Array<{ name: string; content: string }>;
}

/** The parser's work on one page took longer than its budget: the page is not read, and the run goes on. */
export class PageTooSlow extends Error {}

export interface Budget {
  /** Milliseconds of parsing one page may take, the turns given to other pages not counted. */
  ms: number;
  /** The clock the budget is measured with (tests pass one that runs fast). */
  clock?: () => number;
}

/** Two seconds: the largest allowed page (5 MiB) parses in about a tenth of that. */
export const PAGE_BUDGET: Budget = { ms: 2_000 };

/** Elements whose content is never text a reader sees. */
const INVISIBLE = new Set(["script", "style", "noscript", "template", "svg"]);
/** Page chrome besides: navigation, header, footer, forms. Not part of the main text. */
const CHROME = new Set(["nav", "header", "footer", "aside", "form", "iframe", "button", "select"]);
/** Elements that start a line of their own. */
const BLOCKS = new Set(["br", "hr", "p", "div", "section", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "table", "dt", "dd", "dl", "blockquote", "pre", "main", "article", "body", "title"]);

/**
 * A page is read in parts of this size, each followed by a turn for the rest of the run. Small, because the
 * parser keeps its open elements in an array it shifts: each part costs more the deeper a page nests, and
 * the budget is checked between parts.
 */
const CHUNK = 16 * 1024;
/** Enough for any real page's JSON-LD and meta tags; a page that repeats them endlessly gets no more memory. */
const MAX_JSON_LD_CHARS = 256 * 1024;
const MAX_META = 500;

export const isHtml = (contentType: string, body: string) => /html|xml/i.test(contentType) || /^\s*(<!doctype html|<html)/i.test(body);

/** Whitespace collapsed within each line, empty lines dropped. */
export const normalisedLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");

/**
 * Text built from many small pieces: a page of 5 MiB of '<' is five million text events, and an array or
 * a concatenation of that many strings costs hundreds of megabytes; joined a few hundred at a time it
 * costs about the text itself.
 */
class TextBuffer {
  private pieces: string[] = [];
  private readonly joined: string[] = [];

  add(text: string): void {
    this.pieces.push(text);
    if (this.pieces.length >= 512) this.flush();
  }

  private flush(): void {
    if (this.pieces.length === 0) return;
    this.joined.push(this.pieces.join(""));
    this.pieces = [];
  }

  text(): string {
    this.flush();
    return this.joined.join("");
  }
}

/** Collects the texts while the parser walks the page. */
class TextCollector {
  private readonly parts = { full: new TextBuffer(), all: new TextBuffer(), body: new TextBuffer(), main: new TextBuffer(), article: new TextBuffer() };
  private invisible = 0;
  private chrome = 0;
  private region = { body: 0, main: 0, article: 0 };
  private seen = { body: false, main: false, article: false };
  private jsonLdOpen = false;
  private jsonLdChars = 0;
  readonly jsonLd: string[] = [];
  readonly meta: PageText["meta"] = [];

  open(name: string, attributes: Record<string, string>): void {
    if (name === "meta") this.readMeta(attributes);
    if (name === "script" && /^\s*application\/ld\+json\s*$/i.test(attributes.type ?? "") && this.jsonLdChars < MAX_JSON_LD_CHARS) {
      this.jsonLdOpen = true;
      this.jsonLd.push("");
    }
    if (INVISIBLE.has(name)) this.invisible += 1;
    else if (CHROME.has(name)) this.chrome += 1;
    this.enterRegion(name, 1);
    this.separate(name);
  }

  close(name: string): void {
    this.separate(name);
    this.enterRegion(name, -1);
    if (INVISIBLE.has(name)) this.invisible = Math.max(0, this.invisible - 1);
    else if (CHROME.has(name)) this.chrome = Math.max(0, this.chrome - 1);
    if (name === "script") this.jsonLdOpen = false;
  }

  text(text: string): void {
    if (this.jsonLdOpen) {
      const room = MAX_JSON_LD_CHARS - this.jsonLdChars;
      const kept = text.slice(0, Math.max(0, room));
      this.jsonLd[this.jsonLd.length - 1] += kept;
      this.jsonLdChars += kept.length;
    }
    if (this.invisible > 0) return;
    this.parts.full.add(text);
    if (this.chrome > 0) return;
    this.add(text);
  }

  /** Block elements end a line; any other tag separates words, as a browser's rendering would. */
  private separate(name: string): void {
    if (this.invisible > 0) return;
    const mark = BLOCKS.has(name) ? "\n" : " ";
    this.parts.full.add(mark);
    if (this.chrome === 0) this.add(mark);
  }

  private add(text: string): void {
    this.parts.all.add(text);
    if (this.region.body > 0) this.parts.body.add(text);
    if (this.region.main > 0) this.parts.main.add(text);
    if (this.region.article > 0) this.parts.article.add(text);
  }

  /** Only the first <main> and the first <article> count, as the page's own statement of its content. */
  private enterRegion(name: string, step: 1 | -1): void {
    if (name !== "body" && name !== "main" && name !== "article") return;
    if (step === 1) {
      if (this.seen[name] && this.region[name] === 0) return;
      this.seen[name] = true;
      this.region[name] += 1;
    } else if (this.region[name] > 0) this.region[name] -= 1;
  }

  private readMeta(attributes: Record<string, string>): void {
    const name = (attributes.property ?? attributes.name ?? attributes.itemprop)?.toLowerCase();
    const content = attributes.content;
    if (name && content !== undefined && this.meta.length < MAX_META) this.meta.push({ name: name.slice(0, 100), content: content.slice(0, 200) });
  }

  result(): PageText {
    const pick = (parts: TextBuffer) => normalisedLines(parts.text());
    const main = [pick(this.parts.main), pick(this.parts.article)].find((text) => text.length > 0) ?? (this.seen.body ? pick(this.parts.body) : pick(this.parts.all));
    return { main, full: pick(this.parts.full), jsonLd: this.jsonLd, meta: this.meta };
  }
}

/**
 * Reads an answer's texts. HTML goes through htmlparser2, a parser whose work grows with the length of the
 * page whatever its markup, in parts with a turn for the rest of the run between them; when the parsing of
 * one page takes more than its budget it stops with PageTooSlow. Text and Markdown are their own text.
 */
export async function readPageText(body: string, contentType: string, budget: Budget = PAGE_BUDGET): Promise<PageText> {
  if (!isHtml(contentType, body)) {
    const text = normalisedLines(body);
    return { main: text, full: body, jsonLd: [], meta: [] };
  }
  const clock = budget.clock ?? (() => performance.now());
  const collector = new TextCollector();
  const parser = new Parser(
    {
      onopentag: (name, attributes) => collector.open(name, attributes),
      onclosetag: (name) => collector.close(name),
      ontext: (text) => collector.text(text),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  let spent = 0;
  for (let at = 0; at < body.length; at += CHUNK) {
    const started = clock();
    parser.write(body.slice(at, at + CHUNK));
    spent += clock() - started;
    if (spent > budget.ms) throw new PageTooSlow(`reading the page's text took more than ${budget.ms} ms`);
    await nextTurn();
  }
  parser.end();
  return collector.result();
}
