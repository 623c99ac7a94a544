import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { ResolvedNavbarItem } from '../../../shared/navbar.js';
import type { PageContent } from '../../../shared/types.js';
import { Link, ExternalIcon } from '../Link.js';
import { isExternalUrl, normalizePathname, splitPath } from '../../../shared/url.js';
import { useSite, useT } from '../../context.js';
import { SearchBar } from '../search/SearchBar.js';
import { localeItems, useLocationSuffix, keepLocationOnClick } from './locale.js';
import { useFollowVersion, useVersionDropdown } from './version.js';
import { savePreferredVersion } from '../../docsVersions/preferred.js';

// The theme's navbar item registry, keyed by the resolved item's kind. The builder resolves config
// types (doc, docSidebar, localeDropdown, docsVersionDropdown...) into these kinds.

export interface ItemProps<K extends ResolvedNavbarItem['kind']> {
  item: Extract<ResolvedNavbarItem, { kind: K }>;
  mobile?: boolean;
  /** Inside a dropdown: smaller external icon, no nested dropdowns. */
  inDropdown?: boolean;
  /** The locale and version dropdowns' links: the reader's query and hash are carried over. */
  keepLocation?: boolean;
  /** Called when the link is followed (the version dropdown remembers the version chosen). */
  onFollow?: () => void;
}

function isActive(item: ResolvedNavbarItem, pathname: string, content?: PageContent): boolean {
  if (item.kind === 'link') {
    if (item.activeSidebar || item.activeDoc) {
      // Sidebar and doc ids repeat across docs instances: the page must be of the item's instance.
      if (content?.kind !== 'doc' && content?.kind !== 'docCategoryIndex') return false;
      if ((content.pluginId ?? 'default') !== (item.activePluginId ?? 'default')) return false;
      const onDoc = content.kind === 'doc' && item.activeDoc === content.docId;
      const inSidebar = item.activeSidebar !== undefined && content.sidebarId === item.activeSidebar;
      return onDoc || inSidebar;
    }
    if (item.activeBaseRegex) return new RegExp(item.activeBaseRegex).test(pathname);
    if (item.activeBasePath) return pathname.startsWith(item.activeBasePath);
    return !item.external && stripSlash(item.href) === stripSlash(pathname);
  }
  // The locale dropdown always holds the page itself; that does not make it the reader's place in the menu.
  if (item.kind === 'dropdown') return item.role !== 'locale' && item.items.some((i) => isActive(i, pathname, content));
  return false;
}

const stripSlash = (p: string) => normalizePathname(splitPath(p)[0]);

function NavLinkItem(props: ItemProps<'link'>) {
  return props.item.versionTargets ? <VersionFollowingLink {...props} /> : <PlainNavLinkItem {...props} />;
}

/** A doc, docSidebar or docsVersion item of versioned docs: its target in the version being read, else the preferred, else the last. */
function VersionFollowingLink(props: ItemProps<'link'>) {
  return <PlainNavLinkItem {...props} item={useFollowVersion(props.item)} />;
}

function PlainNavLinkItem({ item, mobile, inDropdown, keepLocation, onFollow }: ItemProps<'link'>) {
  const { page } = useSite();
  const active = isActive(item, page.route, page.content);
  // Docusaurus's classes: a dropdown's link, a link of the mobile menu, a navbar link; each with its active modifier.
  const base = inDropdown && !mobile ? 'dropdown__link' : mobile ? 'menu__link' : 'navbar__item navbar__link';
  const activeClass = inDropdown && !mobile ? 'dropdown__link--active' : mobile ? 'menu__link--active' : 'navbar__link--active';
  const cls = [base, active ? activeClass : '', item.className ?? ''].filter(Boolean).join(' ');
  if (keepLocation) return <LocationKeepingLink item={item} className={cls} active={active} onFollow={onFollow} />;
  return (
    <Link href={item.href} className={cls} aria-label={item.ariaLabel} aria-current={active ? 'page' : undefined} onClick={onFollow} {...(item.target ? { target: item.target } : {})}>
      {item.label}
      {item.external && isExternalUrl(item.href) && item.label && <ExternalIcon size={inDropdown ? 12 : 13.5} />}
    </Link>
  );
}

function LocationKeepingLink({ item, className, active, onFollow }: { item: ItemProps<'link'>['item']; className: string; active: boolean; onFollow?: () => void }) {
  const suffix = useLocationSuffix();
  return (
    <Link
      href={item.href + suffix}
      className={className}
      aria-current={active ? 'page' : undefined}
      onClick={(e) => {
        keepLocationOnClick(e, item.href);
        onFollow?.();
      }}
    >
      {item.label}
    </Link>
  );
}

/** Open while hovered (pointer) or after a click or Enter, until a mousedown, touch or focus lands outside. */
function useDropdown(enabled: boolean) {
  const [hovered, setHovered] = useState(false);
  const [clicked, setClicked] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return;
    const close = (e: Event) => {
      if (ref.current && !ref.current.contains(e.target as Node)) {
        setClicked(false);
        // A tap counts as a hover on touch screens; a touch elsewhere ends it.
        setHovered(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    document.addEventListener('focusin', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
      document.removeEventListener('focusin', close);
    };
  }, [enabled]);
  return { ref, open: hovered || clicked, setHovered, toggle: () => setClicked((c) => !c), close: () => setClicked(false) };
}

function NavDropdownItem(props: ItemProps<'dropdown'>) {
  return props.item.role === 'version' ? <VersionDropdownItem {...props} /> : <DropdownView {...props} />;
}

/** The docs version dropdown: labelled with the version shown; each version links this page's copy there. */
function VersionDropdownItem(props: ItemProps<'dropdown'>) {
  return <DropdownView {...props} item={useVersionDropdown(props.item)} />;
}

function DropdownView({ item, mobile }: ItemProps<'dropdown'>) {
  const { page, chrome } = useSite();
  const t = useT();
  const containsActive = isActive(item, page.route, page.content);
  const [expanded, setExpanded] = useState(containsActive);
  const dropdown = useDropdown(!mobile);
  const isLocale = item.role === 'locale';
  const versionPluginId = item.role === 'version' ? (item.versionTargets?.pluginId ?? 'default') : undefined;
  const children = isLocale ? localeItems(item.items, page, chrome) : item.items;
  const items = children.map((child, i) => {
    const versionName = versionPluginId !== undefined && child.kind === 'link' ? child.versionName : undefined;
    const onFollow = versionName ? () => savePreferredVersion(versionPluginId!, versionName) : undefined;
    return (
      <li key={i}>
        <NavbarItemView item={child} inDropdown mobile={mobile} keepLocation={isLocale || Boolean(versionName)} onFollow={onFollow} />
      </li>
    );
  });
  const mobileLabel = isLocale ? t('theme.navbar.mobileLanguageDropdown.label') : versionPluginId !== undefined ? t('theme.navbar.mobileVersionsDropdown.label') : item.label;
  if (mobile) {
    return (
      <div className={`menu__list-item${expanded ? '' : ' menu__list-item--collapsed'}`}>
        <button
          type="button"
          className={`menu__link menu__link--sublist menu__link--sublist-caret${containsActive ? ' menu__link--active' : ''}`}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {isLocale && <LanguageIcon />}
          {mobileLabel}
        </button>
        {expanded && <ul className="menu__list">{items}</ul>}
      </div>
    );
  }
  return (
    <div
      ref={dropdown.ref}
      className={`navbar__item dropdown dropdown--hoverable${item.position === 'left' ? '' : ' dropdown--right'}${dropdown.open ? ' dropdown--show' : ''}${item.className ? ' ' + item.className : ''}`}
      onMouseEnter={() => dropdown.setHovered(true)}
      onMouseLeave={() => dropdown.setHovered(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && dropdown.open) {
          dropdown.close();
          dropdown.setHovered(false);
          dropdown.ref.current?.querySelector<HTMLElement>('.navbar__link')?.focus();
        }
      }}
    >
      <a
        href={item.href ?? '#'}
        role="button"
        aria-haspopup="true"
        aria-expanded={dropdown.open}
        className={`navbar__link${containsActive ? ' navbar__link--active' : ''}`}
        onClick={(e) => {
          e.preventDefault();
          dropdown.toggle();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            dropdown.toggle();
          }
        }}
      >
        {isLocale && <LanguageIcon />}
        {item.label}
      </a>
      <ul className="dropdown__menu">{items}</ul>
    </div>
  );
}

function LanguageIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="icon-language">
      <path
        fill="currentColor"
        d="M12.87 15.07l-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11.76-2.04zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2l-4.5-12zm-2.62 7l1.62-4.33L19.12 17h-3.24z"
      />
    </svg>
  );
}

function NavHtmlItem({ item, mobile }: ItemProps<'html'>) {
  return <div className={`${mobile ? '' : 'navbar__item '}navbar-html${item.className ? ' ' + item.className : ''}`} dangerouslySetInnerHTML={{ __html: item.html }} />;
}

function NavSearchItem({ mobile }: ItemProps<'search'>) {
  return mobile ? null : <SearchBar />;
}

const registry: { [K in ResolvedNavbarItem['kind']]: ComponentType<ItemProps<K>> } = {
  link: NavLinkItem,
  dropdown: NavDropdownItem,
  html: NavHtmlItem,
  search: NavSearchItem,
};

export function NavbarItemView(props: { item: ResolvedNavbarItem; mobile?: boolean; inDropdown?: boolean; keepLocation?: boolean; onFollow?: () => void }) {
  const Component = registry[props.item.kind] as ComponentType<ItemProps<ResolvedNavbarItem['kind']>> | undefined;
  if (!Component) {
    throw new Error(`No NavbarItem component found for type "${props.item.kind}".\n${JSON.stringify(props.item)}`);
  }
  return <Component item={props.item as never} mobile={props.mobile} inDropdown={props.inDropdown} keepLocation={props.keepLocation} onFollow={props.onFollow} />;
}
