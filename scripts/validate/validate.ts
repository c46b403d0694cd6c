import type { LoadedData, RawFile } from "../load/loadData.js";
import { FACT_PATHS, pathKey } from "../schema/coverage.js";
import { DatasetMeta, Fact, Observation, Provider, RegistryAnswerFile, SourceDates, SourceWatch } from "../schema/index.js";
import { findUnknownKeys } from "../schema/walk.js";
import { checkSharedSources, citationsOf } from "./consistency.js";
import { checkRepositoryDates } from "./repositoryDates.js";
import { checkOneCompany, checkOrgNumbers } from "./company.js";
import { checkDisplayText } from "./displayText.js";
import { factsOf } from "../schema/facts.js";
import { checkDiscipline } from "./discipline.js";
import type { Problem } from "../problems.js";
import { jsonPath } from "../problems.js";
import { problemsFromIssues } from "./schemaIssues.js";

export interface ValidatedRecord {
  file: string;
  record: Provider;
}

export interface ValidatedData {
  meta: DatasetMeta | null;
  providers: ValidatedRecord[];
  /** Scraper observations by provider id. */
  observations: Map<string, Observation>;
  /** Computed dates of pinned repository files (data/source-dates.json), when present. */
  sourceDates: SourceDates | null;
  /** What the source watch saw at each cited URL (data/sources.json), when present. */
  sourceWatch: SourceWatch | null;
  /** The company registers' answers by provider id (data/registry/<id>.json). */
  registry: Map<string, RegistryAnswerFile>;
  problems: Problem[];
}

const KNOWN_FACT_PATHS = new Set(FACT_PATHS.map(pathKey));

/** Editor hint in seed files; not part of the record. */
const EDITOR_KEYS = ["$schema"];

function withoutEditorKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of EDITOR_KEYS) delete copy[key];
  return copy;
}

/** One provider file: schema, file name, discipline; unknown members are warnings. */
export function validateProvider(raw: RawFile, today: string, problems: Problem[]): ValidatedRecord | null {
  const input = withoutEditorKeys(raw.value);
  const idInFile = (input as { id?: unknown } | null)?.id;
  const id = typeof idInFile === "string" && idInFile.length <= 64 ? idInFile : raw.stem;
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    problems.push({ severity: "error", file: raw.file, id: raw.stem, path: "$", rule: "not-an-object", message: "a provider file must hold one JSON object" });
    return null;
  }
  const parsed = Provider.safeParse(input);
  if (!parsed.success) {
    problems.push(...problemsFromIssues(parsed.error.issues, input, { file: raw.file, id }));
    return null;
  }
  let ok = true;
  if (parsed.data.id !== raw.stem) {
    ok = false;
    problems.push({
      severity: "error",
      file: raw.file,
      id,
      path: "$.id",
      rule: "id-matches-file-name",
      message: `id "${parsed.data.id}" must equal the file name "${raw.stem}.json"`,
    });
  }
  // A Fact under a name the schema does not know is still a Fact: the schema's Fact rules apply to it.
  for (const [path, fact] of factsOf(parsed.data)) {
    if (KNOWN_FACT_PATHS.has(pathKey(path))) continue;
    const checked = Fact.safeParse(fact);
    if (!checked.success) {
      ok = false;
      problems.push(...problemsFromIssues(checked.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })), input, { file: raw.file, id }));
    }
  }
  const hidden = checkDisplayText(raw.file, id, input);
  if (hidden.length > 0) ok = false;
  problems.push(...hidden);
  const discipline = checkDiscipline(raw.file, parsed.data, today);
  if (discipline.some((problem) => problem.severity === "error")) ok = false;
  problems.push(...discipline);
  // zod's output already lists known members in schema order, extra members after: the canonical order.
  const record = parsed.data;
  findUnknownKeys(Provider, input, (path) =>
    problems.push({
      severity: "warning",
      file: raw.file,
      id,
      path: jsonPath(path),
      rule: "unknown-field",
      message: "field is not in the schema; it is kept, but check its spelling",
    }),
  );
  return ok ? { file: raw.file, record } : null;
}

/** The scraper's observations, by provider id; one for an id no provider has is ignored with a warning. */
export function validateObservations(files: readonly RawFile[], providerStems: ReadonlySet<string>, problems: Problem[]): Map<string, Observation> {
  const observations = new Map<string, Observation>();
  for (const raw of files) {
    const parsed = Observation.safeParse(raw.value);
    if (!parsed.success) {
      problems.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file, id: raw.stem }));
      continue;
    }
    if (parsed.data.id !== raw.stem) {
      problems.push({ severity: "error", file: raw.file, id: raw.stem, path: "$.id", rule: "id-matches-file-name", message: `id "${parsed.data.id}" must equal the file name "${raw.stem}.json"` });
      continue;
    }
    if (!providerStems.has(raw.stem)) {
      problems.push({ severity: "warning", file: raw.file, id: raw.stem, path: "$.id", rule: "orphan-observation", message: "no provider has this id; the observation is ignored" });
      continue;
    }
    observations.set(raw.stem, parsed.data);
  }
  return observations;
}

/** The dataset's own metadata (data/dataset.json). */
export function validateMeta(raw: RawFile, problems: Problem[]): DatasetMeta | null {
  const parsed = DatasetMeta.safeParse(raw.value);
  if (parsed.success) return parsed.data;
  problems.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file }));
  return null;
}

/** A dataset-wide file read by the schema that describes it; null (with located problems) when it does not fit. */
function validateWide<T>(raw: RawFile | null, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Parameters<typeof problemsFromIssues>[0] } } }, problems: Problem[]): T | null {
  if (!raw) return null;
  const parsed = schema.safeParse(raw.value);
  if (parsed.success) return parsed.data;
  problems.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file }));
  return null;
}

/** Validates everything that was loaded, collecting every problem before deciding. */
export function validateData(loaded: LoadedData, today: string): ValidatedData {
  const problems: Problem[] = [...loaded.problems];
  const meta = loaded.meta ? validateMeta(loaded.meta, problems) : null;
  const observations = validateObservations(loaded.observations, new Set(loaded.providers.map((raw) => raw.stem)), problems);
  const providers: ValidatedRecord[] = [];
  const seen = new Map<string, string>();
  for (const raw of loaded.providers) {
    const valid = validateProvider(raw, today, problems);
    // The parsed text is not needed once validated (the record is a new object): letting it go here keeps
    // one copy of the records alive instead of two, which at 10,000 providers is about 100 MB.
    raw.value = null;
    if (!valid) continue;
    const earlier = seen.get(valid.record.id);
    if (earlier) {
      problems.push({
        severity: "error",
        file: raw.file,
        id: valid.record.id,
        path: "$.id",
        rule: "unique-id",
        message: `id "${valid.record.id}" is also used by ${earlier}`,
      });
      continue;
    }
    seen.set(valid.record.id, raw.file);
    providers.push(valid);
  }
  providers.sort((a, b) => (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0));
  problems.push(...checkSharedSources(providers.map(({ file, record }) => ({ file, id: record.id, citations: citationsOf(record) }))));
  const sourceDates = validateWide(loaded.sourceDates, SourceDates, problems);
  problems.push(...checkRepositoryDates(providers, sourceDates));
  problems.push(...checkOrgNumbers(providers), ...checkOneCompany(providers));
  const sourceWatch = validateWide(loaded.sourceWatch, SourceWatch, problems);
  const registry = new Map<string, RegistryAnswerFile>();
  const ids = new Set(providers.map(({ record }) => record.id));
  for (const raw of loaded.registry) {
    const parsed = RegistryAnswerFile.safeParse(raw.value);
    if (!parsed.success) {
      problems.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file, id: raw.stem }));
    } else if (parsed.data.id !== raw.stem || !ids.has(parsed.data.id)) {
      problems.push({ severity: "error", file: raw.file, id: raw.stem, path: "$.id", rule: "registry-unknown-provider", message: `a register answer must be named after its provider's id and that provider must exist; got id "${parsed.data.id}"` });
    } else {
      registry.set(parsed.data.id, parsed.data);
    }
  }
  return { meta, providers, observations, sourceDates, sourceWatch, registry, problems };
}
