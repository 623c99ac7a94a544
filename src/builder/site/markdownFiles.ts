import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { scanDocs, localizedDocsPath } from '../plugins/docs/content.js';
import { listFiles, isContentMarkdown } from '../content/files.js';
import { blogTranslationDir } from '../plugins/blog/posts.js';
import { scanPages } from '../plugins/pages/scan.js';

/**
 * Every markdown file the site will read, translations included, found the way the docs, blog and
 * pages loaders find them: the list parsed in parallel before planning.
 */
export function markdownFiles(params: { config: SiteConfig; siteDir: string; locales: string[] }): string[] {
  const { config, siteDir } = params;
  const files = new Set<string>();
  const others = params.locales.filter((l) => l !== config.i18n.defaultLocale);
  const addWithTranslations = (abs: string, rel: string, localizedRoot: (locale: string) => string) => {
    if (params.locales.includes(config.i18n.defaultLocale) || !others.every((l) => fs.existsSync(path.join(localizedRoot(l), rel)))) files.add(abs);
    for (const l of others) {
      const localized = path.join(localizedRoot(l), rel);
      if (fs.existsSync(localized)) files.add(localized);
    }
  };
  if (config.docs) {
    const docs = config.docs;
    const scan = scanDocs({ siteDir, docs });
    for (const f of scan.files) addWithTranslations(f.abs, f.rel, (locale) => localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName: 'current' }));
  }
  for (const blog of config.blogs) {
    const root = path.resolve(siteDir, blog.path);
    if (!fs.existsSync(root)) continue;
    for (const rel of listFiles(root, siteDir).filter(isContentMarkdown)) addWithTranslations(path.join(root, rel), rel, (locale) => blogTranslationDir({ siteDir, i18nDir: config.i18nDir, locale, blogId: blog.id }));
  }
  for (const page of scanPages({ siteDir, pagesPath: config.pages === false ? false : config.pages.path })) {
    if (page.kind === 'markdown') files.add(page.file);
  }
  return [...files];
}
