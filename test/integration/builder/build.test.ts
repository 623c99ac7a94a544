import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/builder/build.js';
import { makeSite, buildSite, sitegenBin, pagePayload } from '../../helpers/site.js';
import { runCliInProcess } from '../../helpers/cliInProcess.js';
import { bundledTranslations, defaultStrings } from '../../../src/shared/strings.js';

const docsSite = () =>
  makeSite(
    {
      'docs/intro.md': '---\nslug: /\n---\n# Welcome\n\nSee [install](guides/install.md).\n',
      'docs/guides/install.md': '# Install\n\n## Steps\n',
      'docs/guides/_category_.json': '{"label": "Guides", "position": 2}',
      'i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md': '---\nslug: /\n---\n# 欢迎\n',
    },
    { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } },
  );

describe('sitegen build', () => {
  it('builds every locale, the default one at the base url and the others under /<locale>/', async () => {
    const { configFile } = docsSite();
    const { result, sink } = await buildSite(configFile);
    expect(result.locales).toEqual(['en', 'zh-Hans']);
    expect(sink.read('docs/index.html')).toMatch(/<html lang="en" dir="ltr" class="[^"]*\bplugin-docs\b[^"]*">/);
    expect(sink.read('zh-Hans/docs/index.html')).toMatch(/<html lang="zh-Hans" dir="ltr" class="[^"]*\bplugin-docs\b[^"]*">/);
    // The untranslated doc falls back to English in the other locale, with localised links.
    expect(sink.read('zh-Hans/docs/guides/install/index.html')).toContain('<h1 id="install">Install');
    expect(sink.read('zh-Hans/docs/index.html')).toContain('欢迎');
    expect(result.timings.map((t) => t.stage)).toEqual(['config', 'parse', 'plan', 'render', 'index', 'bundle', 'styles', 'passes', 'html', 'search', 'write']);
  });

  it("gives the browser every theme string in each locale's payload, so its scripts carry no English table", async () => {
    const { configFile } = docsSite();
    const { sink } = await buildSite(configFile);
    const en = pagePayload(sink.read('docs/index.html')!).chrome.strings;
    const zh = pagePayload(sink.read('zh-Hans/docs/index.html')!).chrome.strings;
    for (const [id, message] of Object.entries(defaultStrings)) {
      expect(en[id]).toBe(message);
      expect(zh[id]).toBe(bundledTranslations['zh-Hans'][id as keyof typeof defaultStrings] ?? message);
    }
    const scripts = [...sink.files.keys()]
      .filter((f) => f.endsWith('.js'))
      .map((f) => sink.read(f))
      .join('\n');
    expect(scripts).not.toContain(defaultStrings['theme.NotFound.p2']);
  });

  it("leaves the colour mode toggle's code out of the browser bundle of a site whose switch is off", async () => {
    const files = { 'docs/intro.md': '# Intro\n' };
    const on = makeSite(files, { themeConfig: { colorMode: { disableSwitch: false } } });
    const off = makeSite(files, { themeConfig: { colorMode: { disableSwitch: true } } });
    const [withSwitch, without] = await Promise.all([buildSite(on.configFile), buildSite(off.configFile)]);
    const scripts = (s: typeof without.sink) =>
      [...s.files.keys()]
        .filter((f) => f.endsWith('.js'))
        .map((f) => s.read(f))
        .join('\n');
    expect(withSwitch.sink.read('docs/intro/index.html')).toContain('color-mode-toggle');
    expect(scripts(withSwitch.sink)).toContain('color-mode-toggle');
    expect(without.sink.read('docs/intro/index.html')).not.toContain('color-mode-toggle');
    expect(scripts(without.sink)).not.toContain('color-mode-toggle');
  });

  it('builds only the locale given with --locale', async () => {
    const { configFile } = docsSite();
    const { result, sink } = await buildSite(configFile, { locale: 'zh-Hans' });
    expect(result.locales).toEqual(['zh-Hans']);
    expect(sink.read('docs/index.html')).toBeUndefined();
    expect(sink.read('zh-Hans/docs/index.html')).toBeDefined();
  });

  it('leaves the previous output exactly as it was when a build fails', async () => {
    const { dir, configFile } = docsSite();
    const outDir = path.join(dir, 'out');
    await build({ configFile, outDir });
    const snapshot = () =>
      fs
        .readdirSync(outDir, { recursive: true })
        .map(String)
        .sort()
        .map((f) => [f, fs.statSync(path.join(outDir, f)).isFile() ? fs.readFileSync(path.join(outDir, f), 'utf8') : '']);
    const before = snapshot();
    fs.writeFileSync(path.join(dir, 'docs/guides/install.md'), '# Install\n\n<div>\nnot closed\n');
    await expect(build({ configFile, outDir })).rejects.toThrow('The site has errors');
    expect(snapshot()).toEqual(before);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('out.'))).toEqual([]);
  });

  it('prints its version from package.json with --version (and -V)', () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(sitegenBin), '../package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ['--version', '-V']) {
      const run = spawnSync(process.execPath, [sitegenBin, flag], { encoding: 'utf8' });
      expect(run.status, flag).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
    }
  });

  it('prints a clear error and exits 1, with no stack trace, on bad input', () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n' }, { url: 'example.com' });
    const run = spawnSync(process.execPath, [sitegenBin, 'build', '--config', configFile], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Invalid site config in ${configFile}`);
    expect(run.stderr).toContain(`${configFile}:3: url: an absolute origin such as "https://example.com" (no path)`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints per-stage timings and a one-line summary, or JSON with --json', async () => {
    const { dir, configFile } = docsSite();
    const run = await runCliInProcess(['build', '--config', configFile, '--out-dir', path.join(dir, 'b')], { cwd: dir, env: { CI: 'true' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/render\s+\d+ ms/);
    expect(run.stdout).toMatch(/✔ \d+ pages, 2 locales \(en, zh-Hans\), 0 warnings, [\d.]+ s/);
    const json = await runCliInProcess(['build', '--config', configFile, '--out-dir', path.join(dir, 'c'), '--json'], { cwd: dir });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, locales: ['en', 'zh-Hans'], warnings: [] });
  });
});
