import { promises as fs } from "node:fs";
import path from "node:path";
import { LIMITS, type ProjectPaths } from "../config.js";
import { nestsDeeperThan } from "../load/jsonScan.js";
import { loadData } from "../load/loadData.js";
import { BodyTooLarge, describeNetworkError, getFollowing, readLimited, type NetPolicy } from "../net/request.js";
import { admit } from "../net/door.js";
import { cleanText } from "../net/outsideText.js";
import { RegistryAnswerFile, Slug } from "../schema/index.js";
import { writeAtomically } from "../util/files.js";
import { mapLimit } from "../util/pool.js";
import { REGISTER_ADAPTERS, type RegisterAdapter } from "./adapters.js";
import { sameCompanyName } from "./names.js";
import { identifierOf } from "./orgNumbers.js";

export interface RegistryOptions {
  only: readonly string[];
  policy: NetPolicy;
  /** Another base URL per register name (tests point an adapter at a loopback stand-in). */
  endpoints: Partial<Record<string, string>>;
  env: NodeJS.ProcessEnv;
  now: string;
  adapters?: readonly RegisterAdapter[];
}

export type RegistryOutcome =
  | { id: string; kind: "answered"; answer: RegistryAnswerFile; previousFlags: string[] }
  | { id: string; kind: "skipped"; reason: string }
  | { id: string; kind: "failed"; reason: string };

type Raw = Record<string, unknown>;
const factValue = (record: Raw, block: string, field: string): unknown => {
  const fact = (record[block] as Raw | undefined)?.[field] as Raw | undefined;
  return fact && fact.status !== "unknown" ? fact.value : undefined;
};

async function previousFlags(file: string): Promise<string[]> {
  try {
    const flags = (JSON.parse(await fs.readFile(file, "utf8")) as { flags?: unknown }).flags;
    return Array.isArray(flags) ? flags.filter((flag): flag is string => typeof flag === "string") : [];
  } catch {
    return [];
  }
}

async function askRegister(adapter: RegisterAdapter, id: string, options: RegistryOptions): Promise<{ status: number; body: unknown } | { error: string }> {
  const base = options.endpoints[adapter.name] ?? adapter.base;
  let hop;
  try {
    hop = await getFollowing(adapter.request(base, id), { policy: options.policy, accept: "application/json", signal: AbortSignal.timeout(options.policy.timeoutMs) });
  } catch (error) {
    return { error: describeNetworkError(error) };
  }
  if (hop.kind === "refused") return { error: hop.reason };
  if (hop.kind === "moved") return { error: `redirect to ${hop.location.host} not followed` };
  let body: unknown = null;
  try {
    const bytes = await readLimited(hop.response, 2 * 1024 * 1024);
    // Nested too deep to be a register's answer: read as no answer, before it could cost memory to parse.
    if (!nestsDeeperThan(bytes, LIMITS.maxOutsideDepth)) {
      try {
        body = JSON.parse(bytes.toString("utf8"));
      } catch {
        body = null;
      }
    }
  } catch (error) {
    return { error: error instanceof BodyTooLarge ? "answer too large" : describeNetworkError(error) };
  }
  return { status: hop.response.status, body };
}

/**
 * Asks the register of each provider's country about its org_number and writes the answer to
 * data/registry/<id>.json. A register that cannot be reached leaves the last answer as it was.
 */
export async function runRegistry(paths: ProjectPaths, options: RegistryOptions): Promise<RegistryOutcome[]> {
  const adapters = options.adapters ?? REGISTER_ADAPTERS;
  const loaded = await loadData(paths);
  const records = loaded.providers
    .map((raw) => ({ stem: raw.stem, record: raw.value }))
    .filter((entry): entry is { stem: string; record: Raw } => entry.record !== null && typeof entry.record === "object" && !Array.isArray(entry.record) && typeof (entry.record as Raw).id === "string")
    .filter(({ record }) => options.only.length === 0 || options.only.includes(record.id as string));
  return mapLimit(records, 4, async ({ stem, record }): Promise<RegistryOutcome> => {
    const id = record.id as string;
    // The id becomes a file name under data/registry/: only a slug that is also the record's own file name.
    if (!Slug.safeParse(id).success || id !== stem) return { id: cleanText(id, 80), kind: "skipped", reason: "the record's id is not a slug equal to its file name (npm run validate names the problem)" };
    const number = factValue(record, "ownership", "org_number");
    const country = factValue(record, "ownership", "country_hq");
    if (typeof number !== "string") return { id, kind: "skipped", reason: "no ownership.org_number" };
    const identifier = identifierOf(number, typeof country === "string" ? country : null);
    if (!identifier) return { id, kind: "skipped", reason: `no register adapter reads ${typeof country === "string" ? `a ${country}` : "this"} number (${number.slice(0, 40)})` };
    if (identifier.kind === "invalid") return { id, kind: "skipped", reason: identifier.message };
    const adapter = adapters.find((candidate) => candidate.kinds.includes(identifier.kind));
    if (!adapter) return { id, kind: "skipped", reason: `${identifier.kind}: the register needs credentials this project does not hold (Bolagsverket, CVR)` };
    if (adapter.credential && !options.env[adapter.credential]) return { id, kind: "skipped", reason: `${adapter.name}: ${adapter.credential} not set` };
    const asked = await askRegister(adapter, identifier.id, options);
    if ("error" in asked) return { id, kind: "failed", reason: `${adapter.name}: ${asked.error}` };
    const answer = adapter.parse(asked.status, asked.body, identifier.id);
    if (typeof answer === "string") return { id, kind: "failed", reason: `${adapter.name}: HTTP ${asked.status}, ${answer}` };
    const flags = new Set<string>(answer.found ? answer.stateFlags : ["not_found"]);
    const legalName = typeof record.legal_name === "string" ? record.legal_name : null;
    if (answer.found && answer.registeredName && legalName && !sameCompanyName(legalName, answer.registeredName)) flags.add("name_differs");
    if (answer.found && answer.addressCountry && typeof country === "string" && answer.addressCountry !== country) flags.add("country_differs");
    const file = path.join(paths.registry, `${id}.json`);
    const result = {
      id,
      register: adapter.name,
      url: adapter.page(identifier.id),
      org_number: identifier.id,
      registered_name: answer.registeredName === null ? null : cleanText(answer.registeredName),
      active: answer.found && answer.active,
      flags: [...flags],
      address_country: answer.addressCountry,
      checked_at: options.now,
    };
    // The door: the answer is written only if it fits the file it lands in; else the last answer stays.
    const admitted = admit(RegistryAnswerFile, result, `data/registry/${id}.json`);
    if (!admitted.ok) return { id, kind: "failed", reason: `${adapter.name}: ${admitted.reason}` };
    const before = await previousFlags(file);
    await writeAtomically(file, `${JSON.stringify(admitted.value, null, 2)}\n`);
    return { id, kind: "answered", answer: admitted.value, previousFlags: before };
  });
}
