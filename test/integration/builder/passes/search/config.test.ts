import { describe, expect, it } from 'vitest';
import { makeSite, buildSite } from '../../../../helpers/site.js';
import { build } from '../../../../../src/builder/build.js';
import { createBuildCache } from '../../../../../src/builder/cache.js';
import { MemorySink } from '../../../../../src/builder/output/sink.js';
import { searchIndexFiles } from '../../../../../src/builder/passes/search/index.js';
import { readSearchIndex, searchIndexPath } from '../../../../helpers/search.js';

// The search pass on small sites: base url, languages, what is indexed, turning search off, and the
// pure function the dev server calls.

const files = {
  'docs/intro.md': '---\ndescription: Start here\nkeywords: [begin]\n---\n# Introduction\n\nWelcome to the telemetry docs.\n\n## Setup\n\nInstall the agent.\n',
  'docs/secret.md': '---\nunlisted: true\n---\n# Secret page\n\nHidden telemetry.\n',
  'blog/2023-01-02-launch.md': '# Launch day\n\nWe launched the telemetry agent.\n',
  'i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md': '# 简介\n\n欢迎阅读遥测服务文档。\n',
};
const config = {
  baseUrl: '/base/',
  i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
  blogs: [{ id: 'news', path: 'blog', routeBasePath: 'news' }],
  themeConfig: { navbar: { items: [{ type: 'search', position: 'right' }] } },
};
const indexOf = (sink: { read(p: string): string | undefined }, url: string) => readSearchIndex((p) => sink.read(p), url, '/base/');

describe('search pass', () => {
  it('writes under the base url and indexes docs and posts, never unlisted pages', async () => {
    const { configFile } = makeSite(files, { ...config, search: { language: ['en', 'zh'] } });
    const { result, sink } = await buildSite(configFile);
    const [en, zh] = result.site.locales;
    expect(en.chrome.search).toEqual({ indexUrl: '/base/assets/search/en.current.json', hint: true, limit: 8, contextLength: 50 });
    expect(zh.chrome.search!.indexUrl).toBe('/base/assets/search/zh-Hans.current.json');
    // The pointer names the content-hashed index.
    expect(searchIndexPath((p) => sink.read(p), en.chrome.search!.indexUrl, '/base/')).toMatch(/^assets\/search\/en\.[0-9a-f]{10}\.json$/);
    const enIndex = indexOf(sink, en.chrome.search!.indexUrl);
    expect(enIndex.pages.map((p) => p.u).sort()).toEqual(['/base/docs/intro', '/base/news/2023/01/02/launch']);
    expect(enIndex.pages.find((p) => p.u === '/base/docs/intro')).toMatchObject({ t: 'Introduction', d: 'Start here', k: ['begin'] });
    // Chinese text is cut into words at build time.
    const zhIndex = indexOf(sink, zh.chrome.search!.indexUrl);
    expect(zhIndex.terms).toContain('遥测');
    expect(result.rendered.find((r) => r.page.route === '/base/zh-Hans/search/')?.page.content.kind).toBe('searchPage');
  });

  it('follows the search options: no blog, no Chinese cutting, shortcut hint and limits', async () => {
    const { configFile } = makeSite(files, { ...config, search: { indexBlog: false, searchBarShortcutHint: false, searchResultLimits: 5, searchResultContextMaxLength: 80 } });
    const { result, sink } = await buildSite(configFile);
    const [en, zh] = result.site.locales;
    expect(en.chrome.search).toMatchObject({ hint: false, limit: 5, contextLength: 80 });
    expect(indexOf(sink, en.chrome.search!.indexUrl).pages.map((p) => p.u)).toEqual(['/base/docs/intro']);
    // Without `zh`, a Han run stays one term.
    expect(indexOf(sink, zh.chrome.search!.indexUrl).terms).toContain('欢迎阅读遥测服务文档');
  });

  it('writes nothing and plans no search page when search is off', async () => {
    const { configFile } = makeSite(files, { ...config, search: { enabled: false } });
    const { result, sink } = await buildSite(configFile);
    expect(sink.paths().filter((p) => p.startsWith('assets/search/'))).toEqual([]);
    expect(result.site.locales.every((l) => l.chrome.search === undefined)).toBe(true);
    expect(result.rendered.some((r) => r.page.content.kind === 'searchPage')).toBe(false);
  });

  it('is a pure function of the rendered routes (the dev server rebuilds the index in memory)', async () => {
    const { configFile } = makeSite(files, config);
    // With a cache, as in the dev server, the index is built in this thread and the input is kept.
    const cache = createBuildCache();
    const sink = new MemorySink();
    const result = await build({ configFile, sink, cache });
    const again = searchIndexFiles({ site: result.site, rendered: result.rendered });
    expect(again.files.length).toBeGreaterThan(4);
    for (const file of again.files) expect(sink.read(file.path)).toBe(file.contents);
    expect(again.indexUrls.get('en')).toBe('/base/' + searchIndexPath((p) => sink.read(p), result.site.locales[0].chrome.search!.indexUrl, '/base/'));
    // A cold build indexes on a worker thread (a small one, when given threads): the same files.
    const cold = new MemorySink();
    await build({ configFile, sink: cold, threads: 1 });
    for (const file of again.files) expect(cold.read(file.path)).toBe(file.contents);
    expect(cold.paths().filter((p) => p.startsWith('assets/search/'))).toEqual(sink.paths().filter((p) => p.startsWith('assets/search/')));
    await cache.dispose();
  });
});
