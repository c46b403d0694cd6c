import { promises as dns, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import type { Agent } from "undici";
import { undici } from "../util/packages.js";
import { isPublicAddress } from "./addresses.js";

/** A name's addresses, as the system's resolver gives them; tests pass their own. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The code of a lookup refused because a name resolved to an address that is not public. */
export const ADDRESS_REFUSED = "ERR_ADDRESS_REFUSED";

function lookupError(code: string, hostname: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${message} (${hostname})`), { code, hostname, syscall: "getaddrinfo" });
}

/**
 * The lookup a connection is made with: it resolves the name once, checks every address it got, and hands
 * the connection exactly those addresses. So the address that was checked is the address connected to;
 * a name that answers a public address to a first lookup and 127.0.0.1 to a second gets no second lookup.
 * A lookup that takes longer than `timeoutMs` fails (the system's resolver cannot be cancelled, only left).
 */
export function checkingLookup(resolve: Resolver, allowPrivate: boolean, timeoutMs: number): LookupFunction {
  return (hostname, options, callback) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(lookupError("ETIMEOUT", hostname, "the name did not resolve in time")), timeoutMs);
      timer.unref();
    });
    Promise.race([resolve(hostname), late])
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (!allowPrivate && found.some((entry) => !isPublicAddress(entry.address))) throw lookupError(ADDRESS_REFUSED, hostname, "the name resolves to an address that is not public");
        if (wanted.length === 0) throw lookupError("ENOTFOUND", hostname, "no address");
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, "", 0))
      .finally(() => clearTimeout(timer));
  };
}

/** At most this many connections to one origin at once, whatever the callers ask for. */
export const CONNECTIONS_PER_ORIGIN = 2;

const agents = new WeakMap<Resolver, Map<string, Agent>>();

/** One connection pool per resolver and setting, kept for the process (its idle sockets do not keep it alive). */
export function dispatcherFor(resolve: Resolver, allowPrivate: boolean, timeoutMs: number): Agent {
  const byKey = agents.get(resolve) ?? new Map<string, Agent>();
  agents.set(resolve, byKey);
  const key = `${allowPrivate}:${timeoutMs}`;
  let agent = byKey.get(key);
  if (!agent) {
    agent = new (undici().Agent)({ connections: CONNECTIONS_PER_ORIGIN, connect: { lookup: checkingLookup(resolve, allowPrivate, timeoutMs), timeout: timeoutMs } });
    byKey.set(key, agent);
  }
  return agent;
}
