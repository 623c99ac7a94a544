import path from 'node:path';
import { readTranslationFile } from '../content/translationFile.js';
import { defaultStrings, bundledTranslations } from '../../shared/strings.js';

/** The translation files of one locale, in Docusaurus's layout under i18n/<locale>/. */
export function readLocaleStrings(params: { siteDir: string; i18nDir: string; locale: string }) {
  const dir = path.resolve(params.siteDir, params.i18nDir, params.locale);
  const code = readTranslationFile(path.join(dir, 'code.json'));
  return {
    /** Theme and page strings: English defaults, the theme's bundled translation, then the site's code.json. */
    strings: { ...defaultStrings, ...(bundledTranslations[params.locale] ?? {}), ...code } as Record<string, string>,
    code,
    navbar: readTranslationFile(path.join(dir, 'docusaurus-theme-classic', 'navbar.json')),
    footer: readTranslationFile(path.join(dir, 'docusaurus-theme-classic', 'footer.json')),
  };
}
