import { InvalidArgumentError } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_BASE_URL } from "../config.js";
import { writeAtomically } from "../util/files.js";

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function parseDate(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new InvalidArgumentError("expected a date YYYY-MM-DD");
  return text;
}

/** A parser of whole numbers from `min` up, whose error names what is expected. */
const wholeNumberFrom =
  (min: number, what = "a whole number") =>
  (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new InvalidArgumentError(`expected ${what}, ${min} or more`);
    return value;
  };

/** A whole number, 0 or more (time limits, retries, list lengths). */
export const parseCount = wholeNumberFrom(0);

/** A whole number, 1 or more (how many at once). */
export const parsePositiveCount = wholeNumberFrom(1);

export const parseMilliseconds = wholeNumberFrom(1, "a whole number of milliseconds");

/**
 * The base URL is written into pages, llms.txt and the 404 body: only a plain origin and path are taken,
 * in the URL's normalised spelling, so no quote, bracket or newline can travel with it.
 */
export function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError("expected an absolute http(s) URL");
  }
  const plain = (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.search && !url.hash && /^[A-Za-z0-9\-._~/%]*$/.test(url.pathname);
  if (!plain) throw new InvalidArgumentError("expected an absolute http(s) URL with no user name, password, query or fragment, and a path of letters, digits, - . _ ~ / only");
  return url.href.replace(/\/+$/, "");
}

/** EVIDENCE_BASE_URL sets the default, e.g. in a host's build settings; a bad value falls back with a warning. */
export function defaultBaseUrl(): string {
  const fromEnvironment = process.env.EVIDENCE_BASE_URL;
  if (!fromEnvironment) return DEFAULT_BASE_URL;
  try {
    return parseBaseUrl(fromEnvironment);
  } catch {
    console.warn(`warning: EVIDENCE_BASE_URL is not an absolute http(s) URL; using ${DEFAULT_BASE_URL}`);
    return DEFAULT_BASE_URL;
  }
}

/** `name=https://base` pairs for the names given; tests point a job at a loopback server this way. */
export function parseEndpoints<Name extends string>(pairs: readonly string[], names: Record<string, Name>): Partial<Record<Name, string>> {
  const endpoints: Partial<Record<Name, string>> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    const name = names[pair.slice(0, at)];
    if (at < 1 || !name) throw new InvalidArgumentError(`--endpoint expects <name>=<base-url> with name one of ${Object.keys(names).join(", ")}`);
    const base = pair.slice(at + 1);
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new InvalidArgumentError(`--endpoint ${name}: expected an absolute http(s) URL`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new InvalidArgumentError(`--endpoint ${name}: expected an absolute http(s) URL`);
    endpoints[name] = url.href;
  }
  return endpoints;
}

/** The options build and serve share. */
export const baseUrlOption = ["--base-url <url>", "absolute URL the API is served from, used in every full URL written", parseBaseUrl] as const;
export const todayOption = ["--today <date>", "the build day that no verification may be later than (default: today, UTC)", parseDate] as const;
export const verboseOption = ["--verbose", "list every file the build added, changed or removed"] as const;

/** Writes a pull request's section, or adds it after the sections other jobs wrote (a blank line between). */
export async function writeSummary(file: string, section: string, append: boolean): Promise<void> {
  const target = path.resolve(file);
  const before = append ? await readFile(target, "utf8").catch(() => "") : "";
  await writeAtomically(target, `${before}${before && !before.endsWith("\n\n") ? "\n" : ""}${section}`);
}

/** Now, to the second, as the jobs record when they ran. */
export const nowToTheSecond = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
