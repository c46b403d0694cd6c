import { BodyTooLarge, describeNetworkError, discard, getFollowing, readLimited, type NetPolicy } from "../net/request.js";
import { boundedText } from "../scrape/bounds.js";
import { resolveByApi } from "../sourceDates/forgeApi.js";
import { REGISTRY_HOSTS, rawUrl, type RegistryHost, type RegistrySource } from "./sources.js";

/** litellm's file is 1.6 MB today; this leaves it room to grow and still refuses a runaway answer. */
export const MAX_REGISTRY_BYTES = 32 * 1024 * 1024;

export interface FetchOptions {
  policy: NetPolicy;
  /** Other base URLs for the raw files and the commits API (tests point them at a loopback server). */
  hosts: Partial<Record<RegistryHost, string>>;
  env: NodeJS.ProcessEnv;
}

export type Fetched =
  | {
      ok: true;
      bytes: Buffer;
      url: string;
      commit: string | null;
      /** The commit's UTC day. */
      committedOn: string | null;
      /** Why the commit is unknown, when it is. */
      commitUnknown?: string;
      etag: string | null;
      lastModified: string | null;
    }
  | { ok: false; reason: string };

/**
 * Reads a registry's published file through the one fetch policy. The forge's API is asked first for the
 * newest commit that changed the file on its branch, and the file is then read at that commit, so the
 * commit recorded is the one whose bytes were read. When the API cannot answer (rate limit, no network
 * to it), the file is read on its branch and the commit is recorded as unknown.
 */
export async function fetchRegistryFile(source: RegistrySource, options: FetchOptions): Promise<Fetched> {
  const commit = await resolveByApi(
    { forge: "github.com", repository: source.repository, ref: source.branch, pinned: false, path: source.path },
    { policy: options.policy, endpoints: options.hosts["github-api"] ? { "github.com": options.hosts["github-api"] } : {}, env: options.env },
  );
  const resolved = "date" in commit ? commit.lastChange : null;
  const url = rawUrl(source, resolved ?? source.branch, options.hosts.raw ?? REGISTRY_HOSTS.raw);
  let hop;
  try {
    hop = await getFollowing(url, { policy: options.policy, accept: "application/json", signal: AbortSignal.timeout(options.policy.timeoutMs) });
  } catch (error) {
    return { ok: false, reason: describeNetworkError(error) };
  }
  if (hop.kind === "refused") return { ok: false, reason: hop.reason };
  if (hop.kind === "moved") return { ok: false, reason: `redirect to ${hop.location.host} not followed` };
  const { response } = hop;
  if (response.status !== 200) {
    await discard(response);
    return { ok: false, reason: `HTTP ${response.status}` };
  }
  let bytes: Buffer;
  try {
    bytes = await readLimited(response, MAX_REGISTRY_BYTES);
  } catch (error) {
    return { ok: false, reason: error instanceof BodyTooLarge ? `answer over ${MAX_REGISTRY_BYTES} bytes` : describeNetworkError(error) };
  }
  return {
    ok: true,
    bytes,
    url: url.href,
    commit: resolved,
    committedOn: "date" in commit ? commit.date : null,
    ...(!resolved && { commitUnknown: "unresolved" in commit ? commit.unresolved : "no commit in the answer" }),
    etag: boundedText(response.headers.get("etag")),
    lastModified: boundedText(response.headers.get("last-modified")),
  };
}
