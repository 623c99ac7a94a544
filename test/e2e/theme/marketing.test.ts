import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createFormReceiver, type FormReceiver } from '../../../src/server/forms/index.js';
import { forms } from '../../../content/pages/_forms/schemas.js';
import { sharedBuild, shifuConfig } from '../../helpers/sharedBuild.js';
import { handlerFor, launchBrowser, localOnly, watchConsole } from '../../helpers/browser.js';
import { Tabs, type Tab } from '../../helpers/tabs.js';

// The Shifu site's marketing pages in Chromium, served the way `sitegen serve` serves them: the built
// pages and the real form receiver (the site's own schemas, a temporary data folder) on one loopback
// origin. Checks what a visitor sees: form messages next to each field in the page's language, focus on
// the first field in error, no request while a form is invalid, where a valid submission leads, the
// thank-you countdown, the /book-demo/ hop, the demo walk-through, and that the pages' styles come
// with them only (a docs page does not link them) and before the client router shows one.

let browser: Browser;
/** Tabs the tests hand on to each other, each visit a first one (test/helpers/tabs.ts); and those of the
 *  client navigation checks, whose visits fetch every file again (no styles or strings cached before). */
let tabs: Tabs;
let coldTabs: Tabs;
let server: http.Server;
let receiver: FormReceiver;
let origin = '';
let tmp = '';
/** Every request that reached the form receiver: "POST /api/forms/questionnaire". */
const posted: string[] = [];
/** Set by a test to hold chosen requests until it lets them go (a slow machine's late scripts). */
let hold: ((url: string) => Promise<void> | undefined) | undefined;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-marketing-'));
  const { outDir } = await sharedBuild(shifuConfig);
  // The worker's handler of the shared build (browser.ts, handlerFor): what other files of this worker
  // served is not compressed again, nor what this file serves for the files after it.
  const statics = handlerFor(outDir);
  receiver = createFormReceiver({ forms: new Map(Object.entries(forms)), dataDir: path.join(tmp, 'forms'), ratePerMinute: 1000, mountPath: '/api/forms' });
  server = http.createServer(async (req, res) => {
    await hold?.(req.url ?? '');
    if (req.url?.startsWith('/api/forms/')) posted.push(`${req.method} ${req.url}`);
    if (!receiver.handle(req, res)) statics(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  tabs = new Tabs(browser);
  coldTabs = new Tabs(browser, { coldCache: true });
}, 180_000);

afterAll(async () => {
  await tabs?.close();
  await coldTabs?.close();
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await receiver?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Playwright's default window (a new page's). */
const WINDOW = { width: 1280, height: 720 };

/** The page at `route`, hydrated, in a tab of the pool (`release` hands it on), with its console errors
 *  and the outside requests it made. */
const open = (route: string): Promise<Tab> => tabs.open(origin + route, WINDOW);

/** As open, in a tab that fetches every file again (no HTTP cache). */
const openCold = (route: string): Promise<Tab> => coldTabs.open(origin + route, WINDOW);

/** The message shown next to a field: the error element its control points to with aria-describedby. */
async function messageOf(page: Page, field: string): Promise<string | null> {
  return page.evaluate((name) => {
    const control = document.querySelector<HTMLElement>(`[name="${name}"]`);
    const id = control
      ?.getAttribute('aria-describedby')
      ?.split(' ')
      .find((i) => i.endsWith('-error'));
    const el = id ? document.getElementById(id) : null;
    // "Next to the field": inside the same field wrapper as the control.
    return el && el.closest('.mk-field') === control!.closest('.mk-field') ? el.textContent : null;
  }, field);
}

/** Clears every timer of the page: timer ids are a window's increasing integers, so all below a new one. */
const stopTimers = (page: Page) =>
  page.evaluate(() => {
    const last = window.setTimeout(() => undefined, 0);
    for (let id = 0; id <= last; id++) window.clearTimeout(id);
  });

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

const texts = {
  en: {
    required: { name: 'Name is required', phone: 'Phone number is required', email: 'Email address is required', company: 'Company or organisation is required' },
    choice: 'Please select the best option for you',
    phone: 'Please enter a valid phone number',
    email: 'Please enter a valid email address',
    submit: 'Send my request',
    subscribe: 'Subscribe',
    subscribed: 'Check your inbox',
  },
  zh: {
    required: { name: '请填写称呼', phone: '请填写电话号码', email: '请填写电子邮箱', company: '请填写公司或组织' },
    choice: '请选出最符合您情况的选项',
    phone: '请输入正确的电话号码',
    email: '请输入正确的电子邮箱',
    submit: '提交预约',
    subscribe: '订阅',
    subscribed: '请查收邮件',
  },
};

for (const [locale, base] of [
  ['en', '/'],
  ['zh', '/zh-Hans/'],
] as const) {
  const t = texts[locale];
  describe(`the questionnaire (${locale})`, () => {
    it('shows every message next to its field, focuses the first one and sends nothing', async () => {
      const { page, errors, release } = await open(`${base}bookDemo/`);
      posted.length = 0;
      await page.getByRole('button', { name: t.submit }).click();
      // Each required-field message names its field.
      for (const f of ['name', 'phone', 'email', 'company'] as const) expect(await messageOf(page, f)).toBe(t.required[f]);
      for (const f of ['problem', 'familiarity', 'source']) expect(await messageOf(page, f)).toBe(t.choice);
      expect(await focusedName(page)).toBe('name');
      expect(await page.locator('#name').getAttribute('aria-invalid')).toBe('true');

      // Fixing the first fields moves focus on to the next field still in error.
      await page.fill('#name', 'Ada');
      expect(await messageOf(page, 'name')).toBeNull();
      await page.fill('#phone', 'call me maybe');
      await page.fill('#email', 'ada@');
      await page.getByRole('button', { name: t.submit }).click();
      expect(await messageOf(page, 'phone')).toBe(t.phone);
      expect(await messageOf(page, 'email')).toBe(t.email);
      expect(await focusedName(page)).toBe('phone');

      await page.fill('#phone', '+86 138 0013 8000');
      await page.fill('#email', 'ada@example.com');
      await page.fill('#company', 'Analytical Engines');
      await page.getByRole('button', { name: t.submit }).click();
      expect(await focusedName(page)).toBe('problem');
      expect(posted).toEqual([]);
      expect(errors).toEqual([]);
      await release();
    });

    it('sends a valid questionnaire once and leads to the thank-you page', async () => {
      const { page, errors, blocked, release } = await open(`${base}bookDemo/`);
      posted.length = 0;
      await page.fill('#name', 'Grace');
      await page.fill('#phone', '(650) 555-0100');
      await page.fill('#email', 'grace@example.com');
      await page.fill('#company', 'Navy Lab');
      for (const value of ['device-connection', 'some-knowledge', 'introduced-by-others']) await page.check(`input[value="${value}"]`);
      const response = page.waitForResponse((r) => r.url().endsWith('/api/forms/questionnaire'));
      await page.getByRole('button', { name: t.submit }).click();
      expect((await response).status()).toBe(201);
      await page.waitForURL(`${origin}${base}thanks/`);
      expect(posted).toEqual(['POST /api/forms/questionnaire']);
      const stored = fs
        .readFileSync(path.join(tmp, 'forms', 'questionnaire.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(stored.at(-1).data).toEqual({
        name: 'Grace',
        phone: '(650) 555-0100',
        email: 'grace@example.com',
        company: 'Navy Lab',
        problem: 'device-connection',
        familiarity: 'some-knowledge',
        source: 'introduced-by-others',
      });
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      // Handed on with its countdown stopped: the thank-you page goes on to the home page by itself after
      // five seconds, a load the next test's visit would race with. Closed instead, the page took its tab
      // away and the next test opened a new one (the file: 8 new tabs, now 6; Chromium's CPU 29.1 s
      // against 25.3 s, medians of 5 runs each way alternating, lower in each pair, 03:18-03:32 UTC,
      // load 5-14).
      await stopTimers(page);
      await release();
    });
  });

  describe(`the subscription (${locale})`, () => {
    it('checks the email address before sending, then confirms', async () => {
      const { page, errors, release } = await open(`${base}subscribe/`);
      posted.length = 0;
      const submit = page.getByRole('button', { name: t.subscribe, exact: true });
      await submit.click();
      expect(await messageOf(page, 'email')).toBe(t.required.email);
      expect(await focusedName(page)).toBe('email');
      await page.fill('#email', 'not an address');
      await submit.click();
      expect(await messageOf(page, 'email')).toBe(t.email);
      expect(posted).toEqual([]);
      await page.fill('#email', 'reader@example.com');
      await submit.click();
      await expect.poll(() => page.getByRole('heading', { name: t.subscribed }).count()).toBe(1);
      expect(posted).toEqual(['POST /api/forms/subscribe']);
      expect(errors).toEqual([]);
      await release();
    });
  });
}

describe('the thank-you page', () => {
  for (const [base, counts] of [
    [
      '/',
      [
        'Going to the home page in 5 seconds',
        'Going to the home page in 4 seconds',
        'Going to the home page in 3 seconds',
        'Going to the home page in 2 seconds',
        'Going to the home page in 1 second',
      ],
    ],
    ['/zh-Hans/', ['5 秒后返回首页', '4 秒后返回首页', '3 秒后返回首页', '2 秒后返回首页', '1 秒后返回首页']],
  ] as const) {
    it(`counts down from 5 to 1, then opens the home page (${base})`, async () => {
      const page = await browser.newPage();
      const { errors } = watchConsole(page);
      await localOnly(page);
      // A fake clock, paused: every second of the countdown is stepped explicitly, so the test is exact
      // and fast. Installed but running, the fake clock follows real time, and a slow machine then
      // saw the countdown move on by itself between two steps.
      // Paused an hour after the install time: the clock runs in real time between the two calls (over a
      // second on a loaded machine, and pausing at a time already past throws); the jump is made before
      // the page loads, so its size changes nothing the page sees.
      await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
      await page.goto(`${origin}${base}thanks/`);
      await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
      const countdown = page.getByRole('timer');
      for (const [i, text] of counts.entries()) {
        if (i > 0) await page.clock.runFor(1000);
        await expect.poll(() => countdown.textContent()).toBe(text);
      }
      expect(page.url()).toBe(`${origin}${base}thanks/`);
      await page.clock.runFor(1000);
      await page.waitForURL(`${origin}${base}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`shows the first number one second from when it was drawn, however late the page's code runs (${base})`, async () => {
      const page = await browser.newPage();
      const { errors } = watchConsole(page);
      await localOnly(page);
      // Paused an hour after the install time, as above.
      await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
      // A slow machine: the number is on screen (the server's HTML, painted) well before the code that
      // counts runs. The scripts are held until 700 ms after the first paint.
      let release = () => undefined as void;
      const scripts = new Promise<void>((r) => (release = r));
      hold = (url) => (url.startsWith('/assets/js/') ? scripts : undefined);
      try {
        await page.goto(`${origin}${base}thanks/`, { waitUntil: 'commit' });
        /** Milliseconds since the first contentful paint, on the paint timings' clock (the fake clock does not move it). */
        const sincePaint = () =>
          page.evaluate(() => {
            const observer = new PerformanceObserver(() => undefined);
            observer.observe({ type: 'paint', buffered: true });
            const paint = observer.takeRecords().find((e) => e.name === 'first-contentful-paint');
            return paint ? (document.timeline.currentTime as number) - paint.startTime : -1;
          });
        await expect.poll(sincePaint, { timeout: 20_000 }).toBeGreaterThanOrEqual(700);
        expect(await page.getByRole('timer').textContent()).toBe(counts[0]);
        release();
        await page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));
        // At most 300 ms of its second were left when the code ran.
        await page.clock.runFor(350);
        await expect.poll(() => page.getByRole('timer').textContent()).toBe(counts[1]);
        await page.clock.runFor(1000);
        await expect.poll(() => page.getByRole('timer').textContent()).toBe(counts[2]);
        expect(errors).toEqual([]);
      } finally {
        release();
        hold = undefined;
        await page.close();
      }
    });
  }
});

describe('/book-demo/', () => {
  for (const base of ['/', '/zh-Hans/']) {
    it(`links to ${base}bookDemo/ and goes there at once (${base})`, async () => {
      const html = await (await fetch(`${origin}${base}book-demo/`)).text();
      expect(html).toContain(`href="${base}bookDemo/"`);
      // Not waiting for hydration: the page goes on to /bookDemo/ as soon as its code runs.
      const { page, release } = await tabs.open(`${origin}${base}book-demo/`, WINDOW, { hydrated: false });
      await page.waitForURL(`${origin}${base}bookDemo/`);
      await expect.poll(() => page.locator('form #name').count()).toBe(1);
      await release();
    });
  }
});

describe('the demo walk-through', () => {
  it('moves through the three steps with their buttons and starts over with "Read again"', async () => {
    const { page, errors, release } = await open('/demo/');
    const heading = page.locator('#demo-step-title');
    await expect.poll(() => heading.textContent()).toBe('Step 1 of 3Install Docker');
    expect(await page.locator('.mk-demo-panel pre').first().textContent()).toBe('sudo docker run --rm hello-world');
    await page.getByRole('button', { name: 'Docker installed' }).click();
    await expect.poll(() => heading.textContent()).toBe('Step 2 of 3Install Shifu');
    // Focus follows the step, so keyboard users continue where the new content starts.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('demo-step-title');
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Install Shifu');
    await page.getByRole('button', { name: 'Shifu installed' }).click();
    await expect.poll(() => heading.textContent()).toBe('Step 3 of 3Talk to a device');
    expect(await page.locator('.mk-demo-panel pre').allTextContents()).toContain('sudo kubectl exec nginx -- curl -s http://deviceshifu-agv.deviceshifu/get_position');
    await page.getByRole('button', { name: 'Read again' }).click();
    await expect.poll(() => heading.textContent()).toBe('Step 1 of 3Install Docker');
    expect(errors).toEqual([]);
    await release();
  });
});

describe("the React pages' strings", () => {
  const payloadOf = (html: string) =>
    JSON.parse(/<script id="__SITEGEN_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as { chrome: { strings: Record<string, string> }; page: { strings?: Record<string, string> } };

  it('travel with the React pages only: a Chinese docs page carries the theme strings alone', async () => {
    const docs = payloadOf(await (await fetch(`${origin}/zh-Hans/docs/introduction`)).text());
    expect(Object.keys(docs.chrome.strings).length).toBeGreaterThan(20);
    expect(Object.keys(docs.chrome.strings).every((id) => id.startsWith('theme.'))).toBe(true);
    expect(docs.page.strings).toBeUndefined();
    const product = payloadOf(await (await fetch(`${origin}/zh-Hans/product/`)).text());
    expect(product.page.strings?.['product.hero.title']).toBe('从第一台设备，到投产的整个设备群');
  });

  it('are there when the client goes from a docs page to a React page, in the page language', async () => {
    const { page, errors, release } = await openCold('/zh-Hans/docs/introduction');
    await page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
    await page.locator('footer a[href="/zh-Hans/product/"]').click();
    await page.waitForURL('**/zh-Hans/product/');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('从第一台设备，到投产的整个设备群');
    // Shown by the client router (no document load), with the strings it brought along.
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    expect(errors).toEqual([]);
    await release();
  });
});

describe("the marketing pages' styles", () => {
  /** The text of every stylesheet the page links. */
  const linkedCss = (page: Page) => page.evaluate(() => Promise.all([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(async (l) => (await fetch(l.href)).text())));

  it('come with the marketing pages only, and are there before the client router shows one (no unstyled flash)', async () => {
    const { page, errors, release } = await openCold('/docs/introduction');
    // A docs page links the global stylesheet alone, without the marketing pages' rules.
    const docsCss = await linkedCss(page);
    expect(docsCss).toHaveLength(1);
    expect(docsCss[0]).not.toContain('.mk-');
    // Records the styles of the next page's first elements the moment the router puts them in the
    // document (a MutationObserver runs before the browser paints).
    await page.evaluate(() => {
      const w = window as unknown as { __stay: boolean; __first?: { layout: string; weight: string; hidden: string } };
      w.__stay = true;
      new MutationObserver((_, observer) => {
        const layout = document.querySelector('.mk-form-layout');
        if (!layout) return;
        observer.disconnect();
        w.__first = {
          layout: getComputedStyle(layout).display,
          weight: getComputedStyle(document.querySelector('.mk-h1')!).fontWeight,
          hidden: getComputedStyle(document.querySelector('.mk-hp')!).position,
        };
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('footer a[href="/bookDemo/"]').click();
    await page.waitForURL('**/bookDemo/');
    await page.waitForFunction(() => (window as unknown as { __first?: unknown }).__first);
    // marketing.css (the page's) and forms.css (the form's) applied from the first frame: a grid, the
    // heading's weight, the anti-spam field off screen.
    expect(await page.evaluate(() => (window as unknown as { __first: unknown }).__first)).toEqual({ layout: 'grid', weight: '800', hidden: 'absolute' });
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    const formCss = await linkedCss(page);
    expect(formCss).toHaveLength(2);
    expect(formCss[1]).toContain('.mk-form-layout');
    expect(errors).toEqual([]);
    await release();
  });

  it('leave the form styles out of a page without a form: the home page', async () => {
    const { page, errors, release } = await open('/');
    const css = await linkedCss(page);
    expect(css).toHaveLength(2);
    expect(css[1]).toContain('.mk-hero');
    expect(css[1]).not.toContain('.mk-form');
    expect(errors).toEqual([]);
    await release();
  });
});
