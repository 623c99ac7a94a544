import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig, validateConfig } from '../../../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { writeSite } from '../../../helpers/buildFixture.js';

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
    expect(config.docs.map((d) => [d.id, d.routeBasePath])).toEqual([['default', 'docs']]);
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

  it("takes Docusaurus's docs and blog options at any value they have there, and rejects a wrong one instead of ignoring it", () => {
    const docusaurus = {
      ...base,
      docs: { editLocalizedFiles: true, showLastUpdateTime: true, showLastUpdateAuthor: false, include: ['**/*.md'], exclude: [] },
      blogs: [{ id: 'b', path: 'b', routeBasePath: 'b', showReadingTime: false, sortPosts: 'ascending', pageBasePath: 'p', archiveBasePath: null }],
      pages: { path: 'src/pages', exclude: ['**/_*'] },
      themeConfig: { colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false } },
    };
    expect(() => validateConfig({ raw: docusaurus, configFile: 'x.ts', source: '' })).not.toThrow();
    const wrong = problems({ ...base, docs: { showLastUpdateTime: 'yes' }, themeConfig: { colorMode: { defaultMode: 'sepia', respectPrefersColorScheme: 'yes' } } });
    expect(wrong.map((p) => p.message).sort()).toEqual([
      expect.stringMatching(/^docs/),
      'themeConfig.colorMode.defaultMode: expected one of "light", "dark", found the string "sepia"',
      'themeConfig.colorMode.respectPrefersColorScheme: expected boolean, found the string "yes"',
    ]);
    // Keys that were validated and never read are unknown now.
    expect(problems({ ...base, docs: { docItemComponent: '@theme/DocItem' } })[0].message).toMatch(/docs.*docItemComponent/);
    expect(problems({ ...base, themeConfig: { skipToContent: false } })[0].message).toMatch(/skipToContent/);
  });

  it("reads docs instances from `docs` (one object or a list) and Docusaurus's `plugins` entries, in that order", () => {
    const instances = (raw: object) => validateConfig({ raw: { ...base, ...raw }, configFile: 'x.ts', source: '' }).docs.map((d) => `${d.id} ${d.path} ${d.routeBasePath}`);
    expect(instances({ docs: false })).toEqual([]);
    expect(instances({ docs: [{ path: 'guide' }, { id: 'api', path: 'api', routeBasePath: 'api' }] })).toEqual(['default guide docs', 'api api api']);
    expect(instances({ plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }]] })).toEqual([
      'default docs docs',
      'community community community',
    ]);
    expect(instances({ docs: false, plugins: ['@docusaurus/plugin-content-docs'] })).toEqual(['default docs docs']);
  });

  it('requires the default locale to be one of the locales', () => {
    const [p] = problems({ ...base, i18n: { defaultLocale: 'fr', locales: ['en'] } });
    expect(p.message).toBe('i18n.defaultLocale: "fr" is not one of i18n.locales (en)');
  });
});

describe('a config that throws while it loads', () => {
  async function thrown(files: Record<string, string>): Promise<{ error: SitegenError; dir: string }> {
    const dir = writeSite(files);
    try {
      await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    } catch (e) {
      expect(e).toBeInstanceOf(SitegenError);
      // The temporary bundle is gone and named nowhere.
      expect(fs.readdirSync(dir).filter((f) => f.startsWith('.sitegen-config'))).toEqual([]);
      expect(String((e as Error).message)).not.toContain('.sitegen-config');
      return { error: e as SitegenError, dir };
    } finally {
      setTimeout(() => fs.rmSync(dir, { recursive: true, force: true }), 0);
    }
    throw new Error('expected the config to throw');
  }

  it("names the config's own file and line for a top-level throw (types and blank lines before it)", async () => {
    const { error, dir } = await thrown({
      'site.config.ts': `type Env = { url?: string };\nconst env: Env = {};\n\n\nif (!env.url) throw new Error('SITE_URL is not set');\nexport default { title: 'T', url: env.url };\n`,
    });
    expect(error.title).toBe(`The config file ${path.join(dir, 'site.config.ts')} threw an error while loading`);
    const [p] = error.problems;
    expect(p).toMatchObject({ file: path.join(dir, 'site.config.ts'), line: 5, message: 'Error: SITE_URL is not set' });
    expect(p.hint).toMatch(/fix the code at this line/);
  });

  it('names the line in a default-export function and in a module the config imports', async () => {
    const fn = await thrown({
      'site.config.ts': `interface C { title: string }\nexport default function (): C {\n  const parts: string[] = [];\n  return { title: parts[0].trim() };\n}\n`,
    });
    expect(fn.error.problems[0]).toMatchObject({ file: path.join(fn.dir, 'site.config.ts'), line: 4 });
    expect(fn.error.problems[0].message).toMatch(/^TypeError: Cannot read properties of undefined/);
    const imported = await thrown({
      'site.config.ts': `import { siteUrl } from './lib/env';\nexport default { title: 'T', url: siteUrl() };\n`,
      'lib/env.ts': `// env\nexport function siteUrl(): string {\n  throw new RangeError('bad url');\n}\n`,
    });
    expect(imported.error.problems[0]).toMatchObject({ file: path.join(imported.dir, 'lib/env.ts'), line: 3, message: 'RangeError: bad url' });
  });

  it('names the config, not the bundle, when a package it imports is missing', async () => {
    const { error, dir } = await thrown({ 'site.config.ts': `import x from 'no-such-package-for-sitegen';\nexport default { title: x, url: 'https://x.test' };\n` });
    expect(error.problems[0].file).toBe(path.join(dir, 'site.config.ts'));
    expect(error.problems[0].message).toContain(`imported from ${path.join(dir, 'site.config.ts')}`);
    expect(error.problems[0].hint).toMatch(/npm install/);
  });
});

describe('the config bundle a killed process left beside the config', () => {
  it('is removed by the next load once its process is gone or it is an hour old; other files stay', async () => {
    const dir = writeSite({ 'site.config.ts': "export default { title: 'T', url: 'https://example.com' };\n" });
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = [`.sitegen-config-${gone}-${Date.now()}.mjs`, `.sitegen-config-${process.pid}-${Date.now() - 2 * 3_600_000}.mjs`];
    const kept = [`.sitegen-config-${process.pid}-${Date.now() - 60_000}.mjs`, 'config-1-2.mjs'];
    for (const f of [...stale, ...kept]) fs.writeFileSync(path.join(dir, f), 'export default {};\n');
    await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    const left = fs.readdirSync(dir);
    for (const f of stale) expect(left).not.toContain(f);
    for (const f of kept) expect(left).toContain(f);
  });
});
