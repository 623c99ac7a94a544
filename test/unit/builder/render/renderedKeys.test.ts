// A page's key with a cache is made from its markdown renders' keys (render/renderedKeys.ts), and
// decides whether the page is rendered and written again. It must be a key of what the page shows:
// unchanged when a render is made again and comes out the same (a neighbour edited, a static file
// removed: every render of the locale is made again then), changed when anything the page shows
// changes (its body, its pagination's titles). A key of the renders' inputs rewrote unchanged pages.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { contentStages } from '../../../../src/builder/pipeline/content.js';
import { inProcessExecutor } from '../../../../src/builder/parallel/executor.js';
import { createBuildCache, type BuildCache } from '../../../../src/builder/cache.js';
import { valueKey } from '../../../../src/builder/cacheKey.js';
import { markdownKey } from '../../../../src/builder/render/renderedKeys.js';
import type { MarkdownResult } from '../../../../src/builder/parallel/protocol.js';
import { makeSite } from '../../../helpers/site.js';

const body = (n: number) => `${'A paragraph of the page, long enough to be a body. '.repeat(4)}${n}\n\n## Section ${n}\n\nMore text.\n`;
const doc = (title: string, position: number, extra = '') => `---\nsidebar_position: ${position}\n${extra}---\n\n# ${title}\n\n${body(position)}`;

describe('page keys from render keys', () => {
  it("a page's key holds while its renders come out the same, and changes with its pagination's titles and its own body", async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': doc('Alpha', 1), 'docs/b.md': doc('Beta', 2), 'docs/c.md': doc('Gamma', 3), 'static/files/notes.txt': 'notes' });
    const cache = createBuildCache();
    const keys = async () => {
      const { config, siteDir } = await loadConfig({ configFile });
      const stages = await contentStages({ config, siteDir, production: true, executor: inProcessExecutor(), stopOnErrors: true, cache });
      return new Map(stages.rendered.map((r) => [r.page.route, valueKey(r.page)]));
    };
    const edit = (rel: string, text: string) => fs.writeFileSync(path.join(dir, rel), text);
    const misses = (c: BuildCache) => c.stats.markdownMisses;
    const first = await keys();
    expect(first.get('/docs/b')).toBeDefined();

    // The neighbour's body edited: its own key changes, not the next page's (its title is the same).
    edit('docs/a.md', doc('Alpha', 1).replace('More text.', 'More text, edited.'));
    const neighbour = await keys();
    expect(neighbour.get('/docs/a')).not.toBe(first.get('/docs/a'));
    expect(neighbour.get('/docs/b')).toBe(first.get('/docs/b'));

    // A static file removed changes every render's context: all are made again, and come out the same.
    cache.resetStats();
    fs.rmSync(path.join(dir, 'static/files'), { recursive: true });
    const remade = await keys();
    expect(misses(cache)).toBeGreaterThanOrEqual(3);
    for (const route of ['/docs/a', '/docs/b', '/docs/c']) expect(remade.get(route), route).toBe(neighbour.get(route));

    // The neighbour's sidebar label is the next page's "previous" title: the next page changes.
    edit('docs/a.md', doc('Alpha', 1, 'sidebar_label: First steps\n').replace('More text.', 'More text, edited.'));
    const labelled = await keys();
    expect(labelled.get('/docs/b')).not.toBe(remade.get('/docs/b'));
    expect(labelled.get('/docs/c')).toBe(remade.get('/docs/c'));

    // So does its title (the pagination's title without a label); the page after it does not.
    edit('docs/b.md', doc('Beta renamed', 2));
    const retitled = await keys();
    expect(retitled.get('/docs/c')).not.toBe(labelled.get('/docs/c'));
    expect(retitled.get('/docs/a')).not.toBe(labelled.get('/docs/a'));

    // The page's own body.
    edit('docs/c.md', doc('Gamma', 3).replace('More text.', 'Other text.'));
    expect((await keys()).get('/docs/c')).not.toBe(retitled.get('/docs/c'));
  }, 60_000);

  it('a render is keyed by what a page may show of it, not by what it was made from, and keeps its key', () => {
    const rendered = (): MarkdownResult['rendered'] => ({ html: '<p>Body</p>', toc: [{ id: 'a', level: 2, html: 'A' }], anchors: ['a'], links: [], sections: [{ level: 1, text: 'Body' }] });
    const result = (inputs: [string, string][], r = rendered()): MarkdownResult => ({ rendered: r, errors: [], warnings: [], assets: [], inputs });
    const made = result([['/site/static/img.png', 'hash1']]);
    const key = markdownKey(made);
    expect(made.key).toBe(key);
    // Made again on other inputs, the same content: the same key.
    expect(markdownKey(result([]))).toBe(key);
    // Any part a page shows: another key.
    expect(markdownKey(result([], { ...rendered(), html: '<p>Body.</p>' }))).not.toBe(key);
    expect(markdownKey(result([], { ...rendered(), toc: [] }))).not.toBe(key);
    expect(markdownKey(result([], { ...rendered(), anchors: ['b'] }))).not.toBe(key);
    expect(markdownKey(result([], { ...rendered(), sections: [{ level: 1, text: 'Body.' }] }))).not.toBe(key);
    expect(markdownKey(result([], { ...rendered(), excerptHtml: '<p>Body</p>' }))).not.toBe(key);
    // A key kept with the render (read back from the cache) is the one used.
    expect(markdownKey({ ...result([]), key: 'kept' })).toBe('kept');
  });
});
