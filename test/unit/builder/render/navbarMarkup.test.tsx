// A page's navbar items drawn with a stand-in (src/builder/render/navbarMarkup.ts): the items are drawn
// once per key from a template with url tokens, and every page's markup is the same as with its real navbar.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ResolvedNavbarItem, SiteChrome } from '../../../../src/shared/navbar.js';
import type { PageData } from '../../../../src/shared/types.js';
import { SiteContext, type SiteState } from '../../../../src/theme/context.js';
import { Navbar } from '../../../../src/theme/components/navbar/Navbar.js';
import { NavbarMarkup, type Draw } from '../../../../src/builder/render/navbarMarkup.js';

// The theme's build-time constant (bundle/siteCode.ts defines it).
(globalThis as { __SITEGEN_COLOR_MODE_SWITCH__?: boolean }).__SITEGEN_COLOR_MODE_SWITCH__ = false;

const versions = [
  { name: 'current', label: 'Next', path: '/docs/next', mainDocUrl: '/docs/next/intro', isLast: false },
  { name: '2.0', label: '2.0', path: '/docs', mainDocUrl: '/docs/intro', isLast: true },
  { name: '1.0', label: '1.0', path: '/docs/1.0', mainDocUrl: '/docs/1.0/intro', isLast: false },
];
const targets = Object.fromEntries(versions.map((v) => [v.name, { href: v.mainDocUrl }]));
const right = 'right' as const;
const items: ResolvedNavbarItem[] = [
  { kind: 'html', html: '<b>left</b>', position: 'left' },
  { kind: 'link', label: 'Docs', href: '/docs/intro', external: false, activeSidebar: 'main', versionTargets: { pluginId: 'default', targets }, position: right },
  { kind: 'link', label: 'Setup', href: '/docs/setup', external: false, activeDoc: 'setup', position: right },
  { kind: 'link', label: 'Blog', href: '/blog', external: false, position: right },
  {
    kind: 'dropdown',
    role: 'version',
    label: '2.0',
    href: '/docs/intro',
    versionTargets: { pluginId: 'default', targets: Object.fromEntries(versions.map((v) => [v.name, { href: v.mainDocUrl, label: v.label }])) },
    items: versions.map((v) => ({ kind: 'link' as const, label: v.label, href: v.mainDocUrl, external: false, versionName: v.name, position: right })),
    position: right,
  },
  {
    kind: 'dropdown',
    role: 'locale',
    label: 'English',
    items: [
      { kind: 'link', label: 'English', href: '/', external: false, position: right, className: 'locale-en' },
      { kind: 'link', label: '中文', href: '/zh/', external: false, position: right, className: 'locale-zh' },
    ],
    position: right,
  },
];
const chrome = {
  siteTitle: 'Site',
  homeHref: '/',
  navbarTitle: 'Site',
  navbarItems: items,
  hideOnScroll: false,
  strings: {},
  locale: 'en',
  baseUrl: '/',
  siteBaseUrl: '/',
  locales: ['en', 'zh'].map((locale) => ({ locale, label: locale === 'en' ? 'English' : '中文', baseUrl: locale === 'en' ? '/' : `/${locale}/` })),
  colorModeSwitch: false,
  docsPlugins: [{ id: 'default', path: '/docs', versions }],
} as unknown as SiteChrome;

const prefix = { current: '/docs/next', '2.0': '/docs', '1.0': '/docs/1.0' } as Record<string, string>;
/** A doc page of `version` at `slug`, with a copy in `copies` (default: every version) and a Chinese alternate unless `zh` is false. */
function doc(version: string, slug: string, opts: { copies?: string[]; zh?: boolean; docId?: string } = {}): PageData {
  const route = `${prefix[version]}/${slug}`;
  const copies = (opts.copies ?? Object.keys(prefix)).filter((v) => v !== version);
  const v = versions.find((x) => x.name === version)!;
  return {
    route,
    locale: 'en',
    chromeKey: '',
    head: { title: slug, alternates: [{ locale: 'en', htmlLang: 'en', href: route }, ...(opts.zh === false ? [] : [{ locale: 'zh', htmlLang: 'zh', href: `/zh${route}` }])] },
    content: {
      kind: 'doc',
      docId: opts.docId ?? slug,
      sidebarId: 'main',
      title: slug,
      version: { name: v.name, label: v.label, isLast: v.isLast },
      alternateDocVersions: Object.fromEntries(copies.map((c) => [c, `${prefix[c]}/${slug}`])),
    },
  } as unknown as PageData;
}
const blog = (route: string): PageData =>
  ({ route, locale: 'en', chromeKey: '', head: { title: 'blog', alternates: [{ locale: 'en', htmlLang: 'en', href: route }] }, content: { kind: 'blogPost' } }) as unknown as PageData;

let draws = 0;
const draw: Draw = (c, page) => {
  draws++;
  const html = renderToString(
    <SiteContext.Provider value={{ chrome: c, page } as SiteState}>
      <Navbar />
    </SiteContext.Provider>,
  );
  return { html, head: {}, links: [] };
};

describe('NavbarMarkup', () => {
  const pages = [
    ...['current', '2.0', '1.0'].flatMap((v) => [doc(v, 'guide/a'), doc(v, 'guide/b'), doc(v, 'setup'), doc(v, 'only-here', { copies: [v], zh: false })]),
    doc('1.0', 'guide/c', { copies: ['1.0', '2.0'] }),
    blog('/blog/post'),
    // Pages a stand-in cannot stand for: a route of an item's own (Blog, the version's main doc), a url React escapes.
    blog('/blog'),
    doc('2.0', 'intro'),
    doc('2.0', 'a&b'),
  ];

  it('draws every page as its real navbar does', () => {
    const markup = new NavbarMarkup();
    let standIns = 0;
    for (const round of [1, 2]) {
      for (const page of pages) {
        const real = draw(chrome, page).html;
        const standIn = markup.standIn(chrome, page, draw);
        if (!standIn) continue;
        standIns++;
        const drawn = draw(standIn.chrome, page).html;
        expect(drawn).not.toContain('dropdown__menu');
        expect(standIn.finish(drawn), `${page.route}, round ${round}`).toBe(real);
      }
    }
    // Drawn with their real navbar: the three above, and the setup pages (their copy in 2.0 is the Setup item's own url).
    expect(standIns).toBe(2 * (pages.length - 6));
  });

  it('draws the items once per key', () => {
    const markup = new NavbarMarkup();
    draws = 0;
    for (const slug of ['x', 'y', 'z', 'w']) markup.standIn(chrome, doc('1.0', slug), draw);
    // The first page's template: drawn with its items and without them (the same links and head).
    expect(draws).toBe(2);
    markup.standIn(chrome, doc('2.0', 'x'), draw);
    expect(draws).toBe(4);
  });

  it('gives up when the markup is not as expected', () => {
    const markup = new NavbarMarkup();
    const page = doc('1.0', 'x');
    const standIn = markup.standIn(chrome, page, draw)!;
    const drawn = draw(standIn.chrome, page).html;
    expect(standIn.finish(drawn)).toBe(draw(chrome, page).html);
    expect(standIn.finish(drawn.replace('\u0000sitegen-navbar:0\u0000', ''))).toBeUndefined();
    expect(standIn.finish('\u0000sitegen-navbar:0\u0000' + drawn)).toBeUndefined();
    // The pages of that key are drawn with their real navbar from then on.
    expect(markup.standIn(chrome, doc('1.0', 'y'), draw)).toBeUndefined();
  });

  it('draws a search item in its run, unless the bar reads the page (a docs version with its own index)', () => {
    const search: ResolvedNavbarItem = { kind: 'search', position: right };
    const withSearch = { ...chrome, navbarItems: [...items.slice(0, 3), search, ...items.slice(3)], search: { indexUrl: '/search/en.json', hint: true } } as SiteChrome;
    const versioned = { ...withSearch, search: { ...withSearch.search!, versions: { default: { '1.0': '/search/1.0.json' } } } } as SiteChrome;
    for (const [c, apart] of [
      [withSearch, false],
      [versioned, true],
    ] as const) {
      const markup = new NavbarMarkup();
      for (const page of [doc('1.0', 'x'), doc('2.0', 'y'), blog('/blog/post')]) {
        const standIn = markup.standIn(c, page, draw)!;
        const drawn = draw(standIn.chrome, page).html;
        expect(drawn.includes('navbar-search'), page.route).toBe(apart);
        expect(standIn.finish(drawn), page.route).toBe(draw(c, page).html);
      }
    }
  });

  it('keeps an item that tests the route apart, drawn by each page', () => {
    const guides: ResolvedNavbarItem = { kind: 'link', label: 'Guides', href: '/guides/', external: false, activeBasePath: '/docs/1.0/', position: 'left' };
    const c = { ...chrome, navbarItems: [guides, ...items] } as SiteChrome;
    const markup = new NavbarMarkup();
    for (const page of [doc('1.0', 'x'), doc('2.0', 'y'), blog('/blog/post')]) {
      const standIn = markup.standIn(c, page, draw)!;
      expect(standIn, page.route).toBeDefined();
      const drawn = draw(standIn.chrome, page).html;
      expect(drawn).toContain('>Guides<');
      expect(standIn.finish(drawn), page.route).toBe(draw(c, page).html);
    }
    // Active on the 1.0 docs only.
    const guidesLink = (page: PageData) => /<a [^>]*href="\/guides\/"[^>]*>Guides</.exec(draw(c, page).html)![0];
    expect(guidesLink(doc('1.0', 'x'))).toContain('navbar__link--active');
    expect(guidesLink(doc('2.0', 'x'))).not.toContain('navbar__link--active');
  });

  it('keys the templates by the locale and the alternates alone when no item reads the page', () => {
    const plain = [
      ...items.slice(0, 1),
      ...items.slice(3, 4),
      ...items.slice(5),
      { kind: 'html', html: '<i>a</i>', position: right },
      { kind: 'html', html: '<i>b</i>', position: right },
      { kind: 'html', html: '<i>c</i>', position: right },
    ] as ResolvedNavbarItem[];
    const c = { ...chrome, navbarItems: plain } as SiteChrome;
    const markup = new NavbarMarkup();
    draws = 0;
    // Pages of three docs versions (a key each were an item to read the page's content).
    for (const page of [doc('1.0', 'x'), doc('2.0', 'y'), doc('current', 'z')]) {
      const standIn = markup.standIn(c, page, draw)!;
      expect(standIn.finish(draw(standIn.chrome, page).html), page.route).toBe(draw(c, page).html);
    }
    // One template (two draws), then two draws a page here (the stand-in and the real navbar).
    expect(draws).toBe(2 + 3 * 2);
  });

  it('leaves a navbar of a few items to React', () => {
    const few = { ...chrome, navbarItems: items.slice(0, 3) };
    expect(new NavbarMarkup().standIn(few, doc('1.0', 'x'), draw)).toBeUndefined();
  });
});
