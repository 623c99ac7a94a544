import path from 'node:path';
import * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import type { ClientAssets } from '../render/htmlDocument.js';
import type { OutputSink } from '../output/sink.js';
import type { PageSource } from '../content/pageFiles.js';
import { extensionsKey, siteAssetsOf, siteCodeOptions, siteRootComponent, unprovidedImports, type SiteCodeExtensions } from './siteCode.js';
import { SitegenError } from '../errors.js';
import { derived, runEsbuild, type EsbuildContexts } from './runEsbuild.js';
import { filesRead } from './inputs.js';
import { contentNamed } from './contentNames.js';
import { mergeEntry } from './mergeEntry.js';
import { specifierFromCache, writeCachedModule, writeCachedStylesheet } from './nodeModule.js';
import { withBase } from '../../shared/url.js';
import { islandSlot } from '../../shared/islands.js';
import { lazyLayouts } from '../../theme/layouts/lazyLayouts.js';
import { themeStylesheets } from '../css/themeStylesheets.js';

export interface ClientBundle {
  assets: ClientAssets;
  files: { path: string; contents: Uint8Array }[];
  /** Every file the bundle read (absolute): `sitegen dev` watches those of the site. */
  read: string[];
  /** The path (in `files`) of the stylesheet every page links: the theme's styles and customCss. */
  styles?: string;
  /** The same for the pages of right-to-left locales (Infima's RTL build): when the site has one. */
  stylesRtl?: string;
}

/**
 * Bundles the browser runtime (React, the theme, the router) with esbuild: minified ES modules,
 * split into chunks, every file named by a hash of its content so it can be cached forever.
 */
export async function bundleClient(params: {
  siteDir: string;
  baseUrl: string;
  /** The config's `staticDirectories`, where a stylesheet's root url is looked for (default `['static']`). */
  staticDirectories?: string[];
  dev?: boolean;
  pages?: PageSource[];
  customCss?: string[];
  /** The scripts of the site's `clientModules` (bundle/clientModules.ts), imported before the first page is drawn. */
  clientScripts?: string[];
  extraEntries?: Record<string, string>;
  contexts?: EsbuildContexts;
  /** The islands of the site's markdown (module#export, see shared/islands.ts), each a chunk loaded where one is shown. */
  islands?: string[];
  /** The colour mode switch is shown (not themeConfig.colorMode.disableSwitch; unset: shown). Without it, the toggle's code is left out. */
  colorModeSwitch?: boolean;
  /** Some mermaid diagram is left to the browser (no Chromium at build time): the runtime then carries the hook that loads its drawing chunk. */
  mermaidFallback?: boolean;
  /** The stylesheets the markdown's code imports (CSS modules included): one more stylesheet every page links. */
  markdownStyles?: string[];
  /** The code of the markdown files (mdx/module.ts), by file: an island that is a slot ships its file's. */
  markdownModules?: Map<string, string>;
  /** What the site's Docusaurus plugins add (theme folders, aliases, PostCSS). */
  extensions?: SiteCodeExtensions;
  /** Some locale is written right to left (i18n.localeConfigs[x].direction): its pages link a stylesheet with Infima's RTL build. */
  rtl?: boolean;
}): Promise<ClientBundle> {
  const root = packageRoot();
  const components = (params.pages ?? []).filter((p) => p.kind === 'component');
  // The generated modules are files, not an esbuild plugin: a plugin's callbacks run on this
  // thread, which is busy parsing markdown while esbuild works, so esbuild would wait for it. They
  // name files relative to themselves, so the output does not depend on where the checkout is.
  // The site's src/theme/Root, when it has one: in the main chunk, as it wraps every page from the first.
  const siteRoot = siteRootComponent(params.siteDir);
  const clientScripts = params.clientScripts ?? [];
  const pagesModule = writeCachedModule(
    'client-pages',
    (components.some((p) => p.routeProps) ? `import { withRouteProps } from ${specifierFromCache(path.join(root, 'src/theme/layouts/RouteComponent.tsx'))};\n` : '') +
      `export const loaders = {${components.map((p) => `${JSON.stringify(p.key)}: () => import(${specifierFromCache(p.file)})${p.routeProps ? '.then((m) => ({ default: withRouteProps(m.default) }))' : ''}`).join(',\n')}};\n` +
      (siteRoot ? `export { default as Root } from ${specifierFromCache(siteRoot)};\n` : `export const Root = undefined;\n`) +
      clientScripts.map((f, i) => `import * as ClientModule${i} from ${specifierFromCache(f)};\n`).join('') +
      `export const clientModules = [${clientScripts.map((_, i) => `ClientModule${i}`).join(', ')}];\n`,
  );
  // Infima, the theme's styles and the site's customCss (themeStyles.ts): the one stylesheet every page links, an entry point
  // of its own. It cannot be the main script's: esbuild puts into a script's stylesheet the CSS of
  // everything it imports, dynamically imported page chunks included, and a page's styles belong to
  // its own chunk's stylesheet only.
  const stylesheet = (direction: 'ltr' | 'rtl') => [...themeStylesheets(root, direction), ...(params.customCss ?? [])].map((f) => `@import ${specifierFromCache(f)};\n`).join('');
  const stylesEntry = writeCachedStylesheet('client-styles', stylesheet('ltr'));
  // A right-to-left locale's pages link the same with Infima's RTL build instead (as Docusaurus, which builds each locale apart).
  const stylesRtlEntry = params.rtl ? writeCachedStylesheet('client-styles-rtl', stylesheet('rtl')) : undefined;
  const islands = params.islands ?? [];
  const islandsModule = writeCachedModule('client-islands', islandLoaders(islands));
  const markdown = markdownIslandModules({ islands, siteDir: params.siteDir, modules: params.markdownModules });
  const islandsEntry = path.join(root, 'src/client/islandsEntry.ts');
  // A script entry (CSS modules cannot be @imported into the stylesheet entry) whose stylesheet alone is used.
  const markdownStyles = params.markdownStyles ?? [];
  const markdownStylesEntry = markdownStyles.length ? writeCachedModule('client-markdown-styles', markdownStyles.map((f) => `import ${specifierFromCache(f)};\n`).join('')) : undefined;
  const site = siteCodeOptions({ siteDir: params.siteDir, baseUrl: params.baseUrl, staticDirectories: params.staticDirectories, target: 'client', extensions: params.extensions });
  const options: esbuild.BuildOptions & { write: false; absWorkingDir: string } = {
    // Islands add an entry of their own (client/islandsEntry.ts) to every page; without islands the
    // bundle is what it was.
    entryPoints: {
      main: path.join(root, 'src/client/entry.tsx'),
      styles: stylesEntry,
      ...(stylesRtlEntry ? { 'styles-rtl': stylesRtlEntry } : {}),
      ...(islands.length ? { islands: islandsEntry } : {}),
      ...(markdownStylesEntry ? { 'markdown-styles': markdownStylesEntry } : {}),
      ...(params.extraEntries ?? {}),
    },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2021', 'chrome100', 'firefox100', 'safari15'],
    minify: !params.dev,
    sourcemap: params.dev ? 'inline' : false,
    jsx: 'automatic',
    outdir: path.join(root, '.virtual/assets/js'),
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': JSON.stringify(params.dev ? 'development' : 'production'),
      __SITEGEN_DEV__: JSON.stringify(Boolean(params.dev)),
      __SITEGEN_MERMAID_FALLBACK__: JSON.stringify(Boolean(params.mermaidFallback)),
      __SITEGEN_COLOR_MODE_SWITCH__: JSON.stringify(params.colorModeSwitch !== false),
    },
    ...site,
    alias: { ...site.alias, 'sitegen:pages': pagesModule, 'sitegen:islands': islandsModule },
    ...(markdown.size ? { plugins: [markdownModules(markdown), ...(site.plugins ?? [])] } : {}),
  };
  const key = JSON.stringify({
    siteDir: params.siteDir,
    baseUrl: params.baseUrl,
    dev: params.dev,
    pages: components.map((p) => [p.key, p.file]),
    root: siteRoot,
    clientScripts,
    css: params.customCss,
    extra: params.extraEntries,
    islands,
    markdownStyles,
    mermaidFallback: Boolean(params.mermaidFallback),
    colorModeSwitch: params.colorModeSwitch !== false,
    rtl: Boolean(params.rtl),
    // The markdown modules are read from memory (a plugin namespace): their code is part of the key.
    markdown: [...markdown],
    ...(params.extensions ? { extensions: extensionsKey(params.extensions) } : {}),
  });
  // The bundle with islands is made after the markdown is rendered, beside the one started at once.
  const purpose = islands.length ? 'client-islands' : 'client';
  // The markdown modules resolve their imports from the site's folders: such a bundle is the site's own.
  const shareIn = markdown.size ? undefined : params.siteDir;
  const result = await runEsbuild({ purpose, options, key, contexts: params.contexts, shareIn });
  // The same output (nothing it read changed, in this process or since an earlier one) is the same bundle: made once.
  return derived({ purpose, result, contexts: params.contexts }, () =>
    finish({ result, root, params, components, stylesEntry, stylesRtlEntry, islandsEntry, markdownStylesEntry, target: options.target }),
  );
}

/** The bundle made of esbuild's output: the main script merged (mergeEntry.ts), files named by content, the urls each page loads. */
async function finish(p: {
  result: Awaited<ReturnType<typeof runEsbuild>>;
  root: string;
  params: { baseUrl: string; dev?: boolean };
  components: PageSource[];
  stylesEntry: string;
  stylesRtlEntry?: string;
  islandsEntry: string;
  markdownStylesEntry?: string;
  target: esbuild.BuildOptions['target'];
}): Promise<ClientBundle> {
  const { result, root, params, components, stylesEntry, stylesRtlEntry, islandsEntry, markdownStylesEntry } = p;
  const unprovided = unprovidedImports(result.metafile!, root);
  if (unprovided.length) throw new SitegenError('Cannot bundle the browser code', unprovided);
  const outBase = path.join(root, '.virtual');
  const entryKey = Object.keys(result.metafile!.outputs).find((k) => result.metafile!.outputs[k].entryPoint?.endsWith('src/client/entry.tsx'))!;
  // One main script instead of several files every page loads (mergeEntry.ts); `sitegen dev` keeps esbuild's chunks and their source maps.
  const { outputs, metafile } = params.dev
    ? { outputs: result.outputFiles, metafile: result.metafile! }
    : await mergeEntry({ outputs: result.outputFiles, metafile: result.metafile!, absWorkingDir: root, entry: entryKey, target: p.target });
  // Scripts named by their content, not by where the site is (contentNames.ts).
  const named = contentNamed({ outputs, metafile, absWorkingDir: root });
  // esbuild writes the stylesheet next to the scripts; it belongs under assets/css. (A path of esbuild's
  // or a script's new one: a new name is no other file's.)
  const publicPath = (p: string) => {
    const rel = path.relative(outBase, named.nameOf(p)).split(path.sep).join('/');
    return rel.endsWith('.css') ? rel.replace('assets/js/', 'assets/css/') : rel;
  };
  const meta = metafile.outputs;
  const entry: [string, esbuild.Metafile['outputs'][string]] = [entryKey, meta[entryKey]];
  const styles = Object.entries(meta).find(([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === stylesEntry)!;
  // The main script's own stylesheet is the pages' styles gathered again: not written.
  const unused = entry[1].cssBundle ? path.resolve(root, entry[1].cssBundle) : undefined;
  const files = [...named.files.filter((f) => f.path !== unused).map((f) => ({ path: publicPath(f.path), contents: f.contents })), ...siteAssetsOf(result)];
  const rel = (p: string) => withBase(params.baseUrl, publicPath(p));
  const markdownStylesOut = markdownStylesEntry && Object.values(meta).find((o) => o.entryPoint && path.resolve(root, o.entryPoint) === markdownStylesEntry)?.cssBundle;
  const css = [rel(styles[0]), ...(markdownStylesOut ? [rel(markdownStylesOut)] : [])];
  const stylesRtl = stylesRtlEntry ? Object.entries(meta).find(([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === stylesRtlEntry) : undefined;
  const cssRtl = stylesRtl ? [rel(stylesRtl[0]), ...css.slice(1)] : undefined;
  const preload = entry[1].imports.filter((i) => i.kind === 'import-statement' && i.path.endsWith('.js')).map((i) => rel(i.path));
  // The scripts every page loads: a page's or layout's own list leaves them out (the merged main script is imported by lazy chunks).
  const everyPage = [rel(entry[0]), ...preload];
  // Each React page is a chunk of its own: its file and its static imports are preloaded on its route,
  // and the styles its code imports (CSS modules, global sheets) are its own stylesheet.
  const pageChunks: Record<string, string[]> = {};
  const pageCss: Record<string, string[]> = {};
  for (const p of components) {
    const out = Object.entries(meta).find(([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === p.file);
    if (!out) continue;
    pageChunks[p.key] = [
      rel(out[0]),
      ...out[1].imports
        .filter((i) => i.kind === 'import-statement' && i.path.endsWith('.js'))
        .map((i) => rel(i.path))
        .filter((s) => !everyPage.includes(s)),
    ];
    if (out[1].cssBundle) pageCss[p.key] = [rel(out[1].cssBundle)];
  }
  const layoutChunks = lazyLayoutChunks({ meta, root, preload: everyPage, rel });
  const runtime = Object.entries(meta).find(([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === islandsEntry);
  // Its static imports not already preloaded for the main entry are preloaded too.
  const watcher = runtime
    ? [
        rel(runtime[0]),
        ...runtime[1].imports
          .filter((i) => i.kind === 'import-statement' && i.path.endsWith('.js'))
          .map((i) => rel(i.path))
          .filter((p) => !everyPage.includes(p)),
      ]
    : undefined;
  return {
    assets: { js: rel(entry[0]), css, ...(cssRtl ? { cssRtl } : {}), preload, pageChunks, pageCss, layoutChunks, ...(watcher ? { islands: watcher } : {}) },
    files,
    read: filesRead(result, root),
    styles: publicPath(styles[0]),
    ...(stylesRtl ? { stylesRtl: publicPath(stylesRtl[0]) } : {}),
  };
}

/** The chunk of each layout loaded on demand (theme/layouts/lazyLayouts.ts) and its static imports the entry's preloads leave out, by page kind. */
function lazyLayoutChunks(params: { meta: esbuild.Metafile['outputs']; root: string; preload: string[]; rel: (p: string) => string }): Record<string, string[]> {
  const chunks: Record<string, string[]> = {};
  for (const [kind, module] of Object.entries(lazyLayouts)) {
    const file = path.join(params.root, 'src/theme/layouts', `${module}.tsx`);
    const out = Object.entries(params.meta).find(([, o]) => o.entryPoint && path.resolve(params.root, o.entryPoint) === file);
    if (!out)
      throw new SitegenError('Cannot bundle the browser code', [
        { message: `The layout of "${kind}" pages is not a chunk of the bundle (internal error: theme/layouts/registry.tsx does not import ${module}.tsx on demand)`, file },
      ]);
    const imports = out[1].imports.filter((i) => i.kind === 'import-statement' && i.path.endsWith('.js')).map((i) => params.rel(i.path));
    chunks[kind] = [params.rel(out[0]), ...imports.filter((p) => !params.preload.includes(p))];
  }
  return chunks;
}

/**
 * The generated module of island loaders: each island's code is a chunk of its own, imported by its
 * key. An island that is a slot of a markdown file loads that slot's export of the file's module (the
 * rest of the file's code is left out), and is the slot drawn with the children the runtime read back
 * from the page.
 */
function islandLoaders(islands: string[]): string {
  const entries = islands.map((key) => {
    const slot = islandSlot(key);
    if (slot) return `${JSON.stringify(key)}: () => import(${JSON.stringify(`${NAMESPACE}:${slot.module}#${slot.offset}`)}).then((m) => (p) => m.slot(p.children))`;
    const at = key.lastIndexOf('#');
    return `${JSON.stringify(key)}: () => import(${JSON.stringify(key.slice(0, at))}).then((m) => m[${JSON.stringify(key.slice(at + 1))}])`;
  });
  return `export const islands = {${entries.join(',\n')}};\n`;
}

const NAMESPACE = 'sitegen-markdown';

/** The modules of the markdown files whose slots are islands, by their key's module (`@site/docs/a.mdx`). */
function markdownIslandModules(params: { islands: string[]; siteDir: string; modules?: Map<string, string> }): Map<string, { file: string; code: string }> {
  const found = new Map<string, { file: string; code: string }>();
  for (const key of params.islands) {
    const slot = islandSlot(key);
    if (!slot || found.has(slot.module)) continue;
    const file = slot.module.startsWith('@site/') ? path.join(params.siteDir, slot.module.slice('@site/'.length)) : slot.module;
    const code = params.modules?.get(file);
    if (code === undefined) throw new SitegenError('Cannot bundle the browser code', [{ message: `The island ${key} is a slot of a markdown file whose code is not known (internal error)`, file }]);
    found.set(slot.module, { file, code });
  }
  return found;
}

/**
 * The markdown modules, read from memory, their imports resolved from the markdown file's folder by
 * the site code's own rules (the plugins after this one), as in the MDX bundle.
 */
function markdownModules(modules: Map<string, { file: string; code: string }>): esbuild.Plugin {
  return {
    name: 'sitegen-markdown-islands',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        // `<module>#<offset>`: one slot of the file, so that the rest of the file's code is left out.
        const slot = /^(.*)#(\d+)$/.exec(args.path);
        if (slot) return { contents: `export { __sitegenSlot${slot[2]} as slot } from ${JSON.stringify(`${NAMESPACE}:${slot[1]}`)};`, loader: 'js' };
        const m = modules.get(args.path)!;
        return { contents: m.code, loader: 'jsx', resolveDir: path.dirname(m.file) };
      });
    },
  };
}

export function writeBundle(bundle: ClientBundle, sink: OutputSink): void {
  for (const f of bundle.files) sink.write(f.path, f.contents);
}
