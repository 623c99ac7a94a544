import path from 'node:path';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../paths.js';
import { assetPlugin, type SiteAsset } from './site/assets.js';
import { clientApiAliases } from './site/clientApi.js';
import { stylePlugin } from './site/styles.js';
import { markdownImportPlugin } from './site/markdownImport.js';

/**
 * The esbuild configuration for a site's own code: its React pages, the components and styles they
 * import (`@site/...`, relative paths, the site's node_modules) and the sitegen/Docusaurus client API.
 * Every bundle of site code uses it, for the server render and for the browser, so that both agree
 * on class names and asset urls (hydration compares them).
 *
 * API (stable; other bundles of site code build on it):
 *   siteCodeOptions({ siteDir, baseUrl, target: 'server' | 'client' }): esbuild options to spread into
 *     a build (plugins, loader, alias, external, nodePaths, resolveExtensions, metafile):
 *       - `*.module.css|scss|sass` → an object of scoped class names; the CSS joins the importing
 *         chunk's stylesheet (client) or is dropped (server); plain `.css|.scss|.sass` are global;
 *       - Sass with the site's own `sass` package, else an error at the import naming the package;
 *       - images, fonts, media and documents → their content-hashed url under the base url
 *         (`import url from`, `require(...).default`, CSS `url()`; a root url of a stylesheet,
 *         `url(/img/x.svg)`, is the file of the static folders, as Docusaurus resolves it);
 *       - `.svg` → a React component (props go to <svg>, `title` adds a <title>); `x.svg?url` → its url;
 *       - `.json` → the parsed value; `.js` files may hold JSX;
 *       - `.md` / `.mdx` → a component drawing the file (site/markdownImport.ts), as Docusaurus's mdx-loader;
 *       - `@site/...` → the site folder; `@docusaurus/*`, `@theme/*` (a site's own `src/theme/X`
 *         first, as Docusaurus swizzling), `@theme-original/*` and `sitegen/theme` → sitegen's client
 *         API (esbuild aliases); any other name of those scopes fails with the list of provided names;
 *       - `react`, `react-dom` → sitegen's copy (one React for the theme and the site): bundled for
 *         the browser, external (`external`) on the server.
 *   siteAssetsOf(result): the asset files a build referenced ({ path under the output folder, contents }),
 *     to be written with the client bundle.
 *   providedModules(): the module names sitegen provides, with their files (see site/clientApi.ts).
 *   unprovidedImports(metafile, absWorkingDir): imports of `@docusaurus/*` / `@theme/*` names that a
 *     build took from an installed package instead (file, line, message): each bundle fails on them.
 *   unknownModuleError(text): esbuild's "Could not resolve" of such a name, reworded with the list.
 */

export interface SiteCodeParams {
  siteDir: string;
  baseUrl: string;
  target: 'server' | 'client';
  /** The config's `staticDirectories` (relative to the site; default `['static']`): where a root url of a stylesheet (`url(/img/x.svg)`) is looked for. */
  staticDirectories?: string[];
  /** What the site's Docusaurus plugins add to the bundles (plugins/docusaurus/). */
  extensions?: SiteCodeExtensions;
}

/** What Docusaurus plugins add to every bundle of site code: theme folders, aliases, PostCSS. */
export interface SiteCodeExtensions {
  /** Folders of `@theme/*` components (getThemePath), below the site's own src/theme, in plugin order. */
  themeDirs?: string[];
  /** Module name → file (configureWebpack's resolve.alias, `@generated/docusaurus.config`). */
  alias?: Record<string, string>;
  /** configurePostCss's plugins run over a stylesheet. */
  postcss?: (css: string, file: string) => Promise<string>;
  /** What tells the bundles' caches apart (the PostCSS plugins are code). */
  key?: string;
}

/** What of the extensions a bundle's cache key holds. */
export function extensionsKey(e: SiteCodeExtensions): unknown {
  return { themeDirs: e.themeDirs, alias: e.alias, postcss: e.key };
}

export type SiteCodeOptions = Pick<esbuild.BuildOptions, 'plugins' | 'loader' | 'alias' | 'external' | 'nodePaths' | 'resolveExtensions' | 'metafile'>;

export function siteCodeOptions(params: SiteCodeParams): SiteCodeOptions {
  const modules = path.join(packageRoot(), 'node_modules');
  const server = params.target === 'server';
  const staticDirs = (params.staticDirectories ?? ['static']).map((d) => path.resolve(params.siteDir, d));
  return {
    plugins: [
      stylePlugin({ ...params, postcss: params.extensions?.postcss }),
      assetPlugin({ baseUrl: params.baseUrl, siteDir: params.siteDir, staticDirs }),
      markdownImportPlugin({ baseUrl: params.baseUrl, staticDirs }),
    ],
    // Docusaurus sites write JSX in .js files too.
    loader: { '.js': 'jsx' },
    // A Docusaurus site has React in its own node_modules: its code must use the theme's copy, which
    // the server bundle imports at run time from sitegen's dependencies and the browser bundle holds.
    alias: {
      ...clientApiAliases(params.siteDir, params.extensions?.themeDirs),
      ...params.extensions?.alias,
      ...(server ? {} : { react: path.join(modules, 'react'), 'react-dom': path.join(modules, 'react-dom') }),
    },
    external: server ? ['react', 'react-dom'] : [],
    // Pages of a site in another folder import what sitegen provides from sitegen's dependencies.
    nodePaths: [modules],
    resolveExtensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.css', '.json'],
    // What the build read: unprovidedImports looks there for Docusaurus packages bundled by mistake.
    metafile: true,
  };
}

export { providedModules, siteRootComponent, unknownModuleError, unprovidedImports, unusedSwizzles } from './site/clientApi.js';
export type { SiteAsset };

/** The files a build's site code referenced (images, fonts...), named by their content. */
export function siteAssetsOf(result: esbuild.BuildResult): SiteAsset[] {
  return (result as esbuild.BuildResult & { siteAssets?: SiteAsset[] }).siteAssets ?? [];
}
