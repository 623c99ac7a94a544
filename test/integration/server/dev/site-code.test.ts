import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { makeSite } from '../../../helpers/site.js';
import { devEvents } from '../../../helpers/devEvents.js';
import { saveWhole } from '../../../helpers/saveWhole.js';
import { launchBrowser, watchConsole } from '../../../helpers/browser.js';
import { startDevServer, type DevServer } from '../../../../src/server/dev/server.js';

// `sitegen dev` follows the site's code that markdown and React pages import (components, their CSS
// modules): an edit renders again only the markdown files whose code reaches the file and reloads
// their pages; a syntax error is shown with its file and line while the last good page is served;
// the fix recovers.

const box = (words: string) =>
  `import styles from './Box.module.css';\n\nexport default function Box({ label }: { label: string }) {\n  return <div className={styles.box}>${words} {label}</div>;\n}\n`;
let site: { dir: string; configFile: string };
let dev: DevServer;
const logs: string[] = [];

beforeAll(async () => {
  site = makeSite({
    'src/components/Box.tsx': box('Box says'),
    'src/components/Box.module.css': '.box {\n  color: teal;\n}\n',
    'src/components/Other.tsx': 'export default function Other() {\n  return <em>Other component</em>;\n}\n',
    'docs/boxed.mdx': 'import Box from \'@site/src/components/Box\';\n\n# Boxed\n\n<Box label="hello" />\n',
    'docs/other.mdx': "import Other from '@site/src/components/Other';\n\n# Other\n\n<Other />\n",
    'docs/plain.md': '# Plain\n\nNo code here.\n',
    'src/pages/hello.tsx': "import Other from '../components/Other';\n\nexport default function Hello() {\n  return <main><Other /></main>;\n}\n",
    // Chromium asks for it: served, it is no console error.
    'static/favicon.ico': '',
  });
  dev = await startDevServer({ configFile: site.configFile, port: 0, host: '127.0.0.1', persist: false, log: (l) => logs.push(l) });
  await dev.ready;
}, 120_000);

beforeEach(() => {
  const from = logs.length;
  onTestFailed(() => console.error(`dev server log:\n${logs.slice(from).join('\n')}`));
});

afterAll(async () => {
  await dev?.close();
  fs.rmSync(site.dir, { recursive: true, force: true });
});

// Saves whole (test/helpers/saveWhole.ts): each save's first event is this save's.
const write = (rel: string, text: string) => saveWhole(path.join(site.dir, rel), text);
const served = async (route: string) => (await fetch(new URL(route, dev.url))).text();
const builds = () => logs.filter((l) => l.startsWith('✔ built')).length;
const nextBuild = async (before: number) => {
  while (builds() === before) await new Promise((r) => setTimeout(r, 50));
};

describe('site code in sitegen dev', () => {
  it('renders again only the markdown that imports an edited component, and reloads only its page', async () => {
    expect(await served('/docs/boxed')).toContain('Box says');
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    const cache = dev.session.persistent.cache;
    cache.resetStats();
    const before = builds();
    write('src/components/Box.tsx', box('Box now says'));
    const reload = await events.next((e) => e.type === 'reload');
    expect(reload.type === 'reload' && reload.paths).toEqual(['/docs/boxed']);
    expect(await served('/docs/boxed')).toContain('Box now says');
    await nextBuild(before);
    // The other file with code and the plain one keep their renders.
    expect(cache.stats.markdownMisses).toBe(1);
    expect(cache.stats.markdownHits).toBeGreaterThanOrEqual(2);
    events.close();
  }, 60_000);

  it('ships the new styles of an edited CSS module', async () => {
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    write('src/components/Box.module.css', '.box {\n  color: rebeccapurple;\n}\n');
    await events.next((e) => e.type === 'reload');
    const html = await served('/docs/boxed');
    const sheets = await Promise.all([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(async (m) => (await fetch(new URL(m[1], dev.url))).text()));
    expect(sheets.join('\n')).toMatch(/color:\s*(rebeccapurple|#639)/);
    expect(sheets.join('\n')).not.toMatch(/color:\s*teal/);
    events.close();
  }, 60_000);

  it('shows a syntax error of a component with its file:line, serves the last good page, and recovers', async () => {
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    write('src/components/Box.tsx', box('Box now says').replace('return <div', 'return <<div'));
    const problem = await events.next((e) => e.type === 'problems');
    const first = problem.type === 'problems' ? problem.problems.problems[0] : undefined;
    expect(first).toMatchObject({ file: 'src/components/Box.tsx', line: 4 });
    expect(await served('/docs/boxed')).toContain('Box now says');
    write('src/components/Box.tsx', box('Box is fixed and says'));
    await events.next((e) => e.type === 'ok');
    await events.next((e) => e.type === 'reload' && (e.paths === 'all' || e.paths.includes('/docs/boxed')));
    expect(await served('/docs/boxed')).toContain('Box is fixed and says');
    events.close();
  }, 60_000);

  it('rebuilds a React page whose imported component changed', async () => {
    expect(await served('/hello')).toContain('Other component');
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    write('src/components/Other.tsx', 'export default function Other() {\n  return <em>Other component, edited</em>;\n}\n');
    await events.next((e) => e.type === 'reload' && (e.paths === 'all' || e.paths.includes('/hello')));
    // Polled: a build that was under way when the file was saved (one the last test's edit started)
    // may publish the page before the doc; the build that follows it has both.
    await expect.poll(() => served('/hello'), { timeout: 30_000 }).toContain('Other component, edited');
    await expect.poll(() => served('/docs/other'), { timeout: 30_000 }).toContain('Other component, edited');
    events.close();
  }, 60_000);

  it('follows a component that was broken before any build read it, and serves the site once it is fixed', async () => {
    const other = makeSite({
      'src/components/Late.tsx': 'export default function Late() {\n  return <<p>late</p>;\n}\n',
      'docs/late.mdx': "import Late from '@site/src/components/Late';\n\n# Late\n\n<Late />\n",
    });
    const second = await startDevServer({ configFile: other.configFile, port: 0, host: '127.0.0.1', persist: false, log: () => undefined });
    try {
      await second.ready;
      expect(second.session.problems?.problems[0]).toMatchObject({ file: 'src/components/Late.tsx', line: 2 });
      const events = await devEvents(second.url);
      await events.next((e) => e.type === 'hello');
      fs.writeFileSync(path.join(other.dir, 'src/components/Late.tsx'), 'export default function Late() {\n  return <p>Late but fixed</p>;\n}\n');
      await events.next((e) => e.type === 'ok');
      expect(await (await fetch(new URL('/docs/late', second.url))).text()).toContain('Late but fixed');
      events.close();
    } finally {
      await second.close();
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reloads the open page in the browser and shows the broken component in the overlay', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const console = watchConsole(page);
      await page.goto(new URL('/docs/boxed', dev.url).href);
      await page.waitForSelector('#__sitegen[data-hydrated]');
      write('src/components/Box.tsx', box('Box in the browser says'));
      await page.waitForFunction(() => document.body.textContent?.includes('Box in the browser says'), undefined, { timeout: 30_000 });
      write('src/components/Box.tsx', box('Broken').replace('return <div', 'return <<div'));
      const overlay = page.locator('sitegen-dev-overlay');
      await overlay.waitFor({ timeout: 30_000 });
      expect(await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '')).toContain('src/components/Box.tsx:4');
      write('src/components/Box.tsx', box('Box recovered and says'));
      await page.waitForFunction(() => document.body.textContent?.includes('Box recovered and says'), undefined, { timeout: 30_000 });
      await overlay.waitFor({ state: 'detached', timeout: 30_000 });
      expect(console.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
