import { z } from "zod";

// zod compiles a fast path for each object schema with new Function the first time it parses: the compiling
// cost the real data's build more than the fast path saved, and at 10,000 records it measured no faster
// (BENCHMARKS.md). Parsing without it also keeps code generation out of the build.
z.config({ jitless: true });

/** Names Windows reserves for devices: a file or folder of that name cannot exist in a Windows checkout. */
export const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/;

/** A stable slug: it becomes a path segment, so nothing else may reach the file system. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: "must be a slug: lower-case letters, digits and single hyphens (e.g. berget-ai)",
  })
  .max(64, { message: "must be at most 64 characters" })
  .refine((text) => !WINDOWS_RESERVED.test(text), { message: "must not be a name Windows reserves for a device (con, prn, aux, nul, com1…, lpt1…)" });

/** Bidirectional overrides and isolates reorder the text around them: "gpt" can be shown as "tpg". */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
/** A character a reader can see: a letter, digit, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Characters no displayed string may hold: C0 and C1 controls other than line break, carriage return and
 * tab, bidirectional overrides and isolates, Unicode tag characters (invisible text an assistant still
 * reads) and lone surrogates. One rule for every string of a record, and for what the tools print.
 */
export const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u{e0000}-\u{e007f}\ud800-\udfff]/u;
const HIDDEN_CHARACTERS_ALL = new RegExp(HIDDEN_CHARACTERS.source, "gu");

/**
 * What text that came from outside (a page, a register, a forge) may not carry when it is written: every
 * control character (line breaks too: such text is written on one line), bidirectional marks, overrides
 * and isolates, zero-width and other invisible format characters, Unicode tag characters and lone surrogates.
 */
export const UNSAFE_OUTSIDE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}\ud800-\udfff]/u;

/** A string written from outside text: at most `max` characters, none of them unsafe. */
export const OutsideText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !UNSAFE_OUTSIDE_CHARACTERS.test(text), { message: "must not contain control, bidirectional or invisible characters (text from outside is cleaned before it is written)" });

/** The first hidden character of a text, as U+XXXX with what it is; null when there is none. */
export function hiddenCharacterIn(text: string): string | null {
  const match = HIDDEN_CHARACTERS.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0)!;
  const kind =
    code >= 0xe0000 ? "a Unicode tag character, invisible" : code >= 0xd800 && code <= 0xdfff ? "a lone surrogate" : (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) ? "a bidirectional override" : "a control character";
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")} (${kind})`;
}

/** The text without hidden characters, for tools that print data they did not validate themselves. */
export const withoutHiddenCharacters = (text: string) => text.replace(HIDDEN_CHARACTERS_ALL, "");

/** A name shown to people: something visible, and nothing that reorders what is around it. */
export const DisplayName = z
  .string()
  .min(1, { message: "must not be empty" })
  .max(200, { message: "must be at most 200 characters" })
  .refine((text) => VISIBLE.test(text), { message: "must contain a visible character, not only spaces or invisible characters" })
  .refine((text) => !BIDI_CONTROLS.test(text), { message: "must not contain bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069)" });

/** Dates repeat across thousands of Facts; each distinct one is checked once. */
const checkedDates = new Map<string, boolean>();

function isRealCalendarDate(text: string): boolean {
  let real = checkedDates.get(text);
  if (real === undefined) {
    const [year, month, day] = text.split("-").map(Number);
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
    const date = new Date(0);
    date.setUTCFullYear(year!, month! - 1, day!);
    real = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
    if (checkedDates.size < 100_000) checkedDates.set(text, real);
  }
  return real;
}

/** ISO 8601 calendar date (YYYY-MM-DD) that exists on the calendar. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date in the form YYYY-MM-DD" })
  .refine(isRealCalendarDate, { message: "must be a real calendar date" })
  .meta({ format: "date" });

/**
 * The date of a source: a day (YYYY-MM-DD) when the source states one, a month (YYYY-MM) when it states
 * only a month ("Stand: Oktober 2025"). A month is never padded to a day, and a year alone dates nothing.
 * Both sort correctly as strings: "2025-10" comes before every day of October 2025 and after September.
 */
export const SourceDate = z
  .string()
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, { message: "must be a day YYYY-MM-DD or, when the source states only a month, YYYY-MM" })
  .refine((text) => isRealCalendarDate(text.length === 7 ? `${text}-01` : text), { message: "must be a real calendar date or month" });

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-10" → "October 2025"; a day stays as it is. For pages, feeds and answers that quote a source's age. */
export function formatSourceDate(date: string): string {
  if (/^\d{4}-\d{2}$/.test(date)) return `${MONTH_NAMES[Number(date.slice(5)) - 1] ?? date.slice(5)} ${date.slice(0, 4)}`;
  return date;
}

/** UTC timestamp, ISO 8601. */
export const IsoDateTime = z.iso.datetime({ message: "must be a UTC timestamp such as 2026-11-22T10:00:00Z" });

/** Absolute http(s) URL; `javascript:`, `data:`, `file:` and relative URLs are rejected. */
export const HttpUrl = z
  .string()
  .refine(
    (text) => {
      try {
        // Characters a URI may not hold raw (RFC 3986): a template like {account_id} is not a URL.
        if (!/^[\x21-\x7e]+$/.test(text) || /[{}<>"\\^`|]/.test(text)) return false;
        const url = new URL(text);
        // A user name or password before the host (https://vendor.example@evil.example) misleads readers.
        if (url.username !== "" || url.password !== "") return false;
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: "must be an absolute http(s) URL, without a user name or password before the host" },
  )
  .meta({ format: "uri" });
