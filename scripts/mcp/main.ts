/** `npm run mcp`: parses the command line and serves the tools over stdio (stdout carries the protocol; logs go to stderr). */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createEvidenceServer } from "./server.js";
import { localBuildSource, remoteSource, type DataSource } from "./source.js";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The site's origin and path only: /api/data and /api/status are appended to it. */
export function parseSiteUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError("expected an absolute http(s) URL such as https://eu-ai-infra-evidence.github.io");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError("expected an absolute http(s) URL with no user name, password, query or fragment");
  }
  // The answers say "Read from <url>": plain http would let anyone on the way rewrite the evidence.
  const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);
  if (url.protocol !== "https:" && !loopback) throw new InvalidArgumentError("expected an https URL (plain http only for a server on this machine: localhost, 127.0.0.1, [::1])");
  return url.href.replace(/\/+$/, "");
}

function parseSeconds(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new InvalidArgumentError("expected a whole number of seconds, 0 or more");
  return value;
}

export interface McpOptions {
  root: string;
  baseUrl?: string;
  refreshSeconds: number;
}

/** Parses the command line; throws CommanderError on a usage error (after printing it to stderr). */
export function parseMcpArguments(argv: readonly string[]): McpOptions {
  const program = new Command()
    .name("evidence-mcp")
    .description("Model Context Protocol server over stdio for the evidence dataset: a local build, or a deployed site.")
    .option("--root <dir>", "project folder whose public/ (from npm run build) is read", PROJECT_ROOT)
    .addOption(
      new Option("--base-url <url>", "read a deployed site (GET <url>/api/data and <url>/api/status) instead of a local build").argParser(parseSiteUrl).conflicts("root"),
    )
    .option("--refresh-seconds <n>", "with --base-url: revalidate the site's data at most this often", parseSeconds, 300)
    // stdout carries the protocol: help and errors go to stderr.
    .configureOutput({ writeOut: (text) => process.stderr.write(text), writeErr: (text) => process.stderr.write(text) })
    .exitOverride()
    .parse([...argv]);
  const options = program.opts<{ root: string; baseUrl?: string; refreshSeconds: number }>();
  return { root: path.resolve(options.root), baseUrl: options.baseUrl, refreshSeconds: options.refreshSeconds };
}

export function sourceFor(options: McpOptions): DataSource {
  return options.baseUrl ? remoteSource(options.baseUrl, { refreshSeconds: options.refreshSeconds }) : localBuildSource(options.root);
}

/** Parses the command line, then serves until the client closes stdin. */
export async function startMcpServer(argv: readonly string[]): Promise<void> {
  let options: McpOptions;
  try {
    options = parseMcpArguments(argv);
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
    throw error;
  }
  const { version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
  const source = sourceFor(options);
  const server = createEvidenceServer(source, version);
  // The transport reports a line it cannot read, and stops reading after a message above its limit; both
  // are said on stderr, and the stop is an exit with a failure code, never a silent exit 0.
  let fatal: string | null = null;
  server.server.onerror = (error) => {
    const overLimit = /exceeded maximum size of (\d+)/.exec(error.message);
    if (overLimit) fatal = `a message on stdin exceeded ${Number(overLimit[1]) / 1024 / 1024} MiB without a line end; the server stops`;
    console.error(`evidence MCP server: ${overLimit ? fatal : `ignored a message it could not read (${error.message.replace(/[^\x20-\x7e]+/g, " ").slice(0, 200)})`}`);
  };
  server.server.onclose = () => {
    if (fatal) process.exit(1);
  };
  await server.connect(new StdioServerTransport());
  console.error(`evidence MCP server ${version} on stdio, reading the ${source.description}`);
}

// Started as a program (npm run mcp), not when another module imports it; realpath, as a symlinked checkout names the file twice.
const startedAsProgram = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (startedAsProgram) await startMcpServer(process.argv);
