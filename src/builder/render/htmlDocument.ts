import type { PageData } from '../../shared/types.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { SiteConfig } from '../config/schema.js';

export interface ClientAssets {
  js: string;
  css: string[];
  /** Chunks the entry imports statically: preloaded to save a round trip. */
  preload: string[];
  /** React page key → its chunk and the chunks it imports. */
  pageChunks: Record<string, string[]>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: nothing may close the tag or start a comment. */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export interface InlinePayload {
  page: PageData;
  chrome: SiteChrome;
  sidebarUrl?: string;
  /** The sidebar itself on first load, so hydration needs no extra request. */
  sidebar?: import('../../shared/types.js').SidebarItem[];
  /** The inline sidebar leaves out closed categories' items; the whole one is at sidebarUrl. */
  sidebarPruned?: boolean;
}

/** The full HTML document of one route around the React markup. */
export function htmlDocument(params: { config: SiteConfig; page: PageData; chrome: SiteChrome; appHtml: string; assets: ClientAssets; payload: InlinePayload; htmlLang: string; dir: string; extraHead?: string }): string {
  const { config, page, assets } = params;
  const head = page.head;
  const abs = (u: string) => (/^https?:/.test(u) ? u : config.url + u);
  const meta: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="sitegen">`,
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:url" content="${escapeHtml(abs(head.canonical))}">`,
    `<meta property="og:locale" content="${escapeHtml(params.htmlLang.replace('-', '_'))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<link rel="canonical" href="${escapeHtml(abs(head.canonical))}">`,
  ];
  if (head.description) {
    meta.push(`<meta name="description" content="${escapeHtml(head.description)}">`, `<meta property="og:description" content="${escapeHtml(head.description)}">`);
  }
  if (head.keywords?.length) meta.push(`<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}">`);
  if (head.image) meta.push(`<meta property="og:image" content="${escapeHtml(abs(head.image))}">`, `<meta name="twitter:image" content="${escapeHtml(abs(head.image))}">`);
  meta.push(`<meta name="robots" content="${head.noindex || config.noIndex ? 'noindex, nofollow' : 'index, follow'}">`);
  for (const alt of head.alternates) meta.push(`<link rel="alternate" href="${escapeHtml(abs(alt.href))}" hreflang="${escapeHtml(alt.htmlLang)}">`);
  const xDefault = head.alternates.find((a) => a.locale === config.i18n.defaultLocale);
  if (xDefault) meta.push(`<link rel="alternate" href="${escapeHtml(abs(xDefault.href))}" hreflang="x-default">`);
  for (const m of config.themeConfig.metadata) {
    meta.push(`<meta ${Object.entries(m).map(([k, v]) => `${k}="${escapeHtml(v)}"`).join(' ')}>`);
  }
  if (config.favicon) meta.push(`<link rel="icon" href="${escapeHtml(/^[a-z]+:/i.test(config.favicon) ? config.favicon : config.baseUrl + config.favicon.replace(/^\//, ''))}">`);
  for (const css of assets.css) meta.push(`<link rel="stylesheet" href="${css}">`);
  meta.push(`<link rel="modulepreload" href="${assets.js}">`);
  const pageChunks = page.content.kind === 'componentPage' ? assets.pageChunks[page.content.component] ?? [] : [];
  for (const p of new Set([...assets.preload, ...pageChunks])) meta.push(`<link rel="modulepreload" href="${p}">`);
  if (params.extraHead) meta.push(params.extraHead);
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(params.htmlLang)}" dir="${params.dir}">` +
    `<head>${meta.join('')}</head>` +
    `<body><div id="__sitegen">${params.appHtml}</div>` +
    `<script id="__SITEGEN_DATA__" type="application/json">${safeJson(params.payload)}</script>` +
    `<script type="module" src="${assets.js}"></script>` +
    `</body></html>`
  );
}
