// The sidebar a page first shows (src/shared/sidebar.ts pruneSidebar): the active branch and the open
// categories, not the items of closed ones, and at most LIST_WINDOW items of one long list.
import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../src/shared/types.js';
import { LIST_WINDOW, pruneSidebar, sidebarTrails } from '../../../src/shared/sidebar.js';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: SidebarItem[], collapsed = true, href?: string): SidebarItem => ({ type: 'category', label, collapsible: true, collapsed, items, ...(href ? { href } : {}) });
const hrefs = (items: SidebarItem[]): string[] => items.flatMap((i) => [...(i.href ? [i.href] : []), ...(i.type === 'category' ? hrefs(i.items) : [])]);

const tree: SidebarItem[] = [
  link('/docs/intro'),
  category('A', [link('/docs/a/one'), category('A deep', [link('/docs/a/deep/x'), link('/docs/a/deep/y')])]),
  category('B', [link('/docs/b/one'), link('/docs/b/two')]),
  category('C', [link('/docs/c/one')], false),
  category('D', [link('/docs/d/one')], true, '/docs/d'),
];

describe('pruneSidebar', () => {
  for (const trails of [undefined, sidebarTrails(tree)]) {
    it(`draws the active branch and open categories, not closed ones' items (${trails ? 'trails' : 'search'})`, () => {
      const { items, pruned } = pruneSidebar(tree, '/docs/a/deep/y', trails);
      expect(pruned).toBe(true);
      expect(hrefs(items)).toEqual(['/docs/intro', '/docs/a/one', '/docs/a/deep/x', '/docs/a/deep/y', '/docs/c/one', '/docs/d']);
      // A closed category without a page still leads somewhere without scripts: its first page.
      const b = items[2];
      expect(b.type === 'category' && b.items.length === 0 && b.firstHref).toBe('/docs/b/one');
    });
  }

  it('keeps a whole sidebar when nothing is closed', () => {
    const open = [link('/docs/intro'), category('C', [link('/docs/c/one')], false)];
    expect(pruneSidebar(open, '/docs/intro')).toEqual({ items: open, pruned: false });
  });

  it('shows a long list as a window around the page, clamped at its ends', () => {
    const list = Array.from({ length: 1000 }, (_, i) => link(`/docs/p${i}`));
    const middle = pruneSidebar(list, '/docs/p500', sidebarTrails(list));
    expect(middle.pruned).toBe(true);
    expect(middle.items).toHaveLength(LIST_WINDOW);
    expect(hrefs(middle.items)).toContain('/docs/p500');
    expect(hrefs(middle.items)[0]).toBe(`/docs/p${500 - LIST_WINDOW / 2}`);
    expect(hrefs(pruneSidebar(list, '/docs/p999').items).at(-1)).toBe('/docs/p999');
    expect(hrefs(pruneSidebar(list, '/docs/p0').items)[0]).toBe('/docs/p0');
    // The window of a long list that holds the page inside a category is around that category.
    const nested = [...list.slice(0, 700), category('Z', [link('/docs/z/one')]), ...list.slice(700)];
    expect(hrefs(pruneSidebar(nested, '/docs/z/one').items)).toContain('/docs/z/one');
  });
});
