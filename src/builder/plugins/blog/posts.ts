import fs from 'node:fs';
import path from 'node:path';
import type { BlogConfig } from './options.js';
import type { BlogAuthor } from '../../../shared/types.js';
import {
  listFiles,
  markdownFileMatcher,
  blogFrontMatterSchema,
  validateFrontMatter,
  type BlogFrontMatter,
  frontMatterKeyLineOf,
  type ParsedMeta,
  type ProblemCollector,
  joinRoute,
  readText,
  normalizeTags,
  readTagsFile,
  reportInlineTags,
  type NormalizedTag,
  type TagsFile,
} from '../api.js';
import { applyTrailingSlash } from '../../../shared/url.js';
import { readAuthorsMap, postAuthors, reportInlineAuthors, type AuthorsMap } from './authors.js';

// The blog plugin's loader, with Docusaurus 3's rules: date and slug from the file name
// ("2023-1-6-rtsp101.md" → /<base>/2023/1/6/rtsp101) or front matter, the title from front matter or
// the first `#` heading, translations from i18n/<locale>/docusaurus-plugin-content-blog-<id>/ with a
// fallback to the default-locale post, newest first.

export interface BlogPost {
  id: string;
  rel: string;
  permalink: string;
  /** ISO date (UTC midnight for a date from the file name). */
  date: string;
  title: string;
  description?: string;
  frontMatter: BlogFrontMatter;
  parsed: ParsedMeta;
  file: string;
  sourceFile: string;
  authors: BlogAuthor[];
  tags: NormalizedTag[];
  readingTime: number;
  unlisted: boolean;
  /** Whether the title came from the first heading (then the heading is not repeated in the body). */
  titleFromHeading: boolean;
}

const DATE_FILENAME = /^(?<folder>.*?)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

export function blogTranslationDir(params: { siteDir: string; i18nDir: string; locale: string; blogId: string }): string {
  const plugin = params.blogId === 'default' ? 'docusaurus-plugin-content-blog' : `docusaurus-plugin-content-blog-${params.blogId}`;
  return path.resolve(params.siteDir, params.i18nDir, params.locale, plugin);
}

function parseBlogFileName(rel: string): { date?: { y: number; m: number; d: number }; slug: string; text: string } {
  const m = DATE_FILENAME.exec(rel);
  if (m?.groups) {
    const parts = m.groups.date.split(/[-/]/);
    const [y, mo, d] = parts.map(Number);
    return { date: { y, m: mo, d }, slug: `/${parts.join('/')}/${m.groups.folder}${m.groups.text}`, text: m.groups.text };
  }
  const text = rel.replace(/(?:\/index)?\.mdx?$/, '');
  return { slug: `/${text}`, text };
}

export function loadBlogPosts(params: {
  blog: BlogConfig;
  siteDir: string;
  i18nDir: string;
  locale: string;
  isDefaultLocale: boolean;
  localeBase: string;
  parse: (file: string) => ParsedMeta;
  problems: ProblemCollector;
  production: boolean;
  trailingSlash?: boolean;
}): { posts: BlogPost[]; root: string; localizedRoot: string; authorsMap?: AuthorsMap; tagsFile?: TagsFile | null; tagsBase?: string } {
  const { blog } = params;
  const root = path.resolve(params.siteDir, blog.path);
  const localizedRoot = blogTranslationDir({ siteDir: params.siteDir, i18nDir: params.i18nDir, locale: params.locale, blogId: blog.id });
  if (!fs.existsSync(root)) {
    params.problems.error({ message: `Blog folder not found: ${root}`, hint: `Create it, or fix blogs[id=${blog.id}].path in the config.` });
    return { posts: [], root, localizedRoot };
  }
  const base = joinRoute(params.localeBase, blog.routeBasePath);
  const optionPath = `blogs[id=${blog.id}]`;
  const authorsMap = readAuthorsMap({ blogDir: root, authorsMapPath: blog.authorsMapPath, authorsBase: joinRoute(base, blog.authorsBasePath), problems: params.problems });
  const tagsFile = readTagsFile({ contentDir: root, localizedDir: localizedRoot, option: blog.tags, optionPath: `${optionPath}.tags`, problems: params.problems });
  const tagsBase = joinRoute(base, blog.tagsBasePath);
  const untruncated: string[] = [];
  const posts: BlogPost[] = [];
  for (const rel of listFiles(root, params.siteDir).filter(markdownFileMatcher(blog))) {
    const sourceFile = path.join(root, rel);
    const localized = path.join(localizedRoot, rel);
    const translated = !params.isDefaultLocale && fs.existsSync(localized);
    const file = translated ? localized : sourceFile;
    const parsed = params.parse(file);
    const fm = validateFrontMatter(blogFrontMatterSchema, parsed.frontMatter, file);
    if (fm.draft && params.production) continue;
    const fromName = parseBlogFileName(rel);
    const date = fm.date ? new Date(fm.date as string) : fromName.date ? new Date(Date.UTC(fromName.date.y, fromName.date.m - 1, fromName.date.d)) : fs.statSync(sourceFile).mtime;
    if (Number.isNaN(date.getTime())) {
      params.problems.error({ message: `Invalid date "${String(fm.date)}"`, file, line: frontMatterKeyLineOf(file, ['date']) ?? 1, hint: 'Use YYYY-MM-DD in the date front matter.' });
      continue;
    }
    const slug = fm.slug ? (fm.slug.startsWith('/') ? fm.slug : `/${fm.slug}`) : fromName.slug;
    const title = fm.title ?? parsed.contentTitle ?? fromName.text;
    // The default locale reports for every post, another locale for its own translations only (not once per locale for the same file).
    const reports = params.isDefaultLocale || translated;
    const tags = normalizeTags({ frontMatterTags: fm.tags, tagsFile, tagsBase });
    // The line of a key is read only for a problem (reading the file again for it, twice per post, cost every build).
    const authorsLine = () => frontMatterKeyLineOf(file, ['authors']);
    const authors = postAuthors({ fm, map: authorsMap, file, line: authorsLine, problems: params.problems });
    if (reports) {
      reportInlineTags({ tags, tagsFile, file, line: () => frontMatterKeyLineOf(file, ['tags']), level: blog.onInlineTags, optionPath, problems: params.problems });
      reportInlineAuthors({ authors, authorsMapPath: blog.authorsMapPath, file, line: authorsLine, level: blog.onInlineAuthors, optionPath, problems: params.problems });
      if (blog.onUntruncatedBlogPosts !== 'ignore' && !TRUNCATE_MARKER.test(readText(file))) untruncated.push(file);
    }
    posts.push({
      id: rel,
      rel,
      permalink: applyTrailingSlash(joinRoute(base, slug), params.trailingSlash),
      date: date.toISOString(),
      title,
      description: fm.description,
      frontMatter: fm,
      parsed,
      file,
      sourceFile,
      authors,
      tags,
      readingTime: readingTime(parsed),
      unlisted: fm.unlisted === true,
      titleFromHeading: !fm.title && Boolean(parsed.contentTitle),
    });
  }
  if (untruncated.length) {
    const problem = {
      message: `Blog posts without a truncation marker (they are shown whole in the blog's lists):\n      - ${untruncated.join('\n      - ')}`,
      hint: `Add {/* truncate */} (or <!-- truncate -->) where each excerpt should end, or set ${optionPath}.onUntruncatedBlogPosts to 'ignore'.`,
    };
    if (blog.onUntruncatedBlogPosts === 'throw') params.problems.error(problem);
    else params.problems.warn(problem);
  }
  // Newest first; posts of the same day keep file order, as in Docusaurus; `sortPosts: 'ascending'` reverses the whole order, as it does there.
  posts.sort((a, b) => b.date.localeCompare(a.date));
  if (blog.sortPosts === 'ascending') posts.reverse();
  return { posts, root, localizedRoot, authorsMap, tagsFile, tagsBase };
}

/** Docusaurus's default `truncateMarker`. */
const TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

/** Minutes to read: 200 words a minute for Latin text, 300 characters a minute for CJK. */
function readingTime(parsed: ParsedMeta): number {
  return Math.max(1, Math.ceil(parsed.stats.words / 200 + parsed.stats.cjk / 300));
}
