import type { Command } from "commander";
import { cleanText } from "../net/outsideText.js";
import { DEFAULT_NET_POLICY } from "../net/request.js";
import { REGISTER_ADAPTERS } from "../registry/adapters.js";
import type { RegistryOutcome } from "../registry/run.js";
import type { CommandContext } from "./context.js";
import { runLocked } from "./dataLock.js";
import { collect, nowToTheSecond, parseEndpoints, parseMilliseconds, writeSummary } from "./options.js";

interface RegistryOptions {
  only: string[];
  allowPrivate?: boolean;
  endpoint: string[];
  timeout: number;
  summaryFile?: string;
  appendSummary?: boolean;
}

/** `registry`: asks each provider's company register about its org number, into data/registry/<id>.json. */
export function registerRegistryCommand(program: Command, context: CommandContext): void {
  program
    .command("registry")
    .description("ask each provider's company register about its ownership.org_number and keep the answer in data/registry/<id>.json (merged by the build into _registry)")
    .option("--only <id>", "only this provider id (repeatable)", collect, [])
    .option("--allow-private", "allow loopback and private addresses (tests against a local server)")
    .option("--endpoint <register=url>", `another base URL for a register (repeatable; tests): ${REGISTER_ADAPTERS.map((adapter) => adapter.name).join(", ")}`, collect, [])
    .option("--timeout <ms>", "time limit per request", parseMilliseconds, DEFAULT_NET_POLICY.timeoutMs)
    .option("--summary-file <path>", "also write a Markdown list of the flags a register raised for the first time (the refresh pull request's description)")
    .option("--append-summary", "add the summary to the end of --summary-file instead of replacing it")
    .action((options: RegistryOptions) => runLocked(context, "registry", () => registry(context, options)));
}

type Answered = Extract<RegistryOutcome, { kind: "answered" }>;

const newFlags = (outcome: Answered) => outcome.answer.flags.filter((flag) => !outcome.previousFlags.includes(flag));

async function registry(context: CommandContext, options: RegistryOptions): Promise<void> {
  const names = Object.fromEntries(REGISTER_ADAPTERS.map((adapter) => [adapter.name, adapter.name]));
  const { runRegistry } = await import("../registry/run.js");
  const outcomes = await runRegistry(context.paths(), {
    only: options.only,
    policy: { ...DEFAULT_NET_POLICY, timeoutMs: options.timeout, allowPrivate: options.allowPrivate === true },
    endpoints: parseEndpoints(options.endpoint, names),
    env: process.env,
    now: nowToTheSecond(),
  });
  const answered = outcomes.filter((outcome): outcome is Answered => outcome.kind === "answered");
  const failed = outcomes.filter((outcome) => outcome.kind === "failed");
  console.log(`registry: ${outcomes.length} providers; ${answered.length} answered, ${outcomes.length - answered.length - failed.length} skipped, ${failed.length} failed`);
  for (const outcome of outcomes) {
    if (outcome.kind === "answered") {
      const fresh = newFlags(outcome);
      const name = outcome.answer.registered_name === null ? "(no entity)" : cleanText(outcome.answer.registered_name);
      console.log(`  ${outcome.id}: ${outcome.answer.register} ${outcome.answer.org_number} ${name}; flags ${outcome.answer.flags.length ? outcome.answer.flags.join(", ") : "none"}${fresh.length ? ` (new: ${fresh.join(", ")})` : ""}`);
    } else console.log(`  ${cleanText(outcome.id, 80)}: ${outcome.kind}, ${cleanText(outcome.reason, 500)}`);
  }
  if (options.summaryFile) {
    const fresh = answered.flatMap((outcome) => {
      const added = newFlags(outcome);
      return added.length ? [`- \`${outcome.id}\`: ${outcome.answer.register} ${outcome.answer.org_number}, ${added.join(", ")} (${outcome.answer.url})`] : [];
    });
    const section = ["## Company registers", "", `${answered.length} answered, ${failed.length} failed.`, "", ...(fresh.length ? ["New flags:", "", ...fresh] : ["No new flags."]), ""].join("\n");
    await writeSummary(options.summaryFile, section, options.appendSummary === true);
  }
}
