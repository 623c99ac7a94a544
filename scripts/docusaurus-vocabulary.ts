// Writes src/builder/css/docusaurusVocabulary.json: the class names a Docusaurus site's stylesheets and
// scripts may target in the theme's DOM, from the installed packages Docusaurus 3 styles with: every
// class of Infima's stylesheet (infima, the version @docusaurus/theme-classic pins) and every value of
// theme-common's `ThemeClassNames`. theme-common is a development dependency only (a site that builds
// with sitegen does not install it), so the list is generated here once and kept in the repository;
// test/unit/builder/css/vocabulary.test.ts fails when it no longer matches the installed packages.
// Run: npx tsx scripts/docusaurus-vocabulary.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stylesheetClasses } from '../src/builder/css/vocabulary.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const vocabularyFile = path.join(root, 'src/builder/css/docusaurusVocabulary.json');

/** The vocabulary as the installed packages give it, each list sorted. */
export async function docusaurusVocabulary(): Promise<{ infima: string[]; themeClassNames: string[] }> {
  const infimaCss = path.join(root, 'node_modules/infima/dist/css/default/default.css');
  const infima = [...stylesheetClasses(fs.readFileSync(infimaCss, 'utf8'), infimaCss).keys()].sort();
  const module = path.join(root, 'node_modules/@docusaurus/theme-common/lib/utils/ThemeClassNames.js');
  const { ThemeClassNames } = (await import(pathToFileURL(module).href)) as { ThemeClassNames: unknown };
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') v.split(/\s+/).forEach((n) => n && names.add(n));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(ThemeClassNames);
  return { infima, themeClassNames: [...names].sort() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(vocabularyFile, JSON.stringify(await docusaurusVocabulary(), null, 1) + '\n');
  console.log(`wrote ${path.relative(root, vocabularyFile)}`);
}
