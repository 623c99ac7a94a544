import type { HeadMeta, PageData, PagePayload, SidebarItem } from '../../shared/types.js';
import { htmlClassName } from '../../shared/htmlClasses.js';
import type { SiteChrome } from '../../shared/navbar.js';
import type { SiteConfig } from '../config/schema.js';
import type { HeadCollector } from '../../shared/siteState.js';
import { absoluteUrl, routeToDataFile, routeToFile, staticUrl } from '../../shared/url.js';
import { baseUrlBannerTag } from './baseUrlBanner.js';
import { prismThemeCss, type PrismTheme } from './prismTheme.js';
import { siteHeadHtml } from './siteHead.js';

/** What of the config a page's document is made with: plain data, so that a worker thread can have it. */
export type DocumentSettings = Pick<SiteConfig, 'url' | 'baseUrl' | 'trailingSlash' | 'title' | 'titleDelimiter' | 'noIndex' | 'favicon' | 'baseUrlIssueBanner'> & {
  i18n: Pick<SiteConfig['i18n'], 'defaultLocale'>;
  themeConfig: Pick<SiteConfig['themeConfig'], 'metadata'>;
  /** The CSS of themeConfig.prism's themes (prismTheme.ts), when the site sets them. */
  prismCss?: string;
  /** headTags, stylesheets and scripts of the config (siteHead.ts), when it has some. */
  siteHead?: string;
  /** Docusaurus plugins' injectHtmlTags by locale, as HTML: head, start of body, end of body. */
  htmlTags?: Record<string, { head: string; preBody: string; postBody: string }>;
};

export function documentSettings(c: SiteConfig, htmlTags?: DocumentSettings['htmlTags']): DocumentSettings {
  return {
    ...(htmlTags ? { htmlTags } : {}),
    url: c.url,
    baseUrl: c.baseUrl,
    trailingSlash: c.trailingSlash,
    title: c.title,
    titleDelimiter: c.titleDelimiter,
    noIndex: c.noIndex,
    favicon: c.favicon,
    baseUrlIssueBanner: c.baseUrlIssueBanner,
    i18n: { defaultLocale: c.i18n.defaultLocale },
    themeConfig: { metadata: c.themeConfig.metadata },
    ...(siteHeadHtml(c) ? { siteHead: siteHeadHtml(c) } : {}),
    ...(c.themeConfig.prism ? { prismCss: prismThemeCss({ theme: c.themeConfig.prism.theme as PrismTheme | undefined, darkTheme: c.themeConfig.prism.darkTheme as PrismTheme | undefined }) } : {}),
  };
}

export interface ClientAssets {
  js: string;
  css: string[];
  /** What pages of a right-to-left locale link instead of `css` (Infima's RTL build), when the site has such a locale. */
  cssRtl?: string[];
  /** Chunks the entry imports statically: preloaded to save a round trip. */
  preload: string[];
  /** React page key → its chunk and the chunks it imports. */
  pageChunks: Record<string, string[]>;
  /** Page kind → the chunk of its layout and the chunks that imports, for the layouts loaded on demand (theme/layouts/lazyLayouts.ts). */
  layoutChunks: Record<string, string[]>;
  /** React page key → the stylesheet of the styles its code imports (linked on its routes only). */
  pageCss: Record<string, string[]>;
  /** The entry that hydrates islands (client/islandsEntry.ts) and the chunks it imports besides the main entry's, on every page of a site whose markdown has any. */
  islands?: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: nothing may close the tag or start a comment. */
const UNSAFE: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const safeText = (json: string) => json.replace(/[<\u2028\u2029]/g, (c) => UNSAFE[c]);
const safeJson = (value: unknown) => safeText(JSON.stringify(value));

/**
 * The payload's JSON inside <script>, the text `safeJson(payload)` gives, with the chrome's part made
 * once per chrome: the chrome (navbar, UI strings, search and versions) is the same object for every
 * page of a locale and most of the payload (10 of 15 KB on a page of the versioned benchmark site,
 * whose navbar lists 12 versions); serialising and escaping it for each page was 6 % of the HTML
 * stage there (CPU profile of the build workers).
 */
const chromeJson = new WeakMap<SiteChrome, string>();
function payloadJson(payload: PagePayload, pageJson: string, sidebarJson?: string): string {
  let chrome = chromeJson.get(payload.chrome);
  if (chrome === undefined) chromeJson.set(payload.chrome, (chrome = safeJson(payload.chrome)));
  // Members in the payload's own order; JSON.stringify leaves out those that are undefined.
  const parts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    const json = key === 'chrome' ? chrome : key === 'page' ? safeText(pageJson) : key === 'sidebar' && sidebarJson !== undefined ? safeText(sidebarJson) : safeJson(value);
    parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}

/** The full HTML document of one route around the React markup. */
function htmlDocument(params: {
  config: DocumentSettings;
  page: PageData;
  chrome: SiteChrome;
  appHtml: string;
  assets: ClientAssets;
  payload: PagePayload;
  /** JSON.stringify(payload.page), which the page data holds too. */
  pageJson: string;
  /** JSON.stringify(payload.sidebar), when the caller has it. */
  sidebarJson?: string;
  htmlLang: string;
  dir: string;
  extraHead?: string;
}): string {
  const { config, page, assets } = params;
  const head = page.head;
  const abs = (u: string) => absoluteUrl(config.url, u);
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
  meta.push(`<meta name="robots" content="${config.noIndex ? 'noindex, nofollow' : escapeHtml(head.robots ?? (head.noindex ? 'noindex, nofollow' : 'index, follow'))}">`);
  for (const t of head.tags ?? []) {
    meta.push(
      `<${t.tag} ${Object.entries(t.attrs)
        .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
        .join(' ')}>`,
    );
  }
  for (const alt of head.alternates) meta.push(`<link rel="alternate" href="${escapeHtml(abs(alt.href))}" hreflang="${escapeHtml(alt.htmlLang)}">`);
  const xDefault = head.alternates.find((a) => a.locale === config.i18n.defaultLocale);
  if (xDefault) meta.push(`<link rel="alternate" href="${escapeHtml(abs(xDefault.href))}" hreflang="x-default">`);
  for (const feed of head.feeds ?? []) {
    const type = feed.type === 'rss' ? 'application/rss+xml' : feed.type === 'atom' ? 'application/atom+xml' : 'application/json';
    meta.push(`<link rel="alternate" type="${type}" href="${escapeHtml(feed.href)}" title="${escapeHtml(feed.title)}">`);
  }
  for (const m of config.themeConfig.metadata) {
    meta.push(
      `<meta ${Object.entries(m)
        .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
        .join(' ')}>`,
    );
  }
  if (config.favicon) meta.push(`<link rel="icon" href="${escapeHtml(staticUrl(config.baseUrl, config.favicon))}">`);
  const sheets = params.dir === 'rtl' && assets.cssRtl ? assets.cssRtl : assets.css;
  for (const css of [...sheets, ...pageStylesheets(page, assets)]) meta.push(`<link rel="stylesheet" href="${css}">`);
  if (config.prismCss) meta.push(`<style>${config.prismCss}</style>`);
  if (config.siteHead) meta.push(config.siteHead);
  const injected = config.htmlTags?.[params.chrome.locale];
  if (injected?.head) meta.push(injected.head);
  meta.push(`<link rel="modulepreload" href="${assets.js}">`);
  const pageChunks = page.content.kind === 'componentPage' ? (assets.pageChunks[page.content.component] ?? []) : [];
  const layoutChunks = assets.layoutChunks[page.content.kind] ?? [];
  for (const p of new Set([...assets.preload, ...layoutChunks, ...pageChunks, ...(assets.islands?.slice(1) ?? [])])) meta.push(`<link rel="modulepreload" href="${p}">`);
  if (params.extraHead) meta.push(params.extraHead);
  // Only on a locale's home page, as Docusaurus: where someone serving a build under another path looks first.
  if (config.baseUrlIssueBanner && page.route === params.chrome.baseUrl) meta.push(baseUrlBannerTag({ siteBaseUrl: params.chrome.siteBaseUrl, localeBaseUrl: params.chrome.baseUrl }));
  const htmlClass = htmlClassName(page.content);
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(params.htmlLang)}" dir="${params.dir}"${htmlClass ? ` class="${escapeHtml(htmlClass)}"` : ''}>` +
    `<head>${meta.join('')}</head>` +
    `<body>${injected?.preBody ?? ''}<div id="__sitegen">${params.appHtml}</div>` +
    `<script id="__SITEGEN_DATA__" type="application/json">${payloadJson(params.payload, params.pageJson, params.sidebarJson)}</script>` +
    `<script type="module" src="${assets.js}"></script>` +
    (assets.islands ? `<script type="module" src="${assets.islands[0]}"></script>` : '') +
    `${injected?.postBody ?? ''}</body></html>`
  );
}

/** The stylesheets of a React page's own code; none for other pages. */
function pageStylesheets(page: PageData, assets: ClientAssets): string[] {
  return page.content.kind === 'componentPage' ? (assets.pageCss[page.content.component] ?? []) : [];
}

/** The HTML file and the page-data file (client navigation) of a route, relative to the site root. */
export function pageFiles(routePath: string, settings: DocumentSettings): { htmlFile: string; dataFile: string } {
  // Output paths are relative to the site root, which is served at the base url.
  const local = '/' + routePath.slice(settings.baseUrl.length);
  return { htmlFile: routeToFile(local, settings.trailingSlash), dataFile: routeToDataFile(local) };
}

export interface PageDocumentParams {
  settings: DocumentSettings;
  assets: ClientAssets;
  chrome: SiteChrome;
  htmlLang: string;
  dir: string;
  page: PageData;
  /** The React markup of the page, and what its components said about the head. */
  appHtml: string;
  head: HeadCollector;
  sidebarUrl?: string;
  /** The sidebar as this page first shows it. */
  sidebar?: { items: SidebarItem[]; pruned: boolean };
  /** What gives JSON.stringify of the sidebar's items, when the caller has a faster way (render/sidebarMarkup.ts json). */
  sidebarJson?: (items: SidebarItem[]) => string;
}

/** A page's HTML document and its page data: made on the main thread or, for a cold folder build, by the worker that rendered it. */
export function pageDocument(p: PageDocumentParams): { page: PageData; html: string; data: string } {
  const page = pageWithHead(p.page, p.head, p.settings);
  const { bodyHtml, ...pageWithoutBody } = page;
  // A pruned sidebar is inline (the first render must draw what the server drew); a whole one is not:
  // it is the shared file at sidebarUrl, which the browser loads before hydrating.
  const inline = p.sidebar && (p.sidebar.pruned || !p.sidebarUrl) ? { sidebar: p.sidebar.items, sidebarPruned: p.sidebar.pruned } : {};
  const payload: PagePayload = { page: pageWithoutBody, chrome: p.chrome, sidebarUrl: p.sidebarUrl, ...inline };
  // The page without its body is serialised once, for the payload and for the page data.
  const pageJson = JSON.stringify(pageWithoutBody);
  const sidebarJson = inline.sidebar && p.sidebarJson ? p.sidebarJson(inline.sidebar) : undefined;
  const html = htmlDocument({ config: p.settings, page, chrome: p.chrome, appHtml: p.appHtml, assets: p.assets, payload, pageJson, sidebarJson, htmlLang: p.htmlLang, dir: p.dir });
  const css = pageStylesheets(page, p.assets);
  // JSON.stringify of the PageDataFile (shared/types.ts) { page: { ...pageWithoutBody, bodyHtml }, sidebarUrl, css? }, members in that order.
  const body = bodyHtml === undefined ? '' : `${pageJson === '{}' ? '' : ','}"bodyHtml":${JSON.stringify(bodyHtml)}`;
  const data =
    `{"page":${pageJson.slice(0, -1)}${body}}` + (p.sidebarUrl === undefined ? '' : `,"sidebarUrl":${JSON.stringify(p.sidebarUrl)}`) + (css.length ? `,"css":${JSON.stringify(css)}` : '') + '}';
  return { page, html, data };
}

/** A React page's <Layout title description> and <Head> complete the head planned for its route. */
export function pageWithHead(page: PageData, head: HeadCollector, settings: DocumentSettings): PageData {
  if (Object.values(head).every((v) => v === undefined)) return page;
  const planned: HeadMeta = page.head;
  const robots = head.robots ?? planned.robots;
  return {
    ...page,
    head: {
      ...planned,
      title: head.title ? `${head.title} ${settings.titleDelimiter} ${settings.title}` : planned.title,
      description: head.description ?? planned.description,
      keywords: head.keywords ?? planned.keywords,
      canonical: head.canonical ?? planned.canonical,
      // A page that says noindex is left out of the sitemap too.
      noindex: planned.noindex || /\bnoindex\b/i.test(robots ?? ''),
      ...(robots !== undefined ? { robots } : {}),
      ...(head.tags?.length ? { tags: [...(planned.tags ?? []), ...head.tags] } : {}),
    },
  };
}
