import { createRequire } from "node:module";

/**
 * Packages that only some commands use, loaded where they are first used instead of when the program starts: a
 * build or a validation makes no request, serves nothing and reads no TOML, and loading undici, serve-handler,
 * ipaddr.js and smol-toml at every start cost it 70 ms (BENCHMARKS.md, November 28th, night). Each has a
 * CommonJS entry, so `require` loads it synchronously at the first call; the type-only imports of the modules
 * that call these load nothing.
 */
const require = createRequire(import.meta.url);

export const undici = (): typeof import("undici") => require("undici");
export const ipaddr = (): typeof import("ipaddr.js") => require("ipaddr.js");
export const serveHandler = (): typeof import("serve-handler") => require("serve-handler");
export const smolToml = (): typeof import("smol-toml") => require("smol-toml");
