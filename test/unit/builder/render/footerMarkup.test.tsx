// A page's footer drawn with a stand-in (src/builder/render/footerMarkup.ts): the footer is drawn once
// per chrome, and every page's markup is the same as with its real footer, or the page is left to
// its real chrome.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { SiteChrome } from '../../../../src/shared/navbar.js';
import type { PageData } from '../../../../src/shared/types.js';
import { SiteContext, useSite, type SiteState } from '../../../../src/theme/context.js';
import { Footer } from '../../../../src/theme/components/Footer.js';
import { FooterMarkup } from '../../../../src/builder/render/footerMarkup.js';
import type { Draw } from '../../../../src/builder/render/navbarMarkup.js';

const chrome = {
  siteTitle: 'Site',
  homeHref: '/',
  navbarItems: [],
  hideOnScroll: false,
  strings: {},
  locale: 'en',
  baseUrl: '/',
  siteBaseUrl: '/',
  footer: {
    style: 'dark',
    simple: false,
    columns: [
      {
        title: 'Docs',
        items: [
          { label: 'Intro', href: '/docs/intro', external: false },
          { label: 'GitHub', href: 'https://github.com/x/y', external: true },
        ],
      },
      { title: 'More', items: [{ label: 'v1', href: '', external: false, html: '<span class="v">v1</span>' }] },
    ],
    logo: { src: '/img/logo.svg', alt: 'Logo' },
    copyright: 'Copyright © Site',
  },
} as unknown as SiteChrome;

const page = (route: string, kind = 'doc'): PageData => ({ route, locale: 'en', chromeKey: '', head: { title: route, alternates: [] }, content: { kind } }) as unknown as PageData;

/** What a page draws: its route, the footer (but on a `bare` page), and what a page of kind `reader` reads of the footer. */
function Page() {
  const { chrome: c, page: p } = useSite();
  const kind: string = p.content.kind;
  return (
    <>
      <main>{p.route}</main>
      {kind === 'reader' && <p>{c.footer?.columns.length} columns</p>}
      {kind !== 'bare' && <Footer />}
      <div>after {p.route}</div>
    </>
  );
}

let draws = 0;
const draw: Draw = (c, p) => {
  draws++;
  const html = renderToString(
    <SiteContext.Provider value={{ chrome: c, page: p } as SiteState}>
      <Page />
    </SiteContext.Provider>,
  );
  return { html, head: {}, links: [] };
};

describe('FooterMarkup', () => {
  it('draws every page as its real footer does, the footer once per chrome', () => {
    const markup = new FooterMarkup();
    draws = 0;
    for (const route of ['/docs/a', '/docs/b', '/', '/blog/x&y']) {
      const standIn = markup.standIn(chrome, page(route), draw)!;
      const drawn = draw(standIn.chrome, page(route)).html;
      expect(drawn).not.toContain('footer__link-item');
      expect(standIn.finish(drawn), route).toBe(draw(chrome, page(route)).html);
    }
    // Two draws to learn the footer, then two per page here (the stand-in and the real one to compare).
    expect(draws).toBe(2 + 4 * 2);
  });

  it('leaves a page that reads the footer, draws none or holds the token after it to its real chrome', () => {
    const markup = new FooterMarkup();
    // Not learned from such pages: learned from the next.
    expect(markup.standIn(chrome, page('/reads', 'reader'), draw)).toBeUndefined();
    expect(markup.standIn(chrome, page('/bare', 'bare'), draw)).toBeUndefined();
    expect(markup.standIn(chrome, page('/docs/a'), draw)).toBeDefined();
    for (const p of [page('/reads', 'reader'), page('/bare', 'bare')]) {
      const standIn = markup.standIn(chrome, p, draw)!;
      expect(standIn.finish(draw(standIn.chrome, p).html), p.route).toBeUndefined();
    }
    const p = page('/docs/a');
    const standIn = markup.standIn(chrome, p, draw)!;
    const drawn = draw(standIn.chrome, p).html;
    expect(standIn.finish(drawn)).toBe(draw(chrome, p).html);
    markup.standIn(chrome, p, draw);
    draw(standIn.chrome, p);
    // A token in the page's text: before the footer, drawn as it is; after it, the page is left to its real chrome.
    expect(standIn.finish('\u0000sitegen-footer\u0000' + drawn)).toBe('\u0000sitegen-footer\u0000' + draw(chrome, p).html);
    markup.standIn(chrome, p, draw);
    draw(standIn.chrome, p);
    expect(standIn.finish(drawn + '\u0000sitegen-footer\u0000')).toBeUndefined();
    expect(standIn.finish(drawn.replace('\u0000sitegen-footer\u0000', ''))).toBeUndefined();
  });

  it('has no stand-in for a chrome without a footer, nor for one not learned from three pages', () => {
    expect(new FooterMarkup().standIn({ ...chrome, footer: undefined }, page('/x'), draw)).toBeUndefined();
    const markup = new FooterMarkup();
    for (const route of ['/1', '/2', '/3']) expect(markup.standIn(chrome, page(route, 'bare'), draw)).toBeUndefined();
    draws = 0;
    expect(markup.standIn(chrome, page('/docs/a'), draw)).toBeUndefined();
    expect(draws).toBe(0);
  });
});
