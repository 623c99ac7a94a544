import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../builder/config/schema.js';
import type { NavbarItem } from '../../shared/navbar.js';
import { defaultStrings, bundledTranslations } from '../../shared/strings.js';
import { extractTranslations } from '../../builder/i18n/extract.js';
import { listFiles } from '../../builder/content/files.js';
import { sitePlugins } from '../../builder/plugins/index.js';
import { pageCodeFiles } from '../../builder/content/pageFiles.js';
import type { ContentPlugin } from '../../builder/plugins/api.js';
import { SitegenError } from '../../builder/errors.js';
import { writeFileAtomic } from '../../builder/output/atomicFile.js';

type Messages = Record<string, { message: string; description?: string }>;

export interface WriteTranslationsResult {
  files: { file: string; added: number; total: number }[];
}

/**
 * Writes (or updates) the translation files of one locale with every translatable string of the
 * site: existing messages are kept, new ids get their default (English) message to translate.
 */
export function writeTranslations(params: { config: SiteConfig; siteDir: string; locale: string; plugins?: ContentPlugin[] }): WriteTranslationsResult {
  const { config, siteDir, locale } = params;
  if (!config.i18n.locales.includes(locale)) {
    throw new SitegenError(`Unknown locale "${locale}"`, [{ message: `the config's locales are: ${config.i18n.locales.join(', ')}` }]);
  }
  const dir = path.resolve(siteDir, config.i18nDir, locale);
  const results: WriteTranslationsResult['files'] = [];
  const write = (file: string, wanted: Messages) => {
    const existing = readMessages(file);
    let added = 0;
    const merged: Messages = { ...existing };
    for (const [id, entry] of Object.entries(wanted)) {
      if (merged[id]) {
        if (entry.description && !merged[id].description) merged[id] = { ...merged[id], description: entry.description };
        continue;
      }
      merged[id] = entry;
      added++;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The translator's file: replaced whole or not at all (a full disk or a kill leaves it as it was).
    writeFileAtomic({ file, data: JSON.stringify(merged, null, 2) + '\n' });
    results.push({ file, added, total: Object.keys(merged).length });
  };

  // code.json: theme strings and the strings of the site's React pages.
  const code: Messages = {};
  const bundled = (bundledTranslations[locale] ?? {}) as Record<string, string>;
  for (const [id, message] of Object.entries(defaultStrings)) code[id] = { message: bundled[id] ?? message, description: `Theme string ${id}` };
  const extracted = extractTranslations(pageCodeFiles(siteDir, config));
  if (extracted.problems.length) throw new SitegenError('Invalid translation declarations', extracted.problems);
  for (const m of extracted.messages) code[m.id] = { message: m.message, ...(m.description ? { description: m.description } : {}) };
  write(path.join(dir, 'code.json'), code);

  // Navbar and footer labels.
  const navbar: Messages = {};
  if (config.themeConfig.navbar.title) navbar['title'] = { message: config.themeConfig.navbar.title, description: 'The title in the navbar' };
  if (config.themeConfig.navbar.logo?.alt) navbar['logo.alt'] = { message: config.themeConfig.navbar.logo.alt, description: 'The alt text of navbar logo' };
  const walk = (items: NavbarItem[]) => {
    for (const item of items) {
      if (item.label) navbar[`item.label.${item.label}`] = { message: item.label, description: `Navbar item with label ${item.label}` };
      if (item.type === 'dropdown') walk(item.items);
    }
  };
  walk(config.themeConfig.navbar.items as NavbarItem[]);
  write(path.join(dir, 'docusaurus-theme-classic', 'navbar.json'), navbar);
  const footerConfig = config.themeConfig.footer;
  if (footerConfig) {
    const footer: Messages = {};
    for (const col of footerConfig.links as { title?: string; items?: { label?: string }[]; label?: string }[]) {
      if (col.title) footer[`link.title.${col.title}`] = { message: col.title, description: `The title of the footer links column with title=${col.title} in the footer` };
      for (const item of col.items ?? [col]) if (item.label) footer[`link.item.label.${item.label}`] = { message: item.label, description: `The label of footer link with label=${item.label}` };
    }
    if (footerConfig.copyright) footer['copyright'] = { message: footerConfig.copyright, description: 'The footer copyright' };
    if (footerConfig.logo?.alt) footer['logo.alt'] = { message: footerConfig.logo.alt, description: 'The alt text of footer logo' };
    write(path.join(dir, 'docusaurus-theme-classic', 'footer.json'), footer);
  }

  // The content plugins' files: the docs' version and category labels, each blog's options.
  for (const plugin of params.plugins ?? sitePlugins()) for (const t of plugin.translations?.({ config, siteDir, locale }) ?? []) write(t.file, t.messages);
  return { files: results };
}

function readMessages(file: string): Messages {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as Messages;
  } catch (e) {
    throw new SitegenError('Invalid translation file', [
      { message: (e as Error).message, file, hint: 'A translation file is one JSON object: { "<id>": { "message": "...", "description": "..." } }. Fix it, then run write-translations again.' },
    ]);
  }
}
