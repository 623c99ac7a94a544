import type { SiteConfig } from '../../builder/config/schema.js';
import { baseUrlBannerCspSource } from '../../builder/render/baseUrlBanner.js';

// The security headers `sitegen serve` sends with every response, and the Content-Security-Policy
// they carry, derived from the config: scripts only from the site and the analytics services it
// turns on (and the hosts of the config's `scripts` and `headTags`; `stylesheets`, `headTags` and the
// stylesheets' `@import`s likewise for styles and fonts), requests only to the site, those services
// and the forms endpoint, and the site framed only by itself; `serve.csp` adds the site's own
// sources to any directive (what its code fetches), and a violation is reported to `reportUri`. The pages run one inline script, the home pages' wrong-base-url banner, allowed by
// its hash (the same on every site); their data is a `type="application/json"` block, which CSP does
// not apply to. README.md shows the same headers for other hosts.

export type SecurityHeaderSettings = Partial<Pick<SiteConfig, 'analytics' | 'baseUrlIssueBanner' | 'scripts' | 'stylesheets' | 'headTags' | 'serve'>> & {
  forms?: Pick<SiteConfig['forms'], 'endpoint'>;
  /** What the build's stylesheets load from other hosts (siteStylesheetSources.ts): `@import`ed stylesheets and fonts. */
  stylesheetSources?: { style: string[]; font: string[] };
  /** Where the browser reports a violation (`sitegen serve`'s cspReports.ts); none: no report. */
  reportUri?: string;
};

/** Hosts each analytics service loads its script from and sends to (the vendors' own CSP guides). */
const ANALYTICS: Record<keyof SiteConfig['analytics'], { script: string[]; connect: string[]; font?: string[] }> = {
  gtag: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  hotjar: {
    script: ['https://*.hotjar.com', 'https://*.hotjar.io'],
    connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    font: ['https://*.hotjar.com'],
  },
  baidu: { script: ['https://hm.baidu.com', 'https://hmcdn.baidu.com'], connect: ['https://hm.baidu.com'] },
};

export function contentSecurityPolicy(settings: SecurityHeaderSettings = {}): string {
  // The banner is on unless the config turns it off (`baseUrlIssueBanner: false`).
  const script = settings.baseUrlIssueBanner === false ? ["'self'"] : ["'self'", baseUrlBannerCspSource()];
  const connect = ["'self'"];
  const font = ["'self'", 'data:'];
  for (const [name, hosts] of Object.entries(ANALYTICS) as [keyof typeof ANALYTICS, (typeof ANALYTICS)[keyof typeof ANALYTICS]][]) {
    if (!settings.analytics?.[name]) continue;
    script.push(...hosts.script);
    connect.push(...hosts.connect);
    font.push(...(hosts.font ?? []));
  }
  const formsOrigin = originOf(settings.forms?.endpoint);
  if (formsOrigin) connect.push(formsOrigin);
  // The config's `scripts` and `stylesheets` on other hosts are allowed from those hosts.
  const style = ["'self'", "'unsafe-inline'"];
  for (const s of settings.scripts ?? []) script.push(...[originOf(typeof s === 'string' ? s : s.src)].filter((o): o is string => Boolean(o)));
  for (const s of settings.stylesheets ?? []) style.push(...[originOf(typeof s === 'string' ? s : s.href)].filter((o): o is string => Boolean(o)));
  // The hosts its headTags load scripts, stylesheets and fonts from, and those its stylesheets @import.
  const fromHead = headTagSources(settings.headTags ?? []);
  script.push(...fromHead.script);
  style.push(...fromHead.style, ...(settings.stylesheetSources?.style ?? []));
  font.push(...fromHead.font, ...(settings.stylesheetSources?.font ?? []));
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    // Inline style attributes are common in markdown and analytics widgets; they cannot run script.
    ['style-src', style],
    // Content may show images, media and embeds (videos, forms) from other https hosts.
    ['img-src', ["'self'", 'data:', 'https:']],
    ['media-src', ["'self'", 'https:']],
    ['frame-src', ["'self'", 'https:']],
    ['font-src', font],
    ['connect-src', connect],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  // The site's own additions (`serve.csp`), each to its directive (one the list lacks is added).
  for (const [name, extra] of Object.entries(settings.serve?.csp ?? {})) {
    const found = directives.find(([n]) => n === name);
    if (found) found[1].push(...(extra ?? []));
    else directives.push([name, ["'self'", ...(extra ?? [])]]);
  }
  if (settings.reportUri) directives.push(['report-uri', [settings.reportUri]]);
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

export function securityHeaders(settings: SecurityHeaderSettings = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** The hosts the config's headTags load from: `<script src>`, `<link rel="stylesheet" href>`, `<link rel="preload" as="font" href>`. */
function headTagSources(tags: SiteConfig['headTags']): { script: string[]; style: string[]; font: string[] } {
  const out = { script: [] as string[], style: [] as string[], font: [] as string[] };
  for (const tag of tags) {
    const a = tag.attributes as Record<string, unknown>;
    const rel = String(a.rel ?? '').toLowerCase();
    const origin = originOf(String(a.src ?? a.href ?? ''));
    if (!origin) continue;
    if (tag.tagName === 'script') out.script.push(origin);
    else if (tag.tagName === 'link' && rel === 'stylesheet') out.style.push(origin);
    else if (tag.tagName === 'link' && (rel === 'preload' || rel === 'prefetch') && a.as === 'font') out.font.push(origin);
  }
  return out;
}

/** The origin of an absolute http(s) endpoint; undefined for a path on the site itself. */
function originOf(endpoint: string | undefined): string | undefined {
  if (!endpoint || !/^https?:\/\//i.test(endpoint)) return undefined;
  try {
    return new URL(endpoint).origin;
  } catch {
    return undefined;
  }
}
