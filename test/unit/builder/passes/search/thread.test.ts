import { describe, expect, it } from 'vitest';
import { SearchThread } from '../../../../../src/builder/passes/search/thread.js';

// A cold build indexes on a thread of its own only when that can shorten it: a large site, or a build
// given threads (--threads); a small site is indexed on the build's thread (starting a thread costs
// more CPU than its index), and --threads 0 means this thread alone.

describe('SearchThread.worthIt', () => {
  it('starts a thread for a large site or a build given threads, never for a small one or --threads 0', () => {
    expect(SearchThread.worthIt({ markdownFiles: 7 })).toBe(false);
    expect(SearchThread.worthIt({ markdownFiles: 99 })).toBe(false);
    expect(SearchThread.worthIt({ markdownFiles: 148 })).toBe(true);
    expect(SearchThread.worthIt({ markdownFiles: 7, threads: 2 })).toBe(true);
    expect(SearchThread.worthIt({ markdownFiles: 5000, threads: 0 })).toBe(false);
  });
});
