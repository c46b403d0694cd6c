import { z } from "zod";

/** A stable slug: it becomes a path segment, so nothing else may reach the file system. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    message: "must be a slug: lower-case letters, digits and single hyphens (e.g. berget-ai)",
  })
  .max(64, { message: "must be at most 64 characters" });

/** Dates repeat across thousands of Facts; each distinct one is checked once. */
const checkedDates = new Map<string, boolean>();

function isRealCalendarDate(text: string): boolean {
  let real = checkedDates.get(text);
  if (real === undefined) {
    const [year, month, day] = text.split("-").map(Number);
    const date = new Date(Date.UTC(year!, month! - 1, day!));
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
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: "must be an absolute http(s) URL" },
  )
  .meta({ format: "uri" });
