import { describe, expect, it } from 'vitest';
import { SearchThread } from '../../../../../src/builder/passes/search/thread.js';

// A cold build indexes on a thread of its own only when it parses on threads (given, or by default
// for a site of 1,200 markdown files or more: build.ts resolves them); otherwise on the build's
// thread (starting a thread costs more CPU than its index), and --threads 0 means this thread alone.

describe('SearchThread.worthIt', () => {
  it('starts a thread for a build on threads, never for one on this thread alone', () => {
    expect(SearchThread.worthIt({ threads: 0 })).toBe(false);
    expect(SearchThread.worthIt({ threads: 1 })).toBe(true);
    expect(SearchThread.worthIt({ threads: 2 })).toBe(true);
  });
});
