// The pages folder's files, as a core helper: its React pages are chunks of the bundles (bundle/,
// pipeline/bundles.ts) and where <Translate> may appear (i18n extraction), its markdown pages are
// the pages plugin's content. The pages plugin lists them as it loads (pipeline/scan.ts hands that
// one read on); the core reads them here without importing the plugin's internals.
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, contentFileMatcher } from './files.js';
import { GLOB_EXCLUDE_DEFAULT, PAGES_INCLUDE_DEFAULT } from '../../shared/contentGlobs.js';
import type { SiteConfig } from '../config/schema.js';

export interface PageSource {
  /** Key of the page: its path without extension ("index", "product/feature"). */
  key: string;
  file: string;
  kind: 'component' | 'markdown';
  /** Route below the locale's base url, as Docusaurus maps page files: "index" → "", "a/index" → "a/", "b" → "b". */
  routePath: string;
  /** A Docusaurus plugin's route component: drawn with its route's props (theme/layouts/RouteComponent.tsx). */
  routeProps?: true;
}

/**
 * The site's pages: React components (.tsx/.jsx/.ts/.js) and markdown (.md/.mdx) that the pages
 * option's `include` globs match and its `exclude` globs do not (by default, `_` files and folders are
 * helpers, not pages). A .d.ts, a .spec file or the folder's README.md is never a page.
 */
export function scanPages(params: { siteDir: string; pages: false | { path: string; include?: string[]; exclude?: string[] } }): PageSource[] {
  if (params.pages === false) return [];
  const root = path.resolve(params.siteDir, params.pages.path);
  if (!fs.existsSync(root)) return [];
  const matches = contentFileMatcher({ include: params.pages.include ?? PAGES_INCLUDE_DEFAULT, exclude: params.pages.exclude ?? GLOB_EXCLUDE_DEFAULT });
  return listFiles(root, params.siteDir)
    .filter((rel) => /\.(tsx|jsx|ts|js|md|mdx)$/.test(rel) && !/\.(spec|d)\.[jt]sx?$/.test(rel) && rel !== 'README.md' && matches(rel))
    .map((rel) => {
      const key = rel.replace(/\.(tsx|jsx|ts|js|md|mdx)$/, '');
      const routePath = key === 'index' ? '' : key.endsWith('/index') ? key.slice(0, -'index'.length) : key;
      return { key, file: path.join(root, rel), kind: /\.mdx?$/.test(rel) ? 'markdown' : 'component', routePath } as PageSource;
    });
}

/** Every React source file of the site's pages folder (helpers included): where <Translate> may appear. */
export function pageCodeFiles(siteDir: string, config: SiteConfig): string[] {
  if (config.pages === false) return [];
  const root = path.resolve(siteDir, config.pages.path);
  if (!fs.existsSync(root)) return [];
  return listFiles(root, siteDir)
    .filter((f) => /\.(tsx|jsx|ts|js)$/.test(f) && !/\.d\.ts$/.test(f))
    .map((f) => path.join(root, f));
}
