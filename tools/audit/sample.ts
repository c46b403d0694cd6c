/**
 * npm run audit-sample: draws a reproducible random sample of researched Facts for a person to check
 * against their sources, and prints it as a Markdown worksheet (one row per Fact, a blank verdict column).
 * The seed makes the draw repeatable, so a reader of the audit can draw the same sample and check it again.
 *
 *   npm run audit-sample -- --verified-on 2026-11-24 --count 40 --seed 20261124
 *   npm run audit-sample -- --behind none_named --count 30 --seed 20261206
 *   npm run audit-sample -- --changed-since fee3e3b --fields pricing,models --count 15 --seed 20261130
 */
import { Command, InvalidArgumentError } from "commander";
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { factsOf } from "../../scripts/schema/facts.js";
import { deriveCloudActExposure } from "../../scripts/derive/cloudActExposure.js";

const execFileAsync = promisify(execFile);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** mulberry32: a small seeded generator, enough to draw a sample anyone can repeat. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const whole = (text: string) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError("expected a whole number, 1 or more");
  return value;
};

export interface SampledFact {
  id: string;
  path: string;
  value: unknown;
  status: string;
  source_url: string;
  source_date: string | null;
  /** The source's own words the Fact carries, which the auditor checks against the source too. */
  quote: string | null;
}

/** What of a Fact an audit checks: a Fact whose evidence changed is new to the audit. */
const EVIDENCE = ["value", "status", "source_url", "source_date", "verified_at", "display"] as const;
const evidenceOf = (fact: Record<string, unknown> | undefined) => JSON.stringify(EVIDENCE.map((key) => fact?.[key] ?? null));

/** The record as it stood at a commit, or null when it did not exist then. */
async function recordAt(commit: string, providersDir: string, name: string): Promise<Record<string, unknown> | null> {
  try {
    // <commit>:./<path> is read relative to the folder git runs in, whatever repository holds it.
    const { stdout } = await execFileAsync("git", ["-C", providersDir, "show", `${commit}:./${name}`], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The Facts a record's derived answer to who can reach the data rests on, when that answer is the one asked for ("answered": any answer). */
function restingOn(record: Record<string, unknown>, answer: string): Set<string> {
  const derived = deriveCloudActExposure(record);
  return new Set(derived.value === answer || (answer === "answered" && derived.value !== null) ? derived.derived_from : []);
}

/**
 * Every researched Fact verified on the day, or new or changed since a commit (its value, status, source,
 * dates or display text differ), or that a derived answer of the kind asked rests on, or all researched Facts;
 * in a stable order, then the draw.
 */
export async function drawSample(
  providersDir: string,
  options: { verifiedOn?: string; changedSince?: string; behind?: string; fields?: string; count: number; seed: number },
): Promise<{ population: number; sample: SampledFact[] }> {
  const population: SampledFact[] = [];
  for (const name of (await fs.readdir(providersDir)).filter((file) => file.endsWith(".json")).sort()) {
    const record = JSON.parse(await fs.readFile(path.join(providersDir, name), "utf8")) as Record<string, unknown>;
    const before = options.changedSince ? new Map(factsOf((await recordAt(options.changedSince, providersDir, name)) ?? {}).map(([keys, fact]) => [keys.map(String).join("."), evidenceOf(fact as Record<string, unknown>)])) : null;
    const inputs = options.behind ? restingOn(record, options.behind) : null;
    const prefixes = options.fields ? options.fields.split(",").map((field) => field.trim()).filter(Boolean) : null;
    for (const [keys, fact] of factsOf(record)) {
      if (fact.status === "unknown" || typeof fact.source_url !== "string") continue;
      if (inputs && !inputs.has(keys.map(String).join("."))) continue;
      if (prefixes && !prefixes.some((prefix) => keys.map(String).join(".") === prefix || keys.map(String).join(".").startsWith(`${prefix}.`))) continue;
      if (options.verifiedOn && fact.verified_at !== options.verifiedOn) continue;
      if (before && before.get(keys.map(String).join(".")) === evidenceOf(fact as Record<string, unknown>)) continue;
      population.push({ id: String(record.id), path: keys.map(String).join("."), value: fact.value, status: String(fact.status), source_url: fact.source_url, source_date: typeof fact.source_date === "string" ? fact.source_date : null, quote: typeof fact.quote === "string" ? fact.quote : null });
    }
  }
  const random = seeded(options.seed);
  const pool = [...population];
  const sample: SampledFact[] = [];
  while (sample.length < options.count && pool.length > 0) sample.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return { population: population.length, sample };
}

const cell = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const short = text.length > 160 ? `${text.slice(0, 159)}…` : text;
  return short.replace(/\|/g, "\\|").replace(/[\r\n]+/g, " ");
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = new Command()
    .name("audit-sample")
    .description("Draw a seeded random sample of researched Facts and print it as a Markdown audit worksheet.")
    .option("--verified-on <date>", "only Facts whose verified_at is this day (YYYY-MM-DD)")
    .option("--changed-since <commit>", "only Facts new or changed since this commit (value, status, source, dates or display)")
    .option("--behind <answer>", "only the Facts that derived answers to who can reach the data of this value rest on (e.g. none_named; answered: any answer)")
    .option("--fields <paths>", "only Facts at these paths or under these blocks, comma-separated (e.g. pricing,models)")
    .option("--count <n>", "how many Facts to draw", whole, 40)
    .option("--seed <n>", "seed of the draw; the same seed and data give the same sample", whole, 20261124)
    .parse()
    .opts<{ verifiedOn?: string; changedSince?: string; behind?: string; fields?: string; count: number; seed: number }>();
  const { population, sample } = await drawSample(path.join(ROOT, "data", "providers"), options);
  const which = [options.verifiedOn ? `verified on ${options.verifiedOn}` : null, options.changedSince ? `new or changed since ${options.changedSince}` : null, options.behind ? `behind the derived answer ${options.behind}` : null, options.fields ? `at ${options.fields}` : null].filter(Boolean).join(", ");
  console.log(`Sample of ${sample.length} of ${population} researched Facts${which ? ` ${which}` : ""}, seed ${options.seed}.\n`);
  console.log("| # | provider | field | value | status | source date | source | quote | verdict |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  sample.forEach((fact, index) => console.log(`| ${index + 1} | ${fact.id} | ${fact.path} | ${cell(fact.value)} | ${fact.status} | ${fact.source_date ?? ""} | ${fact.source_url} | ${cell(fact.quote ?? "")} | |`));
}
