import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";

/**
 * One worker thread for the build's background work: plain JavaScript evaluated in the worker (no loader, so it
 * runs the same under tsx, vitest and node), `workerData` holding `port` (for answers the blocked rendering thread
 * reads with `receiveMessageOnPort`) and `shared` (counters it sleeps on with `Atomics.wait`), a small heap, and
 * unreferenced so it never keeps the process alive.
 */
export function startEvalWorker(source: string, shared: SharedArrayBuffer, onError: (error: Error) => void): { worker: Worker; port: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(source, { eval: true, workerData: { port: port2, shared }, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 32 } });
  worker.unref();
  worker.on("error", onError);
  return { worker, port: port1 };
}
