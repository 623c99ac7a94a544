import { useEffect, useState } from 'react';
import type { ResolvedNavbarItem, SiteChrome } from '../../../shared/navbar.js';
import type { PageData } from '../../../shared/types.js';
import { LOCATION_CHANGE } from '../Link.js';

// The locale dropdown links to the page being read in each other locale (its hreflang alternate), and
// keeps the query and hash the reader has at the moment of the click.

type LinkItem = Extract<ResolvedNavbarItem, { kind: 'link' }>;

/** The dropdown's items (which point at each locale's home) turned into the same page in that locale. */
export function localeItems(items: ResolvedNavbarItem[], page: PageData, chrome: SiteChrome): ResolvedNavbarItem[] {
  return items.map((item) => {
    if (item.kind !== 'link') return item;
    const locale = chrome.locales.find((l) => l.baseUrl === item.href);
    const alternate = locale && page.head.alternates.find((a) => a.locale === locale.locale);
    return alternate ? ({ ...item, href: alternate.href } satisfies LinkItem) : item;
  });
}

/** The query and hash of the address bar: empty while rendering on the server and hydrating, then kept current. */
export function useLocationSuffix(): string {
  const [suffix, setSuffix] = useState('');
  useEffect(() => {
    const update = () => setSuffix(location.search + location.hash);
    update();
    window.addEventListener(LOCATION_CHANGE, update);
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener(LOCATION_CHANGE, update);
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return suffix;
}

/** Rewrites the link as it is followed, so that a query or hash set since the last render is kept too. */
export function keepLocationOnClick(e: { currentTarget: HTMLAnchorElement }, href: string): void {
  e.currentTarget.href = href + location.search + location.hash;
}
