import fs from 'node:fs';
import path from 'node:path';
import { listFiles } from '../../content/files.js';
import type { SiteConfig } from '../../config/schema.js';

export interface PageSource {
  /** Key of the page: its path without extension ("index", "product/feature"). */
  key: string;
  file: string;
  kind: 'component' | 'markdown';
  /** Route below the locale's base url, as Docusaurus maps page files: "index" → "", "a/index" → "a/", "b" → "b". */
  routePath: string;
}

/** The site's pages: React components (.tsx/.jsx/.ts/.js) and markdown (.md/.mdx); `_` files are helpers, not pages. */
export function scanPages(params: { siteDir: string; pagesPath: string | false }): PageSource[] {
  if (params.pagesPath === false) return [];
  const root = path.resolve(params.siteDir, params.pagesPath);
  if (!fs.existsSync(root)) return [];
  return listFiles(root, params.siteDir)
    .filter((rel) => /\.(tsx|jsx|ts|js|md|mdx)$/.test(rel) && !rel.split('/').some((s) => s.startsWith('_')) && !/\.(test|spec|d)\.[jt]sx?$/.test(rel) && rel !== 'README.md')
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
