import path from 'node:path';
import { cacheKey, valueKey, type PassContext } from '../api.js';
import type { BlogRouteData } from './plan.js';
import type { BlogPostPageData } from '../../../shared/types.js';
import { encodedAbsoluteUrl, ensureTrailingSlash } from '../../../shared/url.js';
import { feedStylesheet } from './feedStyles.js';

// The feeds of each blog and locale (`feedOptions.type`: rss.xml, atom.xml, feed.json), with the full
// post content, the newest `feedOptions.limit` posts, and the `feedOptions.xslt` stylesheets.

/**
 * Writes a feed file unless the output keeps it from the build before under the same key (the
 * feed's inputs: the config, the blog's options, each post's page data by its content key, which
 * the styles step made already: cacheKey.ts valueKey). Escaping every post's HTML into the Shifu
 * site's feeds (3 blogs, 2 locales) and hashing them took 80-135 ms of CPU in each warm build of
 * that site with nothing changed (07:30 UTC, loaded machine); kept, the feeds cost their keys.
 */
function writeFeed(sink: PassContext['sink'], file: string, key: string, make: () => string): void {
  if (sink.reuse?.(file, key)) return;
  const data = make();
  if (sink.writeKeyed) sink.writeKeyed(file, data, key);
  else sink.write(file, data);
}

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
    const inputs = cacheKey(
      valueKey(config),
      blog.config,
      title,
      description,
      language,
      base,
      copyright,
      posts.map((p) => valueKey(p.page)),
    );
    const items = posts.map((p) => {
      const post = (p.page.content as BlogPostPageData).post;
      const html = p.page.bodyHtml ?? '';
      // The post's HTML escaped once for the RSS and the Atom feed: most of their making (each replace a
      // copy of the post; 9-11 ms of a cold Shifu build, CPU profiles of 21:10 UTC, then half of it).
      let escaped: string | undefined;
      const escapedHtml = () => (escaped ??= esc(html));
      return { title: post.title, link: abs(post.permalink), date: post.date, html, escapedHtml, description: p.page.head.description ?? '', authors: post.authors, tags: post.tags };
    });
    const blogDir = path.resolve(site.siteDir, blog.config.path);
    const styled = (kind: 'rss' | 'atom') => {
      const style = feedStylesheet({ kind, option: options.xslt[kind], blogDir });
      for (const f of style?.files ?? []) sink.write(`${base}${f.name}`, f.data);
      return style?.instruction ?? '';
    };
    if (options.type.includes('rss')) {
      const style = styled('rss');
      writeFeed(
        sink,
        `${base}rss.xml`,
        cacheKey(inputs, 'rss', style),
        () =>
          `<?xml version="1.0" encoding="utf-8"?>\n${style}<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel>\n<title>${esc(title)}</title>\n<link>${esc(abs(blog.base))}</link>\n<description>${esc(description)}</description>\n<language>${esc(language)}</language>\n<lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>\n<copyright>${esc(copyright)}</copyright>\n` +
          items
            .map(
              (i) =>
                `<item>\n<title>${esc(i.title)}</title>\n<link>${esc(i.link)}</link>\n<guid>${esc(i.link)}</guid>\n<pubDate>${new Date(i.date).toUTCString()}</pubDate>\n<description>${esc(i.description)}</description>\n<content:encoded>${i.escapedHtml()}</content:encoded>\n</item>`,
            )
            .join('\n') +
          `\n</channel>\n</rss>\n`,
      );
    }
    if (options.type.includes('atom')) {
      const style = styled('atom');
      writeFeed(
        sink,
        `${base}atom.xml`,
        cacheKey(inputs, 'atom', style),
        () =>
          `<?xml version="1.0" encoding="utf-8"?>\n${style}<feed xmlns="http://www.w3.org/2005/Atom">\n<id>${esc(abs(blog.base))}</id>\n<title>${esc(title)}</title>\n<updated>${updated}</updated>\n<link rel="alternate" href="${esc(abs(blog.base))}"/>\n<subtitle>${esc(description)}</subtitle>\n<rights>${esc(copyright)}</rights>\n` +
          items
            .map(
              (i) =>
                `<entry>\n<title type="html">${esc(i.title)}</title>\n<id>${esc(i.link)}</id>\n<link href="${esc(i.link)}"/>\n<updated>${i.date}</updated>\n<summary type="html">${esc(i.description)}</summary>\n<content type="html">${i.escapedHtml()}</content>\n${i.authors.map((a) => `<author><name>${esc(a.name)}</name></author>`).join('')}\n</entry>`,
            )
            .join('\n') +
          `\n</feed>\n`,
      );
    }
    if (options.type.includes('json')) {
      writeFeed(sink, `${base}feed.json`, cacheKey(inputs, 'json'), () => {
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
        return `${JSON.stringify(feed, null, 2)}\n`;
      });
    }
  }
}
