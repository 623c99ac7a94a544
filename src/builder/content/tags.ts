// Tags of docs and blog posts, with Docusaurus 3's rules, shared by both plugins: the predefined
// tags of a `tags.yml` (label, description, permalink), inline tags of front matter (slugged with
// lodash's kebabCase: "release-v1.11" → /tags/release-v-1-11), and `onInlineTags` for front-matter
// tags a tags file does not define.
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { docusaurusSlug, stripTrailingSlash } from '../../shared/url.js';
import { dataFileKeyLine, readDataFile } from './dataFile.js';
import type { ProblemCollector } from '../errors.js';
import { PARSE_FEW } from '../parseFew.js';

export interface TagDefinition {
  label: string;
  description?: string;
  /** Below the tags base path, with a leading "/". */
  permalink: string;
}

export interface TagsFile {
  file: string;
  tags: Record<string, TagDefinition>;
}

export interface NormalizedTag {
  label: string;
  /** The tag page's url (tags base path included). */
  permalink: string;
  description?: string;
  /** Not defined in the tags file (a front-matter string it does not list, or a `{ label, permalink }` object). */
  inline: boolean;
}

export type ReportLevel = 'ignore' | 'log' | 'warn' | 'throw';

const tagsFileSchema = z.record(z.string(), z.union([z.null(), z.strictObject({ label: z.string().optional(), description: z.string().optional(), permalink: z.string().optional() })]));

/**
 * The tags file of a content folder: `option` is the plugin's `tags` (a file name relative to the
 * folder; unset: `tags.yml` when it exists; `false` or `null`: none). As Docusaurus, the file of the
 * locale's translation folder (`localizedDir`, i18n/<locale>/docusaurus-plugin-content-blog-<id>/)
 * comes first: a translated site shows its own labels.
 */
export function readTagsFile(params: {
  contentDir: string;
  localizedDir?: string;
  option: string | false | null | undefined;
  optionPath: string;
  problems: ProblemCollector;
}): TagsFile | null {
  const { option, problems } = params;
  if (option === false || option === null) return null;
  const localized = params.localizedDir ? path.resolve(params.localizedDir, option ?? 'tags.yml') : undefined;
  const file = localized && fs.existsSync(localized) ? localized : path.resolve(params.contentDir, option ?? 'tags.yml');
  if (!fs.existsSync(file)) {
    if (option === undefined) return null;
    problems.error({ message: `The tags file ${file} does not exist`, hint: `Create it, or fix ${params.optionPath} in the config (false: no tags file).` });
    return null;
  }
  const data = readDataFile(file);
  if (data === null || data === undefined) {
    problems.error({ message: 'The tags file is empty', file, hint: 'Define tags as `key: { label, description, permalink }`, or remove the file.' });
    return null;
  }
  const parsed = tagsFileSchema.safeParse(data, PARSE_FEW);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.error({ message: `${issue.path.join('.') || '(root)'}: ${issue.message}`, file, hint: 'Each tag is `key: { label, description, permalink }` (every field optional) or `key:` alone.' });
    }
    return null;
  }
  const tags: Record<string, TagDefinition> = {};
  const byPermalink = new Map<string, string>();
  for (const [key, tag] of Object.entries(parsed.data)) {
    // As Docusaurus's normalizeTagsFile: label defaults to the capitalised key, permalink to its slug.
    const permalink = tag?.permalink || `/${docusaurusSlug(key)}`;
    tags[key] = { label: tag?.label || key.charAt(0).toUpperCase() + key.slice(1).toLowerCase(), description: tag?.description, permalink };
    const other = byPermalink.get(permalink);
    if (other !== undefined) {
      // The second tag's permalink is the one to change (or its key, when the permalink is its slug).
      const line = dataFileKeyLine(file, [key, 'permalink']) ?? dataFileKeyLine(file, [key]);
      problems.error({ message: `The tags "${other}" and "${key}" have the same permalink ${permalink}`, file, line, hint: 'Give each tag its own permalink.' });
    }
    byPermalink.set(permalink, key);
  }
  return { file, tags };
}

/** A tag's url: the tags base path, then the permalink (Docusaurus always prefixes it, also a permalink of the tags file). */
const joinRoute = (base: string, permalink: string) => `${stripTrailingSlash(base)}/${permalink.replace(/^\/+/, '')}`;

type FrontMatterTag = string | { label: string; permalink?: string; description?: string };

/** The key of the tags file's tag whose page is `permalink`, when `frontMatterTags` names it (else the page is the front matter's). */
export function tagsFileKey(params: { frontMatterTags: FrontMatterTag[] | undefined; tagsFile: TagsFile | null | undefined; tagsBase: string; permalink: string }): string | undefined {
  const defined = params.tagsFile?.tags ?? {};
  return params.frontMatterTags?.find((t): t is string => typeof t === 'string' && Object.hasOwn(defined, t) && joinRoute(params.tagsBase, defined[t].permalink) === params.permalink);
}

/** A content file's front-matter tags, each with its page url under `tagsBase` (e.g. "/blog/tags"). */
export function normalizeTags(params: { frontMatterTags: FrontMatterTag[] | undefined; tagsFile: TagsFile | null; tagsBase: string }): NormalizedTag[] {
  const tags: NormalizedTag[] = [];
  for (const tag of params.frontMatterTags ?? []) {
    const defined = typeof tag === 'string' && Object.hasOwn(params.tagsFile?.tags ?? {}, tag) ? params.tagsFile!.tags[tag] : undefined;
    if (defined) {
      tags.push({ label: defined.label, permalink: joinRoute(params.tagsBase, defined.permalink), description: defined.description, inline: false });
    } else if (typeof tag === 'string') {
      tags.push({ label: tag, permalink: joinRoute(params.tagsBase, docusaurusSlug(tag)), inline: true });
    } else {
      // An object tag keeps its permalink as written (Docusaurus), else the slug of its label.
      tags.push({ label: tag.label, permalink: joinRoute(params.tagsBase, tag.permalink ?? docusaurusSlug(tag.label)), description: tag.description, inline: true });
    }
  }
  return tags;
}

/**
 * `onInlineTags`: tags of `file` that the tags file does not define (only checked when there is a tags
 * file). `line`: the tags key's line, or how to find it (the file is read only for a problem).
 */
export function reportInlineTags(params: {
  tags: NormalizedTag[];
  tagsFile: TagsFile | null;
  file: string;
  line?: number | (() => number | undefined);
  level: ReportLevel;
  optionPath: string;
  problems: ProblemCollector;
}): void {
  if (!params.tagsFile || params.level === 'ignore') return;
  const inline = [...new Set(params.tags.filter((t) => t.inline).map((t) => t.label))];
  if (!inline.length) return;
  const problem = {
    message: `Tags [${inline.join(', ')}] are not defined in ${path.basename(params.tagsFile.file)}`,
    file: params.file,
    line: typeof params.line === 'function' ? params.line() : params.line,
    hint: `Add them to ${params.tagsFile.file}, or set ${params.optionPath}.onInlineTags to 'ignore' to allow tags it does not define.`,
  };
  if (params.level === 'throw') params.problems.error(problem);
  else params.problems.warn(problem);
}
