import { receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import { startEvalWorker, STOP_HANDLER, stopEvalWorker } from "./evalWorker.js";
import { brotliParams, GZIP_LEVEL } from "./compress.js";

/**
 * Creating files beside the thread that renders. At 10,000 providers a build creates some 100,000 files, and
 * creating them (`open`) was half of its time on the one thread, which then rendered nothing: here worker
 * threads create and write the new files while rendering goes on. Rendering is synchronous, so the bytes
 * handed over and not yet written are counted in shared memory: past a limit the caller sleeps on that counter
 * (`Atomics.wait`) until a worker has caught up, which bounds memory; `drain` sleeps until every file is written.
 * Only new files of the new folder go here (opened with `wx`, never through an existing entry): everything that
 * reads, replaces or links a file there drains first. A worker makes a missing folder itself (creating folders
 * was the next largest cost on the rendering thread).
 *
 * A new file that gets compressed copies is handed over once with them (`writeWithCopies`): the worker writes
 * the file, makes its `.gz` and `.br` and writes those too. Handing the page to a compression thread, taking
 * the copies back and handing each to a writing thread copied every page's bytes three times between threads
 * (`postMessage` was 4 s of a 10,000-provider build on the rendering thread, BENCHMARKS.md).
 */

interface Job {
  target: string;
  bytes: Uint8Array;
  /** Where the compressed copies go, with zlib's parameters; absent for a file written alone. */
  copies?: { gzip: string; brotli: string; gzipLevel: number; brotliParams: Record<number, number> };
}

/**
 * Slots of the shared 32-bit counters (ABANDONED: the files still handed over are not to be written); the bytes of
 * compressed copies written are a 64-bit slot after them.
 */
const BYTES = 0;
const JOBS = 1;
const ABANDONED = 2;
const COUNTERS = 3;
const COPY_BYTES_OFFSET = 16;

// Plain JavaScript evaluated in the worker: no loader is needed, so it runs the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { mkdirSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const zlib = require("node:zlib");
const { port } = workerData;
const counters = new Int32Array(workerData.shared, 0, ${COUNTERS});
const copyBytes = new BigInt64Array(workerData.shared, ${COPY_BYTES_OFFSET}, 1);
let failed = false;
const create = (target, bytes) => {
  try {
    writeFileSync(target, bytes, { flag: "wx" });
  } catch (error) {
    if (!error || error.code !== "ENOENT") throw error;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes, { flag: "wx" });
  }
};
parentPort.on("message", (job) => {
  ${STOP_HANDLER}
  if (!failed && Atomics.load(counters, ${ABANDONED}) === 0) {
    let target = job.target;
    try {
      create(target, job.bytes);
      const copies = job.copies;
      if (copies) {
        const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
        const gzip = zlib.gzipSync(bytes, { level: copies.gzipLevel });
        target = copies.gzip;
        create(target, gzip);
        const brotli = zlib.brotliCompressSync(bytes, { params: copies.brotliParams });
        target = copies.brotli;
        create(target, brotli);
        Atomics.add(copyBytes, 0, BigInt(gzip.byteLength + brotli.byteLength));
      }
    } catch (error) {
      failed = true;
      port.postMessage({ target, error: String((error && error.message) || error) });
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

/** How long the caller waits without a single file written before it gives up on the threads. */
const STALLED_MS = 120_000;

const view = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

export class WriterPool {
  /** A file larger than this is written by the caller itself: its bytes are already here, and the counter is 32-bit. */
  static readonly MAX_JOB_BYTES = 4 * 1024 * 1024;
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly shared = new SharedArrayBuffer(COPY_BYTES_OFFSET + 8);
  private readonly counters = new Int32Array(this.shared, 0, COUNTERS);
  private readonly copyBytes = new BigInt64Array(this.shared, COPY_BYTES_OFFSET, 1);
  private nextWorker = 0;
  private failure: string | null = null;

  constructor(size: number) {
    for (let index = 0; index < size; index += 1) {
      const { worker, port } = startEvalWorker(WORKER_SOURCE, this.shared, (error) => {
        this.failure ??= `a file-writing thread stopped: ${error.message}`;
      });
      this.workers.push(worker);
      this.ports.push(port);
    }
  }

  /** Whether a file of this size goes to a worker; a larger one the caller writes itself. */
  accepts(bytes: Buffer): boolean {
    return this.failure === null && bytes.byteLength <= WriterPool.MAX_JOB_BYTES;
  }

  /** Hands a new file over to be created and written (`target` must not exist); waits while too much is pending. */
  write(target: string, bytes: Buffer): void {
    this.send({ target, bytes: view(bytes) });
  }

  /**
   * Hands a new file over with its compressed copies to be made: the three are written at `target`,
   * `target.gz` and `target.br` (none may exist), with the same zlib parameters as `compressedSiblings`.
   */
  writeWithCopies(target: string, bytes: Buffer): void {
    this.send({ target, bytes: view(bytes), copies: { gzip: `${target}.gz`, brotli: `${target}.br`, gzipLevel: GZIP_LEVEL, brotliParams: brotliParams(bytes.length) } });
  }

  /** Bytes of the compressed copies written so far (`writeWithCopies`); complete after `drain`. */
  copyBytesWritten(): number {
    return Number(Atomics.load(this.copyBytes, 0));
  }

  private send(job: Job): void {
    const bytes = job.bytes;
    this.throwIfFailed();
    const stalled = this.stallWatch();
    for (let pending = Atomics.load(this.counters, BYTES); pending > MAX_PENDING_BYTES; pending = Atomics.load(this.counters, BYTES)) {
      Atomics.wait(this.counters, BYTES, pending, 100);
      stalled(pending);
    }
    Atomics.add(this.counters, BYTES, bytes.byteLength);
    Atomics.add(this.counters, JOBS, 1);
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

  /**
   * Ends the threads once they have done what was handed over; with `abandon`, the files not yet begun are skipped
   * (the folder they were for is about to go).
   */
  async close(abandon = false): Promise<void> {
    if (abandon) Atomics.store(this.counters, ABANDONED, 1);
    await Promise.all(this.workers.map((worker) => stopEvalWorker(worker)));
    for (const port of this.ports) port.close();
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
