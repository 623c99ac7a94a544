import type { MarkdownJob } from './protocol.js';

// The markdown render stage's jobs as each thread takes them (executor.ts): a thread renders the files
// whose trees it holds (it parsed them), in batches, and when it has none left it takes the last
// files of the thread with the most left, whose trees it parses again (handlers.ts parseMissing).
// A file's tree stays where it was parsed, and the parse shares its threads' work by file sizes,
// not by what the renders will cost (how many locales and copies show a text): the versioned
// benchmark site's two threads were busy 7.3 and 5.6 s rendering (loaded machine), the one thread
// idle meanwhile, and the whole stage's markdown came back in one message per thread at its end.
// Measured on that site cold (bench/child.mjs), 9 builds each alternating with the build before,
// 03:08-03:47 UTC on a machine loaded 18-30 (wall time meant nothing then), CPU of each thread per
// stage from /proc: the two threads' render CPU differed by 180 ms (median; up to 740 ms) before, 50
// ms (up to 130 ms) after; the stage's CPU, all threads, 4.28 -> 4.08 s (medians); peak RSS 524 ->
// 514 MB. Taking costs parses: 838 instead of 814 in one build.
//
// A unit is what must be rendered by one call on one thread: the files of one text (same size, same
// owner) share a tree and the render of their text (sharedTexts.ts), which a call's `remaining`
// counts and `shared` renders hold for that call only. A unit is never split.

export interface MarkdownUnits {
  /** The next jobs for `thread`: a batch of its own units, else (if it `mayTake`) the last units of the thread with most jobs left (to parse again), else undefined. */
  next(thread: number, mayTake?: boolean): { jobs: MarkdownJob[]; taken: boolean } | undefined;
}

/**
 * `ownerOf` the thread of a file's tree, `unitOf` the key of its text on that thread (files of one
 * text have one key). A batch holds about `batch` jobs of a thread's own units (at least one unit);
 * a taken one about `take` jobs, from the end of the other thread's queue.
 */
export function markdownUnits(params: { jobs: MarkdownJob[]; threads: number; ownerOf: (file: string) => number; unitOf: (file: string) => string; batch: number; take: number }): MarkdownUnits {
  const queues: MarkdownJob[][][] = Array.from({ length: params.threads }, () => []);
  const left = new Array<number>(params.threads).fill(0);
  const units = new Map<string, MarkdownJob[]>();
  for (const job of params.jobs) {
    const owner = params.ownerOf(job.file);
    const key = `${owner}\u0000${params.unitOf(job.file)}`;
    let unit = units.get(key);
    if (!unit) {
      unit = [];
      units.set(key, unit);
      queues[owner].push(unit);
    }
    unit.push(job);
    left[owner]++;
  }
  /** Head of each queue (units before it were given). */
  const head = new Array<number>(params.threads).fill(0);
  const give = (from: number, at: number): MarkdownJob[] => {
    const unit = queues[from][at];
    left[from] -= unit.length;
    return unit;
  };
  return {
    next(thread, mayTake = true) {
      const own = queues[thread];
      if (head[thread] < own.length) {
        const jobs: MarkdownJob[] = [];
        while (head[thread] < own.length && (jobs.length === 0 || jobs.length + own[head[thread]].length <= params.batch)) jobs.push(...give(thread, head[thread]++));
        return { jobs, taken: false };
      }
      if (!mayTake) return undefined;
      let victim = -1;
      for (let t = 0; t < queues.length; t++) if (t !== thread && left[t] > 0 && (victim < 0 || left[t] > left[victim])) victim = t;
      if (victim < 0) return undefined;
      const theirs = queues[victim];
      const jobs: MarkdownJob[] = [];
      while (theirs.length > head[victim] && (jobs.length === 0 || jobs.length + theirs[theirs.length - 1].length <= params.take)) {
        jobs.unshift(...give(victim, theirs.length - 1));
        theirs.pop();
      }
      return { jobs, taken: true };
    },
  };
}
