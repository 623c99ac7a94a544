// The stylesheet every page links, cut to what the site can use (issue 39, item 4), and the warning
// for the site's rules that target Docusaurus classes no page shows (item 6). The one call the build
// makes, once the browser bundle and the pages' markup are known and before any page is written:
//   const client = await siteStyles({ client: bundled, pages, chromes, customCss, siteDir, dev }).
// Used classes (usedClasses.ts): the class attributes and `className`s of every page's data (the
// markdown's markup, sidebars, front matter) and of each locale's chrome (navbar, footer); the strings
// of every script of the browser bundle (theme, runtime, the site's components and React pages, the
// packages they use) and of the markdown's code; the runtime's classes (shared/runtimeClasses.ts).
// Only the theme's rules are dropped (those of themeStylesheets.ts, known by their selectors); a
// selector the site's customCss writes too stays, as does every rule of the site's stylesheets, CSS
// modules and page stylesheets (other files, never touched). A declaration a later rule of the same
// selector sets again goes wherever it is (overridden.ts): no element shows it. Nothing dropped: the bundle is given
// back as it was, byte for byte. Something dropped: the stylesheet is written again by lightningcss and
// named by its content. `sitegen dev` ships the theme whole (an edit may show any class).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { bundleAsync } from 'lightningcss';
import type { ClientBundle } from '../bundle/client.js';
import { hashOf } from '../bundle/contentNames.js';
import type { Problem } from '../errors.js';
import { cacheKey, KeyedCache } from '../cacheKey.js';
import { packageRoot } from '../paths.js';
import { runtimeClasses } from '../../shared/runtimeClasses.js';
import { ClassSet } from './classSet.js';
import { Recent } from './recent.js';
import { pruneCss, sheetNames } from './pruneCss.js';
import { themeStylesheets } from './themeStylesheets.js';
import { addCodeClasses, addDataClasses } from './usedClasses.js';
import { deadThemeClassWarning } from './vocabulary.js';
import { pageClasses, type DataClasses } from './pageClasses.js';

/**
 * What a build keeps of this step for the next (cache.ts, on disk too): the classes of each script, by
 * its path and content, the pruned stylesheets, by all their inputs, the classes of each page's and
 * sidebar's data, by its content (pageClasses.ts), and the step's result ('site'), by everything the
 * step reads (the pages through their classes).
 */
export type StylesCacheEntry =
  | { names: string[]; prefixes: string[] }
  | DataClasses
  | { code: string; selectors: number; keyframes: string[]; variables: string[]; declarations: number; inlined: string[] }
  | { warnings: Problem[]; dropped: SiteStyles['dropped'] };

export interface SiteStyles {
  client: ClientBundle;
  warnings: Problem[];
  /** Selectors, keyframes and custom properties dropped from the theme's stylesheet, and declarations a later rule overrides. */
  dropped: { selectors: number; keyframes: string[]; variables: string[]; declarations: number };
}

export async function siteStyles(params: {
  client: ClientBundle;
  /** Every rendered page (its data: markup, sidebar). */
  pages: readonly { page: unknown; sidebar?: unknown }[];
  /** Each locale's navbar, footer and the like. */
  chromes: readonly unknown[];
  /** The site's customCss and client modules' stylesheets (absolute). */
  customCss: readonly string[];
  siteDir: string;
  /** The code of the markdown files (MDX), by file. */
  markdownModules?: Map<string, string>;
  dev?: boolean;
  /** The build cache: this build's entries replace the last's. */
  cache?: { styles: KeyedCache<StylesCacheEntry> };
}): Promise<SiteStyles> {
  if (params.dev || !params.client.styles || !params.cache) return stylesOf(params);
  // A build that changed nothing the step reads (a warm build, one whose edits show no other class)
  // takes its result back: reading every page's data for classes and the site's stylesheets for the
  // warning was a seventh of the CPU of a warm Shifu build in a new process (130 of 950 ms; hashing
  // what it reads, 35 ms). The pages count by their classes, each page's read only when it changed.
  const last = params.cache.styles;
  const data = new KeyedCache<DataClasses>();
  const pagesUsed = pageClasses(params.pages, last, data);
  const key = stepKey(params, pagesUsed);
  const known = last.get('site', key);
  if (known && 'warnings' in known) {
    keepDataClasses(params.cache, data);
    // The pruned stylesheets were kept with the result, by the same build.
    const { client } = params;
    const ltr = client.styles ? last.peek('pruned') : undefined;
    const rtl = client.stylesRtl ? last.peek('pruned-rtl') : undefined;
    if ((!client.styles || (ltr && 'code' in ltr)) && (!client.stylesRtl || (rtl && 'code' in rtl))) {
      const asPruned = (sheet: string | undefined, entry: StylesCacheEntry | undefined) => (sheet && entry && 'code' in entry ? prunedSheet(client, sheet, entry) : undefined);
      return withPruned(client, asPruned(client.styles, ltr), asPruned(client.stylesRtl, rtl), known.warnings) ?? { client, warnings: known.warnings, dropped: known.dropped };
    }
  }
  const styles = await stylesOf({ ...params, pagesUsed });
  params.cache.styles.set('site', key, { warnings: styles.warnings, dropped: styles.dropped });
  for (const [name, entry] of data.dump()) params.cache.styles.set(name, entry.key, entry.value);
  return styles;
}

/** The pages' data entries of this build in place of the last's, when they differ (the other entries as they were). */
function keepDataClasses(cache: { styles: KeyedCache<StylesCacheEntry> }, data: KeyedCache<DataClasses>): void {
  const last = cache.styles.dump();
  const lastData = last.filter(([name]) => name.startsWith('data:'));
  if (lastData.length === data.size && data.dump().every(([name, e]) => cache.styles.get(name, e.key))) return;
  cache.styles = new KeyedCache<StylesCacheEntry>([...last.filter(([name]) => !name.startsWith('data:')), ...data.dump()]);
}

type SiteStylesParams = Parameters<typeof siteStyles>[0] & { pagesUsed?: ClassSet };
type PrunedResult = Extract<StylesCacheEntry, { code: string }>;
type PrunedSheet = { file: ClientBundle['files'][number]; result: PrunedResult; renamed: string };

/** Everything the step reads: the bundle, the classes of the pages' data, the chromes' data, the site's stylesheets and the markdown's code. */
function stepKey(params: SiteStylesParams, pagesUsed: ClassSet): string {
  const { client } = params;
  return cacheKey(
    client.files.map((f) => f.path),
    ...client.files.map((f) => f.contents),
    [client.styles, client.stylesRtl ?? null, client.assets.css, client.assets.cssRtl ?? null, Object.keys(client.assets.pageChunks), client.read],
    [...pagesUsed.names].sort(),
    [...pagesUsed.prefixes].sort(),
    [...pagesUsed.elements].sort(),
    params.chromes,
    params.customCss,
    siteStylesheets(params),
    themeStylesheets(packageRoot(), 'ltr'),
    themeStylesheets(packageRoot(), 'rtl'),
    [...(params.markdownModules ?? [])],
  );
}

/** A stylesheet of the bundle and what pruning made of it, named by its content as esbuild names it (name.HASH.css); nothing dropped: undefined. */
function prunedSheet(client: ClientBundle, sheet: string, result: PrunedResult): PrunedSheet | undefined {
  const file = client.files.find((f) => f.path === sheet);
  if (!file) return undefined;
  if (!result.selectors && !result.keyframes.length && !result.variables.length && !result.declarations && !result.inlined?.length) return undefined;
  return { file, result, renamed: file.path.replace(/\.[A-Z2-7]{8}\.css$/, `.${hashOf(result.code)}.css`) };
}

/**
 * This process's last scripts' classes, by content, and pruned stylesheets, by all their inputs (the
 * keys the build cache keeps them by): a build without a build cache reads them back (recent.ts). A
 * three-page site built again in one process: the styles step's CPU 170 -> 30 ms.
 */
const recentScripts = new Recent<Extract<StylesCacheEntry, { names: string[] }>>(32);
const recentPruned = new Recent<PrunedResult>(8);

async function stylesOf(params: SiteStylesParams): Promise<SiteStyles> {
  const { client } = params;
  const none = { client, warnings: [], dropped: { selectors: 0, keyframes: [], variables: [], declarations: 0 } };
  if (params.dev || !client.styles) return none;
  const last = params.cache?.styles;
  const next = new KeyedCache<StylesCacheEntry>();
  if (params.cache) params.cache.styles = next;
  const used = usedClasses(params, last, next);
  const warning = deadThemeClassWarning({ stylesheets: siteStylesheets(params), used });
  const warnings = warning ? [warning] : [];
  const siteFiles = params.customCss.filter((f) => f.endsWith('.css'));
  const reactPages = Object.keys(client.assets.pageChunks).length > 0;
  const sheets = [client.styles, client.stylesRtl].filter((p): p is string => Boolean(p));
  // Each stylesheet pages link (the right-to-left locales' one too, with Infima's RTL build), pruned alike.
  const pruneSheet = async (sheet: string, direction: 'ltr' | 'rtl') => {
    const file = client.files.find((f) => f.path === sheet);
    if (!file) return undefined;
    const themeFiles = themeStylesheets(packageRoot(), direction);
    const otherCss = client.files.filter((f) => f.path.endsWith('.css') && !sheets.includes(f.path));
    // The stylesheet holds the theme's and the site's CSS as they are now; the other stylesheets and
    // the theme's and site's files are named (their rules are known by what they hold).
    const key = cacheKey(file.contents, [...used.names].sort(), [...used.prefixes].sort(), [...used.elements].sort(), themeFiles, siteFiles, ...otherCss.map((f) => f.contents), reactPages);
    const name = direction === 'rtl' ? 'pruned-rtl' : 'pruned';
    const cached = last?.get(name, key) ?? recentPruned.get(key);
    const result = cached && 'code' in cached ? cached : await prune({ css: Buffer.from(file.contents).toString(), filename: file.path, used, themeFiles, siteFiles, otherCss, reactPages });
    next.set(name, key, result);
    recentPruned.set(key, result);
    return prunedSheet(client, sheet, result);
  };
  const ltr = client.styles ? await pruneSheet(client.styles, 'ltr') : undefined;
  const rtl = client.stylesRtl ? await pruneSheet(client.stylesRtl, 'rtl') : undefined;
  return withPruned(client, ltr, rtl, warnings) ?? { ...none, warnings };
}

/** The bundle with its pruned stylesheets in place of the bundled ones, and what they lost; nothing pruned: undefined. */
function withPruned(client: ClientBundle, ltr: PrunedSheet | undefined, rtl: PrunedSheet | undefined, warnings: Problem[]): SiteStyles | undefined {
  if (!ltr && !rtl) return undefined;
  // Its url, as pages link it: the base url and its path.
  const relink = (urls: string[] | undefined, pruned: typeof ltr) => {
    if (!urls || !pruned) return urls;
    const old = urls.find((c) => c.endsWith(`/${pruned.file.path}`));
    return urls.map((c) => (c === old ? c.slice(0, c.length - pruned.file.path.length) + pruned.renamed : c));
  };
  const cssRtl = relink(client.assets.cssRtl, rtl);
  const result = (ltr ?? rtl)!.result;
  return {
    client: {
      ...client,
      styles: ltr?.renamed ?? client.styles,
      ...(client.stylesRtl ? { stylesRtl: rtl?.renamed ?? client.stylesRtl } : {}),
      files: client.files.map((f) =>
        f === ltr?.file ? { path: ltr.renamed, contents: Buffer.from(ltr.result.code) } : f === rtl?.file ? { path: rtl.renamed, contents: Buffer.from(rtl.result.code) } : f,
      ),
      assets: { ...client.assets, css: relink(client.assets.css, ltr)!, ...(cssRtl ? { cssRtl } : {}) },
    },
    warnings,
    // What the left-to-right stylesheet lost (the right-to-left one loses the same rules).
    dropped: { selectors: result.selectors, keyframes: result.keyframes, variables: result.variables, declarations: result.declarations },
  };
}

async function prune(params: {
  css: string;
  filename: string;
  used: ClassSet;
  themeFiles: string[];
  siteFiles: string[];
  otherCss: { path: string; contents: Uint8Array }[];
  reactPages: boolean;
}): Promise<{ code: string; selectors: number; keyframes: string[]; variables: string[]; declarations: number; inlined: string[] }> {
  const theme = await stylesheetKeys(params.themeFiles);
  const site = await stylesheetKeys(params.siteFiles);
  const used = new ClassSet();
  used.addAll(params.used);
  // React pages draw their @theme/CodeBlock with the build's highlighter (render/highlightCode.ts)
  // when their HTML is written, after this step: its token classes (`token keyword`) stay.
  if (params.reactPages) for (const t of ['token', ...theme.tokenTypes]) used.add(t);
  // Keyframes and custom properties another stylesheet of the bundle names (a page's CSS module) stay.
  const elsewhere = new Set<string>();
  for (const f of params.otherCss) {
    const css = Buffer.from(f.contents).toString();
    const { animations, read, reads, declared } = sheetNames(css, f.path);
    for (const n of animations) elsewhere.add(n);
    // Read there, or declared there (a CSS module's scope sets it: it has no one value).
    for (const n of [...read, ...[...reads.values()].flatMap((r) => [...r]), ...declared]) elsewhere.add(n);
  }
  return pruneCss({
    css: params.css,
    filename: params.filename,
    used,
    keep: (s) => {
      const key = JSON.stringify(s);
      return !theme.selectors.has(key) || site.selectors.has(key);
    },
    keepKeyframes: (name) => !theme.keyframes.has(name) || site.keyframes.has(name) || elsewhere.has(name),
    // The site's custom properties stay (every declaration of a name it declares).
    keepVariable: (name) => !theme.variables.has(name) || site.variables.has(name) || elsewhere.has(name),
  });
}

function usedClasses(
  params: { client: ClientBundle; pages: readonly { page: unknown; sidebar?: unknown }[]; pagesUsed?: ClassSet; chromes: readonly unknown[]; markdownModules?: Map<string, string> },
  last: KeyedCache<StylesCacheEntry> | undefined,
  next: KeyedCache<StylesCacheEntry>,
): ClassSet {
  const used = new ClassSet();
  for (const c of runtimeClasses) used.add(c);
  // Each object walked once: the pages of a docs version share its sidebar, which walked again for
  // every page made this step quadratic in a folder's docs (npm run bench, 10,000 docs in one folder:
  // 50 s of CPU -> 0.9 s; the versioned site's pages: 166 -> 74 ms).
  const seen = new Set<object>();
  // Read already (pageClasses.ts) by a build with a cache.
  if (params.pagesUsed) used.addAll(params.pagesUsed);
  else {
    const sidebars = new Set<unknown>();
    for (const p of params.pages) {
      addDataClasses(used, p.page, seen);
      // A sidebar object the pages share, once (arrays, as its items, are walked once in any case).
      if (sidebars.has(p.sidebar)) continue;
      sidebars.add(p.sidebar);
      addDataClasses(used, p.sidebar, seen);
    }
  }
  for (const c of params.chromes) addDataClasses(used, c, seen);
  // A script's classes are read again only when it changed.
  for (const f of params.client.files) {
    if (!f.path.endsWith('.js')) continue;
    const key = cacheKey(f.contents);
    const hit = last?.get(f.path, key) ?? recentScripts.get(key);
    const own = new ClassSet();
    if (hit && 'names' in hit) {
      for (const n of hit.names) own.add(n);
      for (const p of hit.prefixes) own.addPrefix(p);
    } else addCodeClasses(own, Buffer.from(f.contents).toString(), 'bundle.js');
    const entry = { names: [...own.names], prefixes: [...own.prefixes] };
    next.set(f.path, key, entry);
    recentScripts.set(key, entry);
    used.addAll(own);
  }
  for (const code of params.markdownModules?.values() ?? []) addCodeClasses(used, code, 'markdown.jsx');
  return used;
}

/** The site's own stylesheets the warning reads: customCss, and the CSS files its code imports (CSS modules with their `:global()` classes). */
function siteStylesheets(params: { client: ClientBundle; customCss: readonly string[]; siteDir: string }): { file: string; css: string; module?: boolean }[] {
  const own = (f: string) => !path.relative(params.siteDir, f).startsWith('..') && !f.split(path.sep).includes('node_modules');
  const files = [...new Set([...params.customCss, ...params.client.read.filter(own)])].filter((f) => f.endsWith('.css'));
  return files.filter((f) => fs.existsSync(f)).map((file) => ({ file, css: fs.readFileSync(file, 'utf8'), module: file.endsWith('.module.css') }));
}

interface StylesheetKeys {
  /** Each style rule's selectors (lightningcss's AST as JSON), at any depth. */
  selectors: Set<string>;
  keyframes: Set<string>;
  /** The classes named with `.token` (the highlighter's token types). */
  tokenTypes: Set<string>;
  /** The custom properties declared. */
  variables: Set<string>;
}

const keysCache = new Map<string, StylesheetKeys>();

const noKeys = (): StylesheetKeys => ({ selectors: new Set(), keyframes: new Set(), tokenTypes: new Set(), variables: new Set() });

/** The selectors and keyframes of stylesheets and what they @import (bare specifiers resolved as Node does). */
async function stylesheetKeys(files: string[]): Promise<StylesheetKeys> {
  const keys = noKeys();
  for (const file of files) {
    const stamp = `${file}:${fs.statSync(file).mtimeMs}`;
    let own = keysCache.get(stamp);
    if (!own) {
      // Read by a visitor of the bundle (lightningcss's bundled sheet, as it parsed each file), not
      // by a transform of its output: that parsed the bundle's text again, and read the selectors as
      // lightningcss writes them (`.markdown > *:last-child` without its `*`) rather than as written,
      // as the client bundle holds them. Infima and the theme's index.css in a new process: 17.7 and
      // 7.7 -> 9.7 and 4.5 ms of CPU (22:27 UTC, load 8).
      const read = noKeys();
      const bundled = await bundleAsync({
        filename: file,
        errorRecovery: true,
        resolver: { resolve: (specifier, from) => (specifier.startsWith('.') || path.isAbsolute(specifier) ? path.resolve(path.dirname(from), specifier) : createRequire(from).resolve(specifier)) },
        visitor: keysVisitor(read),
      }).catch(() => undefined);
      own = bundled ? read : noKeys();
      keysCache.set(stamp, own);
    }
    for (const s of own.selectors) keys.selectors.add(s);
    for (const k of own.keyframes) keys.keyframes.add(k);
    for (const t of own.tokenTypes) keys.tokenTypes.add(t);
    for (const v of own.variables) keys.variables.add(v);
  }
  return keys;
}

function keysVisitor(into: StylesheetKeys): NonNullable<Parameters<typeof bundleAsync>[0]['visitor']> {
  return {
    Selector(s) {
      into.selectors.add(JSON.stringify(s));
      const classes = s.flatMap((c) => (c.type === 'class' ? [c.name] : []));
      if (classes.includes('token')) for (const c of classes) if (c !== 'token') into.tokenTypes.add(c);
    },
    Rule: { keyframes: (rule) => void into.keyframes.add(rule.value.name.value) },
    Declaration: { custom: (d) => void (d.name.startsWith('--') && into.variables.add(d.name)) },
  };
}
