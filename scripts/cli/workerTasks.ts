import { parentPort } from "node:worker_threads";
import { readChangeList } from "../history/changeList.js";
import { startWorker, type StartedWorker } from "./worker.js";

/**
 * Work the bundled command hands to a worker thread, which runs a small bundle of its own (workerMain.ts, made
 * by bin/evidence.js beside the command's, 22 KB: a worker running the whole program spent 45 ms starting
 * it). Reading the history of data/ took the real data's build about 100 ms of its rendering thread (four git
 * processes started, 600 file versions parsed and compared, and the garbage they left), while the second core
 * mostly waited for it; in a worker it is done while the records load, and only the change list (at most 500
 * entries) comes back. For a command line that looks like a build, bin/evidence.js starts one worker before it
 * loads the program, so that the worker's own start (about 60 ms beside a loading build) is over by the time the
 * build asks; the history then arrives 0–40 ms after the records are loaded, against 50–90 ms.
 */
export type WorkerTask = { kind: "change-list"; root: string };

/** The workers' bundle, and a worker of it started with the command and not yet given a task. */
export interface WorkerBundle {
  file: string;
  spare: StartedWorker | null;
}

/** A task, as the worker runs it. */
export async function runWorkerTask(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case "change-list":
      return readChangeList(task.root);
  }
}

/**
 * In a worker thread: answers the first task it is sent with `run`, then lets the thread end. A task that fails
 * fails the thread, which its caller sees as no answer.
 */
export function answerOneTask(run: (task: WorkerTask) => Promise<unknown>): void {
  const port = parentPort;
  port?.once("message", (task: WorkerTask) => {
    void run(task).then((answer) => port.postMessage(answer));
  });
}

/**
 * The task's answer from a worker thread (the spare one, else a new one), or from `inThisThread` when no worker
 * gives one (it cannot start, fails, or ends without answering): a worker is a way to be faster, never a new
 * way to fail.
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
    let started = bundle.spare;
    bundle.spare = null;
    try {
      started ??= startWorker(bundle.file);
    } catch {
      fallBack();
      return;
    }
    if (started.ended) {
      fallBack();
      return;
    }
    const { worker } = started;
    // Until it answers, the worker keeps the process alive (a command waiting for it has nothing else pending).
    worker.ref();
    worker.once("message", (value: T) => answer(() => value));
    worker.once("error", fallBack);
    worker.once("exit", fallBack);
    worker.postMessage(task);
  });
}
