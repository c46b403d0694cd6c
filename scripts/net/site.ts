import { isIP } from "node:net";
import { getDomain } from "tldts";
import { bareHost } from "./addresses.js";

/**
 * Hosts whose subdomains belong to different owners (tenants) but which the Public Suffix List's private section
 * does not list: help centres, wikis, docs and newsletter hosts. zendesk.com and atlassian.net are cited in the
 * data (openrouter.zendesk.com, unique-ch.atlassian.net). Only ever makes a site narrower: a tenant here is one
 * label longer than the list would say, so a redirect from one tenant to another is reported as moved. The
 * host's own pages (zendesk.com, www.zendesk.com) stay one site.
 */
export const MULTI_TENANT_HOSTS_NOT_LISTED = [
  "atlassian.net",
  "document360.io",
  "freshdesk.com",
  "helpscoutdocs.com",
  "hubspotpagebuilder.com",
  "intercom.help",
  "mintlify.app",
  "readme.io",
  "statuspage.io",
  "substack.com",
  "teamtailor.com",
  "zendesk.com",
  "zohodesk.com",
  "zohodesk.eu",
] as const;

/**
 * The registrable domain of a host by the Public Suffix List, its private section included ("docs.mistral.ai"
 * → "mistral.ai", "vendor.co.kr" → "vendor.co.kr", "acme.herokuapp.com" → "acme.herokuapp.com"), or the tenant
 * of a multi-tenant host the list leaves out ("acme.zendesk.com"); an IP address, or a name that is itself a
 * public suffix, is its own site.
 */
export function siteOf(hostname: string): string {
  const bare = bareHost(hostname).replace(/\.$/, "").toLowerCase();
  if (isIP(bare)) return bare;
  const shared = MULTI_TENANT_HOSTS_NOT_LISTED.find((suffix) => bare.endsWith(`.${suffix}`));
  if (shared) {
    const tenant = bare.split(".").slice(-(shared.split(".").length + 1)).join(".");
    return tenant === `www.${shared}` ? shared : tenant;
  }
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

/** Same site: the same registrable domain (www.example.com and docs.example.com; not example.org). */
export function sameSite(a: URL, b: URL): boolean {
  return siteOf(a.hostname) === siteOf(b.hostname);
}
