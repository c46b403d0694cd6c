import { receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import { startEvalWorker } from "./evalWorker.js";

/**
 * Creating files beside the thread that renders. At 10,000 providers a build creates some 100,000 files, and
 * creating them (`open`) was half of its time on the one thread, which then rendered nothing: here worker
 * threads create and write the new files while rendering goes on. Rendering is synchronous, so the bytes
 * handed over and not yet written are counted in shared memory: past a limit the caller sleeps on that counter
 * (`Atomics.wait`) until a worker has caught up, which bounds memory; `drain` sleeps until every file is written.
 * Only new files of the new folder go here (opened with `wx`, never through an existing entry): everything that
 * reads, replaces or links a file there drains first. A worker makes a missing folder itself (creating folders
 * was the next largest cost on the rendering thread).
 */

interface Job {
  target: string;
  bytes: Uint8Array;
}

/** Slots of the shared counters. */
const BYTES = 0;
const JOBS = 1;

// Plain JavaScript evaluated in the worker: no loader is needed, so it runs the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { mkdirSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const { port } = workerData;
const counters = new Int32Array(workerData.shared);
let failed = false;
parentPort.on("message", (job) => {
  if (!failed) {
    try {
      try {
        writeFileSync(job.target, job.bytes, { flag: "wx" });
      } catch (error) {
        if (!error || error.code !== "ENOENT") throw error;
        mkdirSync(dirname(job.target), { recursive: true });
        writeFileSync(job.target, job.bytes, { flag: "wx" });
      }
    } catch (error) {
      failed = true;
      port.postMessage({ target: job.target, error: String((error && error.message) || error) });
    }
  }
  Atomics.sub(counters, ${BYTES}, job.bytes.byteLength);
  Atomics.sub(counters, ${JOBS}, 1);
  Atomics.notify(counters, ${BYTES});
  Atomics.notify(counters, ${JOBS});
});
`;

/** Bytes handed over and not yet written, above which the caller waits: a few pages' worth per worker. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** A file larger than this is written by the caller itself: its bytes are already here, and the counter is 32-bit. */
const MAX_JOB_BYTES = 4 * 1024 * 1024;

/** How long the caller waits without a single file written before it gives up on the threads. */
const STALLED_MS = 120_000;

const view = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

export class WriterPool {
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly counters = new Int32Array(new SharedArrayBuffer(8));
  private nextWorker = 0;
  private failure: string | null = null;

  constructor(size: number) {
    for (let index = 0; index < size; index += 1) {
      const { worker, port } = startEvalWorker(WORKER_SOURCE, this.counters.buffer as SharedArrayBuffer, (error) => {
        this.failure ??= `a file-writing thread stopped: ${error.message}`;
      });
      this.workers.push(worker);
      this.ports.push(port);
    }
  }

  /** Whether a file of this size goes to a worker; a larger one the caller writes itself. */
  accepts(bytes: Buffer): boolean {
    return this.failure === null && bytes.byteLength <= MAX_JOB_BYTES;
  }

  /** Hands a new file over to be created and written (`target` must not exist); waits while too much is pending. */
  write(target: string, bytes: Buffer): void {
    this.throwIfFailed();
    const stalled = this.stallWatch();
    for (let pending = Atomics.load(this.counters, BYTES); pending > MAX_PENDING_BYTES; pending = Atomics.load(this.counters, BYTES)) {
      Atomics.wait(this.counters, BYTES, pending, 100);
      stalled(pending);
    }
    Atomics.add(this.counters, BYTES, bytes.byteLength);
    Atomics.add(this.counters, JOBS, 1);
    const job: Job = { target, bytes: view(bytes) };
    this.workers[this.nextWorker]!.postMessage(job);
    this.nextWorker = (this.nextWorker + 1) % this.workers.length;
  }

  /** Waits until every file handed over is written; throws the first failure, naming the file. */
  drain(): void {
    const stalled = this.stallWatch();
    for (let jobs = Atomics.load(this.counters, JOBS); jobs > 0; jobs = Atomics.load(this.counters, JOBS)) {
      stalled(jobs);
      Atomics.wait(this.counters, JOBS, jobs, 100);
    }
    this.throwIfFailed();
  }

  async close(): Promise<void> {
    for (const port of this.ports) port.close();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /**
   * Throws a failure as soon as one is reported, and gives up when nothing moved for STALLED_MS: a thread that
   * died is reported by an event this blocked thread never gets to hear.
   */
  private stallWatch(): (count: number) => void {
    let last = Number.NaN;
    let since = Date.now();
    return (count) => {
      this.throwIfFailed();
      if (count !== last) {
        last = count;
        since = Date.now();
      } else if (Date.now() - since > STALLED_MS) {
        this.failure = `no file written for ${STALLED_MS / 1000} s: the file-writing threads stopped`;
        throw new Error(this.failure);
      }
    };
  }

  private throwIfFailed(): void {
    if (this.failure === null) {
      for (const port of this.ports) {
        const message = receiveMessageOnPort(port)?.message as { target: string; error: string } | undefined;
        if (message) {
          this.failure = `writing ${message.target} failed: ${message.error}`;
          break;
        }
      }
    }
    if (this.failure !== null) throw new Error(this.failure);
  }
}
