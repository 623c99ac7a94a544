import type { MarkdownJob } from './protocol.js';

// The markdown render stage's jobs as each thread takes them (executor.ts): a thread renders the files
// whose trees it holds (it parsed them), in batches, so that the renders come back as they are made
// and this thread assembles the routes meanwhile (render/assembleRoutes.ts), instead of one message
// per thread at the stage's end. Under load the old single reply of the versioned benchmark site
// took 341 and 830 ms to send from its two threads; the replies in batches 234 and 220 ms in all
// (vc, 03:08-03:47 UTC).
//
// A file's tree stays where it was parsed: a thread with nothing left does not take another's files,
// which it would have to parse again (tried: the threads then ended together, but a distinct text was
// parsed twice in a build, which the build promises never happens: sharedTexts.test.ts).
//
// A unit is what must be rendered by one call on one thread: the files of one text (same size, same
// owner) share a tree and the render of their text (sharedTexts.ts), which a call's `remaining`
// counts and `shared` renders hold for that call only. A unit is never split.

export interface MarkdownUnits {
  /** The next batch of `thread`'s own units, or undefined when it has none left. */
  next(thread: number): MarkdownJob[] | undefined;
}

/**
 * `ownerOf` the thread of a file's tree, `unitOf` the key of its text on that thread (files of one
 * text have one key). A batch holds about `batch` jobs (at least one unit).
 */
export function markdownUnits(params: { jobs: MarkdownJob[]; threads: number; ownerOf: (file: string) => number; unitOf: (file: string) => string; batch: number }): MarkdownUnits {
  const queues: MarkdownJob[][][] = Array.from({ length: params.threads }, () => []);
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
  }
  /** Head of each queue (units before it were given). */
  const head = new Array<number>(params.threads).fill(0);
  return {
    next(thread) {
      const own = queues[thread];
      if (head[thread] >= own.length) return undefined;
      const jobs: MarkdownJob[] = [];
      while (head[thread] < own.length && (jobs.length === 0 || jobs.length + own[head[thread]].length <= params.batch)) jobs.push(...own[head[thread]++]);
      return jobs;
    },
  };
}
