import { isIP } from "node:net";
import { getDomain } from "tldts";
import { bareHost } from "./addresses.js";

/**
 * Hosting domains whose subdomains belong to different owners but which the Public Suffix List does not
 * list (yet). Only ever makes a site narrower: a name here is one label longer than the list would say.
 */
const SHARED_HOSTING_NOT_LISTED = ["substack.com"];

/**
 * The registrable domain of a host by the Public Suffix List, its private section included ("docs.mistral.ai"
 * → "mistral.ai", "vendor.co.kr" → "vendor.co.kr", "acme.herokuapp.com" → "acme.herokuapp.com"); an IP
 * address, or a name that is itself a public suffix, is its own site.
 */
export function siteOf(hostname: string): string {
  const bare = bareHost(hostname).replace(/\.$/, "");
  if (isIP(bare)) return bare;
  const shared = SHARED_HOSTING_NOT_LISTED.find((suffix) => bare.endsWith(`.${suffix}`));
  if (shared) return bare.split(".").slice(-(shared.split(".").length + 1)).join(".");
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

/** Same site: the same registrable domain (www.example.com and docs.example.com; not example.org). */
export function sameSite(a: URL, b: URL): boolean {
  return siteOf(a.hostname) === siteOf(b.hostname);
}
