import path from 'node:path';
import type { BlogConfig } from './options.js';
import type { BlogAuthor, FeedLink } from '../../../shared/types.js';
import { loadBlogPosts, blogTranslationDir, type BlogPost } from './posts.js';
import {
  readTranslationFile,
  joinRoute,
  frontMatterOrigin,
  tagsFileKey,
  type TagsFile,
  lastUpdatesUnavailable,
  type GitLastUpdates,
  type LocalePlan,
  type PlanContext,
  type RouteOrigin,
} from '../api.js';
import { applyTrailingSlash } from '../../../shared/url.js';

// Plans each blog's routes for one locale: post pages, the paginated list, the archive, tags, feeds.

export interface BlogModel {
  config: BlogConfig;
  posts: BlogPost[];
  /** Posts shown in lists, the archive and the feeds (unlisted ones are left out). */
  listed: BlogPost[];
  title: string;
  description: string;
  sidebarTitle: string;
  base: string;
  locale: string;
  /** The feeds' title: `feedOptions.title`, else the site's title and the (translated) blog title. */
  feedTitle: string;
  /** The feed files of this blog in this locale, linked from the head of its pages. */
  feeds: FeedLink[];
  /** Each file's last commit, with showLastUpdateTime or showLastUpdateAuthor. */
  lastUpdates?: GitLastUpdates['files'];
}

export type BlogRouteData =
  | { view: 'post'; blog: BlogModel; post: BlogPost }
  | { view: 'list'; blog: BlogModel; posts: BlogPost[]; page: number; totalPages: number; tag?: { label: string; permalink: string; count: number; description?: string } }
  | { view: 'archive'; blog: BlogModel }
  | { view: 'tags'; blog: BlogModel; tags: { label: string; permalink: string; count: number }[] }
  | { view: 'authors'; blog: BlogModel; authors: { author: BlogAuthor; count: number }[] }
  | { view: 'authorPosts'; blog: BlogModel; author: BlogAuthor; posts: BlogPost[]; count: number; page: number; totalPages: number };

/** Every blog's routes in one locale. */
export function planBlogs(ctx: PlanContext, lastUpdates: Map<string, GitLastUpdates> = new Map()): LocalePlan {
  const plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots' | 'linkTargets'>> = { routes: [], permalinks: [], contentRoots: [], linkTargets: [] };
  for (const blog of ctx.config.blogs) planBlog(ctx, blog, plan, lastUpdates.get(blog.id));
  return plan;
}

function planBlog(ctx: PlanContext, blogConfig: BlogConfig, plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots' | 'linkTargets'>>, lastUpdates?: GitLastUpdates): void {
  const { locale } = ctx;
  if (lastUpdates?.unavailable && locale.isDefault) {
    ctx.problems.warn(lastUpdatesUnavailable({ unavailable: lastUpdates.unavailable, what: 'blog posts', option: `blogs[id=${blogConfig.id}]` }));
  }
  const { posts, root, localizedRoot, authorsMap, tagsFile, tagsBase } = loadBlogPosts({
    blog: blogConfig,
    siteDir: ctx.siteDir,
    i18nDir: ctx.config.i18nDir,
    locale: locale.info.locale,
    isDefaultLocale: locale.isDefault,
    localeBase: locale.info.baseUrl,
    parse: ctx.parse,
    problems: ctx.problems,
    production: ctx.production,
    trailingSlash: ctx.config.trailingSlash,
  });
  const options = readTranslationFile(path.join(blogTranslationDir({ siteDir: ctx.siteDir, i18nDir: ctx.config.i18nDir, locale: locale.info.locale, blogId: blogConfig.id }), 'options.json'));
  const base = applyTrailingSlash(joinRoute(locale.info.baseUrl, blogConfig.routeBasePath), ctx.config.trailingSlash);
  const listed = posts.filter((p) => !p.unlisted);
  const title = options['title'] || blogConfig.title;
  const feedTitle = blogConfig.feedOptions.title ?? `${ctx.config.title} ${title}`;
  const feedType = blogConfig.feedOptions.type;
  const feeds: FeedLink[] = [];
  // As Docusaurus: "<feed title> RSS Feed" and "<feed title> Atom Feed".
  if (feedType.includes('rss')) feeds.push({ type: 'rss', href: joinRoute(base, 'rss.xml'), title: `${feedTitle} RSS Feed` });
  if (feedType.includes('atom')) feeds.push({ type: 'atom', href: joinRoute(base, 'atom.xml'), title: `${feedTitle} Atom Feed` });
  if (feedType.includes('json')) feeds.push({ type: 'json', href: joinRoute(base, 'feed.json'), title: `${feedTitle} JSON Feed` });
  const blog: BlogModel = {
    config: blogConfig,
    posts,
    listed,
    title,
    description: options['description'] || blogConfig.description,
    sidebarTitle: options['sidebar.title'] || blogConfig.blogSidebarTitle,
    base,
    locale: locale.info.locale,
    feedTitle,
    feeds,
    ...(lastUpdates ? { lastUpdates: lastUpdates.files } : {}),
  };
  plan.contentRoots.push({ original: root, localized: localizedRoot });
  const add = (routePath: string, data: BlogRouteData, unlisted = false, origin?: RouteOrigin) =>
    plan.routes.push({ type: 'blog', path: routePath, locale: locale.info.locale, data, unlisted, origin });

  for (const post of posts) {
    add(post.permalink, { view: 'post', blog, post }, post.unlisted, frontMatterOrigin(post.file, post.frontMatter, ['slug']));
    plan.permalinks.push([post.sourceFile, post.permalink], [post.file, post.permalink]);
  }
  paginate(listed, blogConfig.postsPerPage).forEach((pagePosts, i, pages) => {
    add(i === 0 ? base : joinRoute(base, blogConfig.pageBasePath, String(i + 1)), { view: 'list', blog, posts: pagePosts, page: i + 1, totalPages: pages.length });
  });
  if (blogConfig.archiveBasePath !== null) add(joinRoute(base, blogConfig.archiveBasePath), { view: 'archive', blog });

  const byTag = new Map<string, { label: string; permalink: string; description?: string; posts: BlogPost[] }>();
  for (const post of listed) {
    for (const tag of post.tags) {
      const entry = byTag.get(tag.permalink) ?? { label: tag.label, permalink: tag.permalink, description: tag.description, posts: [] };
      entry.posts.push(post);
      byTag.set(tag.permalink, entry);
    }
  }
  if (byTag.size) {
    const tags = [...byTag.values()].sort((a, b) => a.label.localeCompare(b.label)).map((t) => ({ label: t.label, permalink: t.permalink, count: t.posts.length }));
    add(joinRoute(base, blogConfig.tagsBasePath), { view: 'tags', blog, tags });
    for (const tag of byTag.values()) {
      paginate(tag.posts, blogConfig.postsPerPage).forEach((pagePosts, i, pages) => {
        add(
          i === 0 ? tag.permalink : joinRoute(tag.permalink, blogConfig.pageBasePath, String(i + 1)),
          {
            view: 'list',
            blog,
            posts: pagePosts,
            page: i + 1,
            totalPages: pages.length,
            tag: { label: tag.label, permalink: tag.permalink, count: tag.posts.length, description: tag.description },
          },
          false,
          tagOrigin(tag.posts[0], tag.permalink, tagsFile, tagsBase ?? ''),
        );
      });
    }
  }
  if (authorsMap && authorsMap.authors.size) planAuthors({ blog, authors: [...authorsMap.authors.values()], authorsFile: authorsMap.file, listed, base, add });
  plan.linkTargets.push(...feeds.map((f) => f.href));
}

/**
 * As Docusaurus: with an authors map, the list of its authors at <base>/<authorsBasePath>, and for each
 * author with a `page`, their posts, paginated under <page>/<authorsBasePath>/<n>.
 */
function planAuthors(params: {
  blog: BlogModel;
  authors: BlogAuthor[];
  authorsFile: string;
  listed: BlogPost[];
  base: string;
  add: (routePath: string, data: BlogRouteData, unlisted?: boolean, origin?: RouteOrigin) => void;
}): void {
  const { blog, add } = params;
  const postsOf = (author: BlogAuthor) => params.listed.filter((p) => p.authors.some((a) => a.key === author.key));
  add(joinRoute(params.base, blog.config.authorsBasePath), { view: 'authors', blog, authors: params.authors.map((author) => ({ author, count: postsOf(author).length })) });
  for (const author of params.authors) {
    if (!author.page) continue;
    const posts = postsOf(author);
    // Only an author of the map has a page, and so a key.
    const key = author.key!;
    const origin: RouteOrigin = {
      file: params.authorsFile,
      key: `the page of author "${key}"`,
      dataKeys: [
        [key, 'page', 'permalink'],
        [key, 'page'],
      ],
    };
    paginate(posts, blog.config.postsPerPage).forEach((pagePosts, i, pages) => {
      add(
        i === 0 ? author.page! : joinRoute(author.page!, blog.config.authorsBasePath, String(i + 1)),
        {
          view: 'authorPosts',
          blog,
          author,
          posts: pagePosts,
          count: posts.length,
          page: i + 1,
          totalPages: pages.length,
        },
        false,
        origin,
      );
    });
  }
}

/** A tag's route comes from the tags file when the first post naming it names a tag the file defines; else from that post: from its permalink when it gives one. */
function tagOrigin(post: BlogPost, permalink: string, tagsFile: TagsFile | null | undefined, tagsBase: string): RouteOrigin {
  const key = tagsFileKey({ frontMatterTags: post.frontMatter.tags, tagsFile, tagsBase, permalink });
  if (key !== undefined && tagsFile) {
    return { file: tagsFile.file, key: `the permalink of tag "${key}"`, dataKeys: [[key, 'permalink'], [key]] };
  }
  const own = post.frontMatter.tags?.some((t) => typeof t !== 'string' && t.permalink !== undefined);
  return own ? { file: post.file, key: 'front matter "tags" (a tag\'s permalink)', frontMatterKey: 'permalink' } : { file: post.file, key: 'front matter "tags"', frontMatterKey: 'tags' };
}

function paginate<T>(items: T[], size: number | 'ALL'): T[][] {
  if (size === 'ALL' || items.length === 0) return [items];
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}
