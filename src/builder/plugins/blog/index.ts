import fs from 'node:fs';
import path from 'node:path';
import { listFiles, markdownFileMatcher, gitLastUpdates, type GitLastUpdates, type ContentPlugin, type TranslationFile, type PlannedRoute } from '../api.js';
import { planBlogs, type BlogRouteData } from './plan.js';
import { blogTranslationDir } from './posts.js';
import { renderBlogRoute, blogMarkdownJobs } from './render.js';
import { feedsPass } from './feeds.js';

// The blog plugin: every blog instance of `blogs: [...]`. Posts, paginated lists, the archive, tags,
// RSS and Atom feeds (a pass), the options.json translation file of each blog.

type BlogRoute = PlannedRoute<BlogRouteData>;

/** Each blog's files' last commits (blog id → file → commit), for the blogs that show them. */
type BlogLastUpdates = Map<string, GitLastUpdates>;

export const blogPlugin: ContentPlugin<BlogLastUpdates> = {
  name: 'blog',
  routeTypes: ['blog'],

  markdownFiles({ config, siteDir, locales }) {
    const files: string[] = [];
    const others = locales.filter((l) => l !== config.i18n.defaultLocale);
    for (const blog of config.blogs) {
      const root = path.resolve(siteDir, blog.path);
      if (!fs.existsSync(root)) continue;
      const localizedRoot = (locale: string) => blogTranslationDir({ siteDir, i18nDir: config.i18nDir, locale, blogId: blog.id });
      for (const rel of listFiles(root, siteDir).filter(markdownFileMatcher(blog))) {
        if (locales.includes(config.i18n.defaultLocale) || !others.every((l) => fs.existsSync(path.join(localizedRoot(l), rel)))) files.push(path.join(root, rel));
        for (const l of others) {
          const localized = path.join(localizedRoot(l), rel);
          if (fs.existsSync(localized)) files.push(localized);
        }
      }
    }
    return files;
  },

  // One git log per blog that shows last updates, over its folder and its translations' folders.
  load: ({ config, siteDir }) =>
    new Map(
      config.blogs
        .filter((b) => b.showLastUpdateTime || b.showLastUpdateAuthor)
        .map((b) => [
          b.id,
          gitLastUpdates([path.resolve(siteDir, b.path), ...config.i18n.locales.map((locale) => blogTranslationDir({ siteDir, i18nDir: config.i18nDir, locale, blogId: b.id }))], siteDir),
        ]),
    ),
  plan: (ctx, lastUpdates) => planBlogs(ctx, lastUpdates),
  markdownJobs: (route, ctx) => blogMarkdownJobs(route as BlogRoute, ctx),
  render: (route, ctx) => renderBlogRoute(route as BlogRoute, ctx),
  passes: [feedsPass],
  describeRoute(route) {
    const data = (route as BlogRoute).data;
    if (data.view === 'post') return data.post.file;
    const what =
      data.view === 'list'
        ? data.tag
          ? `the "${data.tag.label}" tag page`
          : 'the post list'
        : data.view === 'authorPosts'
          ? `the page of the author "${data.author.key}"`
          : data.view === 'authors'
            ? 'the authors page'
            : data.view === 'archive'
              ? 'the archive'
              : 'the tags page';
    return `${what} of the blog "${data.blog.config.id}" (${data.blog.config.path}/)`;
  },

  translations: ({ config, siteDir, locale }): TranslationFile[] =>
    config.blogs.map((blog) => ({
      file: path.join(blogTranslationDir({ siteDir, i18nDir: config.i18nDir, locale, blogId: blog.id }), 'options.json'),
      messages: {
        title: { message: blog.title, description: 'Blog name: browser tab, feed title and search results' },
        description: { message: blog.description, description: 'Blog summary: meta description and feed description' },
        'sidebar.title': { message: blog.blogSidebarTitle, description: 'Heading above the list of recent posts' },
      },
    })),

  watchPaths: ({ config, siteDir }) => config.blogs.map((b) => path.resolve(siteDir, b.path)),
};
