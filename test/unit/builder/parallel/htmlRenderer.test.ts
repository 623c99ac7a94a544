import { describe, expect, it } from 'vitest';
import { handleHtml } from '../../../../src/builder/parallel/htmlHandler.js';

// A thread (or the in-process executor) imports the server renderer with the first page it renders:
// a warm build whose pages' HTML all comes from the cache imports none (its import is a large module).

describe('handleHtml', () => {
  it('imports the server bundle only when there is a page to render', async () => {
    const state = {};
    const shared = { serverBundle: '/nonexistent/sitegen-server.mjs', pageKeys: [], chromes: {} };
    expect(await handleHtml(state, shared, [])).toEqual([]);
    // The first page to render imports it (here: a file that is not there).
    await expect(handleHtml(state, undefined, [{ index: 0, locale: 'en', page: {} as never, routePath: '/' }])).rejects.toThrow(/nonexistent/);
  });
});
