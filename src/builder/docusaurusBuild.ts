import path from 'node:path';
import type { ContentPlugin, SiteModel } from './plugins/api.js';
import type { SiteCodeExtensions } from './bundle/siteCode.js';
import type { ClientModuleFiles } from './bundle/clientModules.js';
import type { Problem } from './errors.js';
import type { StageTimer } from './pipeline/types.js';
import type { PipelinePass } from './pipeline/passes.js';
import { docusaurusPlugins } from './config/pluginEntries.js';
import { localeInfos } from './site/locales.js';
import { storeFolder } from './cacheFolder.js';
import { cacheKey } from './cacheKey.js';
import { providedModules } from './bundle/siteCode.js';
import { bundleAdditions, docusaurusRoutesPlugin, extendSite, pluginClientModules, runDocusaurusPlugins, runPostBuild } from './plugins/index.js';

// The build's side of Docusaurus plugins (plugins/docusaurus/), in one place so that the pipeline calls
// it at four points: before the bundles (run the plugins to their routes and global data: their client
// modules, route components, theme folders, aliases, PostCSS), as the plugins list is made (the routes'
// plugin), once the browser bundle is made (the site with injected tags and, if its code reads it,
// global data), and after the output is complete, before the commit (postBuild, the last of the pipeline's passes; not in `dev`, as
// `docusaurus start` runs none). A site without Docusaurus plugins gets the identity at each point.

export interface DocusaurusBuild {
  warnings: Problem[];
  /** The route components, as React pages of the bundles. */
  pages: { key: string; file: string; kind: 'component'; routePath: string; routeProps: true }[];
  extensions?: SiteCodeExtensions;
  contentPlugins: ContentPlugin[];
  clientModules(own: ClientModuleFiles): ClientModuleFiles;
  /** `read`: the files the browser bundle read (does the site's code read global data?), or 'always' (check-links draws pages without one). */
  extendSite(site: SiteModel, read: string[] | 'always'): SiteModel;
  /** postBuild as the pipeline's last pass (the output complete, not yet in place); none in `dev`, as `docusaurus start` runs none. */
  passes: PipelinePass[];
  /** getPathsToWatch: what `dev` watches for the plugins. */
  watchPaths: string[];
}

export async function docusaurusPluginsOf(params: {
  config: SiteModel['config'];
  siteDir: string;
  configFile: string;
  locale?: string;
  outDir: string;
  dev: boolean;
  time?: StageTimer;
}): Promise<DocusaurusBuild> {
  const { config, siteDir } = params;
  const declarations = docusaurusPlugins(config);
  const locales = localeInfos(config).filter((l) => !params.locale || l.locale === params.locale);
  const generatedFilesDir = storeFolder('docusaurus', cacheKey(siteDir).slice(0, 16));
  const run = () => runDocusaurusPlugins({ config, siteDir, configFile: params.configFile, declarations, locales, outDir: params.outDir, generatedFilesDir, dev: params.dev });
  // A stage of its own (in the timings) only for a site that has Docusaurus plugins.
  const host = declarations.length ? await (params.time ? params.time('plugins', run) : run()) : undefined;
  const globalDataModule = providedModules()['@docusaurus/useGlobalData'];
  const readsGlobalData = (read: string[] | 'always') => read === 'always' || read.some((f) => path.resolve(f) === globalDataModule);
  if (!host) {
    return {
      warnings: [],
      pages: [],
      contentPlugins: [],
      clientModules: (own) => own,
      extendSite: (site, read) => (readsGlobalData(read) ? extendSite(site, undefined, true) : site),
      passes: [],
      watchPaths: [],
    };
  }
  const extensions = bundleAdditions({ host, config });
  const modules = pluginClientModules(host);
  return {
    warnings: host.warnings,
    pages: host.components.map((c) => ({ key: c.key, file: c.file, kind: 'component', routePath: '', routeProps: true })),
    extensions,
    contentPlugins: [docusaurusRoutesPlugin(host)],
    clientModules: (own) => ({ scripts: [...own.scripts, ...modules.scripts], styles: [...own.styles, ...modules.styles] }),
    extendSite: (site, read) => extendSite(site, host, readsGlobalData(read)),
    passes: params.dev ? [] : [{ name: 'postBuild', last: ({ site, pages, sink }) => runPostBuild({ host, site, pages, sink, configFile: params.configFile }) }],
    watchPaths: host.watchPaths,
  };
}
