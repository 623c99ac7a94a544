// A page's pruned sidebar from the sidebar's index (src/builder/render/sidebarWindows.ts): the same as
// pruneSidebar's, without searching a long list item by item for every page.
import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../src/shared/types.js';
import { LIST_WINDOW, pruneSidebar } from '../../../../src/shared/sidebar.js';
import { prunedSidebar, sidebarIndex } from '../../../../src/builder/render/sidebarWindows.js';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: SidebarItem[], opts: { collapsed?: boolean; href?: string } = {}): SidebarItem => ({
  type: 'category',
  label,
  collapsible: true,
  collapsed: opts.collapsed ?? true,
  items,
  ...(opts.href ? { href: opts.href } : {}),
});
const hrefs = (items: SidebarItem[]): string[] => items.flatMap((i) => [...(i.href ? [i.href] : []), ...(i.type === 'category' ? hrefs(i.items) : [])]);
const links = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => link(`${prefix}${i}`));

describe('prunedSidebar', () => {
  it('prunes every page as pruneSidebar does', () => {
    // Long lists at three levels (one in a category with its own page, one in a category that starts
    // open, one in a category without a page), short ones, an href twice, one with a trailing slash,
    // an encoded one, and pages near both ends of each long list.
    const deep = category('G deep', links('/docs/g/deep/d', 130));
    const sidebar: SidebarItem[] = [
      ...links('/docs/p', 150),
      category('G', [...links('/docs/g/q', 120), deep, ...links('/docs/g/r', 110)], { href: '/docs/g' }),
      category('H', [category('H deep', [link('/docs/h/x'), link('/docs/p3')])]),
      category('O', links('/docs/o/', 140), { collapsed: false }),
      link('/docs/p3'),
      link('/docs/tail/'),
      link('/docs/caf%C3%A9'),
      ...links('/docs/r', 120),
    ];
    const index = sidebarIndex(sidebar);
    const pages = [...hrefs(sidebar), '/docs/tail', '/docs/café', '/docs/none', '/docs/g/'];
    for (const page of pages) expect(prunedSidebar(sidebar, page, index), page).toEqual(pruneSidebar(sidebar, page, index.trails));
    // A sidebar without long lists goes to pruneSidebar as it is.
    const short = [link('/docs/a'), category('B', links('/docs/b', 3))];
    expect(prunedSidebar(short, '/docs/b1', sidebarIndex(short))).toEqual(pruneSidebar(short, '/docs/b1'));
    // The trails are pruneSidebar's own: they prune as its search does.
    expect(pruneSidebar(sidebar, '/docs/g/deep/d7', index.trails)).toEqual(pruneSidebar(sidebar, '/docs/g/deep/d7'));
  });

  it('reads no url outside the window of a long list that holds the page', () => {
    // pruneSidebar reads every url of the list before the page: 18,000 here for one page, and for
    // every page of a folder of 10,000 docs 10.8 s of the build's CPU.
    let reads = 0;
    const counted = (item: SidebarItem): SidebarItem => {
      const { href } = item;
      return Object.defineProperty(item, 'href', {
        enumerable: true,
        get: () => {
          reads++;
          return href;
        },
      });
    };
    const list = links('/docs/p', 10_000).map(counted);
    const nested: SidebarItem[] = [link('/docs/intro'), category('Big', links('/docs/big/b', 10_000).map(counted))];
    for (const [sidebar, page] of [
      [list, '/docs/p9000'],
      [nested, '/docs/big/b9000'],
    ] as const) {
      const index = sidebarIndex(sidebar);
      reads = 0;
      const { items, pruned } = prunedSidebar(sidebar, page, index);
      expect(reads).toBeLessThanOrEqual(2 * LIST_WINDOW);
      expect(pruned).toBe(true);
      expect(hrefs(items)).toContain(page);
      expect(hrefs(items).length).toBeLessThanOrEqual(LIST_WINDOW + 1);
    }
  });
});
