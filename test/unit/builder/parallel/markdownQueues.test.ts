// How the render stage's markdown jobs are handed to the threads (markdownQueues.ts): a thread takes
// batches of the files whose trees it holds, the files of one text always in one batch (they share a
// tree and a render for that call only), and never another thread's files (it would parse them again).
import { describe, expect, it } from 'vitest';
import { markdownUnits } from '../../../../src/builder/parallel/markdownQueues.js';
import type { MarkdownJob } from '../../../../src/builder/parallel/protocol.js';

const job = (file: string, locale = 'en'): MarkdownJob => ({ file, locale, dropTitle: false, tocMinLevel: 2, tocMaxLevel: 3 });
/** Files `t<thread>-<text>-<n>`: owner and text read from the name. */
const units = (jobs: MarkdownJob[], batch = 4) => markdownUnits({ jobs, threads: 2, ownerOf: (f) => Number(f[1]), unitOf: (f) => f.split('-')[1], batch });
const files = (next: MarkdownJob[] | undefined) => next?.map((j) => `${j.file}/${j.locale}`);

describe('markdownUnits', () => {
  it('gives a thread its own files in order, in batches of whole texts', () => {
    const u = units([job('t0-a-1'), job('t0-a-2'), job('t0-b-1'), job('t1-c-1'), job('t0-c-1'), job('t0-a-1', 'zh'), job('t0-d-1')]);
    // Text a's three jobs (two files, two locales) stay together; b fits; c would pass the batch of 4.
    expect(files(u.next(0))).toEqual(['t0-a-1/en', 't0-a-2/en', 't0-a-1/zh', 't0-b-1/en']);
    expect(files(u.next(0))).toEqual(['t0-c-1/en', 't0-d-1/en']);
    expect(u.next(0)).toBeUndefined();
    expect(u.next(1)).toEqual([job('t1-c-1')]);
  });

  it('gives a text larger than a batch whole', () => {
    const u = units([job('t0-a-1'), job('t0-a-2'), job('t0-a-3'), job('t0-a-4'), job('t0-a-5'), job('t0-b-1')]);
    expect(files(u.next(0))).toEqual(['t0-a-1/en', 't0-a-2/en', 't0-a-3/en', 't0-a-4/en', 't0-a-5/en']);
    expect(files(u.next(0))).toEqual(['t0-b-1/en']);
  });

  it("gives a thread with nothing left none of another's files", () => {
    const u = units([job('t0-a-1'), job('t0-b-1'), job('t0-c-1'), job('t0-d-1'), job('t0-e-1'), job('t1-g-1')]);
    expect(files(u.next(1))).toEqual(['t1-g-1/en']);
    expect(u.next(1)).toBeUndefined();
    expect(files(u.next(0))).toEqual(['t0-a-1/en', 't0-b-1/en', 't0-c-1/en', 't0-d-1/en']);
    expect(files(u.next(0))).toEqual(['t0-e-1/en']);
    expect(u.next(0)).toBeUndefined();
  });
});
