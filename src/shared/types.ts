// Plain, serialisable data shared by the builder, the theme and the browser runtime.
// Nothing here imports Node or React: the client bundle includes these types only.
import type { SiteChrome } from './navbar.js';
import type { DocCard } from './docCards.js';

export interface TocItem {
  id: string;
  /** Heading text as HTML (inline code and emphasis kept). */
  html: string;
  level: number;
}

export type SidebarItem =
  | { type: 'link'; label: string; href: string; docId?: string; className?: string; customProps?: Record<string, unknown> }
  | {
      type: 'category';
      label: string;
      /** The category's own page, when it has one. */
      href?: string;
      collapsible: boolean;
      collapsed: boolean;
      items: SidebarItem[];
      /** Where the label of a category without a page leads before scripts run, when its items were pruned (see `firstHref`). */
      firstHref?: string;
      className?: string;
      /** Shown on the card of the category in a generated index. */
      description?: string;
      customProps?: Record<string, unknown>;
    }
  /** Raw HTML in the sidebar (a sidebars file's `html` item); `defaultStyle` gives it a menu item's padding. */
  | { type: 'html'; value: string; defaultStyle?: boolean; className?: string; href?: undefined };

export interface NavLink {
  title: string;
  permalink: string;
}

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface LocaleInfo {
  locale: string;
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** Url prefix of the locale including the base url, ending with '/'. */
  baseUrl: string;
}

export interface AlternateLink {
  locale: string;
  htmlLang: string;
  href: string;
}

export interface HeadMeta {
  title: string;
  description?: string;
  keywords?: string[];
  image?: string;
  canonical: string;
  noindex: boolean;
  /** The robots meta a React page set with <Head> (else it follows `noindex`). */
  robots?: string;
  /** Other <meta> and <link> tags a React page set with <Head>. */
  tags?: { tag: 'meta' | 'link'; attrs: Record<string, string> }[];
  alternates: AlternateLink[];
  ogType: 'website' | 'article';
  /** The feeds of the blog a page belongs to: `<link rel="alternate">` in its head, for feed readers. */
  feeds?: FeedLink[];
}

export interface FeedLink {
  type: 'rss' | 'atom' | 'json';
  /** Root-relative url of the feed file (base url included). */
  href: string;
  title: string;
}

/** When a doc or post was last changed and by whom, as showLastUpdateTime / showLastUpdateAuthor ask. */
export interface LastUpdate {
  /** Milliseconds since the epoch. */
  at?: number;
  by?: string;
}

export interface DocPageData {
  kind: 'doc';
  /** The docs instance of the page; absent for the 'default' one. */
  pluginId?: string;
  docId: string;
  title: string;
  /** Whether the markdown starts with its own `#` title (then the layout does not add one). */
  hasOwnTitle: boolean;
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  toc: TocItem[];
  hideToc: boolean;
  previous?: NavLink;
  next?: NavLink;
  editUrl?: string;
  lastUpdate?: LastUpdate;
  version: DocVersionData;
  /**
   * Versioned docs only: this doc's url in each other version that has it (version name → url), for
   * the version dropdown and the banner; a version without it links to its main doc (docsPlugins.ts).
   */
  alternateDocVersions?: Record<string, string>;
  tags: { label: string; permalink: string }[];
  unlisted: boolean;
}

/** The docs version of a doc page, as Docusaurus's version metadata (DESIGN.md §5a). */
export interface DocVersionData {
  name: string;
  label: string;
  isLast: boolean;
  /** The banner above its docs: 'unreleased' (newer than the last version), 'unmaintained' (older). */
  banner?: 'unreleased' | 'unmaintained';
  /** Show the "Version: X" badge. */
  badge?: boolean;
  /** Class of its pages' wrapper (`docs-version-<name>` unless configured). */
  className?: string;
}

/** A category's generated index (Docusaurus's `link: { type: 'generated-index' }`): its items as cards. */
export interface DocCategoryIndexPageData {
  kind: 'docCategoryIndex';
  /** The docs instance of the page; absent for the 'default' one. */
  pluginId?: string;
  title: string;
  description?: string;
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  /** One card per item of the category. */
  cards: DocCard[];
  previous?: NavLink;
  next?: NavLink;
  version: DocPageData['version'];
  /** Docusaurus's id of a generated index: its slug, the same in every version. */
  indexId: string;
  /** The same index (same slug) in each other version that has it: the version dropdown and banner lead there. */
  alternateDocVersions?: Record<string, string>;
}

export interface BlogPostSummary {
  title: string;
  permalink: string;
  date: string;
  formattedDate: string;
  /** Minutes, unless the blog's showReadingTime is false. */
  readingTime?: number;
  authors: BlogAuthor[];
  tags: { label: string; permalink: string }[];
  /** Excerpt HTML (the part above `<!--truncate-->`) in lists, the whole body on the post page. */
  excerptHtml?: string;
  truncated: boolean;
}

export interface BlogAuthor {
  /** Its key in the blog's authors map (an inline author has none). */
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  email?: string;
  description?: string;
  /** Platform → url (handles already made urls). */
  socials?: Record<string, string>;
  /** The author's own page (`page` in the authors map). */
  page?: string;
}

export interface BlogSidebar {
  title: string;
  items: NavLink[];
}

export interface BlogPostPageData {
  kind: 'blogPost';
  blogId: string;
  post: BlogPostSummary;
  hasOwnTitle: boolean;
  toc: TocItem[];
  sidebar: BlogSidebar;
  previous?: NavLink;
  next?: NavLink;
  unlisted: boolean;
  /** The blog's editUrl and the post's path from the site folder. */
  editUrl?: string;
  lastUpdate?: LastUpdate;
}

export interface BlogListPageData {
  kind: 'blogList';
  blogId: string;
  title: string;
  description?: string;
  /** Set on a tag's list. */
  tag?: { label: string; allTagsPath: string; count: number; description?: string };
  /** Set on an author's page. */
  author?: { author: BlogAuthor; allAuthorsPath: string; count: number };
  posts: BlogPostSummary[];
  sidebar: BlogSidebar;
  page: number;
  totalPages: number;
  previousPage?: string;
  nextPage?: string;
}

export interface BlogArchivePageData {
  kind: 'blogArchive';
  blogId: string;
  title: string;
  years: { year: string; posts: { title: string; permalink: string; date: string; formattedDate: string }[] }[];
}

export interface BlogTagsPageData {
  kind: 'blogTags';
  blogId: string;
  title: string;
  tags: { label: string; permalink: string; count: number }[];
  sidebar: BlogSidebar;
}

export interface BlogAuthorsPageData {
  kind: 'blogAuthors';
  blogId: string;
  title: string;
  authors: { author: BlogAuthor; count: number }[];
  sidebar: BlogSidebar;
}

export interface DocTagsPageData {
  kind: 'docTags';
  title: string;
  tags: { label: string; permalink: string; count: number }[];
}

export interface DocTagPageData {
  kind: 'docTag';
  title: string;
  description?: string;
  allTagsPath: string;
  docs: { title: string; permalink: string; description?: string }[];
}

export interface MdxPageData {
  kind: 'mdxPage';
  title: string;
  toc: TocItem[];
  hideToc: boolean;
  hasOwnTitle: boolean;
}

export interface ComponentPageData {
  kind: 'componentPage';
  /** Key of the page component in the site's page bundle. */
  component: string;
  /** The props of a Docusaurus plugin's route (its `modules` read, and its `props`). */
  props?: Record<string, unknown>;
}

/** The search page of a locale: the query comes from the url, in the browser. */
export interface SearchPageData {
  kind: 'searchPage';
}

export interface NotFoundPageData {
  kind: 'notFound';
}

export type PageContent =
  | DocPageData
  | DocCategoryIndexPageData
  | BlogPostPageData
  | BlogListPageData
  | BlogArchivePageData
  | BlogTagsPageData
  | BlogAuthorsPageData
  | DocTagsPageData
  | DocTagPageData
  | MdxPageData
  | ComponentPageData
  | SearchPageData
  | NotFoundPageData;

/** Everything the theme needs to draw one route. */
export interface PageData {
  route: string;
  locale: string;
  head: HeadMeta;
  content: PageContent;
  /** Rendered markdown body; left out of the inline payload on first load (it is in the HTML). */
  bodyHtml?: string;
  /** Docs sidebars are shared by many routes: the page names one, the site data holds them. */
  sidebar?: SidebarItem[];
  /** Hash of the layout chrome (navbar, footer) so navigation can tell when it must refetch it. */
  chromeKey: string;
  /**
   * A React page's strings: the locale's translations outside `theme.*` (the site's code.json).
   * The chrome carries only the theme's, so a docs or blog page does not ship the marketing pages' text.
   */
  strings?: Record<string, string>;
}

/**
 * The inline payload of a page's HTML (`<script id="__SITEGEN_DATA__">`), written by the builder
 * (render/htmlDocument.ts) and hydrated by the client (client/entry.tsx): the page without its markdown
 * body (it is in the HTML), the locale's chrome and the sidebar as first shown.
 */
export interface PagePayload {
  page: PageData;
  chrome: SiteChrome;
  sidebarUrl?: string;
  /** The sidebar as the server drew it, when closed categories were left out (see sidebarPruned). */
  sidebar?: SidebarItem[];
  /**
   * The inline sidebar leaves out the items of closed categories (see src/shared/sidebar.ts); the whole
   * one is at sidebarUrl. A sidebar with nothing to leave out is not inline at all: the browser loads the
   * shared file at sidebarUrl (cached across pages) before hydrating, rather than every page repeating it.
   */
  sidebarPruned?: boolean;
}

/** A route's page data file (`<route>/__page.json`, see routeToDataFile), fetched for client navigation. */
export interface PageDataFile {
  page: PageData;
  sidebarUrl?: string;
  /** A React page's own stylesheets, loaded before the client shows it. */
  css?: string[];
}
