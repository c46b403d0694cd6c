import { isLoopback } from "../net/addresses.js";
import { cleanText } from "../net/outsideText.js";
import { BodyTooLarge, DEFAULT_NET_POLICY, describeNetworkError, discard, getFollowing, readLimited, type NetPolicy } from "../net/request.js";
import type { RepositoryFile } from "../schema/index.js";
import type { Resolution } from "./clones.js";

/** The APIs that answer "last commit touching this path at or before that commit", and their tokens. */
export const FORGE_APIS = {
  "github.com": { base: "https://api.github.com", tokenVariable: "GITHUB_TOKEN", via: "github-api" },
  "gitlab.com": { base: "https://gitlab.com/api/v4", tokenVariable: "GITLAB_TOKEN", via: "gitlab-api" },
} as const;

export interface ForgeOptions {
  policy: NetPolicy;
  /** Another base URL per forge (tests point it at a loopback server). */
  endpoints: Partial<Record<RepositoryFile["forge"], string>>;
  env: NodeJS.ProcessEnv;
}

function requestUrl(base: string, file: RepositoryFile): URL {
  if (file.forge === "github.com") {
    const url = new URL(`${base.replace(/\/+$/, "")}/repos/${file.repository}/commits`);
    url.searchParams.set("sha", file.ref);
    url.searchParams.set("path", file.path);
    url.searchParams.set("per_page", "1");
    return url;
  }
  const url = new URL(`${base.replace(/\/+$/, "")}/projects/${encodeURIComponent(file.repository)}/repository/commits`);
  url.searchParams.set("ref_name", file.ref);
  url.searchParams.set("path", file.path);
  url.searchParams.set("per_page", "1");
  return url;
}

/** The commit and its committer time out of either API's first list item. */
function lastCommitOf(forge: RepositoryFile["forge"], body: unknown): { sha: string; at: string } | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  const item = body[0] as Record<string, unknown>;
  if (forge === "github.com") {
    const commit = item.commit as { committer?: { date?: unknown } } | undefined;
    return typeof item.sha === "string" && typeof commit?.committer?.date === "string" ? { sha: item.sha, at: commit.committer.date } : null;
  }
  return typeof item.id === "string" && typeof item.committed_date === "string" ? { sha: item.id, at: item.committed_date } : null;
}

/**
 * Asks the forge's API. A token from the environment (GITHUB_TOKEN, GITLAB_TOKEN) is optional; it is sent
 * only over https (or to loopback in tests) to the API's own host, never across a redirect, never printed.
 */
export async function resolveByApi(file: RepositoryFile, options: ForgeOptions): Promise<Resolution> {
  const api = FORGE_APIS[file.forge];
  const base = options.endpoints[file.forge] ?? api.base;
  const url = requestUrl(base, file);
  const token = options.env[api.tokenVariable];
  const tokenHost = new URL(base).host;
  const wellFormed = token !== undefined && /^[\x21-\x7e]{8,512}$/.test(token);
  const headersFor = (hop: URL): Record<string, string> =>
    wellFormed && hop.host === tokenHost && (hop.protocol === "https:" || isLoopback(hop.hostname))
      ? file.forge === "github.com"
        ? { authorization: `Bearer ${token}` }
        : { "private-token": token! }
      : {};
  const policy = { ...DEFAULT_NET_POLICY, ...options.policy, maxBodyBytes: 1024 * 1024 };
  let hop;
  try {
    hop = await getFollowing(url, { policy, accept: "application/json", headersFor, signal: AbortSignal.timeout(policy.timeoutMs) });
  } catch (error) {
    return { unresolved: `${api.via}: ${describeNetworkError(error)}` };
  }
  if (hop.kind !== "answer") return { unresolved: `${api.via}: ${hop.kind === "moved" ? `redirect to ${hop.location.host} not followed` : hop.reason}` };
  const { response } = hop;
  if (!response.ok) {
    await discard(response);
    const limited = response.status === 403 || response.status === 429 ? " (rate limit: set a token)" : "";
    return { unresolved: `${api.via}: HTTP ${response.status}${limited}` };
  }
  let body: unknown;
  try {
    body = JSON.parse((await readLimited(response, policy.maxBodyBytes)).toString("utf8"));
  } catch (error) {
    return { unresolved: `${api.via}: ${error instanceof BodyTooLarge ? "answer too large" : "unreadable answer"}` };
  }
  const last = lastCommitOf(file.forge, body);
  if (!last || !/^[0-9a-f]{40}$/.test(last.sha)) return { unresolved: `${api.via}: ${file.path} has no history at commit ${file.ref.slice(0, 12)}` };
  const date = commitDay(last.at);
  if (!date) return { unresolved: `${api.via}: the commit date is not an ISO 8601 time of a real day (${cleanText(last.at, 40)})` };
  return { date, lastChange: last.sha };
}

const COMMIT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The UTC day of a commit time as GitHub (2024-10-08T23:30:00Z) and GitLab (2024-10-08T23:30:00.000+02:00)
 * write it. Read strictly: a six-digit year (+010000), a 30 February that a date parser rolls into March, or
 * an hour 24 is no date at all. Whether the day is plausible is the schema's to say, at the door.
 */
export function commitDay(text: string): string | null {
  const match = COMMIT_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const zone = match[7]!;
  const offsetMinutes = zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  if (Math.abs(offsetMinutes) > 14 * 60) return null;
  local.setUTCHours(hour, minute - offsetMinutes, second, 0);
  return local.toISOString().slice(0, 10);
}
