import * as z from 'zod';
import { GLOB_EXCLUDE_DEFAULT, MARKDOWN_INCLUDE_DEFAULT } from '../../../shared/contentGlobs.js';

// The blog plugin's options (each entry of `blogs` in the site config), with Docusaurus's names and
// defaults. Every object is strict so that a misspelt key is reported; config/schema.ts composes this
// into the site config.

/** Docusaurus's `editUrl` function of a blog: called per post and locale; no url for a falsy value. */
export type BlogEditUrlFunction = (params: { blogDirPath: string; blogPath: string; permalink: string; locale: string }) => string | undefined;

/** Docusaurus's `'ignore' | 'log' | 'warn' | 'throw'` of the blog's checks ('log' reports as a warning). */
const reportLevel = z.enum(['ignore', 'log', 'warn', 'throw']).default('warn');

const feedType = z.enum(['rss', 'atom', 'json']);
/** An xslt option: true (sitegen's stylesheet), false, or a stylesheet file relative to the blog folder. */
const xsltValue = z.union([z.boolean(), z.string()]);

const feedOptionsSchema = z.strictObject({
  /** Docusaurus's forms: one type, a list, 'all' (rss, atom and json) or null (no feed); read as a list. */
  type: z
    .union([feedType, z.literal('all'), z.array(feedType), z.null()])
    .default(['rss', 'atom'])
    .transform((t): ('rss' | 'atom' | 'json')[] => (t === null ? [] : t === 'all' ? ['rss', 'atom', 'json'] : Array.isArray(t) ? [...new Set(t)] : [t])),
  title: z.string().optional(),
  description: z.string().optional(),
  copyright: z.string().optional(),
  language: z.string().optional(),
  /** Stylesheets that make the feeds readable in a browser: true for both, or per feed. */
  xslt: z
    .union([z.boolean(), z.strictObject({ rss: xsltValue.optional(), atom: xsltValue.optional() })])
    .default(false)
    .transform((x) => (typeof x === 'boolean' ? { rss: x, atom: x } : { rss: x.rss ?? false, atom: x.atom ?? false })),
  /** Posts in each feed (Docusaurus's default 20; null: all). */
  limit: z.union([z.number().int().min(1), z.null(), z.literal(false)]).default(20),
});

export const blogSchema = z.strictObject({
  id: z.string(),
  path: z.string(),
  /** Globs relative to the blog folder: the files that are posts (Docusaurus's options and defaults). */
  include: z.array(z.string()).default(MARKDOWN_INCLUDE_DEFAULT),
  exclude: z.array(z.string()).default(GLOB_EXCLUDE_DEFAULT),
  routeBasePath: z.string(),
  title: z.string().default('Blog'),
  description: z.string().default('Blog'),
  blogSidebarTitle: z.string().default('All posts'),
  blogSidebarCount: z.union([z.literal('ALL'), z.number().int().min(0)]).default('ALL'),
  postsPerPage: z.union([z.literal('ALL'), z.number().int().min(1)]).default(10),
  /** Below the blog's url (and each tag's): the list's pages after the first, `<base>/page/2` (Docusaurus's option). */
  pageBasePath: z.string().default('page'),
  /** The order of the lists, the archive, the feeds and previous/next: newest first, or oldest first (Docusaurus's option). */
  sortPosts: z.enum(['descending', 'ascending']).default('descending'),
  /** The "5 min read" of each post (Docusaurus's option; false: none). */
  showReadingTime: z.boolean().default(true),
  /** A translated post's edit link leads to its translation (i18n/<locale>/...), as in Docusaurus. */
  editLocalizedFiles: z.boolean().default(false),
  /** Each post's last change (date, and author) from git, shown at its foot; front matter `last_update` overrides (Docusaurus's options). */
  showLastUpdateTime: z.boolean().default(false),
  showLastUpdateAuthor: z.boolean().default(false),
  /** Below the blog's url: the archive of every post; null: no archive page (Docusaurus's option). */
  archiveBasePath: z.string().nullable().default('archive'),
  tagsBasePath: z.string().default('tags'),
  /** Url prefix of the edit link, or Docusaurus's function of `{ blogDirPath, blogPath, permalink, locale }` giving the whole url. */
  editUrl: z.union([z.string(), z.custom<BlogEditUrlFunction>((v) => typeof v === 'function', 'expected a string or a function')]).optional(),
  feedOptions: feedOptionsSchema.default(() => feedOptionsSchema.parse({})),
  /** The tags file (relative to the blog folder; unset: tags.yml when it exists; false or null: none). */
  tags: z.union([z.string(), z.literal(false), z.null()]).optional(),
  /** Front-matter tags the tags file does not define (only checked when there is a tags file). */
  onInlineTags: reportLevel,
  /** The authors map (relative to the blog folder). */
  authorsMapPath: z.string().default('authors.yml'),
  /** Below the blog's url: the authors list and the authors' pages. */
  authorsBasePath: z.string().default('authors'),
  /** Front-matter authors the authors map does not define. */
  onInlineAuthors: reportLevel,
  /** Posts without a truncation marker. */
  onUntruncatedBlogPosts: reportLevel,
});

export type BlogConfig = z.output<typeof blogSchema>;
