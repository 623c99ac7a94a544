// Blog authors with Docusaurus 3's rules: the authors map (`authorsMapPath`, default authors.yml in
// the blog folder: name, title, url, image_url, email, description, socials, page), front-matter
// authors by key, by key with overrides, or inline; `onInlineAuthors` for inline ones; author pages
// (`page: true` → <base>/authors/<kebab key>, `page: { permalink }` → <base>/authors/<permalink>).
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { BlogAuthor } from '../../../shared/types.js';
import { type BlogFrontMatter, type ProblemCollector, type ReportLevel, dataFileKeyLine, readDataFile, PARSE_FEW } from '../api.js';
import { docusaurusSlug, stripTrailingSlash } from '../../../shared/url.js';

export interface AuthorsMap {
  file: string;
  authors: Map<string, BlogAuthor>;
}

const authorSchema = z
  .looseObject({
    name: z.string().optional(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
    imageURL: z.string().optional(),
    email: z.string().optional(),
    description: z.string().optional(),
    page: z.union([z.boolean(), z.strictObject({ permalink: z.string() })]).optional(),
    // YAML reads a StackOverflow user id such as 82609 as a number.
    socials: z.record(z.string(), z.union([z.string(), z.number().transform(String)])).optional(),
  })
  .refine((a) => a.name !== undefined || a.image_url !== undefined || a.imageURL !== undefined, 'an author needs a name or an image_url');

/** Docusaurus's handle → url of the platforms it knows; other keys must be urls. */
const SOCIAL_URLS: Record<string, (handle: string) => string> = {
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://twitter.com/${h}`,
  github: (h) => `https://github.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}/`,
  stackoverflow: (h) => `https://stackoverflow.com/users/${h}`,
  bluesky: (h) => `https://bsky.app/profile/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  threads: (h) => `https://www.threads.net/@${h}`,
  mastodon: (h) => `https://mastodon.social/@${h}`,
  twitch: (h) => `https://twitch.tv/${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  email: (h) => `mailto:${h}`,
};

function socialUrls(socials: Record<string, string>, where: { file: string; key: string }, problems: ProblemCollector): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [platform, value] of Object.entries(socials)) {
    if (/^(https?:\/\/|mailto:)/.test(value)) out[platform] = value;
    else if (!value.includes('/') && SOCIAL_URLS[platform.toLowerCase()]) out[platform.toLowerCase()] = SOCIAL_URLS[platform.toLowerCase()](value);
    else {
      problems.error({
        message: `${where.key}.socials.${platform}: "${value}" is neither a handle of a known platform nor an absolute url`,
        file: where.file,
        hint: `Use a handle (x, github, linkedin, ... : "name") or a full url ("https://...").`,
      });
    }
  }
  return out;
}

/** The authors map of a blog, or undefined when its file does not exist (Docusaurus makes no author pages then). */
export function readAuthorsMap(params: { blogDir: string; authorsMapPath: string; authorsBase: string; problems: ProblemCollector }): AuthorsMap | undefined {
  const file = path.resolve(params.blogDir, params.authorsMapPath);
  if (!fs.existsSync(file)) return undefined;
  const data = readDataFile(file);
  const authors = new Map<string, BlogAuthor>();
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    params.problems.error({ message: 'The authors map should hold one entry per author key', file, hint: 'Write `key: { name, title, url, image_url }` per author.' });
    return { file, authors };
  }
  for (const [key, raw] of Object.entries(data)) {
    const parsed = authorSchema.safeParse(raw, PARSE_FEW);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        params.problems.error({ message: `${[key, ...issue.path].join('.')}: ${issue.message}`, file, hint: 'An author is `{ name, title, url, image_url, socials, page }`.' });
      continue;
    }
    const a = parsed.data;
    const slug = a.page === true ? docusaurusSlug(key) : a.page ? a.page.permalink : undefined;
    authors.set(key, {
      key,
      name: a.name ?? '',
      title: a.title,
      url: a.url,
      imageUrl: a.image_url ?? a.imageURL,
      email: a.email,
      description: a.description,
      socials: a.socials ? socialUrls(a.socials as Record<string, string>, { file, key }, params.problems) : undefined,
      page: slug === undefined ? undefined : `${stripTrailingSlash(params.authorsBase)}/${slug.replace(/^\/+/, '')}`,
    });
  }
  const byPage = new Map<string, string>();
  for (const [key, a] of authors) {
    if (!a.page) continue;
    const other = byPage.get(a.page);
    if (other) {
      const line = dataFileKeyLine(file, [key, 'page', 'permalink']) ?? dataFileKeyLine(file, [key, 'page']);
      params.problems.error({ message: `The authors "${other}" and "${key}" have the same page ${a.page}`, file, line, hint: 'Give each author page its own permalink.' });
    }
    byPage.set(a.page, key);
  }
  return { file, authors };
}

/** A post's authors: keys of the map, keys with overrides, inline objects, or the legacy `author*` keys. */
export function postAuthors(params: {
  fm: BlogFrontMatter;
  map: AuthorsMap | undefined;
  file: string;
  /** The line of `authors`, read only for a problem. */
  line: () => number | undefined;
  problems: ProblemCollector;
}): BlogAuthor[] {
  const { fm, map } = params;
  if (fm.author) return [{ name: fm.author, title: fm.author_title, url: fm.author_url, imageUrl: fm.author_image_url }];
  const list = fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors];
  const out: BlogAuthor[] = [];
  for (const a of list) {
    const key = typeof a === 'string' ? a : a.key;
    const known = key === undefined ? undefined : map?.authors.get(key);
    if (key !== undefined && !known) {
      params.problems.error({
        message: `Blog author "${key}" is not in ${map ? path.basename(map.file) : 'an authors map (there is no authors.yml in the blog folder)'}`,
        file: params.file,
        line: params.line(),
        hint: map
          ? `Known keys: ${[...map.authors.keys()].join(', ') || '(none)'}. Or write the author inline: { name, title, url, image_url }.`
          : 'Create authors.yml next to the posts, or write the author inline: { name, title, url, image_url }.',
      });
      continue;
    }
    if (typeof a === 'string') {
      out.push(known!);
      continue;
    }
    out.push({ ...known, name: a.name ?? known?.name ?? '', title: a.title ?? known?.title, url: a.url ?? known?.url, imageUrl: a.image_url ?? a.imageURL ?? known?.imageUrl });
  }
  return out;
}

/** `onInlineAuthors`: authors of a post that the authors map does not define. */
export function reportInlineAuthors(params: {
  authors: BlogAuthor[];
  authorsMapPath: string;
  file: string;
  /** The line of `authors`, read only for a problem. */
  line: () => number | undefined;
  level: ReportLevel;
  optionPath: string;
  problems: ProblemCollector;
}): void {
  if (params.level === 'ignore') return;
  const inline = params.authors.filter((a) => !a.key);
  if (!inline.length) return;
  const problem = {
    message: `Blog authors [${inline.map((a) => a.name || a.imageUrl).join(', ')}] are not defined in ${params.authorsMapPath}`,
    file: params.file,
    line: params.line(),
    hint: `Declare them once in ${params.authorsMapPath} and name them by key, or set ${params.optionPath}.onInlineAuthors to 'ignore' to allow inline authors.`,
  };
  if (params.level === 'throw') params.problems.error(problem);
  else params.problems.warn(problem);
}
