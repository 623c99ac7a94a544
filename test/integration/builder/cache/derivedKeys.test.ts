import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fixtureWithCache } from '../../../helpers/fixtureCopies.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { compareFolders } from '../../../../bench/compareFolders.js';

// Keys a warm build makes from keys it already knows instead of hashing the data they stand for
// (render/pageJobs.ts keyOf: a page's pruned sidebar by its whole sidebar's key; plugins/blog/feeds.ts:
// a feed by its posts' page keys and the blog's options; render/renderedKeys.ts: a page's data and
// search input by the keys of the markdown renders they show). Each is checked by
// editing the input it stands for alone: the pages that show it are rendered again, and the warm
// build writes what a build without the cache writes.

let work: string;
let site: string;
let cacheDir: string;

interface BuildJson {
  cache: { htmlHits: number; htmlMisses: number };
}

async function build(out: string, ...extra: string[]): Promise<BuildJson> {
  const run = await runCliInProcess(['build', '-c', path.join(site, 'site.config.ts'), '-o', out, '--json', ...extra], { cwd: site, env: { SITEGEN_CACHE_DIR: cacheDir } });
  expect(run.status, run.stderr + run.stdout).toBe(0);
  return JSON.parse(run.stdout) as BuildJson;
}

const fixture = fixtureWithCache('versioned-site');
beforeAll(() => ({ work, site, cacheDir } = fixture));

describe('keys made from known keys', () => {
  it("a sidebar edited alone renders again the pages that show it, and only those (a page's pruned sidebar is keyed by its sidebar's key)", async () => {
    await build(path.join(work, 'first'));
    const warm = await build(path.join(work, 'warm'));
    expect(warm.cache.htmlMisses).toBe(0);
    // A category's label: the pages of the working copy's sidebar show it (the category holds only some of them).
    const sidebars = path.join(site, 'sidebars.js');
    fs.writeFileSync(sidebars, fs.readFileSync(sidebars, 'utf8').replace("label: 'Reference'", "label: 'Reference pages'"));
    const edited = await build(path.join(work, 'edited'));
    expect(edited.cache.htmlMisses).toBeGreaterThan(0);
    expect(edited.cache.htmlHits).toBeGreaterThan(0);
    await build(path.join(work, 'edited-cold'), '--no-cache');
    expect(compareFolders(path.join(work, 'edited-cold'), path.join(work, 'edited')).differ).toEqual([]);
    const changed = compareFolders(path.join(work, 'warm'), path.join(work, 'edited')).differ.filter((f) => f.endsWith('.html'));
    expect(changed.length).toBeGreaterThan(0);
    for (const file of changed) expect(fs.readFileSync(path.join(work, 'edited', file), 'utf8')).toContain('Reference pages');
  });

  it('a blog post edited alone writes its feeds again (a feed is kept by a key of its posts), the same as a build without the cache', async () => {
    // Into one folder, as warm builds go: a file the previous build wrote under the same key stays.
    const out = path.join(work, 'feeds');
    await build(out);
    await build(out);
    const before = path.join(work, 'feeds-before');
    fs.cpSync(out, before, { recursive: true });
    const post = path.join(site, 'blog/2026-03-01-season.md');
    fs.writeFileSync(post, fs.readFileSync(post, 'utf8').replace('without a gap.', 'without a gap, and one squall more.'));
    await build(out);
    await build(path.join(work, 'feeds-cold'), '--no-cache');
    expect(compareFolders(path.join(work, 'feeds-cold'), out).differ).toEqual([]);
    // The blog's default feeds (feedOptions.type: rss and atom), in both locales.
    const feeds = ['blog/rss.xml', 'blog/atom.xml', 'zh-Hans/blog/rss.xml', 'zh-Hans/blog/atom.xml'];
    expect(compareFolders(before, out).differ).toEqual(expect.arrayContaining(feeds));
    for (const feed of feeds) expect(fs.readFileSync(path.join(out, feed), 'utf8')).toContain('one squall more');
  });

  it("a doc edited alone changes its page's classes and its search context (a page is keyed by its markdown render's key), the same as a build without the cache", async () => {
    const out = path.join(work, 'render-keys');
    await build(out);
    await build(out);
    const before = path.join(work, 'render-keys-before');
    fs.cpSync(out, before, { recursive: true });
    // A kind of admonition no other page shows (its theme classes were pruned from the stylesheet), and a word no page has.
    const doc = path.join(site, 'docs/calibrate.md');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8') + '\n:::danger\n\nNever calibrate underwater zyzzogeton.\n\n:::\n');
    const edited = await build(out);
    expect(edited.cache.htmlMisses).toBeGreaterThan(0);
    await build(path.join(work, 'render-keys-cold'), '--no-cache');
    expect(compareFolders(path.join(work, 'render-keys-cold'), out).differ).toEqual([]);
    const added = compareFolders(before, out)
      .differ.filter((f) => f.endsWith(' (only after)'))
      .map((f) => f.slice(0, -' (only after)'.length));
    expect(added.some((f) => f.endsWith('.css') && fs.readFileSync(path.join(out, f), 'utf8').includes('danger'))).toBe(true);
    expect(added.some((f) => f.includes('search') && fs.readFileSync(path.join(out, f), 'utf8').includes('zyzzogeton'))).toBe(true);
  });
});
