import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/paths.js';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, securityHeaders } from '../../../../src/server/serve/securityHeaders.js';
import { baseUrlBannerTag } from '../../../../src/builder/render/baseUrlBanner.js';

/** The one inline script the pages run: the home pages' wrong-base-url banner, allowed by its hash. */
const BANNER = "'sha256-O8VHgxrHf5QiSryhW9oZhfbzm1+PsLKZXGI5LE9hYuU='";

// The policy `sitegen serve` sends, derived from the config: pinned, since hosts and pages copy it.

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  it('allows only the site itself to run script and receive requests, and only itself to frame it', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self' 'sha256-O8VHgxrHf5QiSryhW9oZhfbzm1+PsLKZXGI5LE9hYuU='; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; frame-src 'self' https:; " +
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
    expect(securityHeaders()).toEqual({
      'Content-Security-Policy': contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });

  it('adds the hosts of each analytics service the config turns on, and nothing for the others', () => {
    const gtag = directives(contentSecurityPolicy({ analytics: { gtag: { trackingID: 'G-1', anonymizeIP: true } } }));
    expect(gtag['script-src']).toEqual(["'self'", BANNER, 'https://*.googletagmanager.com']);
    expect(gtag['connect-src']).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    const all = directives(contentSecurityPolicy({ analytics: { gtag: { trackingID: 'G-1', anonymizeIP: true }, hotjar: { applicationId: '1' }, baidu: { siteId: 'b' } } }));
    expect(all['script-src']).toEqual(["'self'", BANNER, 'https://*.googletagmanager.com', 'https://*.hotjar.com', 'https://*.hotjar.io', 'https://hm.baidu.com', 'https://hmcdn.baidu.com']);
    expect(all['connect-src']).toContain('wss://*.hotjar.com');
    expect(all['connect-src']).toContain('https://hm.baidu.com');
    expect(all['font-src']).toEqual(["'self'", 'data:', 'https://*.hotjar.com']);
  });

  it("allows the wrong-base-url banner's script by the hash of the script the home pages carry, the same on every site, and not when the config turns the banner off", () => {
    for (const [siteBaseUrl, localeBaseUrl] of [
      ['/', '/'],
      ['/docs-site/', '/docs-site/zh-Hans/'],
    ]) {
      const script = /<script[^>]*>(.*)<\/script>/s.exec(baseUrlBannerTag({ siteBaseUrl, localeBaseUrl }))![1];
      expect(`'sha256-${createHash('sha256').update(script).digest('base64')}'`).toBe(BANNER);
    }
    expect(directives(contentSecurityPolicy({ baseUrlIssueBanner: false }))['script-src']).toEqual(["'self'"]);
  });

  it('lets the pages post to a forms endpoint on another origin', () => {
    expect(directives(contentSecurityPolicy({ forms: { endpoint: 'https://forms.example.com/api/forms' } }))['connect-src']).toEqual(["'self'", 'https://forms.example.com']);
    expect(directives(contentSecurityPolicy({ forms: { endpoint: '/api/forms' } }))['connect-src']).toEqual(["'self'"]);
  });

  it("allows the hosts of the headTags' scripts, stylesheets and fonts, the stylesheets' imports, and serve.csp's sources", () => {
    const all = directives(
      contentSecurityPolicy({
        headTags: [
          { tagName: 'script', attributes: { src: 'https://cdn.calendar.example/embed.js' } },
          { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://cdn.calendar.example/embed.css' } },
          { tagName: 'link', attributes: { rel: 'preload', as: 'font', href: 'https://fonts.example/a.woff2' } },
          { tagName: 'meta', attributes: { name: 'x', content: 'https://not.a.source' } },
        ],
        stylesheetSources: { style: ['https://fonts.googleapis.com'], font: ['https://fonts.gstatic.com'] },
        serve: { csp: { 'connect-src': ['https://api.example.com'], 'worker-src': ['blob:'] } },
        reportUri: '/__sitegen/csp-report',
      }),
    );
    expect(all['script-src']).toEqual(["'self'", BANNER, 'https://cdn.calendar.example']);
    expect(all['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.calendar.example', 'https://fonts.googleapis.com']);
    expect(all['font-src']).toEqual(["'self'", 'data:', 'https://fonts.example', 'https://fonts.gstatic.com']);
    expect(all['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(all['worker-src']).toEqual(["'self'", 'blob:']);
    expect(all['report-uri']).toEqual(['/__sitegen/csp-report']);
  });

  it('is the policy the README gives for other hosts', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/default-src [^"\n]+/g)].map((m) => m[0]);
    expect(shown).toHaveLength(3);
    for (const policy of shown) expect(policy).toBe(contentSecurityPolicy());
  });
});
