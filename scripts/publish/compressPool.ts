import { receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import { startEvalWorker, STOP_HANDLER, stopEvalWorker } from "./evalWorker.js";
import { brotliParams, GZIP_LEVEL } from "./compress.js";

/**
 * Compression beside the thread that renders. Compressing was three fifths of a build's rendering time at
 * 10,000 providers, all of it on the one thread. Here worker threads make a file's `.gz` and `.br` copies while
 * rendering goes on; when the bytes waiting for a worker pass a small limit, the caller compresses the file
 * itself instead of waiting, so every core stays busy and memory stays bounded. Rendering is synchronous, so
 * results are taken with `receiveMessageOnPort`, and the final drain sleeps on a shared counter
 * (`Atomics.wait`) that a worker bumps after each file. Same zlib, same parameters: the same bytes as
 * compressing in place.
 */

export interface CompressedCopy {
  /** The copy's name (`<file>.gz` or `<file>.br`). */
  sibling: string;
  bytes: Buffer;
}

interface Job {
  id: number;
  bytes: Uint8Array;
  gzipLevel: number;
  brotliParams: Record<number, number>;
}

interface Done {
  id: number;
  gzip?: Uint8Array;
  brotli?: Uint8Array;
  error?: string;
}

// Plain JavaScript evaluated in the worker: no loader is needed, so it runs the same under tsx, vitest and node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");
const { port, shared } = workerData;
const finished = new Int32Array(shared);
const owned = (bytes) => { const copy = new Uint8Array(bytes.byteLength); copy.set(bytes); return copy; };
parentPort.on("message", (job) => {
  ${STOP_HANDLER}
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const gzip = owned(zlib.gzipSync(bytes, { level: job.gzipLevel }));
    const brotli = owned(zlib.brotliCompressSync(bytes, { params: job.brotliParams }));
    port.postMessage({ id: job.id, gzip, brotli }, [gzip.buffer, brotli.buffer]);
  } catch (error) {
    port.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
  Atomics.add(finished, 0, 1);
  Atomics.notify(finished, 0);
});
`;

/**
 * Bytes handed to the workers and not yet compressed, above which the caller compresses a file itself. Small
 * on purpose: a worker's heap frees the copies it received only when it collects garbage, and the large
 * files (the dataset document, the CSV exports) are better compressed where their bytes already are.
 */
const MAX_PENDING_BYTES = 1024 * 1024;

const view = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class CompressionPool {
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly finished = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, { file: string; size: number }>();
  private pendingBytes = 0;
  private nextId = 0;
  private nextWorker = 0;
  private failure: string | null = null;

  constructor(size: number) {
    for (let index = 0; index < size; index += 1) {
      const { worker, port } = startEvalWorker(WORKER_SOURCE, this.finished.buffer as SharedArrayBuffer, (error) => {
        this.failure ??= `a compression worker failed: ${error.message}`;
        Atomics.add(this.finished, 0, 1);
        Atomics.notify(this.finished, 0);
      });
      this.workers.push(worker);
      this.ports.push(port);
    }
  }

  /**
   * Hands one file to a worker, unless the workers already have enough to do: then it returns false and the
   * caller compresses the file itself. Copies finished by now (of earlier files) are added to `ready`.
   */
  submit(file: string, bytes: Buffer, ready: CompressedCopy[]): boolean {
    if (this.retired) return false;
    if (bytes.length > MAX_PENDING_BYTES) {
      // The large files come last (the dataset document, the exports): the workers' part is done, and their
      // heaps are given back before those files are compressed here.
      ready.push(...this.drain());
      this.retire();
      return false;
    }
    this.take(ready);
    if (this.pendingBytes + bytes.length > MAX_PENDING_BYTES) return false;
    const id = this.nextId++;
    const job: Job = {
      id,
      bytes: view(bytes),
      gzipLevel: GZIP_LEVEL,
      brotliParams: brotliParams(bytes.length),
    };
    this.pending.set(id, { file, size: bytes.length });
    this.pendingBytes += bytes.length;
    this.workers[this.nextWorker]!.postMessage(job);
    this.nextWorker = (this.nextWorker + 1) % this.workers.length;
    return true;
  }

  /** Every copy still being made, waiting for all of them. */
  drain(): CompressedCopy[] {
    const ready: CompressedCopy[] = [];
    while (this.pending.size > 0) {
      const seen = Atomics.load(this.finished, 0);
      if (!this.take(ready)) Atomics.wait(this.finished, 0, seen, 1_000);
    }
    return ready;
  }

  async close(): Promise<void> {
    this.retire();
    await this.terminated;
  }

  private retired = false;
  private terminated: Promise<unknown> = Promise.resolve();

  private retire(): void {
    if (this.retired) return;
    this.retired = true;
    this.terminated = Promise.all(this.workers.map((worker) => stopEvalWorker(worker))).then(() => {
      for (const port of this.ports) port.close();
    });
  }

  /** Takes every finished result; true when there was one. */
  private take(ready: CompressedCopy[]): boolean {
    let any = false;
    for (const port of this.ports) {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        any = true;
        const done = message.message as Done;
        const job = this.pending.get(done.id);
        if (!job) continue;
        this.pending.delete(done.id);
        this.pendingBytes -= job.size;
        if (done.error !== undefined) this.failure ??= `compressing ${job.file} failed: ${done.error}`;
        else ready.push({ sibling: `${job.file}.gz`, bytes: asBuffer(done.gzip!) }, { sibling: `${job.file}.br`, bytes: asBuffer(done.brotli!) });
      }
    }
    if (this.failure) throw new Error(this.failure);
    return any;
  }
}
