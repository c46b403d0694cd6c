import { InvalidArgumentError, type Command } from "commander";
import net from "node:net";
import path from "node:path";
import { EXIT, UsageError, type CommandContext } from "./context.js";
import { publishedIsCurrent } from "../build.js";
import { readSourceDateEpoch } from "../config.js";
import { repositoryUrl, runBuild } from "./build.js";
import { baseUrlOption, defaultBaseUrl, verboseOption } from "./options.js";

/** Whether a port is in use (or not ours to take), by trying to listen on it for a moment; null when free. */
async function portTaken(port: number, host: string): Promise<string | null> {
  if (port === 0) return null;
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "EADDRINUSE" ? "in use (another npm start?)" : error.code === "EACCES" ? "not open to this user" : `not available (${error.code ?? "error"})`));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError("expected a port number");
  return port;
}

/** `serve` (npm start): serves public/ on loopback, building it first with --build-if-needed. */
export function registerServeCommand(program: Command, context: CommandContext): void {
  program
    .command("serve")
    .description("serve public/ on 127.0.0.1 with the API's exact paths, headers and JSON errors")
    .option("--port <port>", "port to listen on (default: PORT or 3000)", parsePort)
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--build-if-needed", "build first, unless public/ was built from the data/, scripts/ and archive/ there are now")
    .option(...baseUrlOption, defaultBaseUrl())
    .option(...verboseOption)
    .action(async (options: { port?: number; host: string; buildIfNeeded?: boolean; baseUrl: string; verbose?: boolean }) => {
      const port = options.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("PORT must be a port number");
      // Before the build: a second npm start must not rebuild public/ and only then find the port taken.
      const taken = await portTaken(port, options.host);
      if (taken) {
        console.error(`serve: port ${port} on ${options.host} is ${taken}; stop the other server or choose another port, e.g. PORT=${port === 65535 ? 3001 : port + 1} npm start (nothing was built)`);
        context.setExitCode(EXIT.failed);
        return;
      }
      const paths = context.paths();
      if (options.buildIfNeeded) {
        // An invalid SOURCE_DATE_EPOCH is refused by the build, which then runs; never taken for "up to date".
        const epoch = readSourceDateEpoch(process.env.SOURCE_DATE_EPOCH);
        const current = epoch.ok && (await publishedIsCurrent(paths, { programRoot: context.programRoot, baseUrl: options.baseUrl, sourceDateEpoch: epoch.seconds, repositoryUrl: repositoryUrl() }));
        // Nothing under data/, scripts/ or archive/ changed since public/ was built: serve it as it is.
        if (current) console.log("build: public/ is up to date with data/, scripts/ and archive/; serving it without a build");
        else {
          const built = await runBuild(paths, { baseUrl: options.baseUrl, verbose: options.verbose, programRoot: context.programRoot });
          context.setExitCode(built);
          if (built !== EXIT.ok) return;
        }
      }
      const { startServer } = await import("../serve/server.js");
      const server = await startServer({ publicDir: paths.publicDir, port, host: options.host, baseUrl: options.baseUrl });
      console.log(`serving ${path.relative(process.cwd(), paths.publicDir) || "public"} on ${server.origin}`);
      for (const route of ["/api/data", "/api/data/{id}", "/api/status", "/"]) console.log(`  ${server.origin}${route}`);
      console.log("press Ctrl-C to stop");
      const stop = () => void server.close().then(() => process.exit(EXIT.ok));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}
