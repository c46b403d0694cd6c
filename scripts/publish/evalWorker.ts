import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

/**
 * One worker thread for the build's background work: plain JavaScript evaluated in the worker (no loader, so it
 * runs the same under tsx, vitest and node), `workerData` holding `port` (for answers the blocked rendering thread
 * reads with `receiveMessageOnPort`) and `shared` (counters it sleeps on with `Atomics.wait`), a small heap, and
 * unreferenced so it never keeps the process alive. Its message handler begins with `STOP_HANDLER` (see `stopEvalWorker`).
 */
export function startEvalWorker(source: string, shared: SharedArrayBuffer, onError: (error: Error) => void): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(source, { eval: true, workerData: { port: port2, shared }, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 32 } });
  worker.unref();
  worker.on("error", onError);
  return { worker, port: port1 };
}

/** The message after which a worker closes its ports, so that its thread ends on its own. */
export const STOP_MESSAGE = "stop";

/** The worker's side of `STOP_MESSAGE`, for the start of its message handler. */
export const STOP_HANDLER = `if (job === ${JSON.stringify(STOP_MESSAGE)}) { parentPort.close(); workerData.port.close(); return; }`;

/** How long a worker may take to finish the message it is on before it is terminated all the same. */
const STOP_WAIT_MS = 30_000;

/**
 * Ends a worker once it has finished the messages sent before: it is told to stop, and its thread ends by itself.
 * Never terminated while it may be compressing: a zlib object cut off between its creation and its
 * initialisation aborts the whole process (Node's assertion "close before init", seen once in CI).
 */
export function stopEvalWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (worker.threadId < 0) return resolve();
    const late = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
    late.unref();
    worker.once("exit", () => {
      clearTimeout(late);
      resolve();
    });
    // Referenced until it has ended, so the process waits for it (the caller may remove its folder next).
    worker.ref();
    worker.postMessage(STOP_MESSAGE);
  });
}
