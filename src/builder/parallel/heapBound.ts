import v8 from 'node:v8';
import vm from 'node:vm';

// Keeps a worker thread's heap near what it holds. V8 lets the old generation grow to a few times
// its live size before collecting, and never gives the pages back: a build worker parsing its half
// of a synthetic site of 4,000 pages x 2 locales (bench/synthetic.ts) holds about 67 MB of trees
// but grew to 190-210 MB of old space (330 MB RSS for the parse alone); collecting whenever the old
// space has grown 64 MB since the last collection kept it at 117 MB (250 MB RSS), for about 8 full
// collections of a 70 MB heap per worker (under 0.5 s of a 20 s parse; measured with
// /tmp parse-only runs of 4,000 files on one thread, Node 20).

/** Call `step()` after each unit of work (a file): it collects when the heap has grown past the bound. */
export interface HeapBound {
  step(): void;
  /** A full collection now (work done: the next stage starts from what is live). */
  collect(): void;
  /** A full collection if the heap has grown past the bound since the last one (a unit of work of unknown size ended). */
  settle(): void;
}

let gcFunction: (() => void) | undefined;

/**
 * The collector: the global of a process started with `--expose-gc` (a build's, bin/cli-bundle.js
 * NODE_FLAGS); elsewhere made callable in this isolate by turning the process-wide flag on for the
 * function of a new context. Another thread may turn the flag off between the two steps: a few tries,
 * then none (collections are then V8's own; the heap only grows larger).
 */
function gc(): (() => void) | undefined {
  const global = (globalThis as { gc?: () => void }).gc;
  if (typeof global === 'function') return global;
  for (let attempt = 0; attempt < 5 && !gcFunction; attempt++) {
    v8.setFlagsFromString('--expose-gc');
    try {
      gcFunction = vm.runInNewContext('gc') as () => void;
    } catch {
      // Turned off by another thread meanwhile.
    }
    // The flag goes back as it was: V8 takes a code cache (bin/cli-bundle.js) only from a process
    // with the flags of the one that reads it.
    v8.setFlagsFromString('--no-expose-gc');
  }
  return gcFunction;
}

const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;

/** A bound of `slackMb` of old-space growth between collections, checked every `every` steps. */
export function heapBound(slackMb = 64, every = 16): HeapBound {
  const collect = gc() ?? (() => undefined);
  const slack = slackMb * 1048576;
  let base = oldSpaceUsed();
  let steps = 0;
  const full = () => {
    collect();
    base = oldSpaceUsed();
  };
  const settle = () => {
    if (oldSpaceUsed() > base + slack) full();
  };
  return {
    step() {
      if (++steps % every === 0) settle();
    },
    collect: full,
    settle,
  };
}

/** No bound (the build's own thread: its heap is shared with the caller's objects). */
export const noHeapBound: HeapBound = { step() {}, collect() {}, settle() {} };
