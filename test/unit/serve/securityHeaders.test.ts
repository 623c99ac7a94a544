import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';
import { contentSecurityPolicy, securityHeaders } from '../../../src/builder/serve/securityHeaders.js';

// The policy `sitegen serve` sends, derived from the config: pinned, since hosts and pages copy it.

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('security headers', () => {
  it('allows only the site itself to run script and receive requests, and only itself to frame it', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; frame-src 'self' https:; " +
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
    expect(gtag['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(gtag['connect-src']).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
    const all = directives(contentSecurityPolicy({ analytics: { gtag: { trackingID: 'G-1', anonymizeIP: true }, hotjar: { applicationId: '1' }, baidu: { siteId: 'b' } } }));
    expect(all['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://*.hotjar.com', 'https://*.hotjar.io', 'https://hm.baidu.com', 'https://hmcdn.baidu.com']);
    expect(all['connect-src']).toContain('wss://*.hotjar.com');
    expect(all['connect-src']).toContain('https://hm.baidu.com');
    expect(all['font-src']).toEqual(["'self'", 'data:', 'https://*.hotjar.com']);
  });

  it('lets the pages post to a forms endpoint on another origin', () => {
    expect(directives(contentSecurityPolicy({ forms: { endpoint: 'https://forms.example.com/api/forms' } }))['connect-src']).toEqual(["'self'", 'https://forms.example.com']);
    expect(directives(contentSecurityPolicy({ forms: { endpoint: '/api/forms' } }))['connect-src']).toEqual(["'self'"]);
  });

  it('is the policy the README gives for other hosts', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/default-src [^"\n]+/g)].map((m) => m[0]);
    expect(shown).toHaveLength(3);
    for (const policy of shown) expect(policy).toBe(contentSecurityPolicy());
  });
});
