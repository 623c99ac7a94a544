import type { SiteConfig } from '../config/schema.js';
import type { LocaleInfo } from '../../shared/types.js';
import { localeBaseUrl } from '../../shared/url.js';

const NAMES: Record<string, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  pt: 'Português',
  ru: 'Русский',
  ar: 'العربية',
  he: 'עברית',
  fa: 'فارسی',
};
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** Every locale with its label, html lang, direction and url prefix (the default locale has none). */
export function localeInfos(config: SiteConfig): LocaleInfo[] {
  return config.i18n.locales.map((locale) => {
    const c = config.i18n.localeConfigs[locale] ?? {};
    const isDefault = locale === config.i18n.defaultLocale;
    return {
      locale,
      label: c.label ?? NAMES[locale] ?? locale,
      htmlLang: c.htmlLang ?? locale,
      direction: c.direction ?? (RTL.has(locale.split('-')[0]) ? 'rtl' : 'ltr'),
      baseUrl: localeBaseUrl(config.baseUrl, isDefault ? undefined : (c.path ?? locale)),
    };
  });
}
