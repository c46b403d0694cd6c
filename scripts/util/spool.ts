import { closeSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Bytes set aside in a temporary file and read back on demand: the build keeps each record's JSON here instead
 * of in memory (143 MB at 10,000 providers, the largest thing it held). The file is unlinked as soon as it is
 * opened, so nothing is left behind whatever ends the process; it lives in the page cache, not in the process.
 */
export class Spool {
  private readonly fd: number;
  private size = 0;
  private closed = false;

  constructor(directory = os.tmpdir()) {
    const file = path.join(directory, `evidence-spool-${process.pid}-${Date.now()}`);
    this.fd = openSync(file, "wx+");
    try {
      unlinkSync(file);
    } catch {
      // A system that cannot remove an open file: it goes at close.
      this.leftover = file;
    }
  }

  private leftover: string | null = null;

  /** Stores the bytes; returns where they are. */
  put(bytes: Uint8Array): { offset: number; length: number } {
    const offset = this.size;
    for (let written = 0; written < bytes.length; ) written += writeSync(this.fd, bytes, written, bytes.length - written, offset + written);
    this.size += bytes.length;
    return { offset, length: bytes.length };
  }

  /** The bytes stored at a place, read anew. */
  get(place: { offset: number; length: number }): Buffer {
    const bytes = Buffer.allocUnsafe(place.length);
    for (let read = 0; read < place.length; ) {
      const got = readSync(this.fd, bytes, read, place.length - read, place.offset + read);
      if (got === 0) throw new Error("the spool ended early");
      read += got;
    }
    return bytes;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    if (this.leftover) {
      try {
        unlinkSync(this.leftover);
      } catch {
        // gone already
      }
    }
  }
}
