import { Worker } from "node:worker_threads";
import { bundledWorker } from "../util/bundledWorkers.js";
import { readChangeList, type ChangeList } from "./changeList.js";

export interface HistoryThread {
  /** Whether a thread was started for it; false where the history is read on the calling thread. */
  readonly started: boolean;
  /** The change list of the history of data/ under root; never rejects. Call it once. */
  read(root: string): Promise<ChangeList>;
  /** Ends the thread if it is still there (a build that failed before it used the history). */
  close(): void;
}

/**
 * The history of data/ read on a thread of its own while the build loads and validates the records on this one: on
 * the real data, git's answers and their parsing and comparing took 280 ms of this thread after loading, while the
 * second core was mostly idle during loading (BENCHMARKS.md, November 28th, late). The thread is started here, before
 * the build stamps its inputs (starting one takes about 40 ms), and is handed the folder by `read` once they are
 * stamped. Where no bundled program is there for it (the program run through tsx), or the thread fails, the history
 * is read on this thread instead: the same function either way, so the same list.
 */
export function startHistoryThread(): HistoryThread {
  const source = bundledWorker("history");
  let worker: Worker | null = null;
  if (source !== undefined) {
    try {
      worker = new Worker(source, { eval: true });
      // Not what keeps the process alive until its answer is awaited: a build that failed early exits without it.
      worker.unref();
    } catch {
      worker = null;
    }
  }
  const close = () => {
    // Nothing of its work is to be kept once closed; it holds no file of the build open.
    void worker?.terminate();
    worker = null;
  };
  const read = (root: string): Promise<ChangeList> => {
    const thread = worker;
    if (!thread) return readChangeList(root);
    return new Promise<ChangeList>((resolve) => {
      let settled = false;
      // The fallback is read only if the thread ended without an answer: 'exit' also follows the answer.
      const settle = (list: () => Promise<ChangeList> | ChangeList) => {
        if (settled) return;
        settled = true;
        resolve(list());
        close();
      };
      // Listening for its answer keeps the process alive while it is awaited (the thread itself is unreferenced): a
      // build with nothing else under way must not end there.
      thread.once("message", (list: ChangeList) => settle(() => list));
      thread.once("error", () => settle(() => readChangeList(root)));
      thread.once("exit", () => settle(() => readChangeList(root)));
      thread.postMessage(root);
    });
  };
  return { started: worker !== null, read, close };
}
