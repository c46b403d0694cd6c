/**
 * Host conformance: builds the site, then holds every host we can run locally to the same table the local
 * server passes (test/http.test.ts): the project's own server, `npx serve`, Cloudflare Pages (`wrangler pages
 * dev`) and Netlify (`netlify dev --offline`), the last two installed on demand into .cache/hosts/.
 *
 *   npx tsx tools/hosts/conformance.ts [own] [serve] [cloudflare] [netlify]
 *
 * Exit status: 1 when a check FAILS on a host that started; 2 when the build fails; 0 otherwise (a host that
 * cannot be installed or started is reported as skipped, with the reason).
 */
import { execFile } from "node:child_process";
import { promises as fs, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BASE_URL } from "../../scripts/config.js";
import { checkAll, requirements } from "./checks.js";
import { cloudflarePages, netlify, NOT_RUNNABLE, ownServer, serveCli, type Context, type Host } from "./emulators.js";
import { killAllNow } from "./proc.js";
import { detailTable, summaryTable, verdict, type HostOutcome } from "./report.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BY_KEY: Record<string, Host> = { own: ownServer, serve: serveCli, cloudflare: cloudflarePages, netlify };

const log = (line: string) => console.log(line);
/** The run's scratch folder, removed on every way out (also on Ctrl-C). */
let scratchDir: string | undefined;

function build(): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/evidence.js", "build"], { cwd: root, timeout: 5 * 60_000, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}` });
    });
  });
}

async function realId(publicDir: string): Promise<string> {
  const dataset = JSON.parse(await fs.readFile(path.join(publicDir, "api", "data", "index.json"), "utf8"));
  const id = dataset.providers?.[0]?.id;
  if (typeof id !== "string") throw new Error("public/api/data/index.json has no provider id");
  return id;
}

async function runHost(host: Host, context: Context, id: string): Promise<HostOutcome> {
  const outcome: HostOutcome = { name: host.name, results: [], knownLimits: host.knownLimits, notes: [] };
  log(`\n== ${host.name}`);
  let started;
  try {
    started = await host.start(context);
  } catch (error) {
    started = { ok: false as const, reason: `could not start: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!started.ok) {
    outcome.skipped = started.reason;
    log(`   skipped: ${started.reason}`);
    return outcome;
  }
  const { running } = started;
  outcome.version = running.version;
  log(`   ${running.version}, listening on ${running.origin}`);
  try {
    outcome.results = await checkAll(running.origin, id);
    outcome.notes = running.notes;
  } finally {
    await running.stop();
    log("   stopped");
  }
  return outcome;
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((key) => !(key in BY_KEY));
  if (unknown.length > 0) {
    console.error(`unknown host(s): ${unknown.join(", ")}; choose from ${Object.keys(BY_KEY).join(", ")}`);
    return 2;
  }
  const hosts = wanted.length > 0 ? wanted.map((key) => BY_KEY[key]!) : Object.values(BY_KEY);

  log("building the site: node bin/evidence.js build");
  const built = await build();
  if (!built.ok) {
    console.error(built.output);
    console.error("build failed; no host was checked");
    return 2;
  }
  log(built.output.split("\n").find((line) => line.startsWith("build:")) ?? "build: done");

  const publicDir = path.join(root, "public");
  const id = await realId(publicDir);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "hosts-conformance-"));
  scratchDir = scratch;
  const context: Context = {
    root,
    publicDir,
    scratch,
    cacheRoot: path.join(root, ".cache", "hosts"),
    baseUrl: process.env.EVIDENCE_BASE_URL || DEFAULT_BASE_URL,
    log: (line) => log(`   ${line}`),
  };
  log(`real id used: ${id}; scratch folder: ${scratch}`);

  const outcomes: HostOutcome[] = [];
  try {
    for (const host of hosts) outcomes.push(await runHost(host, context, id));
  } finally {
    killAllNow();
    await fs.rm(scratch, { recursive: true, force: true });
  }

  log("\n## Requirement × host (every answer must also carry Content-Type application/json, ACAO *, nosniff, Referrer-Policy)\n");
  log(summaryTable(requirements(id), outcomes));
  for (const outcome of outcomes) {
    if (outcome.skipped) continue;
    log(`\n### ${outcome.name} — ${outcome.version}\n`);
    log(detailTable(outcome));
    for (const note of outcome.notes) log(`  emulator said: ${note}`);
  }

  log("\n## Known limits (expected, not failures)");
  let limits = 0;
  for (const outcome of outcomes) {
    for (const result of outcome.results) {
      if (verdict(outcome, result) !== "limit") continue;
      limits++;
      log(`- ${outcome.name}, ${result.requirement.label}: ${outcome.knownLimits[result.requirement.key]}`);
    }
  }
  if (limits === 0) log("- none seen");

  log("\n## Not run");
  for (const outcome of outcomes) if (outcome.skipped) log(`- ${outcome.name}: ${outcome.skipped}`);
  for (const host of NOT_RUNNABLE) log(`- ${host.name}: ${host.reason}`);

  const failed = outcomes.filter((outcome) => outcome.results.some((result) => verdict(outcome, result) === "FAIL"));
  const ran = outcomes.filter((outcome) => !outcome.skipped).length;
  log(
    `\nconformance: ${ran} host(s) checked, ${outcomes.length - ran} skipped; ` +
      (failed.length === 0 ? "no failures" : `FAILURES on ${failed.map((outcome) => outcome.name).join(", ")}`),
  );
  return failed.length === 0 ? 0 : 1;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    killAllNow();
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
    process.exit(130);
  });
}
process.once("exit", killAllNow);

try {
  process.exitCode = await main();
} catch (error) {
  killAllNow();
  console.error(error);
  process.exitCode = 2;
}
