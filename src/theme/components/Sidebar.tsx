import { useEffect, useMemo, useState } from 'react';
import type { SidebarItem } from '../../shared/types.js';
import { useSite, useT } from '../context.js';
import { Link } from './Link.js';
import { storage } from '../../shared/storage.js';
import { normalizePathname } from '../../shared/url.js';
import { firstHref } from '../../shared/sidebar.js';

/** Where the page being read sits in a sidebar: its own items (`current`) and every item holding one (`trail`, the items too). */
interface ActiveTrail {
  current: Set<SidebarItem>;
  trail: Set<SidebarItem>;
}

/**
 * One walk of the sidebar per page, the page's path decoded once: the sidebar is rendered for every
 * docs page, and comparing each item with the page at every level of the categories above it (both
 * paths decoded at each comparison) made the menu of 110 items (bench/versioned.ts) take 0.42 ms a
 * page to render on the server; 0.30 ms with this walk (same HTML).
 */
function activeTrail(items: SidebarItem[], route: string): ActiveTrail {
  const here = normalizePathname(route);
  const found: ActiveTrail = { current: new Set(), trail: new Set() };
  const walk = (item: SidebarItem): boolean => {
    let active = false;
    if (item.href && (item.href === route || normalizePathname(item.href) === here)) {
      found.current.add(item);
      active = true;
    }
    if (item.type === 'category') for (const child of item.items) if (walk(child)) active = true;
    if (active) found.trail.add(item);
    return active;
  };
  for (const item of items) walk(item);
  return found;
}

/** Which category of one list was opened last, for themeConfig.docs.sidebar.autoCollapseCategories (undefined without it). */
interface Siblings {
  expanded: number | null;
  setExpanded: (index: number | null) => void;
}

/**
 * Sidebar categories: expanded when they hold the current page; otherwise as configured. With
 * autoCollapseCategories (Docusaurus's option), opening one, by hand or by reaching a page inside it,
 * closes the categories beside it in the same list.
 */
function Category({ item, level, index, siblings, active: found }: { item: Extract<SidebarItem, { type: 'category' }>; level: number; index: number; siblings?: Siblings; active: ActiveTrail }) {
  const t = useT();
  const active = found.trail.has(item);
  const [collapsed, setCollapsed] = useState(item.collapsible && item.collapsed && !active);
  const update = (toCollapsed: boolean) => {
    siblings?.setExpanded(toCollapsed ? null : index);
    setCollapsed(toCollapsed);
  };
  // Reaching a page inside a collapsed category (by a link in the text, or back/forward) opens it.
  useEffect(() => {
    if (active && collapsed) update(false);
    // Only a change of the page being read opens it, not a reader closing it.
  }, [active]);
  // Another category of the same list was opened: this one closes.
  useEffect(() => {
    if (siblings && item.collapsible && siblings.expanded !== null && siblings.expanded !== index) setCollapsed(true);
  }, [siblings?.expanded, index, item.collapsible]);
  const toggle = () => update(!collapsed);
  const selfActive = found.current.has(item);
  return (
    <li
      className={`theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-${level} menu__list-item${collapsed ? ' menu__list-item--collapsed' : ''}${item.className ? ' ' + item.className : ''}`}
    >
      <div className="menu__list-item-collapsible">
        {item.href ? (
          <Link
            href={item.href}
            className={`menu__link menu__link--sublist${active ? ' menu__link--active' : ''}`}
            aria-current={selfActive ? 'page' : undefined}
            // As Docusaurus: a category's link opens it, and on the category's own page it toggles it.
            onClick={(e) => {
              // A click that opens another tab or window leaves the category as it is.
              if (!item.collapsible || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              if (selfActive) {
                e.preventDefault();
                toggle();
              } else update(false);
            }}
          >
            {item.label}
          </Link>
        ) : item.collapsible ? (
          // As Docusaurus's page without scripts: the label leads to the category's first page; a click toggles it.
          <a
            href={firstHref(item) ?? '#'}
            className={`menu__link menu__link--sublist${active ? ' menu__link--active' : ''}`}
            aria-expanded={!collapsed}
            onClick={(e) => {
              e.preventDefault();
              toggle();
            }}
          >
            {item.label}
          </a>
        ) : (
          <span className={`menu__link menu__link--sublist${active ? ' menu__link--active' : ''}`}>{item.label}</span>
        )}
        {item.collapsible && (
          <button type="button" className="clean-btn menu__caret" aria-label={t('theme.docs.sidebar.toggleCategory', { label: item.label })} aria-expanded={!collapsed} onClick={toggle} />
        )}
      </div>
      {!collapsed && <MenuList items={item.items} level={level + 1} active={found} />}
    </li>
  );
}

function MenuList({ items, level, active }: { items: SidebarItem[]; level: number; active: ActiveTrail }) {
  const { chrome } = useSite();
  const [expanded, setExpanded] = useState<number | null>(null);
  const siblings = chrome.sidebarAutoCollapse ? { expanded, setExpanded } : undefined;
  return (
    <ul className={level === 1 ? 'theme-doc-sidebar-menu menu__list' : 'menu__list'}>
      {items.map((item, i) =>
        item.type === 'category' ? (
          <Category key={i} item={item} level={level} index={i} siblings={siblings} active={active} />
        ) : item.type === 'html' ? (
          <li
            key={i}
            className={`theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-${level} menu__list-item${item.className ? ' ' + item.className : ''}`}
            style={item.defaultStyle ? { padding: '6px 10px' } : undefined}
            dangerouslySetInnerHTML={{ __html: item.value }}
          />
        ) : (
          <li key={i} className={`theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-${level} menu__list-item${item.className ? ' ' + item.className : ''}`}>
            <Link href={item.href} className={`menu__link${active.current.has(item) ? ' menu__link--active' : ''}`} aria-current={active.current.has(item) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

export function DocSidebarMenu({ items }: { items: SidebarItem[] }) {
  const { page } = useSite();
  const active = useMemo(() => activeTrail(items, page.route), [items, page.route]);
  return <MenuList items={items} level={1} active={active} />;
}

const HIDDEN_KEY = 'sitegen.docs.sidebar.hidden';

/** The desktop docs sidebar; with themeConfig.docs.sidebar.hideable, a button that hides it (remembered) and one that brings it back. */
export function DocSidebar({ items, hidden, onHiddenChange }: { items: SidebarItem[]; hidden: boolean; onHiddenChange: (h: boolean) => void }) {
  const t = useT();
  const { chrome } = useSite();
  const set = (h: boolean) => {
    storage.set(HIDDEN_KEY, h ? 'true' : 'false');
    onHiddenChange(h);
  };
  if (hidden) {
    return (
      <aside className="theme-doc-sidebar-container doc-sidebar-hidden">
        <button type="button" className="sidebar-expand" title={t('theme.docs.sidebar.expandButtonTitle')} aria-label={t('theme.docs.sidebar.expandButtonTitle')} onClick={() => set(false)}>
          <svg width="20" height="20" aria-hidden="true" viewBox="0 0 24 24">
            <path fill="currentColor" d="M9.29 15.88L13.17 12 9.29 8.12a1 1 0 011.42-1.42l4.59 4.59a1 1 0 010 1.42L10.7 17.3a1 1 0 01-1.41-1.42z" />
          </svg>
        </button>
      </aside>
    );
  }
  return (
    <aside className="theme-doc-sidebar-container">
      <nav aria-label={t('theme.docs.sidebar.navAriaLabel')} className="menu thin-scrollbar doc-sidebar-nav">
        <DocSidebarMenu items={items} />
      </nav>
      {chrome.sidebarHideable && (
        <button type="button" className="sidebar-collapse" title={t('theme.docs.sidebar.collapseButtonTitle')} aria-label={t('theme.docs.sidebar.collapseButtonTitle')} onClick={() => set(true)}>
          <svg width="20" height="20" aria-hidden="true" viewBox="0 0 24 24">
            <path fill="currentColor" d="M14.71 15.88L10.83 12l3.88-3.88a1 1 0 10-1.42-1.42L8.7 11.29a1 1 0 000 1.42l4.59 4.59a1 1 0 001.42-1.42z" />
          </svg>
        </button>
      )}
    </aside>
  );
}

export function readSidebarHidden(): boolean {
  return storage.get(HIDDEN_KEY) === 'true';
}
