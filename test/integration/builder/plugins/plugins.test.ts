import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { checkSiteLinks } from '../../../../src/builder/pipeline/checkLinks.js';
import { changelogPlugin } from '../../../fixtures/changelog-plugin/index.js';
import { makeSite } from '../../../helpers/site.js';

// A content plugin beyond docs, blog and pages: one folder (test/fixtures/changelog-plugin) and one
// registration line. Its routes are planned, rendered, written and link-checked like the others'.

const files = {
  'docs/intro.md': '# Intro\n\nSee [the first release](/changelog/2024-01-first) and [the list](/changelog/).\n',
  'changelog/2024-01-first.md': '# First release\n\nIt works.\n\n## Fixed\n\nBack to the [intro](/docs/intro).\n',
  'changelog/2024-02-second.md': '# Second release\n\nFaster, see [the first](./2024-01-first.md#fixed).\n',
};

describe('a fourth content plugin (changelog)', () => {
  it('plans, renders and writes a list route and a route per entry, in every locale', async () => {
    const { configFile } = makeSite(files, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const sink = new MemorySink();
    const result = await build({ configFile, sink, plugins: [changelogPlugin] });
    const routes = result.rendered.map((r) => r.route.path);
    expect(routes).toEqual(expect.arrayContaining(['/changelog/', '/changelog/2024-02-second', '/changelog/2024-01-first', '/zh-Hans/changelog/', '/zh-Hans/changelog/2024-01-first']));
    expect(sink.read('changelog/2024-01-first/index.html')).toContain('It works.');
    expect(sink.read('changelog/2024-01-first/index.html')).toContain('<title>First release | Test Site</title>');
    const list = sink.read('changelog/index.html')!;
    expect(list.indexOf('Second release')).toBeGreaterThan(-1);
    expect(list.indexOf('Second release')).toBeLessThan(list.indexOf('First release'));
    // A markdown link to an entry's file resolves to its route (the plugin's permalinks), anchors included.
    expect(sink.read('changelog/2024-02-second/index.html')).toContain('href="/changelog/2024-01-first#fixed"');
    expect(result.warnings).toEqual([]);
  });

  it('is unknown without its registration line: links to it are broken, in build and check-links alike', async () => {
    const { configFile } = makeSite(files);
    await expect(build({ configFile, sink: new MemorySink() })).rejects.toThrow(/^Broken links: 2 found/);
    const without = await checkSiteLinks({ config: configFile, cache: false });
    expect(without.brokenLinks.map((p) => p.message)).toEqual(['→ /changelog/2024-01-first', '→ /changelog/']);
    const withIt = await checkSiteLinks({ config: configFile, cache: false, plugins: [changelogPlugin] });
    expect(withIt).toMatchObject({ ok: true, brokenLinks: [], brokenAnchors: [] });
  });
});
