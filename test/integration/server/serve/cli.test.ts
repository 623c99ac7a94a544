import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { makeSite, sitegenBin } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';
import { createProgress } from '../../../../src/cli/build.js';
import { rawRequest, decoded } from '../../../helpers/rawHttp.js';
import { contentSecurityPolicy } from '../../../../src/server/serve/securityHeaders.js';
import { CSP_REPORT_PATH } from '../../../../src/server/serve/cspReports.js';

// `sitegen build` then `sitegen serve` as a user runs them: build output for terminals, CI and
// scripts (the CLI's entry run in this process; build's exit code reaching the shell is
// test/integration/builder/build.test.ts's); the built site served with the production rules and the
// form receiver mounted, by the CLI as a process.

let site: { dir: string; configFile: string };
let out: string;
let serve: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  site = makeSite(
    {
      'docs/intro.md': '---\nslug: /\n---\n# Welcome\n\nShifu docs, served.\n',
      'docs/guide.md': `# Guide\n\n${'A long paragraph about devices. '.repeat(60)}\n`,
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md': '---\nslug: /\n---\n# 欢迎\n',
    },
    { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] }, forms: { schemas: path.join(repoRoot, 'content/pages/_forms/schemas.ts'), dataDir: 'submissions' } },
  );
  out = path.join(site.dir, 'out');
});

afterAll(() => {
  if (serve?.pid) serve.kill('SIGTERM');
  fs.rmSync(site.dir, { recursive: true, force: true });
});

describe('sitegen build output', () => {
  it('prints one plain line per stage in CI, and the result as JSON with --json', async () => {
    const ci = await runCliInProcess(['build', '--config', site.configFile, '--out-dir', out], { cwd: site.dir, env: { CI: '1' } });
    expect(ci.status).toBe(0);
    expect(ci.stdout).not.toContain('\u001b[');
    expect(ci.stdout).not.toContain('\r');
    expect(ci.stdout).toMatch(/\n {2}render +\d+ ms\n/);
    expect(ci.stdout).toMatch(/✔ \d+ pages, 2 locales \(en, zh-Hans\), 0 warnings/);
    const json = await runCliInProcess(['build', '--config', site.configFile, '--out-dir', out, '--json'], { cwd: site.dir });
    expect(json.status).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ ok: true, locales: ['en', 'zh-Hans'], outDir: out });
    expect(result.timings.map((t: { stage: string }) => t.stage)).toContain('render');
  });

  it('answers a failed build with --json as JSON too, and exit code 1', async () => {
    const broken = makeSite({ 'docs/a.md': '# A\n\n<div>\n' });
    const res = await runCliInProcess(['build', '--config', broken.configFile, '--json'], { cwd: broken.dir });
    expect(res.status).toBe(1);
    const report = JSON.parse(res.stdout);
    expect(report.ok).toBe(false);
    expect(report.problems[0].file).toBe(path.join(broken.dir, 'docs/a.md'));
    fs.rmSync(broken.dir, { recursive: true, force: true });
  });

  it('draws a progress bar in place on a terminal and ends with the stage timings', () => {
    const stream = Object.assign(new PassThrough(), { columns: 80 });
    let text = '';
    stream.on('data', (c) => (text += c.toString()));
    let now = 0;
    const progress = createProgress({ stream, interactive: true, now: () => now });
    const stages = ['config', 'parse', 'plan', 'render', 'bundle', 'passes', 'html', 'search', 'write'];
    for (const stage of stages) {
      now += 100;
      progress.stage({ stage, ms: 100 });
    }
    progress.done(stages.map((stage) => ({ stage, ms: 100 })));
    expect(text).toContain('\r\u001b[2K');
    expect(text).toMatch(/█+░* +\d+%/);
    expect(text).toContain('100%');
    expect(text.trimEnd().split('\n').at(-1)).toContain('config 100 ms · parse 100 ms');
  });
});

describe('sitegen serve', () => {
  it('refuses a folder that no sitegen build wrote (the project itself), with a clear error and exit code 1', () => {
    const res = spawnSync(process.execPath, [sitegenBin, 'serve', '--dir', '.', '--config', site.configFile, '--port', '0'], { cwd: site.dir, encoding: 'utf8', timeout: 30_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('. is not a sitegen build: run sitegen build first, or pass --dir build');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  beforeAll(async () => {
    serve = spawn(process.execPath, [sitegenBin, 'serve', '--dir', out, '--config', site.configFile, '--port', '0'], { cwd: site.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    port = await new Promise<number>((resolve, reject) => {
      let text = '';
      serve!.stdout!.on('data', (c: Buffer) => {
        text += c.toString();
        const m = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
        if (m) resolve(Number(m[1]));
      });
      serve!.once('exit', () => reject(new Error(`serve exited: ${text}`)));
    });
  });

  const get = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest({ port, target, headers, method });

  it('serves both locales, with the locale 404 page and status', async () => {
    expect((await get('/docs/')).body.toString()).toContain('Shifu docs, served.');
    expect((await get('/zh-Hans/docs')).body.toString()).toContain('欢迎');
    const missing = await get('/zh-Hans/docs/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('lang="zh-Hans"');
  });

  it('compresses pages and caches hashed bundles for a year, pages never without revalidation', async () => {
    const page = await get('/docs/guide', { 'Accept-Encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = decoded(page).toString();
    const script = /<script type="module" src="([^"]+)"/.exec(html)![1];
    const js = await get(script, { 'Accept-Encoding': 'gzip' });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it("sends the security headers, with a policy made from the site's config", async () => {
    const page = await get('/docs/guide');
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ reportUri: CSP_REPORT_PATH }));
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await get('/zh-Hans/docs/nope')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never sends the build marker', async () => {
    expect(fs.existsSync(path.join(out, '.sitegen-build'))).toBe(true);
    expect((await get('/.sitegen-build')).status).toBe(404);
  });

  it('receives forms at the endpoint and refuses other methods on files', async () => {
    const body = JSON.stringify({ email: 'served@example.com' });
    const posted = await rawRequest({ port, target: '/api/forms/subscribe', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, body });
    expect(posted.status).toBe(201);
    expect(fs.readFileSync(path.join(site.dir, 'submissions/subscribe.jsonl'), 'utf8')).toContain('served@example.com');
    expect((await get('/docs/', { 'Content-Length': '0' }, 'POST')).status).toBe(405);
  });
});
