#!/usr/bin/env -S npx tsx
import { main } from "./cli/program.js";

process.exitCode = await main(process.argv);
