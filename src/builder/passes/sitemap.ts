import type { PassContext } from '../plugins/types.js';
import { absoluteUrl, encodedAbsoluteUrl, withBase } from '../../shared/url.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml (every listed page, with its language alternates) and robots.txt that points at it. */
export function sitemapPass({ site, rendered, sink }: PassContext): void {
  const { config } = site;
  if (config.noIndex) {
    sink.write('robots.txt', 'User-agent: *\nDisallow: /\n');
    return;
  }
  const entries = rendered
    .filter((r) => !r.route.unlisted && r.page.content.kind !== 'notFound' && !r.page.head.noindex)
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
