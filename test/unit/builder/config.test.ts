import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../../src/builder/errors.js';

const base = { title: 'T', url: 'https://example.com' };
const source = `export default {\n  title: 'T',\n  url: 'https://example.com',\n  themeConfig: {\n    navbar: {\n      itmes: [],\n    },\n  },\n};\n`;

function problems(raw: unknown, src = ''): { message: string; line?: number; file?: string }[] {
  try {
    validateConfig({ raw, configFile: '/site/site.config.ts', source: src });
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    expect((e as SitegenError).title).toBe('Invalid site config in /site/site.config.ts');
    return (e as SitegenError).problems;
  }
  throw new Error('expected the config to be rejected');
}

describe('site config validation', () => {
  it('fills in the defaults of a minimal config', () => {
    const config = validateConfig({ raw: base, configFile: 'x.ts', source: '' });
    expect(config.baseUrl).toBe('/');
    expect(config.i18n).toEqual({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} });
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.docs && config.docs.routeBasePath).toBe('docs');
    expect(config.themeConfig.colorMode.disableSwitch).toBe(true);
  });

  it('names an unknown key with its path and line', () => {
    const [p] = problems({ ...base, themeConfig: { navbar: { itmes: [] } } }, source);
    expect(p.message).toBe('themeConfig.navbar.itmes: unknown key "itmes"');
    expect(p.file).toBe('/site/site.config.ts');
    expect(p.line).toBe(6);
  });

  it('says what was expected and what was found', () => {
    const [p] = problems({ ...base, url: 42 });
    expect(p.message).toBe('url: expected string, found number 42');
    const [q] = problems({ ...base, onBrokenLinks: 'explode' });
    expect(q.message).toBe('onBrokenLinks: expected one of "throw", "warn", "ignore", found the string "explode"');
    const [r] = problems({ ...base, baseUrl: 'docs' });
    expect(r.message).toMatch(/^baseUrl: a path that starts and ends with "\/"/);
  });

  it('rejects an unknown navbar item type with the item config', () => {
    const [p] = problems({ ...base, themeConfig: { navbar: { items: [{ type: 'fancy', label: 'X' }] } } });
    expect(p.message).toContain('themeConfig.navbar.items[0]: No NavbarItem component found for type "fancy".');
    expect(p.message).toContain('{"type":"fancy","label":"X"}');
  });

  it('checks each navbar item type against its own shape', () => {
    const [p] = problems({ ...base, themeConfig: { navbar: { items: [{ type: 'doc', label: 'Docs' }] } } });
    expect(p.message).toBe('themeConfig.navbar.items[0].docId: expected string, found nothing');
  });

  it('requires the default locale to be one of the locales', () => {
    const [p] = problems({ ...base, i18n: { defaultLocale: 'fr', locales: ['en'] } });
    expect(p.message).toBe('i18n.defaultLocale: "fr" is not one of i18n.locales (en)');
  });
});
