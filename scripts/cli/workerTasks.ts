import { Worker } from "node:worker_threads";
import { readChangeList } from "../history/changeList.js";

/**
 * Work the bundled command hands to a worker thread, which runs a small bundle of this file (bin/evidence.js
 * makes it beside the command's). Reading the history of data/
 * took the real data's build about 100 ms of its rendering thread (four git processes started, 600 file
 * versions parsed and compared, and the garbage they left), while the second core mostly waited for it; in a
 * worker it is done while the records load, and only the change list (at most 500 entries) comes back.
 */
export type WorkerTask = { kind: "change-list"; root: string };

/** The bundle a worker runs (made from this file), and the worker's entry (worker.js). */
export interface WorkerBundle {
  file: string;
  version: string;
  workerEntry: string;
}

/** A task, as the worker runs it: exported by the bundle. */
export async function runWorkerTask(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case "change-list":
      return readChangeList(task.root);
  }
}

/**
 * The task's answer from a worker thread, or from `inThisThread` when no worker gives one (it cannot start,
 * fails, or ends without answering): a worker is a way to be faster, never a new way to fail.
 */
export function inWorker<T>(bundle: WorkerBundle, task: WorkerTask, inThisThread: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => {
    let answered = false;
    const answer = (value: () => T | Promise<T>) => {
      if (answered) return;
      answered = true;
      resolve(value());
    };
    const fallBack = () => answer(inThisThread);
    let worker: Worker;
    try {
      worker = new Worker(bundle.workerEntry, { workerData: { file: bundle.file, version: bundle.version, task } });
    } catch {
      fallBack();
      return;
    }
    worker.once("message", (value: T) => answer(() => value));
    worker.once("error", fallBack);
    worker.once("exit", fallBack);
  });
}
