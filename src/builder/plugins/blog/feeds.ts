import path from 'node:path';
import type { PassContext } from '../api.js';
import type { BlogRouteData } from './plan.js';
import type { BlogPostPageData } from '../../../shared/types.js';
import { encodedAbsoluteUrl, ensureTrailingSlash } from '../../../shared/url.js';
import { feedStylesheet } from './feedStyles.js';

// The feeds of each blog and locale (`feedOptions.type`: rss.xml, atom.xml, feed.json), with the full
// post content, the newest `feedOptions.limit` posts, and the `feedOptions.xslt` stylesheets.

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function feedsPass({ site, rendered, sink }: PassContext): void {
  const { config } = site;
  const abs = (u: string) => encodedAbsoluteUrl(config.url, u);
  const seen = new Set<string>();
  for (const r of rendered) {
    if (r.route.type !== 'blog') continue;
    const data = r.route.data as BlogRouteData;
    const blog = data.blog;
    const options = blog.config.feedOptions;
    const key = `${blog.locale}:${blog.config.id}`;
    if (seen.has(key) || !options.type.length) continue;
    seen.add(key);
    const all = rendered.filter(
      (p) => p.page.content.kind === 'blogPost' && (p.page.content as BlogPostPageData).blogId === blog.config.id && p.page.locale === blog.locale && !(p.page.content as BlogPostPageData).unlisted,
    );
    const posts = options.limit ? all.slice(0, options.limit) : all;
    const title = blog.feedTitle;
    const description = options.description ?? blog.description;
    const language = options.language ?? blog.locale;
    const updated = posts[0] ? (posts[0].page.content as BlogPostPageData).post.date : new Date(0).toISOString();
    const base = ensureTrailingSlash(blog.base.replace(/^\//, ''));
    const copyright = options.copyright ?? config.themeConfig.footer?.copyright ?? '';
    const items = posts.map((p) => {
      const post = (p.page.content as BlogPostPageData).post;
      return { title: post.title, link: abs(post.permalink), date: post.date, html: p.page.bodyHtml ?? '', description: p.page.head.description ?? '', authors: post.authors, tags: post.tags };
    });
    const blogDir = path.resolve(site.siteDir, blog.config.path);
    const styled = (kind: 'rss' | 'atom') => {
      const style = feedStylesheet({ kind, option: options.xslt[kind], blogDir });
      for (const f of style?.files ?? []) sink.write(`${base}${f.name}`, f.data);
      return style?.instruction ?? '';
    };
    if (options.type.includes('rss')) {
      sink.write(
        `${base}rss.xml`,
        `<?xml version="1.0" encoding="utf-8"?>\n${styled('rss')}<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel>\n<title>${esc(title)}</title>\n<link>${esc(abs(blog.base))}</link>\n<description>${esc(description)}</description>\n<language>${esc(language)}</language>\n<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>\n<copyright>${esc(copyright)}</copyright>\n` +
          items
            .map(
              (i) =>
                `<item>\n<title>${esc(i.title)}</title>\n<link>${esc(i.link)}</link>\n<guid>${esc(i.link)}</guid>\n<pubDate>${new Date(i.date).toUTCString()}</pubDate>\n<description>${esc(i.description)}</description>\n<content:encoded>${esc(i.html)}</content:encoded>\n</item>`,
            )
            .join('\n') +
          `\n</channel>\n</rss>\n`,
      );
    }
    if (options.type.includes('atom')) {
      sink.write(
        `${base}atom.xml`,
        `<?xml version="1.0" encoding="utf-8"?>\n${styled('atom')}<feed xmlns="http://www.w3.org/2005/Atom">\n<id>${esc(abs(blog.base))}</id>\n<title>${esc(title)}</title>\n<updated>${updated}</updated>\n<link rel="alternate" href="${esc(abs(blog.base))}"/>\n<subtitle>${esc(description)}</subtitle>\n<rights>${esc(copyright)}</rights>\n` +
          items
            .map(
              (i) =>
                `<entry>\n<title type="html">${esc(i.title)}</title>\n<id>${esc(i.link)}</id>\n<link href="${esc(i.link)}"/>\n<updated>${i.date}</updated>\n<summary type="html">${esc(i.description)}</summary>\n<content type="html">${esc(i.html)}</content>\n${i.authors.map((a) => `<author><name>${esc(a.name)}</name></author>`).join('')}\n</entry>`,
            )
            .join('\n') +
          `\n</feed>\n`,
      );
    }
    if (options.type.includes('json')) {
      const feed = {
        version: 'https://jsonfeed.org/version/1.1',
        title,
        home_page_url: abs(blog.base),
        feed_url: abs(`/${base}feed.json`),
        description,
        language,
        items: items.map((i) => ({
          id: i.link,
          url: i.link,
          title: i.title,
          content_html: i.html,
          summary: i.description,
          date_modified: i.date,
          ...(i.authors.length ? { authors: i.authors.map((a) => ({ name: a.name, ...(a.url ? { url: a.url } : {}) })) } : {}),
          ...(i.tags.length ? { tags: i.tags.map((t) => t.label) } : {}),
        })),
      };
      sink.write(`${base}feed.json`, `${JSON.stringify(feed, null, 2)}\n`);
    }
  }
}
