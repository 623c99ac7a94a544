import type { PassContext } from '../types.js';
import type { BlogRouteData } from './plan.js';
import type { BlogPostPageData } from '../../../shared/types.js';
import { encodedAbsoluteUrl, ensureTrailingSlash } from '../../../shared/url.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS 2.0 and an Atom feed per blog and locale, with the full post content. */
export function feedsPass({ site, rendered, sink }: PassContext): void {
  const { config } = site;
  const abs = (u: string) => encodedAbsoluteUrl(config.url, u);
  const seen = new Set<string>();
  for (const r of rendered) {
    if (r.route.kind !== 'extension' || r.route.type !== 'blog') continue;
    const data = r.route.data as BlogRouteData;
    const blog = data.blog;
    const key = `${blog.locale}:${blog.config.id}`;
    if (seen.has(key) || !blog.config.feedOptions.type) continue;
    seen.add(key);
    const posts = rendered.filter(
      (p) => p.page.content.kind === 'blogPost' && (p.page.content as BlogPostPageData).blogId === blog.config.id && p.page.locale === blog.locale && !(p.page.content as BlogPostPageData).unlisted,
    );
    const title = blog.feedTitle;
    const updated = posts[0] ? (posts[0].page.content as BlogPostPageData).post.date : new Date(0).toISOString();
    const base = ensureTrailingSlash(blog.base.replace(/^\//, ''));
    const copyright = blog.config.feedOptions.copyright ?? config.themeConfig.footer?.copyright ?? '';
    const items = posts.map((p) => {
      const post = (p.page.content as BlogPostPageData).post;
      return { title: post.title, link: abs(post.permalink), date: post.date, html: p.page.bodyHtml ?? '', description: p.page.head.description ?? '', authors: post.authors };
    });
    if (blog.config.feedOptions.type !== 'atom') {
      sink.write(
        `${base}rss.xml`,
        `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel>\n<title>${esc(title)}</title>\n<link>${esc(abs(blog.base))}</link>\n<description>${esc(blog.description)}</description>\n<language>${esc(blog.locale)}</language>\n<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>\n<copyright>${esc(copyright)}</copyright>\n` +
          items
            .map(
              (i) =>
                `<item>\n<title>${esc(i.title)}</title>\n<link>${esc(i.link)}</link>\n<guid>${esc(i.link)}</guid>\n<pubDate>${new Date(i.date).toUTCString()}</pubDate>\n<description>${esc(i.description)}</description>\n<content:encoded>${esc(i.html)}</content:encoded>\n</item>`,
            )
            .join('\n') +
          `\n</channel>\n</rss>\n`,
      );
    }
    if (blog.config.feedOptions.type !== 'rss') {
      sink.write(
        `${base}atom.xml`,
        `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<id>${esc(abs(blog.base))}</id>\n<title>${esc(title)}</title>\n<updated>${updated}</updated>\n<link rel="alternate" href="${esc(abs(blog.base))}"/>\n<subtitle>${esc(blog.description)}</subtitle>\n<rights>${esc(copyright)}</rights>\n` +
          items
            .map(
              (i) =>
                `<entry>\n<title type="html">${esc(i.title)}</title>\n<id>${esc(i.link)}</id>\n<link href="${esc(i.link)}"/>\n<updated>${i.date}</updated>\n<summary type="html">${esc(i.description)}</summary>\n<content type="html">${esc(i.html)}</content>\n${i.authors.map((a) => `<author><name>${esc(a.name)}</name></author>`).join('')}\n</entry>`,
            )
            .join('\n') +
          `\n</feed>\n`,
      );
    }
  }
}
