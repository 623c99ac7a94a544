import path from 'node:path';
import { lastUpdateOf, leadOf, showSections, type RenderedMarkdown, headFor, type RenderContext, type RenderedRoute, type PlannedRoute, type MarkdownJob } from '../api.js';
import type { BlogPostSummary, BlogSidebar, PageContent } from '../../../shared/types.js';
import type { BlogModel, BlogRouteData } from './plan.js';
import { blogTranslationDir, type BlogPost } from './posts.js';
import type { BlogEditUrlFunction } from './options.js';
import { interpolate, plural } from '../../../shared/strings.js';
import { stripTrailingSlash } from '../../../shared/url.js';
import { formatBlogDate } from './dateFormat.js';

type BlogRoute = PlannedRoute<BlogRouteData>;

// A post is shown on its page, in lists and on tag pages: one markdown job per post and locale.
function postJob(post: BlogPost, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob {
  const docs = ctx.site.config.docs[0];
  return { file: post.file, locale: ctx.locale.info.locale, dropTitle: post.titleFromHeading, tocMinLevel: docs?.tocMinHeadingLevel ?? 2, tocMaxLevel: docs?.tocMaxHeadingLevel ?? 3 };
}

function renderPost(post: BlogPost, ctx: RenderContext): RenderedMarkdown {
  return ctx.markdown(postJob(post, ctx));
}

export function blogMarkdownJobs(route: BlogRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  const data = route.data;
  if (data.view === 'post') return [postJob(data.post, ctx)];
  if (data.view === 'list' || data.view === 'authorPosts') return data.posts.map((p) => postJob(p, ctx));
  return [];
}

function summary(post: BlogPost, ctx: RenderContext, withExcerpt: boolean, showReadingTime: boolean): BlogPostSummary {
  const md = renderPost(post, ctx);
  return {
    title: post.title,
    permalink: post.permalink,
    date: post.date,
    formattedDate: formatBlogDate(post.date, ctx.locale.info.htmlLang),
    ...(showReadingTime ? { readingTime: post.readingTime } : {}),
    authors: post.authors,
    tags: post.tags.map((t) => ({ label: t.label, permalink: t.permalink })),
    excerptHtml: withExcerpt ? (md.excerptHtml ?? md.html) : undefined,
    truncated: md.excerptHtml !== undefined,
  };
}

/**
 * Docusaurus's blog edit link: editUrl, the blog folder from the site folder, the post's path in it;
 * with editLocalizedFiles, a translated post's translation folder (i18n/<locale>/...) instead.
 */
function postEditUrl(params: { editUrl: string | BlogEditUrlFunction; siteDir: string; blogPath: string; localizedRoot?: string; post: BlogPost; locale: string }): string | undefined {
  const { editUrl, post } = params;
  if (typeof editUrl === 'function') {
    // Docusaurus's arguments: the blog folder from the site, the post's path in it, its url.
    const blogDirPath = path.relative(params.siteDir, path.resolve(params.siteDir, params.blogPath)).split(path.sep).join('/');
    const url = editUrl({ blogDirPath, blogPath: post.rel, permalink: post.permalink, locale: params.locale });
    return typeof url === 'string' && url ? url : undefined;
  }
  const dir = params.localizedRoot && post.file !== post.sourceFile ? params.localizedRoot : path.resolve(params.siteDir, params.blogPath);
  const folder = path.relative(params.siteDir, dir).split(path.sep).join('/');
  return `${stripTrailingSlash(editUrl)}/${folder ? `${folder}/` : ''}${post.rel}`;
}

function sidebar(blog: BlogModel): BlogSidebar {
  const count = blog.config.blogSidebarCount === 'ALL' ? blog.listed.length : blog.config.blogSidebarCount;
  return { title: blog.sidebarTitle, items: blog.listed.slice(0, count).map((p) => ({ title: p.title, permalink: p.permalink })) };
}

export function renderBlogRoute(route: BlogRoute, ctx: RenderContext): RenderedRoute {
  const data = route.data;
  const { blog } = data;
  const base = { route, links: [] as RenderedRoute['links'], anchors: [] as string[] };
  const page = (content: PageContent, head: Parameters<typeof headFor>[0], bodyHtml?: string) => ({
    route: route.path,
    locale: ctx.locale.info.locale,
    head: headFor({ ...head, feeds: blog.feeds }),
    content,
    bodyHtml,
    chromeKey: ctx.locale.info.locale,
  });
  switch (data.view) {
    case 'post': {
      const { post } = data;
      const md = renderPost(post, ctx);
      const i = blog.listed.indexOf(post);
      const newer = i > 0 ? blog.listed[i - 1] : undefined;
      const older = i >= 0 && i < blog.listed.length - 1 ? blog.listed[i + 1] : undefined;
      return {
        ...base,
        page: page(
          {
            kind: 'blogPost',
            blogId: blog.config.id,
            post: summary(post, ctx, false, blog.config.showReadingTime),
            hasOwnTitle: false,
            toc: md.toc,
            sidebar: sidebar(blog),
            previous: newer ? { title: newer.title, permalink: newer.permalink } : undefined,
            next: older ? { title: older.title, permalink: older.permalink } : undefined,
            unlisted: post.unlisted,
            ...(blog.config.editUrl
              ? {
                  editUrl: postEditUrl({
                    editUrl: blog.config.editUrl,
                    siteDir: ctx.site.siteDir,
                    blogPath: blog.config.path,
                    ...(blog.config.editLocalizedFiles
                      ? { localizedRoot: blogTranslationDir({ siteDir: ctx.site.siteDir, i18nDir: ctx.site.config.i18nDir, locale: ctx.locale.info.locale, blogId: blog.config.id }) }
                      : {}),
                    post,
                    locale: ctx.locale.info.locale,
                  }),
                }
              : {}),
            ...lastUpdateOf({ options: blog.config, given: post.frontMatter.last_update, git: blog.lastUpdates?.get(post.file) }),
          },
          {
            ctx,
            route: route.path,
            title: post.title,
            description: post.description ?? leadOf(md)?.slice(0, 160),
            keywords: post.frontMatter.keywords,
            image: post.frontMatter.image,
            noindex: post.unlisted,
            ogType: 'article',
          },
          md.html,
        ),
        sourceFile: post.file,
        links: md.links,
        anchors: md.anchors,
        search: post.unlisted
          ? undefined
          : showSections({ url: route.path, title: post.title, description: post.description, keywords: post.frontMatter.keywords, breadcrumbs: [blog.title], indexedBy: 'indexBlog' as const }, md),
      };
    }
    case 'authorPosts':
    case 'list': {
      const posts = data.posts.map((p) => summary(p, ctx, true, blog.config.showReadingTime));
      const tag = data.view === 'list' ? data.tag : undefined;
      const pageUrl = (n: number) => {
        const first = data.view === 'authorPosts' ? data.author.page! : (tag?.permalink ?? blog.base);
        return n === 1 ? first : `${stripTrailingSlash(first)}/${data.view === 'authorPosts' ? blog.config.authorsBasePath : blog.config.pageBasePath}/${n}`;
      };
      const strings = ctx.locale.strings;
      const nPosts = (count: number) => interpolate(plural(strings['theme.blog.tagTitle.nPosts'], count, ctx.locale.info.locale), { count });
      const title =
        data.view === 'authorPosts'
          ? interpolate(strings['theme.blog.author.pageTitle'], { authorName: data.author.name, nPosts: nPosts(data.count) })
          : tag
            ? interpolate(strings['theme.blog.tagTitle'], { nPosts: nPosts(tag.count), tagName: tag.label })
            : blog.title;
      return {
        ...base,
        page: page(
          {
            kind: 'blogList',
            blogId: blog.config.id,
            title,
            description: blog.description,
            tag: tag ? { label: tag.label, allTagsPath: `${blog.base}/${blog.config.tagsBasePath}`, count: tag.count, ...(tag.description ? { description: tag.description } : {}) } : undefined,
            ...(data.view === 'authorPosts' ? { author: { author: data.author, allAuthorsPath: `${stripTrailingSlash(blog.base)}/${blog.config.authorsBasePath}`, count: data.count } } : {}),
            posts,
            sidebar: sidebar(blog),
            page: data.page,
            totalPages: data.totalPages,
            previousPage: data.page > 1 ? pageUrl(data.page - 1) : undefined,
            nextPage: data.page < data.totalPages ? pageUrl(data.page + 1) : undefined,
          },
          { ctx, route: route.path, title, description: (data.view === 'authorPosts' ? data.author.description : tag?.description) ?? blog.description },
        ),
      };
    }
    case 'authors': {
      const title = ctx.locale.strings['theme.blog.authorsList.pageTitle'];
      return {
        ...base,
        page: page({ kind: 'blogAuthors', blogId: blog.config.id, title, authors: data.authors, sidebar: sidebar(blog) }, { ctx, route: route.path, title: `${title} | ${blog.title}` }),
      };
    }
    case 'archive': {
      const years = new Map<string, { title: string; permalink: string; date: string; formattedDate: string }[]>();
      for (const post of blog.listed) {
        const year = post.date.slice(0, 4);
        const list = years.get(year) ?? [];
        list.push({ title: post.title, permalink: post.permalink, date: post.date, formattedDate: formatBlogDate(post.date, ctx.locale.info.htmlLang) });
        years.set(year, list);
      }
      const title = ctx.locale.strings['theme.blog.archive.title'];
      return {
        ...base,
        page: page(
          { kind: 'blogArchive', blogId: blog.config.id, title, years: [...years.entries()].map(([year, posts]) => ({ year, posts })) },
          { ctx, route: route.path, title: `${title} | ${blog.title}`, description: ctx.locale.strings['theme.blog.archive.description'] },
        ),
      };
    }
    case 'tags': {
      const title = ctx.locale.strings['theme.tags.tagsPageTitle'];
      return {
        ...base,
        page: page({ kind: 'blogTags', blogId: blog.config.id, title, tags: data.tags, sidebar: sidebar(blog) }, { ctx, route: route.path, title: `${title} | ${blog.title}` }),
      };
    }
  }
}
