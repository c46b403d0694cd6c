import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { registerCorroborateCommand } from "./corroborate.js";
import { registerRegistryCommand } from "./registry.js";
import { registerSourceDatesCommand } from "./sourceDates.js";
import { registerSourcesCommand } from "./sources.js";

export type { CommandContext as JobContext } from "./context.js";
export { collect, parseEndpoints } from "./options.js";

/**
 * The commands that read the outside world and write a committed file under data/ (source dates, the source
 * watch, the company registers, the price registries), one module each; each runs under data/'s lock.
 */
export function registerJobCommands(program: Command, context: CommandContext): void {
  registerSourceDatesCommand(program, context);
  registerSourcesCommand(program, context);
  registerRegistryCommand(program, context);
  registerCorroborateCommand(program, context);
}
