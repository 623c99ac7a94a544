import { describe, it, expect, beforeAll, afterAll, beforeEach, onTestFailed } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { makeSite } from '../../../helpers/site.js';
import { saveWhole } from '../../../helpers/saveWhole.js';
import { repoRoot } from '../../../helpers/paths.js';
import { launchBrowser, localOnly, watchConsole } from '../../../helpers/browser.js';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { startDevServer, type DevServer } from '../../../../src/server/dev/server.js';
import type { DevEvent } from '../../../../src/server/dev/events.js';
import { devEvents } from '../../../helpers/devEvents.js';
import { rawRequest } from '../../../helpers/rawHttp.js';
import { EVENTS_PATH } from '../../../../src/server/dev/clientScript.js';

// `sitegen dev` on a small two-locale site: it serves what build() makes, reloads the pages an edit
// changes, shows markdown and config errors over the page while it keeps serving, receives forms,
// and never lets analytics out. Loopback only; a real Chromium for the browser side.

const guide = '# Guide\n\nThe first version of the guide.\n\n## Install\n\nRun the installer.\n';
let site: { dir: string; configFile: string };
let dev: DevServer;
const logs: string[] = [];

beforeAll(async () => {
  site = makeSite(
    {
      'docs/intro.md': '---\nslug: /intro\n---\n# Introduction\n\nRead the [guide](guide.md#install).\n',
      'docs/guide.md': guide,
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      'i18n/zh-Hans/docusaurus-plugin-content-docs/current/intro.md': '---\nslug: /intro\n---\n# 介绍\n\n阅读[指南](guide.md)。\n',
    },
    {
      i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] },
      forms: { schemas: path.join(repoRoot, 'content/pages/_forms/schemas.ts'), dataDir: 'form-data' },
      analytics: { gtag: { trackingID: 'G-DEVTEST123' } },
    },
  );
  dev = await startDevServer({ configFile: site.configFile, port: 0, host: '127.0.0.1', persist: false, log: (l) => logs.push(l) });
  await dev.ready;
});

beforeEach(() => {
  const from = logs.length;
  // What the dev server said during a failed test is the best clue to why.
  onTestFailed(() => console.error(`dev server log:\n${logs.slice(from).join('\n')}`));
});

afterAll(async () => {
  await dev?.close();
  fs.rmSync(site.dir, { recursive: true, force: true });
});

function get(target: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(target, dev.url), { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The event stream of one open page (test/helpers/devEvents.ts). */
const openEvents = () => devEvents(dev.url);

const withoutDevClient = (html: string) => html.replace(/<script>\(function \(\) \{\n {2}var KEY = '__sitegen_dev_scroll';[\s\S]*?\}\)\(\);<\/script>/, '');
// Saves whole (test/helpers/saveWhole.ts): each save's first event is this save's; saves in place are
// the two-saves test's.
const write = (rel: string, text: string) => saveWhole(path.join(site.dir, rel), text);

describe('sitegen dev', () => {
  it('serves every file an in-memory build() makes, byte for byte (pages, data, bundles, search, copies)', async () => {
    const sink = new MemorySink();
    await build({ configFile: site.configFile, sink, dev: true });
    const paths = sink.paths();
    expect(paths).toContain('img/logo.svg');
    expect(paths.some((p) => p.startsWith('assets/js/'))).toBe(true);
    for (const rel of paths) {
      const res = await get(`/${encodeURI(rel)}`);
      expect(res.status, rel).toBe(200);
      const copy = sink.copies.get(rel);
      const expected = copy ? fs.readFileSync(copy) : Buffer.from(sink.files.get(rel)!);
      if (rel.endsWith('.html')) expect(withoutDevClient(res.body.toString()), rel).toBe(expected.toString());
      else expect(res.body.equals(expected), rel).toBe(true);
    }
  });

  it('answers with the production url rules, pages never cached, hashed assets cached for good', async () => {
    const page = await get('/docs/intro');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.toString()).toContain('/__sitegen/events');
    expect((await get('/zh-Hans/docs/intro/')).body.toString()).toContain('介绍');
    const missing = await get('/docs/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('/__sitegen/events');
    expect((await get('/docs/intro', 'DELETE')).status).toBe(405);
    const script = /<script type="module" src="([^"]+)"/.exec(page.body.toString())![1];
    expect((await get(script)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/docs/..%2f..%2fsite.config.ts')).status).toBe(400);
  });

  it('swaps in a new body at once, reloads the pages whose other parts changed, and serves the new text', async () => {
    const events = await openEvents();
    await events.next((e) => e.type === 'hello');
    const logFrom = logs.length;
    // Below the first paragraph (the page's description): only the body changes.
    write('docs/guide.md', guide.replace('Run the installer.', 'Run the installer twice.'));
    const update = await events.next((e) => e.type === 'update');
    expect(update.type === 'update' && update.pages).toEqual(
      expect.arrayContaining([
        { path: '/docs/guide', data: '/docs/guide/__page.json', body: expect.stringContaining('installer twice') },
        { path: '/zh-Hans/docs/guide', data: '/zh-Hans/docs/guide/__page.json', body: expect.stringContaining('installer twice') },
      ]),
    );
    expect(JSON.parse((await get('/docs/guide/__page.json')).body.toString()).page.bodyHtml).toContain('installer twice');
    expect((await get('/zh-Hans/docs/guide')).body.toString()).toContain('installer twice');
    // The fast path made it (an `update` comes from it alone, and it says so), before any full build:
    // how fast that is, bench/workflow.ts measures.
    const fast = logs.slice(logFrom).findIndex((l) => /docs\/guide.* updated in \d+ ms/.test(l));
    expect(fast).toBeGreaterThanOrEqual(0);
    expect(logs.slice(logFrom, logFrom + fast).some((l) => l.startsWith('✔ built'))).toBe(false);
    // The full build that follows finds the same content: nothing more for that page.
    while (!logs.slice(logFrom).some((l) => l.startsWith('✔ built'))) await new Promise((r) => setTimeout(r, 50));
    // The build sent its events before it said so: a marker sent now reaches the page after all of them
    // (one ordered stream), and by then any event for that page would have come (no window of time).
    dev.session.hub.broadcast({ type: 'ok', generation: -1 });
    await events.next((e) => e.type === 'ok' && e.generation === -1);
    await expect(events.next((e) => (e.type === 'reload' || e.type === 'update') && JSON.stringify(e).includes('/docs/guide'), 0)).rejects.toThrow('no matching event');
    // The first paragraph is the page's description too (its head changes): that page reloads.
    write('docs/guide.md', guide.replace('first version', 'second version'));
    const reload = await events.next((e) => e.type === 'reload');
    expect(reload.type === 'reload' && reload.paths).toEqual(expect.arrayContaining(['/docs/guide', '/zh-Hans/docs/guide']));
    expect((await get('/docs/guide')).body.toString()).toContain('second version');
    events.close();
  });

  it('shows a markdown error with file:line over the page, keeps serving the last good one, and recovers', async () => {
    const events = await openEvents();
    await events.next((e) => e.type === 'hello');
    write('docs/guide.md', '# Guide\n\nStill fine.\n\n<div>\nnever closed\n');
    const problem = await events.next((e) => e.type === 'problems');
    const first = problem.type === 'problems' ? problem.problems.problems[0] : undefined;
    expect(first?.file).toBe('docs/guide.md');
    expect(first?.line).toBeGreaterThanOrEqual(5);
    const still = await get('/docs/guide');
    expect(still.status).toBe(200);
    expect(still.body.toString()).toContain('second version');
    // A page opened now learns of the problem as it connects.
    const late = await openEvents();
    const hello = await late.next((e) => e.type === 'hello');
    expect(hello.type === 'hello' && hello.problems?.problems[0].file).toBe('docs/guide.md');
    late.close();
    write('docs/guide.md', guide.replace('first version', 'third version'));
    await events.next((e) => e.type === 'ok');
    await events.next((e) => (e.type === 'reload' || e.type === 'update') && JSON.stringify(e).includes('/docs/guide'));
    expect((await get('/docs/guide')).body.toString()).toContain('third version');
    events.close();
  });

  it('shows a config error with its line and recovers when the config is fixed', async () => {
    const events = await openEvents();
    await events.next((e) => e.type === 'hello');
    const good = fs.readFileSync(site.configFile, 'utf8');
    write('site.config.ts', good.replace('"title": "Test Site",', '"title": "Test Site",\n  "titel": "typo",'));
    const problem = await events.next((e) => e.type === 'problems');
    const first = problem.type === 'problems' ? problem.problems.problems[0] : undefined;
    expect(first?.file).toBe('site.config.ts');
    expect(first?.line).toBe(3);
    expect(first?.message).toContain('titel');
    expect((await get('/docs/intro')).status).toBe(200);
    write('site.config.ts', good.replace('"title": "Test Site"', '"title": "Renamed Site"'));
    await events.next((e) => e.type === 'ok');
    await events.next((e) => e.type === 'reload' && e.paths === 'all');
    expect((await get('/docs/intro')).body.toString()).toContain('Renamed Site');
    events.close();
  });

  it('builds the second of two saves made 20 ms apart (chokidar reports only the first)', async () => {
    const events = await openEvents();
    await events.next((e) => e.type === 'hello');
    const good = fs.readFileSync(site.configFile, 'utf8');
    // Saved in place, as many editors save: the watcher may also see each file emptied in between.
    fs.writeFileSync(site.configFile, good.replace(/"title": "[^"]+"/, '"title": "First Save"'));
    await new Promise((r) => setTimeout(r, 20));
    fs.writeFileSync(site.configFile, good.replace(/"title": "[^"]+"/, '"title": "Second Save"'));
    // Without the second change that build would never come: polled until it does (a build takes well
    // under a second here, far more on a busy machine).
    await expect.poll(async () => (await get('/docs/intro')).body.toString(), { timeout: 60_000, interval: 100 }).toContain('Second Save');
    events.close();
  });

  it('serves a page added while it runs', async () => {
    const events = await openEvents();
    await events.next((e) => e.type === 'hello');
    write('docs/added.md', '# Added later\n\nNew page.\n');
    await events.next((e) => e.type === 'reload');
    const res = await get('/docs/added');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('Added later');
    events.close();
  });

  it('answers only localhost and IP Host names, pages and events alike (DNS rebinding)', async () => {
    const port = Number(new URL(dev.url).port);
    for (const target of ['/docs/intro', EVENTS_PATH]) {
      const refused = await rawRequest({ port, target, headers: { Host: 'evil.example' } });
      expect(refused.status, target).toBe(403);
      expect(refused.body.toString(), target).toContain('DNS rebinding');
    }
    const page = await rawRequest({ port, target: '/docs/intro', headers: { Host: `localhost:${port}` } });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Introduction');
  });

  it('receives form submissions like `sitegen serve`', async () => {
    const res = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL('/api/forms/subscribe', dev.url), { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email: 'dev@example.com' }));
    });
    expect(res).toBe(201);
    expect(fs.readFileSync(path.join(site.dir, 'form-data/subscribe.jsonl'), 'utf8')).toContain('dev@example.com');
  });

  it('starts from the output of the last run at once, then builds what changed while it was stopped', async () => {
    const other = makeSite({ 'docs/a.md': '# Page A\n\nBefore the restart.\n', 'docs/b.md': '# Page B\n\nUnchanged.\n' });
    const first = await startDevServer({ configFile: other.configFile, port: 0, host: '127.0.0.1', log: () => undefined });
    await first.ready;
    // Stopped right after a fast update, before the full build that would follow it: the page as shown is kept.
    fs.writeFileSync(path.join(other.dir, 'docs/b.md'), '# Page B\n\nUnchanged.\n\nEdited last.\n');
    while (!first.session.lookup('docs/b/index.html') || !JSON.stringify(first.session.lookup('docs/b/index.html')).includes('Edited last.')) await new Promise((r) => setTimeout(r, 20));
    await first.close();
    fs.writeFileSync(path.join(other.dir, 'docs/a.md'), '# Page A\n\nAfter the restart.\n');
    const second = await startDevServer({ configFile: other.configFile, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      let built = false;
      void second.session.built.then(() => (built = true));
      // The last run's output is served before any build (the first build waits a quarter of a second
      // for that): looked for at every turn of the event loop until it is there, then page a is still
      // the text of before the restart. Not after `ready`, which also waits for the watcher's first
      // scan: in a full run (ci38, 07:30 UTC) the build was done before that scan.
      const shown = () => second.session.lookup('docs/a/index.html');
      while (!shown()) await new Promise((r) => setImmediate(r));
      expect(built).toBe(false);
      expect(JSON.stringify(shown())).toContain('Before the restart.');
      await second.ready;
      const early = await new Promise<string>((resolve) =>
        http.get(new URL('/docs/b', second.url), (r) => {
          let t = '';
          r.on('data', (c) => (t += c));
          r.on('end', () => resolve(t));
        }),
      );
      expect(early).toContain('Edited last.');
      await second.session.built;
      const fresh = await new Promise<string>((resolve) =>
        http.get(new URL('/docs/a', second.url), (r) => {
          let t = '';
          r.on('data', (c) => (t += c));
          r.on('end', () => resolve(t));
        }),
      );
      expect(fresh).toContain('After the restart.');
    } finally {
      await second.close();
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it('updates an open page in the browser, keeps its scroll, and lets nothing out to analytics', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 400 } });
      const origin = dev.url.replace(/\/$/, '');
      const blocked = await localOnly(page);
      const console = watchConsole(page);
      write('docs/guide.md', `${guide}\n${'More text to scroll past.\n\n'.repeat(80)}`);
      // The long page is served (its body swapped in at once; the full build that follows changes nothing in it).
      while (!(await get('/docs/guide')).body.toString().includes('More text to scroll past')) await new Promise((r) => setTimeout(r, 50));
      await page.goto(`${origin}/docs/guide`);
      await page.waitForSelector('#__sitegen[data-hydrated]');
      await page.evaluate(() => window.scrollTo(0, 600));
      const source = fs.readFileSync(path.join(site.dir, 'docs/guide.md'), 'utf8');
      write('docs/guide.md', source.replace('first version', 'browser version'));
      await page.waitForFunction(() => document.body.textContent?.includes('browser version'), undefined, { timeout: 30_000 });
      await page.waitForSelector('#__sitegen[data-hydrated]');
      await page.waitForFunction(() => window.scrollY > 500, undefined, { timeout: 5000 });
      // A change below the first paragraph is swapped into the page: no reload (the marker survives).
      await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
      const text = fs.readFileSync(path.join(site.dir, 'docs/guide.md'), 'utf8');
      write('docs/guide.md', text.replace('Run the installer.', 'Run the swapped installer.'));
      await page.waitForFunction(() => document.body.textContent?.includes('swapped installer'), undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      // A markdown error shows over the page with its file and line, and goes once it is fixed.
      const good = fs.readFileSync(path.join(site.dir, 'docs/guide.md'), 'utf8');
      write('docs/guide.md', `${good}\n<div>\nnever closed\n`);
      const overlay = page.locator('sitegen-dev-overlay');
      await overlay.waitFor({ timeout: 30_000 });
      expect(await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '')).toMatch(/docs\/guide\.md:\d+/);
      const fixedFrom = logs.length;
      write('docs/guide.md', good.replace('browser version', 'fixed version'));
      await page.waitForFunction(() => document.body.textContent?.includes('fixed version'), undefined, { timeout: 30_000 });
      await overlay.waitFor({ state: 'detached', timeout: 30_000 });
      // What else the fix could send the page comes with the full build that follows its fast update
      // (after the session's settle time): waited for by that build's log line, then a frame of the page
      // and the tasks it queued, for what the build sent, in place of a fixed time.
      while (!logs.slice(fixedFrom).some((l) => l.startsWith('✔ built'))) await new Promise((r) => setTimeout(r, 50));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      expect(blocked).toEqual([]);
      expect(console.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
