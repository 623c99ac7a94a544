import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeSite, sitegenBin } from '../../../helpers/site.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';

// `sitegen check-links` as a pre-commit hook runs it: from the sources, nothing written, every
// broken link and anchor as file:line:column → target with the closest route, exit code 1. The first
// test runs the CLI as a process (the exit code reaches the shell); the others run its entry in this process.

const runProcess = (dir: string, ...args: string[]) => spawnSync(process.execPath, [sitegenBin, 'check-links', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1' } });
const run = (dir: string, ...args: string[]) => runCliInProcess(['check-links', ...args], { cwd: dir, env: { CI: '1' } });

const files = {
  'docs/intro.md': '# Intro\n\nSee [the guide](guide.md#install-steps) and [the FAQ](/docs/faqs).\n\nAlso [setup](/docs/guide#setup).\n',
  'docs/guide.md': '# Guide\n\n## Install steps\n\n## Setup\n',
  'docs/faq.md': '# FAQ\n\nBack to the [intro](./intro.md).\n',
  'i18n/zh-Hans/docusaurus-plugin-content-docs/current/guide.md': '# 指南\n\n## 安装 {#install-steps}\n\n返回[常见问题](/docs/fqa)。\n',
};

describe('sitegen check-links', () => {
  it('reports each broken link and anchor at file:line:column with the closest route, and exits 1', () => {
    const { dir } = makeSite(files, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const res = runProcess(dir);
    expect(res.status).toBe(1);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toContain('docs/intro.md:3:45 → /docs/faqs (did you mean /docs/faq?)');
    // The untranslated intro is shown in Chinese too, with its links localised: broken there as well.
    expect(lines).toContain('docs/intro.md:3:45 → /zh-Hans/docs/faqs (did you mean /zh-Hans/docs/faq?)');
    expect(lines).toContain('i18n/zh-Hans/docusaurus-plugin-content-docs/current/guide.md:5:3 → /zh-Hans/docs/fqa (did you mean /zh-Hans/docs/faq?)');
    // The Chinese guide has no "setup" heading: the English intro's link into it is broken in Chinese only.
    expect(lines).toContain('docs/intro.md:5:6 → /zh-Hans/docs/guide#setup (no element with id "setup" on /zh-Hans/docs/guide)');
    // Only the links fail (anchors only warn by default): the summary names the option that decides.
    expect(lines.at(-1)).toMatch(/^✖ 3 broken links, 1 broken anchor in \d+ pages \(\d+\.\d\d s; set onBrokenLinks: 'warn' to pass anyway\)$/);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });

  it('checks one locale with --locale, prints JSON with --json, and exits 0 on a clean site', async () => {
    const { dir } = makeSite(files, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const en = await run(dir, '--locale', 'en', '--json');
    expect(en.status).toBe(1);
    const report = JSON.parse(en.stdout);
    expect(report.brokenLinks.map((p: { message: string }) => p.message)).toEqual(['→ /docs/faqs (did you mean /docs/faq?)']);
    expect(report.brokenAnchors).toEqual([]);
    fs.writeFileSync(path.join(dir, 'docs/intro.md'), files['docs/intro.md'].replace('/docs/faqs', '/docs/faq'));
    const clean = await run(dir, '--locale', 'en');
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/^✔ 4 links in \d+ pages, none broken \(\d+\.\d\d s\)\n$/);
  });

  it('names onBrokenAnchors, not onBrokenLinks, when only anchors are broken: failing, and as warnings', async () => {
    const anchorsOnly = { ...files, 'docs/intro.md': files['docs/intro.md'].replace('/docs/faqs', '/docs/faq').replace('#install-steps', '#install') };
    const failing = makeSite(anchorsOnly, { onBrokenAnchors: 'throw' });
    const res = await run(failing.dir);
    expect(res.status).toBe(1);
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^✖ 1 broken anchor in \d+ pages \(\d+\.\d\d s; set onBrokenAnchors: 'warn' to pass anyway\)$/);
    const warned = makeSite(anchorsOnly, { onBrokenAnchors: 'warn' });
    const ok = await run(warned.dir);
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n').at(-1)).toMatch(/^✔ 4 links in \d+ pages, 1 warning above \(onBrokenAnchors: 'warn'\) \(\d+\.\d\d s\)$/);
    // build says the same.
    const build = await runCliInProcess(['build'], { cwd: failing.dir, env: { CI: '1' } });
    expect(build.status).toBe(1);
    expect(build.stderr + build.stdout).toContain("Broken anchors: 1 found (set onBrokenAnchors: 'warn' to build anyway)");
  });

  it('gives the same answer from its cache as without it', async () => {
    const { dir } = makeSite(files, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const first = await run(dir);
    fs.writeFileSync(path.join(dir, 'docs/faq.md'), '# FAQ\n\nBack to the [intro](./intro.md) or [nowhere](./nowhere.md).\n');
    const cached = await run(dir);
    const fresh = await run(dir, '--no-cache');
    const strip = (s: string) => s.replace(/\(\d+\.\d\d s/, '(');
    expect(strip(cached.stdout)).toBe(strip(fresh.stdout));
    expect(strip(cached.stdout)).not.toBe(strip(first.stdout));
    expect(cached.stdout).toContain('docs/faq.md:3:');
  });

  it("draws the React pages as build does and checks their <Link>s' links, at the page's line; a page that throws is an error", async () => {
    const page = [
      "import Link from '@docusaurus/Link';",
      'export default function Plans() {',
      '  return (',
      '    <main>',
      '      <Link to="/docs/intro">Intro</Link> <Link to="/docs/pricing">Pricing</Link>',
      '    </main>',
      '  );',
      '}',
      '',
    ].join('\n');
    const broken = "export default function Broken() {\n  throw new Error('no plans today');\n}\n";
    const { dir } = makeSite({ ...files, 'docs/intro.md': '# Intro\n', 'src/pages/plans.tsx': page, 'src/pages/broken.tsx': broken });
    const res = await run(dir);
    expect(res.status).toBe(1);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toContain('src/pages/plans.tsx:5:53 → /docs/pricing');
    expect(lines).toContain('src/pages/broken.tsx Rendering /broken failed: no plans today');
    expect(lines.at(-1)).toMatch(/^✖ 1 broken link, 1 error in \d+ pages/);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
  });
});
