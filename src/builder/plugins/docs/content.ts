import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { DocsConfig } from '../../config/schema.js';
import { categoryLinkSchema } from '../../config/schema.js';
import { z } from 'zod';
import { listFiles, contentFileMatcher } from '../../content/files.js';
import { docFrontMatterSchema, validateFrontMatter, type DocFrontMatter } from '../../content/frontMatter.js';
import type { ParsedMeta } from '../../markdown/parse.js';
import { frontMatterLine } from '../../content/frontMatterLine.js';
import { SitegenError, type ProblemCollector } from '../../errors.js';
import { stripNumberPrefix, numberPrefix } from './numberPrefix.js';
import { duplicateIdProblem } from './duplicateIds.js';
import { describeIssue } from '../../config/navbarItems.js';
import { applyTrailingSlash } from '../../../shared/url.js';
import { readText } from '../../content/readText.js';
import { normalizeTags, reportInlineTags, type NormalizedTag, type ReportLevel, type TagsFile } from '../../content/tags.js';
import type { VersionMeta } from './versions.js';

// The docs plugin's loader, with Docusaurus 3's rules: ids and slugs from paths and front matter,
// README/index docs as category indexes, translations from i18n/<locale>/docusaurus-plugin-content-docs/
// current/ (version-<name>/ for a released version) with a fallback to the default-locale doc.

/** A version of the docs (versions.ts), its label translated for the locale. */
export type DocsVersion = VersionMeta;

export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsible?: boolean;
  collapsed?: boolean;
  className?: string;
  link?: z.output<typeof categoryLinkSchema>;
  file: string;
}

export interface DocMeta {
  id: string;
  /** Path below the docs folder, e.g. "guides/install/support.md". */
  rel: string;
  sourceDirName: string;
  slug: string;
  permalink: string;
  title: string;
  sidebarLabel: string;
  paginationLabel: string;
  sidebarPosition?: number;
  frontMatter: DocFrontMatter;
  parsed: ParsedMeta;
  /** The file actually shown: the translation, or the default-locale source. */
  file: string;
  sourceFile: string;
  translated: boolean;
  isCategoryIndex: boolean;
  unlisted: boolean;
  /** Front-matter tags, with their pages' urls below the version's tags path. */
  tags: NormalizedTag[];
}

export interface LocaleDocs {
  locale: string;
  version: DocsVersion;
  docs: DocMeta[];
  byId: Map<string, DocMeta>;
  /** Ids of the drafts left out of this (production) build. */
  drafts: Set<string>;
  categories: Map<string, CategoryMeta>;
  /** Translated UI labels for the docs plugin (current.json): key → message. */
  translations: Record<string, string>;
  contentPaths: { original: string; localized: string };
  /** Url prefix of the locale (base url included): generated index pages are made below it. */
  localeBase: string;
  trailingSlash?: boolean;
}

export interface DocSourceFile {
  rel: string;
  abs: string;
}

/** The markdown and category files of a version's folder (`root`, default the instance's docs folder). */
export function scanDocs(params: { siteDir: string; docs: DocsConfig; root?: string }): { root: string; files: DocSourceFile[]; categoryFiles: string[] } {
  const root = params.root ?? path.resolve(params.siteDir, params.docs.path);
  if (!fs.existsSync(root)) {
    throw new SitegenError(`Docs folder not found: ${root}`, [
      { message: `the docs instance "${params.docs.id}" has path "${params.docs.path}"`, hint: 'Create the folder, or remove the instance from the config (docs: false when there is none).' },
    ]);
  }
  const all = listFiles(root, params.siteDir);
  return {
    root,
    files: all.filter(docFileMatcher(params.docs)).map((rel) => ({ rel, abs: path.join(root, rel) })),
    categoryFiles: all.filter((f) => /(^|\/)_category_\.(json|ya?ml)$/.test(f)),
  };
}

/** The docs of a version's folder: markdown matched by the instance's `include` and no `exclude` glob. */
export function docFileMatcher(docs: Pick<DocsConfig, 'include' | 'exclude'>): (rel: string) => boolean {
  const matches = contentFileMatcher(docs);
  return (rel) => /\.mdx?$/.test(rel) && matches(rel);
}

/** A version's translations folder (its JSON file is this path + ".json"): `current`, or `version-<name>` for a released version. */
export function localizedDocsPath(params: { siteDir: string; i18nDir: string; locale: string; pluginId: string; versionName: string }): string {
  const plugin = params.pluginId === 'default' ? 'docusaurus-plugin-content-docs' : `docusaurus-plugin-content-docs-${params.pluginId}`;
  return path.resolve(params.siteDir, params.i18nDir, params.locale, plugin, params.versionName === 'current' ? 'current' : `version-${params.versionName}`);
}

export function readCategories(root: string, categoryFiles: string[]): Map<string, CategoryMeta> {
  const schema = z.looseObject({
    label: z.string().optional(),
    position: z.number().optional(),
    collapsible: z.boolean().optional(),
    collapsed: z.boolean().optional(),
    className: z.string().optional(),
    link: categoryLinkSchema.optional(),
  });
  const out = new Map<string, CategoryMeta>();
  for (const rel of categoryFiles) {
    const file = path.join(root, rel);
    const text = readText(file);
    let raw: unknown;
    try {
      raw = rel.endsWith('.json') ? JSON.parse(text) : matter(`---\n${text}\n---\n`).data;
    } catch (e) {
      throw new SitegenError('Invalid category file', [{ message: (e as Error).message, file, hint: 'It must be valid JSON (or YAML for _category_.yml).' }]);
    }
    const result = schema.safeParse(raw, { reportInput: true });
    if (!result.success) {
      throw new SitegenError(
        'Invalid category file',
        result.error.issues.map((i) => ({ message: `${i.path.join('.')}: ${describeIssue(i)}`, file })),
      );
    }
    const dir = path.posix.dirname(rel);
    out.set(dir === '.' ? '' : dir, { ...result.data, file });
  }
  return out;
}

function isCategoryIndexFile(rel: string): boolean {
  const parts = rel.split('/');
  const name = parts[parts.length - 1].replace(/\.mdx?$/i, '').toLowerCase();
  const parent = parts.length > 1 ? stripNumberPrefix(parts[parts.length - 2]).toLowerCase() : undefined;
  return name === 'index' || name === 'readme' || (parent !== undefined && name === parent);
}

/** Docusaurus's slug rule: front matter slug (absolute or relative to the folder), else the path. */
function docSlug(params: { rel: string; baseId: string; frontMatterSlug?: string }): string {
  const dir = path.posix.dirname(params.rel);
  const dirSlug = dir === '.' ? '/' : `/${dir.split('/').map(stripNumberPrefix).join('/')}/`;
  const fm = params.frontMatterSlug;
  if (fm?.startsWith('/')) return fm;
  if (!fm && isCategoryIndexFile(params.rel)) return dirSlug;
  return path.posix.resolve(dirSlug, fm ?? params.baseId).replace(/^(?!\/)/, '/');
}

export function loadLocaleDocs(params: {
  locale: string;
  isDefaultLocale: boolean;
  version: DocsVersion;
  localeBase: string;
  files: DocSourceFile[];
  categories: Map<string, CategoryMeta>;
  localizedRoot: string;
  originalRoot: string;
  translations: Record<string, string>;
  parse: (file: string) => ParsedMeta;
  problems: ProblemCollector;
  production: boolean;
  trailingSlash?: boolean;
  /** The version's tags file, tags path (e.g. "/docs/next/tags") and `onInlineTags`. */
  tags: { file: TagsFile | null; base: string; onInlineTags: ReportLevel; optionPath: string };
}): LocaleDocs {
  const docs: DocMeta[] = [];
  const byId = new Map<string, DocMeta>();
  const drafts = new Set<string>();
  for (const source of params.files) {
    const localized = path.join(params.localizedRoot, source.rel);
    const translated = !params.isDefaultLocale && fs.existsSync(localized);
    const file = translated ? localized : source.abs;
    const parsed = params.parse(file);
    const frontMatter = validateFrontMatter(docFrontMatterSchema, parsed.frontMatter, file);
    const dir = path.posix.dirname(source.rel);
    const fileBase = stripNumberPrefix(path.posix.basename(source.rel).replace(/\.mdx?$/i, ''));
    // As in Docusaurus, an id names one doc in its folder: no slash (nor ".." or ".", which would name another folder).
    if (frontMatter.id !== undefined && /[/\\]|^\.\.?$/.test(frontMatter.id)) {
      if (frontMatter.draft && params.production) continue;
      params.problems.error({
        message: `front matter "id" "${frontMatter.id}" cannot include a slash or be "." or ".."`,
        file,
        line: frontMatterLine(file, 'id'),
        hint: 'Use a plain name for the id (the folder is part of the id already), or set `slug` to choose the url.',
      });
      continue;
    }
    const baseId = frontMatter.id ?? fileBase;
    const dirId = dir === '.' ? '' : dir.split('/').map(stripNumberPrefix).join('/');
    const id = dirId ? `${dirId}/${baseId}` : baseId;
    // A draft is left out of a production build; a sidebars file may still name it (as in Docusaurus).
    if (frontMatter.draft && params.production) {
      drafts.add(id);
      continue;
    }
    const taken = byId.get(id);
    if (taken) {
      const problem = duplicateIdProblem(id, { file: taken.file, rel: taken.rel, frontMatterId: taken.frontMatter.id }, { file, rel: source.rel, frontMatterId: frontMatter.id });
      // Each locale loads the same sources: report a collision once.
      if (!params.problems.errors.some((p) => p.message === problem.message && p.file === problem.file)) params.problems.error(problem);
      continue;
    }
    const slug = docSlug({ rel: source.rel, baseId, frontMatterSlug: frontMatter.slug });
    const tags = normalizeTags({ frontMatterTags: frontMatter.tags, tagsFile: params.tags.file, tagsBase: params.tags.base });
    // The default locale reports for every doc, another locale for its own translations only.
    if (params.isDefaultLocale || translated) {
      reportInlineTags({ tags, tagsFile: params.tags.file, file, line: frontMatterLine(file, 'tags'), level: params.tags.onInlineTags, optionPath: params.tags.optionPath, problems: params.problems });
    }
    const title = frontMatter.title ?? parsed.contentTitle ?? baseId;
    const doc: DocMeta = {
      id,
      rel: source.rel,
      sourceDirName: dir === '.' ? '' : dir,
      slug,
      permalink: applyTrailingSlash(joinRoute(params.localeBase, params.version.path, slug), params.trailingSlash),
      title,
      sidebarLabel: frontMatter.sidebar_label ?? title,
      paginationLabel: frontMatter.pagination_label ?? frontMatter.sidebar_label ?? title,
      sidebarPosition: frontMatter.sidebar_position ?? numberPrefix(path.posix.basename(source.rel)),
      frontMatter,
      parsed,
      file,
      sourceFile: source.abs,
      translated,
      isCategoryIndex: !frontMatter.slug && isCategoryIndexFile(source.rel),
      unlisted: frontMatter.unlisted === true,
      tags,
    };
    docs.push(doc);
    byId.set(id, doc);
  }
  return {
    locale: params.locale,
    version: params.version,
    docs,
    byId,
    drafts,
    categories: params.categories,
    translations: params.translations,
    contentPaths: { original: params.originalRoot, localized: params.localizedRoot },
    localeBase: params.localeBase,
    trailingSlash: params.trailingSlash,
  };
}

/** Joins url segments into a route with one leading slash and no doubled slashes; keeps a trailing slash of the last part. */
export function joinRoute(...parts: string[]): string {
  const joined = parts
    .filter((p) => p !== '')
    .join('/')
    .replace(/\/{2,}/g, '/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** Reads an i18n JSON file of { key: { message } } into key → message; missing file → {}. */
export function readTranslationFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const text = readText(file);
  // An empty file means "nothing translated yet" (Docusaurus accepts it too).
  if (!text.trim()) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SitegenError('Invalid translation file', [{ message: (e as Error).message, file, hint: 'Translation files are JSON: { "id": { "message": "...", "description": "..." } }.' }]);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') out[k] = (v as { message: string }).message;
    else if (typeof v === 'string') out[k] = v;
  }
  return out;
}
