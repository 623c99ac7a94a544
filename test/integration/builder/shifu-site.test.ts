import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBuilt, sharedBuild, shifuConfig, type SharedBuild } from '../../helpers/sharedBuild.js';
import { repoRoot } from '../../helpers/paths.js';
import { formWords } from '../../../content/pages/_forms/words.js';
import { questionnaireChoices } from '../../../content/pages/_forms/schemas.js';

// The Shifu site's built HTML (the run's shared build of it, test/helpers/sharedBuild.ts, which the
// browser tests read too: a build of the current sources like any other) against what the specification asks of it: the
// analytics services and their options on every page, the disclaimer saying what they collect, the
// forms' labels and options in both languages, and the head of the
// duplicate /book-demo/ route and of the thank-you page.

let built: SharedBuild;

beforeAll(async () => {
  built = await sharedBuild(shifuConfig);
}, 180_000);

const read = (file: string) => readBuilt(built, file);

describe('the build', () => {
  // The site follows the spec (broken markdown links and anchors only warn: its config leaves
  // onBrokenMarkdownLinks and onBrokenAnchors at 'warn'); CI stays strict here instead.
  it('has no warning at all: a broken markdown link or anchor, or anything else, fails this test', () => {
    expect(built.warnings.map((w) => `${w.file ?? ''}:${w.line ?? ''} ${w.message}`)).toEqual([]);
  });

  it("leaves broken markdown links and anchors at the spec's 'warn', and a broken page link at 'throw'", async () => {
    const config = (await import(path.join(repoRoot, 'site.config.ts'))).default as Record<string, unknown>;
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenMarkdownLinks).toBeUndefined();
    expect(config.onBrokenAnchors).toBeUndefined();
  });
});

const html = (file: string) => {
  const text = read(file);
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

describe('form words on the pages', () => {
  // Labels, options and field errors come from one module (content/pages/_forms/words.ts), which the
  // receiver's mails and the export read too (test/integration/server/forms/words.test.ts).
  const unescape = (t: string) =>
    t
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  const labelOf = (page: string, id: string) => unescape(new RegExp(`<label for="${id}" class="mk-label">([^<]*)<`).exec(html(page))?.[1] ?? '');
  const optionsOf = (page: string, field: string) =>
    [...html(page).matchAll(new RegExp(`<input type="radio" name="${field}"[^>]* value="([^"]+)"/><span>([^<]*)</span>`, 'g'))].map((m) => [m[1], unescape(m[2])]);

  it('label each field with its name (or its question) and each option with its label, in both languages', () => {
    for (const [locale, prefix] of [
      ['en', ''],
      ['zh-Hans', 'zh-Hans/'],
    ] as const) {
      const words = formWords[locale];
      const page = `${prefix}bookDemo/index.html`;
      expect(labelOf(page, 'name'), page).toBe(words.questions.name);
      for (const field of ['phone', 'email', 'company'] as const) expect(labelOf(page, field), `${page} ${field}`).toBe(words.fields[field]);
      expect(labelOf(`${prefix}subscribe/index.html`, 'email')).toBe(words.fields.email);
      for (const field of ['problem', 'familiarity', 'source'] as const) {
        expect(optionsOf(page, field), `${page} ${field}`).toEqual(questionnaireChoices[field].map((v) => [v, (words.choices[field] as Record<string, string>)[v]]));
        expect(html(page)).toContain(`<legend class="mk-label">${words.questions[field]}`);
      }
    }
  });

  it("carry the words in the booking page's own code, and the docs pages do not load them", () => {
    const preloads = [...html('bookDemo/index.html').matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => m[1]);
    const code = preloads.map((p) => read(p) ?? '').join('\n');
    // The bundle writes other scripts as \\u escapes.
    const escaped = (t: string) => t.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    for (const words of Object.values(formWords)) for (const text of [...Object.values(words.fields), words.required, words.invalid]) expect(code).toContain(escaped(text));
    expect(code).toContain('Please select the best option for you');
    const docs = [...html('docs/introduction/index.html').matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => read(m[1]) ?? '').join('\n');
    expect(docs).not.toContain('Company or organisation');
  });
});

describe('the site version', () => {
  it("is in the footer of every kind of page, in both locales, from the config's siteVersion (spec §1: 0.3.0)", async () => {
    const config = (await import(path.join(repoRoot, 'site.config.ts'))).default as { customFields: { siteVersion: string } };
    expect(config.customFields.siteVersion).toBe('0.3.0');
    const pages = ['index.html', 'docs/introduction/index.html', 'news/index.html', 'bookDemo/index.html', 'search/index.html', '404.html'];
    for (const file of [...pages, ...pages.map((p) => `zh-Hans/${p}`)]) {
      const footer = /<footer[\s\S]*<\/footer>/.exec(html(file))?.[0] ?? '';
      expect(footer, file).toContain('<span class="footer-link footer-version" translate="no">shifu.dev v0.3.0</span>');
    }
  });
});

describe('docs breadcrumbs', () => {
  it("start with a home link to the locale's home page, which the site has", () => {
    expect(html('docs/introduction/index.html')).toMatch(/<a href="\/" aria-label="Home page" class="clean-btn breadcrumbs__link">/);
    expect(html('zh-Hans/docs/introduction/index.html')).toMatch(/<a href="\/zh-Hans\/" aria-label="[^"]+" class="clean-btn breadcrumbs__link">/);
    expect(read('index.html')).toBeDefined();
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
