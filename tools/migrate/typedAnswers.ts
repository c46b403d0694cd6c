/**
 * One-time migration (November 2026): buyer answers from prose to typed values. The sentence a researcher
 * wrote in `value` moves to `display`, word for word; the value becomes a token, a code or a boolean from the
 * vocabulary of scripts/schema/vocabularies.ts. Plain cases are mapped by rule (`false` training use →
 * `never`); every sentence is mapped by a decision made by a person, one per Fact, kept beside this file
 * (typed-answers.decisions.json) so the conversion can be checked Fact by Fact. What fits no value becomes
 * `unknown` with the sentence kept in `display` and the reason in `note`. Prints what it could not convert.
 *
 *   node --import tsx tools/migrate/typedAnswers.ts [--dry-run]
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { questionByPath, valueSchemaOf } from "../../scripts/schema/buyerQuestions.js";

type Fact = Record<string, unknown> & { value: unknown; status: string };
type Record_ = Record<string, unknown>;

interface Decision {
  id: string;
  path: string;
  old: unknown;
  value: unknown;
  status: string;
  why: string;
  companions?: Array<{ path: string; value: unknown }>;
  flag?: string;
  /** For a field that is no longer typed by hand: the Fact whose note keeps its sentence. */
  move_to?: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PROVIDERS = path.join(ROOT, "data/providers");
const DECISIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "typed-answers.decisions.json");

/** The mappings that need no judgement: a boolean that already says the vocabulary's word. */
const PLAIN: Record<string, (value: unknown) => unknown> = {
  "compliance.data_used_for_training": (value) => (value === false ? "never" : value === true ? "yes" : undefined),
  "compliance.zero_retention": (value) => (value === true ? "by_default" : value === false ? "not_offered" : undefined),
  "compliance.iso_27001": (value) => (value === true ? "certified" : undefined),
  "sovereignty.third_country_transfer": (value) => (value === false ? "none" : undefined),
  "pricing.model": (value) => (typeof value === "string" && /^[a-z_]+$/.test(value) ? [value] : undefined),
};

/** Fields whose sentences are decided here. */
const TYPED = [
  "ownership.country_hq",
  "ownership.ownership_jurisdiction",
  "sovereignty.data_residency_guarantee",
  "sovereignty.third_country_transfer",
  "compliance.gdpr_dpa_available",
  "compliance.data_used_for_training",
  "compliance.zero_retention",
  "compliance.iso_27001",
  "pricing.model",
];
const DERIVED = "sovereignty.cloud_act_exposure";

const get = (record: Record_, dotted: string) => {
  const [block, member] = dotted.split(".") as [string, string];
  return (record[block] as Record_ | undefined)?.[member] as Fact | undefined;
};
const set = (record: Record_, dotted: string, fact: Fact | undefined) => {
  const [block, member] = dotted.split(".") as [string, string];
  const inner = { ...((record[block] as Record_ | undefined) ?? {}) };
  if (fact === undefined) delete inner[member];
  else inner[member] = fact;
  record[block] = inner;
};

const fits = (dotted: string, value: unknown) => {
  const question = questionByPath(dotted);
  return question ? valueSchemaOf(question.shape).safeParse(value).success : true;
};

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  const decisions: Decision[] = JSON.parse(readFileSync(DECISIONS, "utf8"));
  const byFact = new Map(decisions.map((decision) => [`${decision.id} ${decision.path}`, decision]));
  const used = new Set<string>();
  const counts: Record<string, { plain: number; decided: number; unknown: number; unchanged: number }> = {};
  const failures: string[] = [];

  for (const file of readdirSync(PROVIDERS).filter((name) => name.endsWith(".json")).sort()) {
    const full = path.join(PROVIDERS, file);
    const before = readFileSync(full, "utf8");
    const record = JSON.parse(before) as Record_;
    const id = String(record.id);
    for (const dotted of TYPED) {
      const fact = get(record, dotted);
      if (!fact || fact.status === "unknown") continue;
      const count = (counts[dotted] ??= { plain: 0, decided: 0, unknown: 0, unchanged: 0 });
      const decision = byFact.get(`${id} ${dotted}`);
      if (decision) {
        used.add(`${id} ${dotted}`);
        if (JSON.stringify(decision.old) !== JSON.stringify(fact.value)) {
          failures.push(`${id} ${dotted}: the decision was made for ${JSON.stringify(decision.old)}, the file now says ${JSON.stringify(fact.value)}`);
          continue;
        }
        const sentence = typeof fact.value === "string" && !fits(dotted, fact.value) ? fact.value : null;
        const next: Fact = { ...fact, value: decision.value, status: decision.status };
        if (sentence !== null && next.display === undefined) next.display = sentence;
        if (decision.value === null) {
          count.unknown += 1;
          next.note = [fact.note, `Not typed: ${decision.why}`].filter(Boolean).join(" ");
          if (sentence === null && typeof fact.value !== "string") next.display ??= JSON.stringify(fact.value);
        } else {
          count.decided += 1;
        }
        set(record, dotted, next);
        for (const companion of decision.companions ?? []) {
          const { note: _note, display: _display, partial: _partial, value: _value, ...provenance } = fact;
          set(record, companion.path, { ...provenance, value: companion.value, status: decision.status, note: `From the same source and reading as ${dotted}${sentence ? `: "${sentence}"` : ""}.` } as Fact);
        }
        continue;
      }
      if (fits(dotted, fact.value)) {
        count.unchanged += 1;
        continue;
      }
      const plain = PLAIN[dotted]?.(fact.value);
      if (plain !== undefined && fits(dotted, plain)) {
        count.plain += 1;
        set(record, dotted, { ...fact, value: plain });
        continue;
      }
      failures.push(`${id} ${dotted}: no decision for ${JSON.stringify(fact.value).slice(0, 120)}`);
    }
    // Zero retention by default is zero days kept: the same reading answers both questions.
    const zero = get(record, "compliance.zero_retention");
    if (zero && zero.value === "by_default" && !get(record, "compliance.retention_days")) {
      const { note: _note, display: _display, value: _value, ...provenance } = zero;
      set(record, "compliance.retention_days", { ...provenance, value: 0, note: "Zero retention by default (compliance.zero_retention, same source and reading): prompts and outputs are not stored." } as Fact);
    }
    const derived = get(record, DERIVED);
    if (derived) {
      const decision = byFact.get(`${id} ${DERIVED}`);
      used.add(`${id} ${DERIVED}`);
      const keep = decision?.move_to ?? "ownership.foreign_parent";
      const target = get(record, keep);
      const words = `Earlier typed as ${DERIVED} = ${JSON.stringify(derived.value)} (${derived.status}, ${String(derived.source_url ?? "no source")}${derived.note ? `; ${String(derived.note)}` : ""}); that answer is now derived by the build.`;
      if (target) set(record, keep, { ...target, note: [target.note, words].filter(Boolean).join(" ") });
      else failures.push(`${id} ${DERIVED}: nowhere to keep its sentence (${keep} is missing): ${words}`);
      set(record, DERIVED, undefined);
    }
    const after = `${JSON.stringify(record, null, 2)}\n`;
    if (after !== before && !dryRun) writeFileSync(full, after);
  }

  for (const decision of decisions) if (!used.has(`${decision.id} ${decision.path}`)) failures.push(`${decision.id} ${decision.path}: decision not used (no such researched Fact)`);
  console.log("field".padEnd(40), "plain", "decided", "unknown", "already typed");
  for (const [dotted, count] of Object.entries(counts)) console.log(dotted.padEnd(40), String(count.plain).padStart(5), String(count.decided).padStart(7), String(count.unknown).padStart(7), String(count.unchanged).padStart(13));
  if (failures.length) {
    console.log(`\nNot converted (${failures.length}):`);
    for (const line of failures) console.log(`  ${line}`);
    process.exitCode = 1;
  }
}

main();
