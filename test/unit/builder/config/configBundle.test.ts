import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { cacheFolder } from '../../../../src/builder/cacheFolder.js';
import { writeSite } from '../../../helpers/buildFixture.js';

// The config's bundle is kept between builds (src/builder/config/configBundle.ts): a config whose
// files did not change is not bundled again, and an edit of any of them is read at the next load.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Files written a minute ago (a bundle is kept only from files not written in the last second). */
function site(files: Record<string, string>): string {
  const dir = writeSite(files);
  dirs.push(dir);
  for (const rel of Object.keys(files)) age(path.join(dir, rel), 60);
  return dir;
}

function age(file: string, seconds: number): void {
  const then = new Date(Date.now() - seconds * 1000);
  fs.utimesSync(file, then, then);
}

/** Whether a kept bundle names the files of `dir` (made by the last load). */
function kept(dir: string): boolean {
  const folder = cacheFolder();
  return fs.readdirSync(folder).some((f) => f.startsWith('configbundle-') && fs.readFileSync(path.join(folder, f), 'utf8').includes(JSON.stringify(path.join(dir, 'site.config.ts'))));
}

const config = `import { title } from './title';\nexport default { title, url: 'https://example.com' };\n`;

describe('the kept config bundle', () => {
  it('reads an edit of a module the config imports at the next load', async () => {
    const dir = site({ 'site.config.ts': config, 'title.ts': `export const title = 'First';\n` });
    const configFile = path.join(dir, 'site.config.ts');
    expect((await loadConfig({ configFile })).config.title).toBe('First');
    expect(kept(dir)).toBe(true);
    expect((await loadConfig({ configFile })).config.title).toBe('First');
    fs.writeFileSync(path.join(dir, 'title.ts'), `export const title = 'Second, longer';\n`);
    age(path.join(dir, 'title.ts'), 30);
    expect((await loadConfig({ configFile })).config.title).toBe('Second, longer');
  });

  it('reads an edit of the same size and an import added to the config', async () => {
    const dir = site({ 'site.config.ts': config, 'title.ts': `export const title = 'AAAA';\n`, 'other.ts': `export const title = 'Other';\n` });
    const configFile = path.join(dir, 'site.config.ts');
    expect((await loadConfig({ configFile })).config.title).toBe('AAAA');
    fs.writeFileSync(path.join(dir, 'title.ts'), `export const title = 'BBBB';\n`);
    age(path.join(dir, 'title.ts'), 20);
    expect((await loadConfig({ configFile })).config.title).toBe('BBBB');
    fs.writeFileSync(configFile, config.replace("'./title'", "'./other'"));
    age(configFile, 10);
    expect((await loadConfig({ configFile })).config.title).toBe('Other');
  });

  it("maps an error of a config read from the kept bundle to the config's own line", async () => {
    const source = `const fail = process.env.SITEGEN_TEST_FAIL_CONFIG === '1';\n\nif (fail) throw new Error('asked to fail');\nexport default { title: 'T', url: 'https://example.com' };\n`;
    const dir = site({ 'site.config.ts': source });
    const configFile = path.join(dir, 'site.config.ts');
    expect((await loadConfig({ configFile })).config.title).toBe('T');
    expect(kept(dir)).toBe(true);
    process.env.SITEGEN_TEST_FAIL_CONFIG = '1';
    try {
      await loadConfig({ configFile });
      throw new Error('expected the config to throw');
    } catch (e) {
      expect(e).toBeInstanceOf(SitegenError);
      expect((e as SitegenError).problems[0]).toMatchObject({ file: configFile, line: 3, message: 'Error: asked to fail' });
    } finally {
      delete process.env.SITEGEN_TEST_FAIL_CONFIG;
    }
  });
});

it('keeps no bundle of files written in the last second (an edit while esbuild read them)', async () => {
  const dir = writeSite({ 'site.config.ts': config, 'title.ts': `export const title = 'Fresh';\n` });
  dirs.push(dir);
  expect((await loadConfig({ configFile: path.join(dir, 'site.config.ts') })).config.title).toBe('Fresh');
  expect(kept(dir)).toBe(false);
});
