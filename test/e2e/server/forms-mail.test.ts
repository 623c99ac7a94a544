import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { build } from '../../../src/builder/build.js';
import { startServe } from '../../../src/cli/serve.js';
import { readSubmissions, readSubscribers } from '../../../src/server/forms/index.js';
import { repoRoot } from '../../helpers/paths.js';
import { launchBrowser, watchConsole, ANALYTICS_HOSTS } from '../../helpers/browser.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';

// The Shifu site's forms in Chromium against `sitegen serve` (its pages only, both languages) with a
// real SMTP server on loopback: the questionnaire and the subscription are submitted, the delivered
// mails read, the confirmation link in one followed in the browser to its landing page, and the
// unsubscribe page used. A page on another origin (a second loopback port) posting to the receiver
// gets 403 and nothing is stored; the site's own pages, with or without a script, still post.

let browser: Browser;
let smtp: TestSmtp;
let server: http.Server;
let stranger: http.Server;
let origin = '';
let strangerOrigin = '';
let tmp = '';
let dataDir = '';

async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-forms-mail-'));
  dataDir = path.join(tmp, 'forms');
  smtp = await startSmtp();
  process.env.E2E_SMTP_URL = smtp.url;
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // The Shifu config with its pages only (no docs, blogs or doc links), its url this server, mail to the test SMTP server.
  const configFile = path.join(tmp, 'site.config.ts');
  fs.writeFileSync(
    configFile,
    `import shifu from ${JSON.stringify(path.join(repoRoot, 'site.config.ts'))};
const { docs, blogs, ...rest } = shifu;
export default {
  ...rest,
  siteDir: ${JSON.stringify(repoRoot)},
  url: ${JSON.stringify(origin)},
  docs: false,
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  themeConfig: { ...shifu.themeConfig, navbar: { ...shifu.themeConfig.navbar, items: shifu.themeConfig.navbar.items.filter((i) => i.type !== 'doc' && i.type !== 'docSidebar') } },
  forms: { ...shifu.forms, dataDir: ${JSON.stringify(dataDir)}, mail: { ...shifu.forms.mail, transport: 'E2E_SMTP_URL', teamTo: ['team@shifu.test'] } },
};`,
  );
  const outDir = path.join(tmp, 'build');
  await build({ configFile, outDir });
  server = await startServe({ dir: outDir, port: String(port), host: '127.0.0.1', config: configFile });
  stranger = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html lang="en"><head><title>Another site</title></head><body>
<form method="post" action="${origin}/api/forms/subscribe"><input name="email" value="victim@example.com"><button>Win a prize</button></form>
</body></html>`);
  });
  await new Promise<void>((r) => stranger.listen(0, '127.0.0.1', r));
  strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await new Promise((r) => stranger?.close(r));
  await smtp?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A page that may reach only the two loopback servers. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const console = watchConsole(page);
  // This build leaves the blogs out: prefetches of the blog pages the confirmation and subscribe pages
  // link to are the 404s allowed (any other stays in `errors`).
  const missing: string[] = [];
  page.on('response', (r) => void (r.status() === 404 && missing.push(new URL(r.url()).pathname)));
  const errors: string[] = [];
  // The analytics vendors' scripts (the Shifu config has them) are answered empty; anything else
  // outside the two servers is refused.
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith(strangerOrigin)) return route.continue();
    if (ANALYTICS_HOSTS.test(url)) return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    return route.abort();
  });
  await page.goto(url);
  return {
    page,
    get errors() {
      errors.length = 0;
      errors.push(...console.errors.filter((e) => !/status of 404/.test(e)), ...missing.filter((p) => !/^\/(zh-Hans\/)?(news|technical-blogs|case-studies)\//.test(p)).map((p) => `404 ${p}`));
      return errors;
    },
  };
}

/** Closes a page without waiting for route handlers still running (a close waiting on them can hang). */
async function close(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
}

const hydrated = (page: Page) => page.waitForFunction(() => document.querySelector('#__sitegen')?.hasAttribute('data-hydrated'));

describe('forms with mail, in Chromium against sitegen serve', { timeout: 120_000 }, () => {
  it('books a demo from the Chinese page: the visitor gets a Chinese confirmation, the team every answer', async () => {
    const opened = await open(`${origin}/zh-Hans/bookDemo/`);
    const { page } = opened;
    await hydrated(page);
    await page.fill('#name', '李雷');
    await page.fill('#phone', '+86 138 0013 8000');
    await page.fill('#email', 'lilei@example.com');
    await page.fill('#company', '示例科技');
    for (const value of ['device-connection', 'some-knowledge', 'social-media']) await page.check(`input[value="${value}"]`);
    expect(await page.getByText('提交后，一封确认您预约请求的邮件会发送到您填写的邮箱').count()).toBe(1);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/forms/questionnaire'));
    await page.getByRole('button', { name: '提交预约' }).click();
    expect((await response).status()).toBe(201);
    await page.waitForURL(`${origin}/zh-Hans/thanks/`);
    expect(await page.getByText('一封确认您预约请求的邮件正在发往您的邮箱。').count()).toBe(1);
    const mails = await smtp.waitFor(2);
    const visitor = mails.find((m) => m.envelopeTo[0] === 'lilei@example.com')!;
    expect(visitor.mail.subject).toBe('已收到您的 Shifu 演示预约，我们会通过邮件确认时间');
    // The options the reader chose, as the form showed them: in Chinese to the visitor, in English to the team.
    for (const line of ['希望解决的问题: 设备接入', 'Docker 与 Kubernetes 熟悉程度: 有一定了解', '了解渠道: 社交媒体（知乎、微信、CSDN、X 等）', '公司或组织: 示例科技'])
      expect(visitor.mail.text).toContain(line);
    const team = mails.find((m) => m.envelopeTo[0] === 'team@shifu.test')!;
    for (const line of ['Problem to solve: Device connection', 'Docker and Kubernetes: I have some knowledge of them', 'Heard of Shifu through: Social media (Hacker News, X, Reddit, WeChat...)'])
      expect(team.mail.text).toContain(line);
    for (const code of ['device-connection', 'some-knowledge', 'social-media']) expect(`${visitor.mail.text} ${team.mail.text}`).not.toContain(code);
    expect(team.mail.text).toContain('示例科技');
    expect(team.mail.text).toContain('Page language: zh-Hans');
    expect(readSubmissions({ dataDir, form: 'questionnaire' }).records[0].locale).toBe('zh-Hans');
    expect(opened.errors).toEqual([]);
    await close(page);
  });

  it('subscribes, follows the confirmation link from the mail, then unsubscribes on the page the mail links to', async () => {
    smtp.delivered.length = 0;
    const opened = await open(`${origin}/subscribe/`);
    const { page } = opened;
    await hydrated(page);
    await page.fill('#email', 'reader@example.com');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check your inbox' }).count()).toBe(1);
    expect(await page.getByText('A mail is on its way to reader@example.com.').count()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail.mail.subject).toBe('Please confirm your subscription to Shifu news');
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('pending');

    // The link from the HTML part, followed in the browser.
    const confirm = /href="([^"]+\/confirm\?t=[^"]+)"/.exec(mail.mail.html as string)![1].replace(/&amp;/g, '&');
    expect(confirm.startsWith(`${origin}/api/forms/subscribe/confirm?t=`)).toBe(true);
    await page.goto(confirm);
    expect(page.url()).toBe(`${origin}/subscribe/confirmed/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your subscription is confirmed');
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('confirmed');
    // Used once: the second time lands on the page that offers a new link.
    await page.goto(confirm);
    expect(page.url()).toBe(`${origin}/subscribe/expired/`);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`${origin}/subscribe/`);

    // The unsubscribe link opens a page that asks; the button unsubscribes.
    const unsubscribe = /href="([^"]+\/unsubscribe\?t=[^"]+)"/.exec(mail.mail.html as string)![1].replace(/&amp;/g, '&');
    await page.goto(unsubscribe);
    expect(page.url().startsWith(`${origin}/subscribe/unsubscribe/?t=`)).toBe(true);
    await hydrated(page);
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('confirmed');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'You are unsubscribed' }).count()).toBe(1);
    expect(readSubscribers(dataDir, 'subscribe').get('reader@example.com')?.state).toBe('unsubscribed');
    expect(opened.errors).toEqual([]);
    await close(page);
  });

  it('refuses a post from a page of another origin with 403 and stores nothing; own pages post with or without a script', async () => {
    const before = readSubmissions({ dataDir, form: 'subscribe' }).records.length;
    const { page } = await open(`${strangerOrigin}/`);
    const refused = page.waitForResponse((r) => r.url() === `${origin}/api/forms/subscribe`);
    await page.getByRole('button', { name: 'Win a prize' }).click();
    expect((await refused).status()).toBe(403);
    // A script on that page tries too, with a request the browser sends without asking (no-cors).
    const scripted = page.waitForResponse((r) => r.url() === `${origin}/api/forms/subscribe` && r.request().method() === 'POST');
    await page.goto(`${strangerOrigin}/`);
    await page.evaluate(
      (url) => void fetch(url, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'email=victim2%40example.com' }),
      `${origin}/api/forms/subscribe`,
    );
    expect((await scripted).status()).toBe(403);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records.length).toBe(before);

    // The site's own page, a form posted without a script (url-encoded navigation).
    await page.goto(`${origin}/subscribe/`);
    const own = page.waitForResponse((r) => r.url() === `${origin}/api/forms/subscribe`);
    await page.evaluate((url) => {
      const form = Object.assign(document.createElement('form'), { method: 'post', action: url });
      form.append(Object.assign(document.createElement('input'), { name: 'email', value: 'plain@example.com' }));
      document.body.append(form);
      form.submit();
    }, `${origin}/api/forms/subscribe`);
    expect((await own).status()).toBe(201);
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records.map((r) => r.data.email)).toContain('plain@example.com');
    expect(readSubmissions({ dataDir, form: 'subscribe' }).records.map((r) => r.data.email)).not.toContain('victim@example.com');
    await close(page);
  });
});
