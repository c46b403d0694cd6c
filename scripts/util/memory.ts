import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | null | undefined;

/** Below this much heap in use a collection frees too little to matter (17 MB after loading the real data). */
const WORTH_COLLECTING_BYTES = 64 * 1024 * 1024;

/**
 * A full garbage collection, where the runtime allows one. The build calls it once, between loading and
 * rendering: V8 sizes the old generation from what was live at its last full collection, and when that one
 * fell in the middle of loading (records half validated) the limit was set so high that rendering 10,000
 * providers let 250 MB of garbage pile up before the next one (peak RSS 570 MiB in one run, 410 in the
 * next). Collected at the one point where little is live, the limit follows the data that stays.
 */
export function collectGarbage(): void {
  if (getHeapStatistics().used_heap_size < WORTH_COLLECTING_BYTES) return;
  if (collect === undefined) {
    try {
      // The usual way to reach V8's collector without starting Node with --expose-gc.
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/**
 * Keeps the heap within a margin of what is live while a build loads and renders: V8 lets the garbage (pages,
 * rows, their buffers) pile up to several times what stays, and at 10,000 providers the build's peak was then
 * 900 MB for some 300 MB in use. `tick` is cheap; every so many calls it looks at the heap, and when it has grown by
 * more than `slack` (48 MB) since the last collection, collects.
 */
export class HeapBudget {
  private calls = 0;
  private live = getHeapStatistics().used_heap_size;
  constructor(
    private readonly slack = 48 * 1024 * 1024,
    private readonly every = 50,
  ) {}

  tick(): void {
    this.calls += 1;
    if (this.calls % this.every === 0) this.check();
  }

  /** Collects now if the heap has grown by more than the slack: before a stage that makes large files. */
  check(): void {
    if (getHeapStatistics().used_heap_size - this.live < this.slack) return;
    collectGarbage();
    this.live = getHeapStatistics().used_heap_size;
  }
}
