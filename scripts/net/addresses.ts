import type { IPv4, IPv6 } from "ipaddr.js";
import { ipaddr } from "../util/packages.js";

/** 127.0.0.0/8, ::1 and localhost: a request there never leaves the machine, so plain http is acceptable. */
export function isLoopback(hostname: string): boolean {
  const bare = bareHost(hostname);
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  return ipaddr().isValid(bare) && ipaddr().process(bare).range() === "loopback";
}

/** A URL's hostname without the brackets of an IPv6 literal, lower-cased. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

/**
 * IPv6's global unicast block: everything outside it is reserved, special or embeds an IPv4 address (::a.b.c.d).
 * Made at the first check, when the package is loaded.
 */
let globalUnicast: [IPv6, number] | undefined;
const globalUnicastV6 = () => (globalUnicast ??= ipaddr().parseCIDR("2000::/3") as [IPv6, number]);

/**
 * Whether an IP address is a public unicast address of the internet, by the ranges of a maintained library:
 * loopback, private, link-local, carrier-grade NAT, multicast, broadcast, documentation, benchmarking and
 * every other reserved range are not, and neither is an IPv6 address that carries an IPv4 one (mapped
 * ::ffff:a.b.c.d in either spelling, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo), nor
 * site-local fec0::/10. Anything that is not an address at all is not public either.
 */
export function isPublicAddress(address: string): boolean {
  const bare = bareHost(address);
  if (!ipaddr().isValid(bare)) return false;
  let parsed: IPv4 | IPv6;
  try {
    parsed = ipaddr().parse(bare);
  } catch {
    return false;
  }
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast" && ipaddr().IPv4.isValidFourPartDecimal(bare);
  const v6 = parsed as IPv6;
  return v6.range() === "unicast" && v6.match(globalUnicastV6());
}

export const PRIVATE_ADDRESS_REFUSED = "private, loopback or link-local address refused (use --allow-private for tests; reserved ranges count too)";
