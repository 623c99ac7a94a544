// What the theme draws a page from (SiteState) and what a page's components set of its head
// (HeadCollector), as plain data: the builder makes and reads them (render, threads, the document's
// head), the theme provides them through its contexts (theme/context.tsx).
import type { PageData, SidebarItem } from './types.js';
import type { SiteChrome } from './navbar.js';

export interface SiteState {
  chrome: SiteChrome;
  page: PageData;
  sidebar?: SidebarItem[];
  /** True while the next route loads (the old page stays visible). */
  pending?: boolean;
}

/** Head values a React page sets through its Layout (title, description) or <Head>, collected while rendering on the server. */
export interface HeadCollector {
  title?: string;
  description?: string;
  keywords?: string[];
  /** <Head><link rel="canonical" href></Head>: replaces the route's own url. */
  canonical?: string;
  /** <Head><meta name="robots" content></Head>: replaces the robots meta the route would get. */
  robots?: string;
  /** Other <meta> and <link> tags of <Head>, added to the document head. */
  tags?: HeadTag[];
}
export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}
