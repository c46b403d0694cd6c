import { isIP } from "node:net";
import { bareHost } from "./addresses.js";

/**
 * Second-level labels under which registrations happen one level deeper (example.co.uk). A short list
 * instead of the whole Public Suffix List: it only decides whether a redirect stays with the same owner,
 * and a host missing here is treated more strictly (as its own site), never more loosely.
 */
const SECOND_LEVEL_SUFFIXES = new Set(["co.uk", "org.uk", "ac.uk", "gov.uk", "ltd.uk", "plc.uk", "com.au", "net.au", "org.au", "co.nz", "co.jp", "co.za", "com.br", "com.tr", "co.at", "or.at", "gv.at", "com.pl", "com.es", "co.il", "com.cn", "com.sg", "co.in", "github.io", "gitlab.io", "netlify.app", "pages.dev", "vercel.app"]);

/** The registrable domain of a host ("docs.mistral.ai" → "mistral.ai"); an IP address is its own site. */
export function siteOf(hostname: string): string {
  const bare = bareHost(hostname).replace(/\.$/, "");
  if (isIP(bare)) return bare;
  const labels = bare.split(".");
  if (labels.length <= 2) return bare;
  const lastTwo = labels.slice(-2).join(".");
  return SECOND_LEVEL_SUFFIXES.has(lastTwo) ? labels.slice(-3).join(".") : lastTwo;
}

/** Same site: the same registrable domain (www.example.com and docs.example.com; not example.org). */
export function sameSite(a: URL, b: URL): boolean {
  return siteOf(a.hostname) === siteOf(b.hostname);
}
