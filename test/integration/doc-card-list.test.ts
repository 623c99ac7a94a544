import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, buildError } from '../helpers/site.js';

// <DocCardList /> (Docusaurus's @theme/DocCardList) in the doc a sidebar category links to: the cards
// of the category's items, with the descriptions Docusaurus gives them, drawn into the doc's HTML.

const guides = {
  'docs/intro.md': '# Intro\n',
  'docs/guides/index.md': 'import DocCardList from \'@theme/DocCardList\';\n\n# Guides\n\nPick one.\n\n<DocCardList className="guide-cards" />\n',
  'docs/guides/first.md': '---\ndescription: The first guide\n---\n# First\n\nText of the first.\n',
  'docs/guides/second.md': '# Second\n\nSecond text paragraph.\n',
  'docs/guides/more/deep.md': '# Deep\n\nDeep text.\n',
  'docs/guides/more/deeper.md': '# Deeper\n',
};

describe('DocCardList', () => {
  it("draws a card per item of the category the doc is the page of: a doc's description, a category's count, a first page for a category without one", async () => {
    const { configFile } = makeSite(guides, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const { sink } = await buildSite(configFile);
    const cards = (file: string) => {
      const html = sink.read(file)!;
      const list = /<ul class="doc-cards guide-cards"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
      return [...list.matchAll(/<a href="([^"]+)" class="doc-card"[^>]*><h2[^>]*>([^<]*)<\/h2>(?:<p[^>]*>([^<]*)<\/p>)?/g)].map((m) => [m[1], m[2], m[3]]);
    };
    expect(cards('docs/guides/index.html')).toEqual([
      ['/docs/guides/first', 'First', 'The first guide'],
      ['/docs/guides/more/deep', 'more', '2 items'],
      ['/docs/guides/second', 'Second', 'Second text paragraph.'],
    ]);
    // The translated page counts in its own words and links within its locale.
    expect(cards('zh-Hans/docs/guides/index.html')).toEqual([
      ['/zh-Hans/docs/guides/first', 'First', 'The first guide'],
      ['/zh-Hans/docs/guides/more/deep', 'more', '2 个项目'],
      ['/zh-Hans/docs/guides/second', 'Second', 'Second text paragraph.'],
    ]);
    expect(sink.read('docs/guides/index.html')).not.toContain('data-doc-card-list');
  });

  it('is an error at its line in a doc that no category links to', async () => {
    const { configFile } = makeSite({ ...guides, 'docs/intro.md': "import DocCardList from '@theme/DocCardList';\n\n# Intro\n\n<DocCardList />\n" });
    const error = await buildError(configFile);
    const problem = error.problems?.find((p) => p.message.includes('<DocCardList />'));
    expect(problem).toMatchObject({ file: expect.stringMatching(/docs\/intro\.md$/), line: 5 });
    expect(problem?.hint).toContain("category's page");
  });

  it("gives a generated index's cards the same way: a category without a page leads to its first one", async () => {
    const { configFile } = makeSite({
      'docs/intro.md': '# Intro\n',
      'docs/topics/_category_.json': JSON.stringify({ label: 'Topics', link: { type: 'generated-index' } }),
      'docs/topics/a.md': '# A\n\nAbout A.\n',
      'docs/topics/sub/b.md': '# B\n',
    });
    const { result } = await buildSite(configFile);
    const index = result.rendered.find((r) => r.page.route === '/docs/category/topics')!.page.content as { cards: unknown[] };
    expect(index.cards).toEqual([
      { label: 'A', href: '/docs/topics/a', description: 'About A.' },
      { label: 'sub', href: '/docs/topics/sub/b', count: 1 },
    ]);
  });
});
