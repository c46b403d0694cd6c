import { promises as dns } from "node:dns";
import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and localhost: a request there never leaves the machine, so plain http is acceptable. */
export function isLoopback(hostname: string): boolean {
  const bare = bareHost(hostname);
  return bare === "localhost" || bare.endsWith(".localhost") || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** A URL's hostname without the brackets of an IPv6 literal, lower-cased. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

function ipv4Parts(address: string): number[] | null {
  const parts = address.split(".").map(Number);
  return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255) ? parts : null;
}

/** Loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT, unspecified, multicast, reserved. */
export function isPrivateAddress(address: string): boolean {
  const bare = bareHost(address);
  if (isIP(bare) === 4) {
    const [a, b] = ipv4Parts(bare)!;
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b! >= 64 && b! <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b! >= 16 && b! <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a! >= 224
    );
  }
  if (isIP(bare) === 6) {
    if (bare === "::" || bare === "::1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
    if (mapped) return isPrivateAddress(mapped[1]!);
    const first = Number.parseInt(bare.split(":")[0] || "0", 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
  }
  return false;
}

export type AddressCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether a host may be asked at all: every address it resolves to must be public, unless private addresses
 * are allowed (tests against loopback). Checked before each request; a name that resolves to a private
 * address is refused like the address itself.
 */
export async function checkHost(hostname: string, allowPrivate: boolean, lookup = dns.lookup): Promise<AddressCheck> {
  if (allowPrivate) return { ok: true };
  const bare = bareHost(hostname);
  if (bare === "localhost" || bare.endsWith(".localhost")) return { ok: false, reason: "loopback address refused (use --allow-private for tests)" };
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      return { ok: false, reason: "host not found" };
    }
  }
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined) return { ok: false, reason: "private, loopback or link-local address refused (use --allow-private for tests)" };
  return addresses.length > 0 ? { ok: true } : { ok: false, reason: "host not found" };
}
