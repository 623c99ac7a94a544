import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemorySink } from '../../../src/builder/output/sink.js';
import { buildSite } from '../../helpers/site.js';
import { repoRoot } from '../../helpers/paths.js';

// The Shifu site's built HTML (one build, in memory) against what the specification asks of it: the
// analytics services and their options on every page, the disclaimer saying what they collect, the
// questionnaire's required-field messages naming their field in both languages, and the head of the
// duplicate /book-demo/ route and of the thank-you page.

let sink: MemorySink;

beforeAll(async () => {
  ({ sink } = await buildSite(path.join(repoRoot, 'site.config.ts')));
}, 180_000);

const html = (file: string) => {
  const text = sink.read(file);
  if (text === undefined) throw new Error(`not built: ${file}`);
  return text;
};
const payloadOf = (file: string) =>
  JSON.parse(/<script id="__SITEGEN_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html(file))![1]) as {
    chrome: { analytics?: unknown };
    page: { strings?: Record<string, string> };
  };
/** The visible text of a page, tags removed. */
const textOf = (file: string) =>
  html(file)
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('analytics', () => {
  it('every kind of page in both locales turns on the page-view tracker (anonymised IP, one id), the heat maps and the Chinese service', () => {
    const pages = ['index.html', 'docs/introduction/index.html', 'technical-blogs/2022/06/08/kubeedge/index.html', 'bookDemo/index.html', 'search/index.html', '404.html'];
    for (const file of [...pages, ...pages.map((p) => `zh-Hans/${p}`)]) {
      expect(payloadOf(file).chrome.analytics, file).toEqual({
        gtag: { trackingID: expect.stringMatching(/^G-[A-Z0-9]{10}$/), anonymizeIP: true },
        hotjar: { applicationId: expect.stringMatching(/^[0-9]{6,8}$/) },
        baidu: { siteId: expect.stringMatching(/^[0-9a-f]{32}$/) },
      });
    }
  });

  it('the disclaimer says what is collected and that Do Not Track and Global Privacy Control turn it off, in both languages', () => {
    const en = textOf('disclaimer/index.html');
    expect(en).toContain('Visit statistics');
    for (const phrase of [
      'Google Analytics',
      'last part of your IP address removed',
      'Hotjar',
      'heat maps',
      'Baidu Tongji',
      'address of each page you open',
      'cookies',
      'Do Not Track',
      'Global Privacy Control',
    ]) {
      expect(en).toContain(phrase);
    }
    const zh = textOf('zh-Hans/disclaimer/index.html');
    expect(zh).toContain('访问统计');
    for (const phrase of ['Google Analytics', 'IP 地址', 'Hotjar', '热力图', '百度统计', 'Cookie', 'Do Not Track', 'Global Privacy Control']) expect(zh).toContain(phrase);
  });
});

describe('questionnaire field messages', () => {
  const required = {
    name: ['Name is required', '请填写您的称呼'],
    phone: ['Phone number is required', '请填写电话号码'],
    email: ['Email address is required', '请填写电子邮箱地址'],
    company: ['Company/organization is required', '请填写公司/组织名称'],
  };

  it('name the field in Chinese: the page carries them with its strings', () => {
    for (const file of ['zh-Hans/bookDemo/index.html', 'zh-Hans/subscribe/index.html']) {
      const strings = payloadOf(file).page.strings ?? {};
      for (const [field, [, zh]] of Object.entries(required)) expect(strings[`form.error.required.${field}`], `${file} ${field}`).toBe(zh);
      expect(strings['form.error.choice']).toBe('请选出最符合您情况的选项');
      expect(strings['form.error.phone']).toBe('请输入正确的电话号码');
      expect(strings['form.error.email']).toBe('请输入正确的电子邮箱地址');
    }
  });

  it("name the field in English: the booking page's own code holds them", () => {
    const preloads = [...html('bookDemo/index.html').matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => m[1]);
    const code = preloads.map((p) => sink.read(p) ?? '').join('\n');
    for (const [en] of Object.values(required)) expect(code).toContain(en);
    for (const en of ['Please select the best option for you', 'Please enter the correct phone number', 'Please enter the correct Email address']) expect(code).toContain(en);
    // ...and the docs pages do not load them.
    const docs = [...html('docs/introduction/index.html').matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => sink.read(m[1]) ?? '').join('\n');
    expect(docs).not.toContain('Name is required');
  });
});

describe('docs breadcrumbs', () => {
  it("start with a home link to the locale's home page, which the site has", () => {
    expect(html('docs/introduction/index.html')).toMatch(/<a href="\/" aria-label="Home page" class="clean-btn breadcrumbs__link">/);
    expect(html('zh-Hans/docs/introduction/index.html')).toMatch(/<a href="\/zh-Hans\/" aria-label="[^"]+" class="clean-btn breadcrumbs__link">/);
    expect(sink.read('index.html')).toBeDefined();
  });
});

describe('docs sidebar', () => {
  it('has the button that hides it (themeConfig.docs.sidebar.hideable: true)', () => {
    expect(html('docs/introduction/index.html')).toContain('<button type="button" class="sidebar-collapse" title="Collapse sidebar"');
  });
});

describe('head of the duplicate and the thank-you routes', () => {
  it('/book-demo/ names /bookDemo/ as its canonical address, in both locales, and stays out of the sitemap', () => {
    expect(html('book-demo/index.html')).toContain('<link rel="canonical" href="https://shifu.dev/bookDemo/">');
    expect(html('zh-Hans/book-demo/index.html')).toContain('<link rel="canonical" href="https://shifu.dev/zh-Hans/bookDemo/">');
    expect(html('bookDemo/index.html')).toContain('<link rel="canonical" href="https://shifu.dev/bookDemo/">');
    const sitemap = html('sitemap.xml');
    expect(sitemap).not.toContain('/book-demo/');
    expect(sitemap).toContain('<loc>https://shifu.dev/bookDemo/</loc>');
  });

  it('/thanks/ is noindex, in both locales, and stays out of the sitemap', () => {
    for (const file of ['thanks/index.html', 'zh-Hans/thanks/index.html']) {
      expect(html(file).match(/<meta name="robots"[^>]*>/g), file).toEqual(['<meta name="robots" content="noindex">']);
    }
    expect(html('bookDemo/index.html')).toContain('<meta name="robots" content="index, follow">');
    expect(html('sitemap.xml')).not.toContain('/thanks/');
  });
});
