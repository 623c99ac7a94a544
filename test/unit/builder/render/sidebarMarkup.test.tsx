// A docs page's sidebar drawn with a stand-in (src/builder/render/sidebarMarkup.ts): the items off the
// page's trail are drawn once, and every page's markup is the same as with its real sidebar.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { SidebarItem } from '../../../../src/shared/types.js';
import { pruneSidebar } from '../../../../src/shared/sidebar.js';
import { SiteContext, type SiteState } from '../../../../src/theme/context.js';
import { DocSidebar } from '../../../../src/theme/components/Sidebar.js';
import { SidebarMarkup } from '../../../../src/builder/render/sidebarMarkup.js';

const link = (href: string, extra: Partial<Extract<SidebarItem, { type: 'link' }>> = {}): SidebarItem => ({ type: 'link', label: `Page ${href}`, href, ...extra });
const category = (label: string, items: SidebarItem[], opts: { collapsed?: boolean; collapsible?: boolean; href?: string; className?: string } = {}): SidebarItem => ({
  type: 'category',
  label,
  collapsible: opts.collapsible ?? true,
  collapsed: opts.collapsed ?? true,
  items,
  ...(opts.href ? { href: opts.href } : {}),
  ...(opts.className ? { className: opts.className } : {}),
});
const hrefs = (items: SidebarItem[]): string[] => items.flatMap((i) => [...(i.href ? [i.href] : []), ...(i.type === 'category' ? hrefs(i.items) : [])]);

// Categories with and without a page of their own, open and collapsed, one that cannot collapse,
// three levels, html items, class names, an href twice, one with a trailing slash, an encoded one.
const sidebar: SidebarItem[] = [
  link('/docs/intro', { className: 'intro-item' }),
  { type: 'html', value: '<span class="sidebar-title">Guides</span>', defaultStyle: true, className: 'title-item' },
  category('Guides', [link('/docs/guides/a'), link('/docs/guides/b'), category('Deep', [link('/docs/guides/deep/x'), link('/docs/intro')]), link('/docs/guides/c/')]),
  category('Reference', [link('/docs/ref/a'), link('/docs/ref/b')], { href: '/docs/ref', collapsed: false }),
  category('Fixed', [link('/docs/fixed/a'), { type: 'html', value: '<hr>' }], { collapsible: false, className: 'fixed' }),
  category('Empty', [{ type: 'html', value: '<em>soon</em>' }]),
  link('/docs/caf%C3%A9'),
  link('https://example.com/elsewhere'),
  category('Last', [link('/docs/last/a'), link('/docs/last/b'), link('/docs/last/c')]),
];

function state(route: string, chrome: Partial<SiteState['chrome']> = {}): SiteState {
  return { chrome: { baseUrl: '/', siteBaseUrl: '/', locale: 'en', strings: { 'theme.docs.sidebar.toggleCategory': "Toggle '{label}'" }, ...chrome }, page: { route } } as unknown as SiteState;
}

const draw = (route: string, items: SidebarItem[], chrome?: Partial<SiteState['chrome']>) =>
  renderToString(
    <SiteContext.Provider value={state(route, chrome)}>
      <DocSidebar items={items} hidden={false} onHiddenChange={() => undefined} />
    </SiteContext.Provider>,
  );

describe('SidebarMarkup', () => {
  for (const [name, chrome] of [
    ['', {}],
    [' (autoCollapseCategories)', { sidebarAutoCollapse: true as const }],
  ] as const) {
    it(`draws every page as its real sidebar does, whole or pruned${name}`, () => {
      const markup = new SidebarMarkup();
      const pages = [...hrefs(sidebar), '/docs/guides/c', '/docs/café', '/docs/none', '/docs/ref/'];
      // Twice: the second round draws from what the first learned.
      for (const round of [1, 2]) {
        for (const page of pages) {
          for (const items of [sidebar, pruneSidebar(sidebar, page).items]) {
            const standIn = markup.standIn(items, page, 'en');
            expect(standIn.finish(draw(page, standIn.items, chrome)), `${page}, round ${round}`).toBe(draw(page, items, chrome));
          }
        }
      }
    });
  }

  it('draws the items off the trail once', () => {
    const markup = new SidebarMarkup();
    const first = markup.standIn(sidebar, '/docs/guides/a', 'en');
    first.finish(draw('/docs/guides/a', first.items));
    // Another page of the same category: its trail is drawn, and the page that was the first one's
    // (off the trail now: drawn for the first time as such); the rest is known.
    const next = markup.standIn(sidebar, '/docs/guides/b', 'en');
    const drawn = draw('/docs/guides/b', next.items);
    for (const known of ['/docs/intro', '/docs/ref/a', '/docs/fixed/a', '/docs/last/c', '/docs/guides/c/']) expect(drawn).not.toContain(`${known}"`);
    expect(drawn).toContain('/docs/guides/a"');
    expect(drawn).toContain('/docs/guides/b"');
    expect(next.finish(drawn)).toBe(draw('/docs/guides/b', sidebar));
    // What one locale learned is not used for another (its strings differ).
    const zh = markup.standIn(sidebar, '/docs/guides/b', 'zh');
    expect(draw('/docs/guides/b', zh.items)).toContain('/docs/ref/a');
  });

  it('gives up on markup that is not as it drew it, and learns nothing from it', () => {
    const markup = new SidebarMarkup();
    const standIn = markup.standIn(sidebar, '/docs/guides/a', 'en');
    const drawn = draw('/docs/guides/a', standIn.items);
    // The sidebar not drawn at all, drawn twice, or a token's list item changed.
    expect(standIn.finish('<div></div>')).toBeUndefined();
    expect(standIn.finish(drawn + drawn)).toBeUndefined();
    expect(standIn.finish(drawn.replace(/<li class="([^"]*)">\u0000/, '<li class="$1"><b></b>\u0000'))).toBeUndefined();
    // Nothing was learned: the next page draws every item again.
    const again = markup.standIn(sidebar, '/docs/guides/a', 'en');
    expect(draw('/docs/guides/a', again.items)).toContain('/docs/ref/a');
  });

  it("draws as the real sidebar does when each message's items are new objects, forgotten between messages", () => {
    const markup = new SidebarMarkup();
    const pages = hrefs(sidebar);
    // As a thread meets them: each message a structured clone of its pages' sidebars (shared items stay shared).
    for (const round of [1, 2]) {
      for (let at = 0; at < pages.length; at += 3) {
        markup.forget();
        const message = structuredClone(pages.slice(at, at + 3).map((page) => ({ page, items: pruneSidebar(sidebar, page).items })));
        for (const { page, items } of message) {
          const standIn = markup.standIn(items, page, 'en');
          expect(standIn.finish(draw(page, standIn.items)), `${page}, round ${round}`).toBe(draw(page, items));
          expect(markup.json(items)).toBe(JSON.stringify(items));
        }
      }
    }
    // One item object at two levels (a sidebar that repeats an item): drawn at each level as its own.
    const shared = link('/docs/twice');
    const twice: SidebarItem[] = [shared, category('Holder', [shared, link('/docs/other')], { collapsed: false })];
    for (const page of ['/docs/other', '/docs/intro', '/docs/other']) {
      const standIn = markup.standIn(twice, page, 'en');
      expect(standIn.finish(draw(page, standIn.items)), page).toBe(draw(page, twice));
    }
  });

  it('serialises a sidebar as JSON.stringify does', () => {
    const markup = new SidebarMarkup();
    for (const page of hrefs(sidebar)) {
      const { items } = pruneSidebar(sidebar, page);
      expect(markup.json(items)).toBe(JSON.stringify(items));
    }
    expect(markup.json([])).toBe('[]');
  });
});
