#!/usr/bin/env node
// Node 20 cannot run TypeScript on its own: register tsx's loader (a dependency), then start the CLI.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../scripts/cli/program.ts");
process.exitCode = await main(process.argv);
