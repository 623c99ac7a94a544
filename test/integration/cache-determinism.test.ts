import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/builder/build.js';
import { MemorySink } from '../../src/builder/output/sink.js';
import { createBuildCache } from '../../src/builder/cache.js';
import { generateSite } from '../../bench/synthetic.js';

const contents = (sink: MemorySink) => new Map(sink.paths().map((p) => [p, sink.read(p)]));

describe('deterministic output', () => {
  it('two builds of the same input are byte-identical, on worker threads or in one thread', async () => {
    const configFile = generateSite({ dir: fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-det-')), pages: 60 });
    const a = new MemorySink();
    const b = new MemorySink();
    await build({ configFile, sink: a, threads: 2 });
    await build({ configFile, sink: b, threads: 0 });
    const ca = contents(a);
    const cb = contents(b);
    expect([...ca.keys()]).toEqual([...cb.keys()]);
    for (const [file, text] of ca) expect(cb.get(file), file).toBe(text);
    expect(ca.size).toBeGreaterThan(250);
  }, 120_000);
});

describe('the cache between builds', () => {
  it('reuses everything when nothing changed, and re-renders only what an edited doc affects', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-cache-'));
    const configFile = generateSite({ dir, pages: 40 });
    const cache = createBuildCache();
    const first = new MemorySink();
    await build({ configFile, sink: first, cache });

    cache.resetStats();
    const same = new MemorySink();
    await build({ configFile, sink: same, cache });
    expect(cache.stats.markdownMisses).toBe(0);
    expect(cache.stats.htmlMisses).toBe(0);
    expect(cache.stats.parseMisses).toBe(0);
    const c0 = contents(first);
    for (const [f, t] of contents(same)) expect(c0.get(f), f).toBe(t);

    // Edit one paragraph of one English doc (its title, and so every sidebar, stays the same).
    const doc = path.join(dir, 'docs/part-00/section-000/page-00003.md');
    fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace(/\n# Page 3\n\n/, '\n# Page 3\n\nAn edited first sentence.\n\n'));
    cache.resetStats();
    const edited = new MemorySink();
    await build({ configFile, sink: edited, cache });
    expect(cache.stats.parseMisses).toBe(1);
    expect(cache.stats.markdownMisses).toBe(1);
    expect(cache.stats.htmlMisses).toBe(1);

    // Files that changed: the doc's page and page data, the English search index; elsewhere only
    // the search index url inside the inline payload.
    const before = contents(same);
    const changed = [...contents(edited)].filter(([f, t]) => before.get(f) !== t).map(([f]) => f);
    const stripIndexUrl = (t: string | undefined) => t?.replace(/\/assets\/search\/[^"]+/g, '');
    const real = changed.filter((f) => stripIndexUrl(before.get(f)) !== stripIndexUrl(contents(edited).get(f)));
    expect(real.filter((f) => !f.startsWith('assets/search/')).sort()).toEqual(['docs/part-00/section-000/page-00003/__page.json', 'docs/part-00/section-000/page-00003/index.html']);
    expect(real.some((f) => f.startsWith('assets/search/en'))).toBe(true);
    expect(real.some((f) => f.startsWith('zh-Hans/'))).toBe(false);
    await cache.dispose();
  }, 120_000);
});
