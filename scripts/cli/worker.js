// Plain JavaScript (checked by tsc through JSDoc): bin/evidence.js may start a worker before it loads the program.
import { Worker } from "node:worker_threads";

/**
 * @typedef {object} StartedWorker
 * @property {Worker} worker A thread running the workers' bundle (workerMain.ts), waiting for one task.
 * @property {boolean} ended True once it failed or exited: it will never answer.
 */

/**
 * Starts a worker thread of the workers' bundle. It waits for a task without keeping the process alive, so a
 * command that gives it none ends as it would without it; a failure only marks it ended (workerTasks.ts then does
 * the task in the command's own thread).
 * @param {string} file The workers' bundle (CommonJS).
 * @returns {StartedWorker}
 */
export function startWorker(file) {
  const worker = new Worker(file);
  worker.unref();
  /** @type {StartedWorker} */
  const started = { worker, ended: false };
  const end = () => {
    started.ended = true;
  };
  worker.on("error", end);
  worker.on("exit", end);
  return started;
}
