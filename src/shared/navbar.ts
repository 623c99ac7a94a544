import type { DocsPluginData } from './docsPlugins.js';

// Navbar and footer item shapes. The builder validates them (src/builder/config/navbarItems.ts) and the
// theme draws them (src/theme/components/navbar/registry.tsx); both are keyed by the same `type`.

export type NavbarPosition = 'left' | 'right';

interface BaseNavbarItem {
  position?: NavbarPosition;
  className?: string;
  label?: string;
  'aria-label'?: string;
}

export interface DefaultNavbarItem extends BaseNavbarItem {
  type?: 'default';
  to?: string;
  href?: string;
  html?: string;
  activeBasePath?: string;
  activeBaseRegex?: string;
  target?: string;
}

export interface DropdownNavbarItem extends BaseNavbarItem {
  /** Optional: an item with `items` and no type is a dropdown. */
  type?: 'dropdown';
  to?: string;
  href?: string;
  items: NavbarItem[];
}

export interface HtmlNavbarItem extends BaseNavbarItem {
  type: 'html';
  value: string;
}

export interface DocNavbarItem extends BaseNavbarItem {
  type: 'doc';
  docId: string;
  docsPluginId?: string;
  activeBaseRegex?: string;
}

export interface DocSidebarNavbarItem extends BaseNavbarItem {
  type: 'docSidebar';
  sidebarId: string;
  docsPluginId?: string;
}

export interface DocsVersionNavbarItem extends BaseNavbarItem {
  type: 'docsVersion';
  to?: string;
  docsPluginId?: string;
}

export interface DocsVersionDropdownNavbarItem extends BaseNavbarItem {
  type: 'docsVersionDropdown';
  docsPluginId?: string;
  dropdownItemsBefore?: NavbarItem[];
  dropdownItemsAfter?: NavbarItem[];
  versions?: string[] | Record<string, { label?: string }>;
  dropdownActiveClassDisabled?: boolean;
}

export interface LocaleDropdownNavbarItem extends BaseNavbarItem {
  type: 'localeDropdown';
  dropdownItemsBefore?: NavbarItem[];
  dropdownItemsAfter?: NavbarItem[];
}

export interface SearchNavbarItem extends BaseNavbarItem {
  type: 'search';
}

export type NavbarItem =
  DefaultNavbarItem | DropdownNavbarItem | HtmlNavbarItem | DocNavbarItem | DocSidebarNavbarItem | DocsVersionNavbarItem | DocsVersionDropdownNavbarItem | LocaleDropdownNavbarItem | SearchNavbarItem;

/**
 * A navbar item after the build resolved it for one route: links made absolute and localised,
 * doc ids turned into urls, the locale and version dropdowns filled in.
 */
export type ResolvedNavbarItem =
  | {
      kind: 'link';
      label: string;
      href: string;
      external: boolean;
      /** Url prefix or regex (source) that marks the item active. */
      activeBasePath?: string;
      activeBaseRegex?: string;
      /** Active on the docs pages showing this sidebar (docSidebar and doc items of a sidebars file). */
      activeSidebar?: string;
      /** Active on this doc's page. */
      activeDoc?: string;
      /** The docs instance of activeSidebar / activeDoc; absent: 'default'. */
      activePluginId?: string;
      /** Versioned docs: the item's target in each version; the theme shows the version being read, else the preferred one, else `href`'s (the last). */
      versionTargets?: VersionTargets;
      /** An item of a version dropdown: the version it leads to (the theme links the same doc there, keeping query and hash). */
      versionName?: string;
      className?: string;
      ariaLabel?: string;
      /** The `target` of the item's link (`_blank`, `_self`...), as written in the config. */
      target?: string;
      position: NavbarPosition;
    }
  | {
      kind: 'dropdown';
      label: string;
      href?: string;
      items: ResolvedNavbarItem[];
      className?: string;
      position: NavbarPosition;
      /** The locale dropdown: its links are rewritten on the client to keep query and hash; so are the version dropdown's. */
      role?: 'locale' | 'version';
      /** The version dropdown: its docs instance ('default' included) and its label in each version. */
      versionTargets?: VersionTargets;
    }
  | { kind: 'html'; html: string; className?: string; position: NavbarPosition }
  | { kind: 'search'; position: NavbarPosition; className?: string };

/** A navbar item's target per docs version (version name → href, and the label where it follows the version). */
export interface VersionTargets {
  pluginId: string;
  targets: Record<string, { href: string; label?: string }>;
}

export interface ResolvedFooter {
  style: 'light' | 'dark';
  columns: { title?: string; items: { label: string; href: string; external: boolean; html?: string }[] }[];
  /** True when the links are one simple row rather than titled columns. */
  simple: boolean;
  logo?: { src: string; srcDark?: string; alt?: string; href?: string; width?: number; height?: number };
  copyright?: string;
}

export interface ResolvedAnnouncement {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

/** The site-wide chrome of one locale: the same for every route of the locale. */
export interface SiteChrome {
  siteTitle: string;
  /** What React pages may read of the config (useDocusaurusContext().siteConfig). */
  site: { title: string; tagline: string; url: string; baseUrl: string; customFields: Record<string, unknown>; formsEndpoint: string };
  homeHref: string;
  /** The locale has no page at its base url: the docs breadcrumbs leave out their home link, as Docusaurus's do. */
  noHomePage?: true;
  logo?: { src: string; srcDark?: string; alt: string; width?: number; height?: number; className?: string; target?: string };
  navbarTitle?: string;
  navbarItems: ResolvedNavbarItem[];
  hideOnScroll: boolean;
  footer?: ResolvedFooter;
  announcement?: ResolvedAnnouncement;
  /** UI strings of the locale (theme labels), id → message. */
  strings: Record<string, string>;
  locale: string;
  baseUrl: string;
  /** Base url of the whole site (without the locale prefix). */
  siteBaseUrl: string;
  locales: { locale: string; label: string; baseUrl: string }[];
  colorModeSwitch: boolean;
  /** themeConfig.docs.sidebar.hideable: the docs sidebar has a button that hides it. */
  sidebarHideable?: true;
  /** themeConfig.docs.sidebar.autoCollapseCategories: opening a sidebar category closes the others beside it. */
  sidebarAutoCollapse?: true;
  /** themeConfig.docs.versionPersistence 'none': the preferred docs version is kept for the visit only, not in local storage. */
  versionPersistence?: 'none';
  /** themeConfig.colorMode, when it is not a fixed light mode: the first visit's mode and whether the system's preference decides it. */
  colorMode?: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean };
  /** Docusaurus's global data of the locale (plugin name → plugin id → data): only when the site's code reads it (@docusaurus/useGlobalData). */
  globalData?: Record<string, Record<string, unknown>>;
  /** Set by the search pass: the locale's index, the shortcut hint, results in the bar and snippet length. */
  search?: {
    indexUrl: string;
    hint: boolean;
    limit?: number;
    contextLength?: number;
    /**
     * Docs versions with an index of their own (every version but the last of an instance that has
     * several): plugin id → version name → pointer url. Absent on sites with one version per instance.
     */
    versions?: Record<string, Record<string, string>>;
  };
  analytics?: {
    gtag?: { trackingID: string; anonymizeIP: boolean };
    hotjar?: { applicationId: string };
    baidu?: { siteId: string };
  };
  trailingSlash?: boolean;
  /** The docs instances, for the theme's docs hooks; absent: the one 'default' instance at {baseUrl}docs (see docsPlugins.ts). */
  docsPlugins?: DocsPluginData[];
}
