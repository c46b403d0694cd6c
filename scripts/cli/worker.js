// Plain JavaScript (checked by tsc through JSDoc): the entry of a worker thread of the bundled command. It runs the
// workers' bundle (workerTasks.ts), with its code cache, and one task of it, and posts the task's answer.
import { parentPort, workerData } from "node:worker_threads";
import { runBundle } from "./codeCache.js";

const { file, version, task } = /** @type {{ file: string; version: string; task: unknown }} */ (workerData);
const running = runBundle(file, version);
const run = /** @type {(task: unknown) => Promise<unknown>} */ (running.exports.runWorkerTask);
parentPort?.postMessage(await run(task));
running.keepCodeCache();
