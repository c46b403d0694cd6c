import { isLoopback } from "../net/addresses.js";
import type { ScrapeSource } from "./sources.js";

/** The environment variable that may hold a provider's API key; the key is never written or printed. */
export function apiKeyVariable(id: string): string {
  return `EVIDENCE_API_KEY_${id.toUpperCase().replace(/-/g, "_")}`;
}

/** Every provider key this run could hold: none of them may ever be written, whoever's answer repeats it. */
export function apiKeysIn(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([name, value]) => name.startsWith("EVIDENCE_API_KEY_") && typeof value === "string" && value.length > 0)
    .map(([, value]) => value!);
}

const WELL_FORMED_KEY = /^[\x21-\x7e]{8,4096}$/;

/** A key and the one host (host[:port]) it may be sent to. */
export interface KeyGrant {
  key: string;
  host: string;
}

export { isLoopback };

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Whether a request to `url` may carry the key: https (or loopback http) to exactly the granted host. */
export function mayCarryKey(grant: KeyGrant | undefined, url: URL): grant is KeyGrant {
  if (!grant) return false;
  const transport = url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
  return transport && url.host.toLowerCase() === grant.host;
}

/**
 * Decides whether this run may use the provider's key at all, and for which host. The host is that of the
 * record's api.base_url, and, outside loopback, it must also be the host pinned as key_host in
 * data/scrape-sources.json. So a change to base_url alone (a data edit) withholds the key instead of
 * sending it to the new host; sending it somewhere new takes an edit of the sources file.
 */
export function keyGrantFor(
  id: string,
  baseUrl: string | null | undefined,
  source: ScrapeSource | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { grant?: KeyGrant; withheld?: string } {
  const key = env[apiKeyVariable(id)];
  if (!key) return {};
  // A line break or other control character would make the HTTP client throw an error that quotes the
  // header, key included; such a key is refused before use, in words that never repeat it.
  if (!WELL_FORMED_KEY.test(key)) return { withheld: `${apiKeyVariable(id)} is malformed (a key is one line of visible ASCII characters, 8 to 4096 of them); it was not used` };
  const base = baseUrl ? parse(baseUrl) : null;
  if (!base) return { withheld: "the record has no usable api.base_url" };
  const host = base.host.toLowerCase();
  if (!mayCarryKey({ key, host }, base)) return { withheld: `api.base_url is not https (${base.protocol}//${host})` };
  if (source?.key_host) {
    if (source.key_host !== host) {
      return { withheld: `api.base_url host ${host} is not the key_host ${source.key_host} pinned in data/scrape-sources.json` };
    }
    return { grant: { key, host } };
  }
  if (isLoopback(base.hostname)) return { grant: { key, host } };
  return { withheld: `no key_host is pinned for ${id} in data/scrape-sources.json` };
}
