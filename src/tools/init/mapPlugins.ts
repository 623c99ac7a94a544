// The plugin side of `init --from-docusaurus`: the classic preset (docs, blog, pages, theme, gtag,
// sitemap), the plugins and themes sitegen knows (content-docs/blog/pages instances, gtag, mermaid,
// local search), and themeConfig. Each option sitegen lacks becomes a note with the reason.
import { isObject, copyKeys, noteOthers, sitePath, type MapContext } from './mapHelpers.js';
import { mapThemeConfig } from './mapThemeConfig.js';
import { keptPlugin } from './keptPlugins.js';

type Obj = Record<string, unknown>;

const DOCS_KEYS = [
  'id',
  'path',
  'numberPrefixParser',
  'include',
  'exclude',
  'routeBasePath',
  'sidebarPath',
  'editUrl',
  'sidebarCollapsible',
  'sidebarCollapsed',
  'breadcrumbs',
  'lastVersion',
  'includeCurrentVersion',
  'onlyIncludeVersions',
  'disableVersioning',
  'editCurrentVersion',
  'versions',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'editLocalizedFiles',
  'tagsBasePath',
  'tags',
  'onInlineTags',
];
const BLOG_KEYS = [
  'path',
  'include',
  'exclude',
  'routeBasePath',
  'showReadingTime',
  'editLocalizedFiles',
  'showLastUpdateTime',
  'showLastUpdateAuthor',
  'blogSidebarTitle',
  'blogSidebarCount',
  'postsPerPage',
  'archiveBasePath',
  'pageBasePath',
  'sortPosts',
  'tagsBasePath',
  'editUrl',
  'feedOptions',
  'tags',
  'onInlineTags',
  'authorsMapPath',
  'authorsBasePath',
  'onInlineAuthors',
  'onUntruncatedBlogPosts',
];

/** Options whose Docusaurus default is what sitegen does: dropped quietly at that value. */
const DEFAULTS_OK: Record<string, unknown> = {
  editLocalizedFiles: false,
  showLastUpdateTime: false,
  showLastUpdateAuthor: false,
  truncateMarker: undefined,
};

// A config may name a plugin by its resolved file (`require.resolve('docusaurus-plugin-x')`), as
// Docusaurus accepts: the package is the folder under the last node_modules.
function packageOf(name: string): string {
  const parts = name.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return name;
  const segments = parts[parts.length - 1].split(/[\\/]/);
  return segments[0].startsWith('@') ? `${segments[0]}/${segments[1]}` : segments[0];
}
const normalize = (name: string) =>
  packageOf(name)
    .replace(/^@docusaurus\/(plugin-|theme-|preset-)?/, '')
    .replace(/^docusaurus-(plugin-|theme-|preset-)?/, '');

const LOCAL_SEARCH = '@easyops-cn/docusaurus-search-local';

export function mapPresetsAndPlugins(ctx: MapContext, params: { presets: unknown; plugins: unknown; themes: unknown; themeConfig: unknown }): Obj {
  const out: Obj = { docs: false, blogs: [], pages: false };
  const docs: Obj[] = [];
  const plugins: unknown[] = [];
  const themes: unknown[] = [];
  const blogs: Obj[] = [];
  const themeConfig: Obj = {};
  const entries = (list: unknown, kind: string) => (Array.isArray(list) ? list : []).map((e, i) => ({ at: `${kind}[${i}]`, ...entry(e) }));

  for (const { at, name, options } of entries(params.presets, 'presets')) {
    if (name !== 'classic') {
      ctx.notes.push({ key: at, reason: `the preset "${name}" is unknown to sitegen: declare what it adds with sitegen's options` });
      continue;
    }
    const o = isObject(options) ? options : {};
    if (o.docs !== false) docs.push(mapDocs(ctx, isObject(o.docs) ? o.docs : {}, `${at}.docs.`));
    if (o.blog !== false) blogs.push(mapBlog(ctx, isObject(o.blog) ? o.blog : {}, `${at}.blog.`));
    if (o.pages !== false) out.pages = mapPages(ctx, isObject(o.pages) ? o.pages : {}, `${at}.pages.`);
    if (isObject(o.theme)) mapTheme(ctx, o.theme, themeConfig, `${at}.theme.`);
    if (isObject(o.gtag)) out.analytics = { gtag: mapGtag(ctx, o.gtag, `${at}.gtag.`) };
    if (o.sitemap !== undefined && o.sitemap !== false && isObject(o.sitemap) && Object.keys(o.sitemap).length) {
      ctx.notes.push({ key: `${at}.sitemap`, reason: 'sitegen writes sitemap.xml itself (every indexable page, no changefreq or priority): its options are not used' });
    }
    if (o.sitemap === false) ctx.notes.push({ key: `${at}.sitemap`, reason: 'sitegen always writes sitemap.xml and robots.txt' });
    noteOthers(ctx, { from: o, handled: ['docs', 'blog', 'pages', 'theme', 'gtag', 'sitemap', 'debug', 'svgr'], prefix: `${at}.`, reason: (k) => `sitegen has no "${k}" plugin` });
  }

  for (const { at, name, options } of entries(params.plugins, 'plugins')) {
    const o = isObject(options) ? options : {};
    const id = normalize(name);
    if (id === 'content-docs') plugins.push(['@docusaurus/plugin-content-docs', mapDocs(ctx, o, `${at}.`)]);
    else if (id === 'content-blog') blogs.push(mapBlog(ctx, o, `${at}.`));
    else if (id === 'content-pages') out.pages = mapPages(ctx, o, `${at}.`);
    else if (id === 'google-gtag') out.analytics = { gtag: mapGtag(ctx, o, `${at}.`) };
    else if (id === 'sitemap' || id === 'debug' || id === 'svgr') continue;
    else if (id === LOCAL_SEARCH) out.search = mapLocalSearch(ctx, o, `${at}.`);
    else keptPlugin(ctx, { at, name, pkg: packageOf(name), options, list: plugins });
  }

  for (const { at, name, options } of entries(params.themes, 'themes')) {
    const id = normalize(name);
    if (id === 'mermaid') out.markdown = { mermaid: true };
    else if (id === LOCAL_SEARCH) out.search = mapLocalSearch(ctx, isObject(options) ? options : {}, `${at}.`);
    else if (id === 'live-codeblock') ctx.notes.push({ key: at, reason: 'sitegen shows live code blocks as ordinary highlighted code' });
    else keptPlugin(ctx, { at, name, pkg: packageOf(name), options, list: themes, type: 'theme' });
  }

  if (isObject(params.themeConfig)) mapThemeConfig(ctx, params.themeConfig, themeConfig);
  // A Docusaurus site without a search plugin has no search bar and no /search page; with Algolia it
  // had one, which sitegen's local search replaces (noted with themeConfig.algolia).
  if (out.search === undefined && !(isObject(params.themeConfig) && params.themeConfig.algolia)) {
    out.search = { enabled: false };
    ctx.notes.push({ key: '(search)', reason: 'the site has no search plugin, so sitegen leaves out its local search: set search.enabled to true to have it' });
  }
  // Docusaurus sets the table of contents' heading levels for the whole theme; sitegen per docs instance.
  const toc = isObject(params.themeConfig) && isObject(params.themeConfig.tableOfContents) ? params.themeConfig.tableOfContents : undefined;
  for (const d of [...docs, ...plugins.map((p) => (p as [string, Obj])[1])]) {
    if (typeof toc?.minHeadingLevel === 'number') d.tocMinHeadingLevel = toc.minHeadingLevel;
    if (typeof toc?.maxHeadingLevel === 'number') d.tocMaxHeadingLevel = toc.maxHeadingLevel;
  }
  if (docs.length === 1) out.docs = docs[0];
  else if (docs.length > 1) out.docs = docs;
  if (plugins.length) out.plugins = plugins;
  if (themes.length) out.themes = themes;
  out.blogs = blogs;
  if (Object.keys(themeConfig).length) out.themeConfig = themeConfig;
  return out;
}

function entry(e: unknown): { name: string; options: unknown } {
  if (typeof e === 'string') return { name: e === '@docusaurus/preset-classic' ? 'classic' : e, options: undefined };
  if (Array.isArray(e) && typeof e[0] === 'string') return { name: e[0] === '@docusaurus/preset-classic' ? 'classic' : e[0], options: e[1] };
  return { name: typeof e === 'function' ? `${e.name || 'an inline'} function` : String(e), options: undefined };
}

function quietDefaults(ctx: MapContext, o: Obj, prefix: string, carried: string[] = []): string[] {
  const quiet: string[] = [];
  for (const [k, ok] of Object.entries(DEFAULTS_OK)) {
    if (!(k in o) || carried.includes(k)) continue;
    if (o[k] !== ok) ctx.notes.push({ key: `${prefix}${k}`, reason: `sitegen does not implement ${k}${ok === undefined ? '' : ` other than ${JSON.stringify(ok)}`}` });
    quiet.push(k);
  }
  return quiet;
}

/** Options given as functions (an editUrl computed per doc) cannot be written into a config file as values. */
function functionNote(ctx: MapContext, prefix: string, out: Obj): void {
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'function') {
      delete out[k];
      ctx.notes.push({ key: `${prefix}${k}`, reason: 'a function: sitegen takes a plain value here' });
    }
  }
}

function mapDocs(ctx: MapContext, o: Obj, prefix: string): Obj {
  const out: Obj = {};
  copyKeys(o, out, DOCS_KEYS);
  if (typeof out.sidebarPath === 'string') out.sidebarPath = sitePath(ctx, out.sidebarPath);
  if (typeof out.path === 'string') out.path = sitePath(ctx, out.path);
  functionNote(ctx, prefix, out);
  const quiet = quietDefaults(ctx, o, prefix, DOCS_KEYS);
  noteOthers(ctx, { from: o, handled: [...DOCS_KEYS, ...quiet], prefix, reason: (k) => (/Plugins$/.test(k) ? 'sitegen runs its own markdown plugins only' : `sitegen's docs have no "${k}" option`) });
  return out;
}

function mapBlog(ctx: MapContext, o: Obj, prefix: string): Obj {
  // Docusaurus's defaults where sitegen's differ, written out so that the blog stays as it was.
  const out: Obj = { id: typeof o.id === 'string' ? o.id : 'default', path: 'blog', routeBasePath: 'blog', blogSidebarTitle: 'Recent posts', blogSidebarCount: 5 };
  copyKeys(o, out, BLOG_KEYS);
  if (typeof o.blogTitle === 'string') out.title = o.blogTitle;
  if (typeof o.blogDescription === 'string') out.description = o.blogDescription;
  if (typeof out.path === 'string') out.path = sitePath(ctx, out.path);
  functionNote(ctx, prefix, out);
  const quiet = quietDefaults(ctx, o, prefix, BLOG_KEYS);
  noteOthers(ctx, {
    from: o,
    handled: [...BLOG_KEYS, ...quiet, 'id', 'blogTitle', 'blogDescription'],
    prefix,
    reason: (k) => (/Plugins$/.test(k) ? 'sitegen runs its own markdown plugins only' : `sitegen's blogs have no "${k}" option`),
  });
  return out;
}

function mapPages(ctx: MapContext, o: Obj, prefix: string): Obj {
  const out: Obj = { path: typeof o.path === 'string' ? sitePath(ctx, o.path) : 'src/pages' };
  copyKeys(o, out, ['include', 'exclude']);
  noteOthers(ctx, { from: o, handled: ['path', 'id', 'include', 'exclude'], prefix, reason: (k) => `sitegen's pages have no "${k}" option` });
  return out;
}

function mapTheme(ctx: MapContext, o: Obj, themeConfig: Obj, prefix: string): void {
  const css = o.customCss === undefined ? [] : Array.isArray(o.customCss) ? o.customCss : [o.customCss];
  if (css.length) themeConfig.customCss = css.map((c) => sitePath(ctx, String(c)));
  noteOthers(ctx, { from: o, handled: ['customCss'], prefix, reason: (k) => `sitegen's theme has no "${k}" option` });
}

function mapGtag(ctx: MapContext, o: Obj, prefix: string): Obj {
  const ids = Array.isArray(o.trackingID) ? o.trackingID : [o.trackingID];
  if (ids.length > 1) ctx.notes.push({ key: `${prefix}trackingID`, reason: `sitegen sends to one tracking id: kept ${String(ids[0])}` });
  return { trackingID: String(ids[0]), ...(typeof o.anonymizeIP === 'boolean' ? { anonymizeIP: o.anonymizeIP } : {}) };
}

function mapLocalSearch(ctx: MapContext, o: Obj, prefix: string): Obj {
  const out: Obj = {};
  const languages = (Array.isArray(o.language) ? o.language : o.language ? [o.language] : ['en']).map(String);
  out.language = languages.filter((l) => l === 'en' || l === 'zh');
  for (const l of languages.filter((l) => l !== 'en' && l !== 'zh')) ctx.notes.push({ key: `${prefix}language`, reason: `sitegen's search knows en and zh: "${l}" is left out` });
  copyKeys(o, out, ['indexDocs', 'indexBlog', 'indexPages', 'searchResultLimits', 'searchResultContextMaxLength', 'searchBarShortcutHint']);
  noteOthers(ctx, {
    from: o,
    handled: [
      'language',
      'indexDocs',
      'indexBlog',
      'indexPages',
      'searchResultLimits',
      'searchResultContextMaxLength',
      'searchBarShortcutHint',
      'hashed',
      'docsRouteBasePath',
      'blogRouteBasePath',
      'docsDir',
      'blogDir',
    ],
    prefix,
    reason: (k) => `sitegen's search has no "${k}" option`,
  });
  return out;
}
