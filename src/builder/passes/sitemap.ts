import type { PageToWrite, SiteModel } from '../plugins/api.js';
import type { OutputSink } from '../output/sink.js';
import { absoluteUrl, encodedAbsoluteUrl, withBase } from '../../shared/url.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml (every listed page, with its language alternates) and robots.txt that points at it.
 *  It runs on the pages as written, whose heads their React components have completed (a page's
 *  own `<meta name="robots" content="noindex">` or a canonical link to another page leaves it out). */
export function sitemapPass({ site, pages, sink }: { site: SiteModel; pages: Pick<PageToWrite, 'route' | 'page'>[]; sink: OutputSink }): void {
  const { config } = site;
  if (config.noIndex) {
    sink.write('robots.txt', 'User-agent: *\nDisallow: /\n');
    return;
  }
  const entries = pages
    // Only pages that are their own canonical address: a duplicate route pointing elsewhere stays out.
    .filter((r) => !r.route.unlisted && r.page.content.kind !== 'notFound' && !r.page.head.noindex && r.page.head.canonical === r.page.route)
    .map((r) => {
      const loc = encodedAbsoluteUrl(config.url, r.page.route);
      const alternates = r.page.head.alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${esc(a.htmlLang)}" href="${esc(encodedAbsoluteUrl(config.url, a.href))}"/>`).join('');
      return `<url><loc>${esc(loc)}</loc>${alternates}</url>`;
    })
    .sort();
  sink.write(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`,
  );
  sink.write('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(config.url, withBase(config.baseUrl, 'sitemap.xml'))}\n`);
}
