import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, validateConfig } from '../../../../src/builder/config/loadConfig.js';
import { SitegenError, type Problem } from '../../../../src/builder/errors.js';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';

// forms.dataDir in a folder whose files are published or copied: the submissions and the secret that
// signs subscription links were copied into the build, readable by anyone. Refused at config load.

const base = { title: 'T', url: 'https://example.com' };

function problemOf(raw: object, source = ''): Problem {
  try {
    validateConfig({ raw: { ...base, ...raw }, configFile: '/site/site.config.ts', source });
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    expect((e as SitegenError).problems).toHaveLength(1);
    return (e as SitegenError).problems[0];
  }
  throw new Error('expected the config to be rejected');
}

const hint = 'Keep the data folder out of the static, output and docs folders, e.g. the default ".sitegen/forms" (and out of git).';

describe('forms.dataDir', () => {
  it('is refused inside a static folder, at its line, with a way out', () => {
    const source = `export default {\n  title: 'T',\n  forms: {\n    dataDir: 'static/forms',\n  },\n};\n`;
    expect(problemOf({ forms: { dataDir: 'static/forms' } }, source)).toEqual({
      file: '/site/site.config.ts',
      line: 4,
      message:
        'forms.dataDir: "static/forms" is inside the static folder "static" (staticDirectories), whose files every build publishes: the form submissions and the secret that signs subscription links would be published or copied with it',
      hint,
    });
    expect(problemOf({ staticDirectories: ['public', 'assets'], forms: { dataDir: './assets' } }).message).toMatch(/^forms\.dataDir: "\.\/assets" is inside the static folder "assets"/);
  });

  it('is refused inside the output folder and inside a docs folder, translated ones included', () => {
    expect(problemOf({ forms: { dataDir: 'build/forms' } }).message).toMatch(/^forms\.dataDir: "build\/forms" is inside the output folder "build" \(outDir\)/);
    expect(problemOf({ outDir: 'dist', forms: { dataDir: '/site/dist' } }).message).toMatch(/inside the output folder "dist"/);
    expect(problemOf({ forms: { dataDir: 'docs/_data' } }).message).toMatch(/inside the docs folder "docs", which sitegen docs:version copies/);
    expect(problemOf({ forms: { dataDir: 'i18n/zh-Hans/docusaurus-plugin-content-docs/current/data' } }).message).toMatch(
      /inside the translated docs folder "i18n\/zh-Hans\/docusaurus-plugin-content-docs", which sitegen docs:version copies/,
    );
  });

  it('is accepted elsewhere, a folder whose name only starts like a static one included', () => {
    for (const dataDir of ['.sitegen/forms', 'static-data', 'data', '/var/lib/site-forms', 'i18n/zh-Hans/forms']) {
      expect(() => validateConfig({ raw: { ...base, forms: { dataDir } }, configFile: '/site/site.config.ts', source: '' }), dataDir).not.toThrow();
    }
  });

  it('is refused when a link takes it into a static folder', async () => {
    const siteDir = writeSite({
      'site.config.ts': `${configImport}\nexport default { title: 'T', url: 'https://example.com', forms: { dataDir: 'data' } } satisfies SiteConfigInput;\n`,
      'static/forms/.keep': '',
    });
    try {
      fs.symlinkSync(path.join(siteDir, 'static/forms'), path.join(siteDir, 'data'));
      const err = await loadConfig({ configFile: path.join(siteDir, 'site.config.ts') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SitegenError);
      expect((err as SitegenError).problems.map((p) => p.message)).toEqual([expect.stringMatching(/^forms\.dataDir: "data" is inside the static folder "static"/)]);
    } finally {
      fs.rmSync(siteDir, { recursive: true, force: true });
    }
  });
});
