import { describe, expect, it } from 'vitest';
import { makeSite, buildSite, buildError } from '../../../../helpers/site.js';

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

function omit(files: Record<string, string>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(files).filter(([name]) => !names.includes(name)));
}

/** [href, title, description] of each card of the page's card list (with that class). */
function cardsOf(html: string, className?: string) {
  const list = new RegExp(`<ul class="doc-cards${className ? ` ${className}` : ''}"[^>]*>(.*?)</ul>`, 's').exec(html)?.[1] ?? '';
  return [...list.matchAll(/<a href="([^"]+)" class="doc-card"[^>]*><h2[^>]*>([^<]*)<\/h2>(?:<p[^>]*>([^<]*)<\/p>)?/g)].map((m) => [m[1], m[2], m[3]]);
}

describe('DocCardList', () => {
  it("draws a card per item of the category the doc is the page of: a doc's description, a category's count, a first page for a category without one", async () => {
    const { configFile } = makeSite(guides, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const { sink } = await buildSite(configFile);
    const cards = (file: string) => cardsOf(sink.read(file)!, 'guide-cards');
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

  it("counts a category's items in the plural form the page's locale takes (Intl.PluralRules), as the generated index does", async () => {
    // Russian has one, few and many forms: 5 takes the third (English rules would take the second).
    const five = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`docs/guides/more/page${n}.md`, `# Page ${n}\n`]));
    const { configFile } = makeSite(
      {
        ...omit(guides, 'docs/guides/more/deep.md', 'docs/guides/more/deeper.md'),
        ...five,
        'docs/guides/more/_category_.json': JSON.stringify({ link: { type: 'generated-index' } }),
        'docs/other/_category_.json': JSON.stringify({ link: { type: 'generated-index' } }),
        'docs/other/more/_category_.json': JSON.stringify({ label: 'more' }),
        ...Object.fromEntries(Object.keys(five).map((f) => [f.replace('guides', 'other'), '# Page\n'])),
        'i18n/ru/code.json': JSON.stringify({ 'theme.docs.DocCard.categoryDescription.plurals': { message: '1 элемент|{count} элемента|{count} элементов' } }),
      },
      { i18n: { defaultLocale: 'en', locales: ['en', 'ru'] } },
    );
    const { sink } = await buildSite(configFile);
    expect(cardsOf(sink.read('ru/docs/guides/index.html')!, 'guide-cards')).toContainEqual(['/ru/docs/category/more', 'more', '5 элементов']);
    expect(cardsOf(sink.read('docs/guides/index.html')!, 'guide-cards')).toContainEqual(['/docs/category/more', 'more', '5 items']);
    expect(sink.read('ru/docs/category/other/index.html')).toContain('5 элементов');
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

  it('in a doc of a category that is not its page, shows that category (Docusaurus 3: the deepest category holding the doc)', async () => {
    const { configFile } = makeSite({ ...guides, 'docs/guides/second.md': "import DocCardList from '@theme/DocCardList';\n\n# Second\n\nSecond text paragraph.\n\n<DocCardList />\n" });
    const { sink } = await buildSite(configFile);
    expect(cardsOf(sink.read('docs/guides/second/index.html')!)).toEqual([
      ['/docs/guides/first', 'First', 'The first guide'],
      ['/docs/guides/more/deep', 'more', '2 items'],
      ['/docs/guides/second', 'Second', 'Second text paragraph.'],
    ]);
  });

  it('takes items from code: useCurrentSidebarCategory() of @docusaurus/theme-common or the docs client, filtered as the doc says', async () => {
    const { configFile } = makeSite(
      {
        ...omit(guides, 'docs/guides/index.md', 'docs/guides/more/deep.md'),
        'docs/guides/index.mdx': [
          "import DocCardList from '@theme/DocCardList';",
          "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';",
          '',
          '# Guides',
          '',
          '<DocCardList items={useCurrentSidebarCategory().items} />',
          '',
        ].join('\n'),
        'docs/guides/more/deep.mdx': [
          "import DocCardList from '@theme/DocCardList';",
          "import {useCurrentSidebarCategory, filterDocCardListItems} from '@docusaurus/plugin-content-docs/client';",
          '',
          '# Deep',
          '',
          'Deep text.',
          '',
          '<DocCardList className="picked" items={filterDocCardListItems(useCurrentSidebarCategory().items).filter((item) => item.label !== \'Deep\')} />',
          '',
        ].join('\n'),
      },
      { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } },
    );
    const { sink } = await buildSite(configFile);
    expect(cardsOf(sink.read('docs/guides/index.html')!)).toEqual([
      ['/docs/guides/first', 'First', 'The first guide'],
      ['/docs/guides/more/deep', 'more', '2 items'],
      ['/docs/guides/second', 'Second', 'Second text paragraph.'],
    ]);
    expect(cardsOf(sink.read('zh-Hans/docs/guides/index.html')!)).toEqual([
      ['/zh-Hans/docs/guides/first', 'First', 'The first guide'],
      ['/zh-Hans/docs/guides/more/deep', 'more', '2 个项目'],
      ['/zh-Hans/docs/guides/second', 'Second', 'Second text paragraph.'],
    ]);
    // A doc inside a nested category gets that category, filtered by its own code.
    expect(cardsOf(sink.read('docs/guides/more/deep/index.html')!, 'picked')).toEqual([['/docs/guides/more/deeper', 'Deeper', undefined]]);
  });

  it("fails at its line with Docusaurus's words when the hook is used in a doc outside every category", async () => {
    const { configFile } = makeSite({
      ...omit(guides, 'docs/intro.md'),
      'docs/intro.mdx': "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';\n\n# Intro\n\nThere are {useCurrentSidebarCategory().items.length} items.\n",
    });
    const error = await buildError(configFile);
    const problem = error.problems?.find((p) => p.message.includes('useCurrentSidebarCategory'));
    expect(problem?.message).toContain('/docs/intro is not associated with a category. useCurrentSidebarCategory() should only be used on category index pages.');
    expect(problem).toMatchObject({ file: expect.stringMatching(/docs\/intro\.mdx$/), line: 5 });
  });

  it('fails at its line when a component that needs the browser reads the page: an island sees only the site', async () => {
    const { configFile } = makeSite({
      ...omit(guides, 'docs/guides/index.md'),
      'docs/guides/index.mdx': [
        "import {useState} from 'react';",
        "import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';",
        '',
        '# Guides',
        '',
        'export function Picker() {',
        '  const [open, setOpen] = useState(false);',
        '  return <button onClick={() => setOpen(!open)}>{useCurrentSidebarCategory().items.length} guides</button>;',
        '}',
        '',
        '<Picker />',
        '',
      ].join('\n'),
    });
    const error = await buildError(configFile);
    const problem = error.problems?.find((p) => p.message.includes('<Picker>'));
    expect(problem?.message).toContain('an island sees only the site');
    expect(problem).toMatchObject({ file: expect.stringMatching(/guides\/index\.mdx$/), line: 11 });
  });

  it('fails at its line on a page that is not a doc, as Docusaurus does (no sidebar there)', async () => {
    const { configFile } = makeSite(
      {
        ...guides,
        'blog/2026-01-02-cards.mdx': "---\ntitle: Cards\nauthors: [{ name: A }]\n---\nimport DocCardList from '@theme/DocCardList';\n\nText.\n\n<DocCardList />\n",
      },
      { blogs: [{ id: 'blog', path: 'blog', routeBasePath: 'blog', onInlineAuthors: 'ignore' }] },
    );
    const error = await buildError(configFile);
    const problem = error.problems?.find((p) => p.message.includes('not a doc'));
    expect(error.problems?.filter((p) => p.message.includes('not a doc'))).toHaveLength(1);
    expect(problem).toMatchObject({ file: expect.stringMatching(/blog\/2026-01-02-cards\.mdx$/), line: 9 });
  });
});
