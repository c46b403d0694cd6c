import type { LoadedData, RawFile } from "../load/loadData.js";
import { FACT_PATHS } from "../schema/coverage.js";
import { pathKey } from "../schema/factPath.js";
import { CorroborationFile, DatasetMeta, DocumentVersions, Fact, Observation, Provider, RegistryAnswerFile, SourceDates, SourceWatch } from "../schema/index.js";
import { findUnknownKeys } from "../schema/walk.js";
import { checkSharedSources, citationsOf, type Citation, type CitingRecord } from "./consistency.js";
import { checkRepositoryDates } from "./repositoryDates.js";
import { checkOneCompany, checkOrgNumbers, companyRecordOf, type CompanyRecord } from "./company.js";
import { checkDisplayText } from "./displayText.js";
import { factsOf } from "../schema/facts.js";
import { checkDiscipline } from "./discipline.js";
import { checkAnswers } from "./answers.js";
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
  /** What archives of legal documents hold of the cited documents (data/document-versions.json), when present. */
  documentVersions: DocumentVersions | null;
  /** The company registers' answers by provider id (data/registry/<id>.json). */
  registry: Map<string, RegistryAnswerFile>;
  /** What the price registries list (data/corroborations/<registry>.json), in file-name order. */
  corroborations: CorroborationFile[];
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
  const typed = checkAnswers(raw.file, parsed.data);
  if (typed.length > 0) ok = false;
  problems.push(...typed);
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

/**
 * The price registries' files: each named after its registry. A provider id no record has is a warning (the
 * record may have been renamed since the last run); its entry is ignored.
 */
export function validateCorroborations(files: readonly RawFile[], providerStems: ReadonlySet<string>, problems: Problem[]): CorroborationFile[] {
  const valid: CorroborationFile[] = [];
  for (const raw of files) {
    const parsed = CorroborationFile.safeParse(raw.value);
    if (!parsed.success) {
      problems.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file }));
      continue;
    }
    if (parsed.data.registry !== raw.stem) {
      problems.push({ severity: "error", file: raw.file, path: "$.registry", rule: "registry-matches-file-name", message: `registry "${parsed.data.registry}" must equal the file name "${raw.stem}.json"` });
      continue;
    }
    for (const id of Object.keys(parsed.data.providers)) {
      if (!providerStems.has(id)) problems.push({ severity: "warning", file: raw.file, path: jsonPath(["providers", id]), rule: "orphan-corroboration", message: "no provider has this id; the entry is ignored" });
    }
    valid.push(parsed.data);
  }
  return valid;
}

/** What a dataset's records are validated and merged against: everything loaded except the records. */
export type DatasetContext = Omit<ValidatedData, "providers" | "problems">;

/**
 * Validates a dataset one provider file at a time, so that a pipeline can keep of each record only what it
 * needs (the build keeps its JSON bytes): the dataset-wide files first, then `add` for each provider, then
 * `finish` for the checks across records, which keep only the few members of each record they compare.
 * The problems come out in one order whatever order the files were added in.
 */
export class DatasetValidation {
  readonly context: DatasetContext;
  private readonly problems: Problem[];
  private readonly later: { sourceDates: Problem[]; sourceWatch: Problem[]; documentVersions: Problem[]; registry: Problem[]; corroborations: Problem[] } = {
    sourceDates: [],
    sourceWatch: [],
    documentVersions: [],
    registry: [],
    corroborations: [],
  };
  private readonly seen = new Map<string, string>();
  /** What the checks across records need, per record id. */
  private readonly perRecord = new Map<string, { citing: CitingRecord; company: CompanyRecord; repositoryDates: Problem[]; orgNumbers: Problem[] }>();
  /** One string per field path, shared by every record's citations. */
  private readonly fieldNames = new Map<string, string>();

  /** `providerStems`: the provider files present, by file stem; observations and register answers must name one. */
  constructor(loaded: Omit<LoadedData, "providers">, providerStems: ReadonlySet<string>, private readonly today: string) {
    this.problems = [...loaded.problems];
    const meta = loaded.meta ? validateMeta(loaded.meta, this.problems) : null;
    const observations = validateObservations(loaded.observations, providerStems, this.problems);
    const sourceDates = validateWide(loaded.sourceDates, SourceDates, this.later.sourceDates);
    const sourceWatch = validateWide(loaded.sourceWatch, SourceWatch, this.later.sourceWatch);
    const documentVersions = validateWide(loaded.documentVersions, DocumentVersions, this.later.documentVersions);
    const registry = new Map<string, RegistryAnswerFile>();
    for (const raw of loaded.registry) {
      const parsed = RegistryAnswerFile.safeParse(raw.value);
      if (!parsed.success) {
        this.later.registry.push(...problemsFromIssues(parsed.error.issues, raw.value, { file: raw.file, id: raw.stem }));
      } else if (parsed.data.id !== raw.stem || !providerStems.has(parsed.data.id)) {
        this.later.registry.push({ severity: "error", file: raw.file, id: raw.stem, path: "$.id", rule: "registry-unknown-provider", message: `a register answer must be named after its provider's id and that provider must exist; got id "${parsed.data.id}"` });
      } else {
        registry.set(parsed.data.id, parsed.data);
      }
    }
    const corroborations = validateCorroborations(loaded.corroborations, providerStems, this.later.corroborations);
    this.context = { meta, observations, sourceDates, sourceWatch, documentVersions, registry, corroborations };
  }

  /** Validates one provider file; the record, or null when it is invalid (its problems are kept). */
  add(raw: RawFile): ValidatedRecord | null {
    const valid = validateProvider(raw, this.today, this.problems);
    // The parsed text is not needed once validated (the record is a new object): letting it go here keeps
    // one copy of the record alive instead of two.
    raw.value = null;
    if (!valid) return null;
    const { file, record } = valid;
    const earlier = this.seen.get(record.id);
    if (earlier) {
      this.problems.push({ severity: "error", file, id: record.id, path: "$.id", rule: "unique-id", message: `id "${record.id}" is also used by ${earlier}` });
      return null;
    }
    this.seen.set(record.id, file);
    const citations = citationsOf(record).map(([field, url, status]): Citation => {
      const shared = this.fieldNames.get(field) ?? (this.fieldNames.set(field, field), field);
      return [shared, url, status];
    });
    const company = companyRecordOf(file, record);
    this.perRecord.set(record.id, {
      citing: { file, id: record.id, citations },
      company,
      repositoryDates: checkRepositoryDates([valid], this.context.sourceDates),
      orgNumbers: checkOrgNumbers([company]),
    });
    return valid;
  }

  /** Every problem, the checks across records included, in id order of the records. */
  finish(): Problem[] {
    const records = [...this.perRecord.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
    return [
      ...this.problems,
      ...checkSharedSources(records.map((entry) => entry.citing)),
      ...this.later.sourceDates,
      ...records.flatMap((entry) => entry.repositoryDates),
      ...records.flatMap((entry) => entry.orgNumbers),
      ...checkOneCompany(records.map((entry) => entry.company)),
      ...this.later.sourceWatch,
      ...this.later.documentVersions,
      ...this.later.registry,
      ...this.later.corroborations,
    ];
  }
}

/** Validates everything that was loaded, collecting every problem before deciding. */
export function validateData(loaded: LoadedData, today: string): ValidatedData {
  const validation = new DatasetValidation(loaded, new Set(loaded.providers.map((raw) => raw.stem)), today);
  const providers: ValidatedRecord[] = [];
  for (const raw of loaded.providers) {
    const valid = validation.add(raw);
    if (valid) providers.push(valid);
  }
  providers.sort((a, b) => (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0));
  return { ...validation.context, providers, problems: validation.finish() };
}
