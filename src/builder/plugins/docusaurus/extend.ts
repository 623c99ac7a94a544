import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { SiteModel } from '../api.js';
import type { DocusaurusHost } from './lifecycle.js';
import { docusaurusSiteConfig } from './lifecycle.js';
import { siteGlobalData, withGlobalData } from './globalData.js';

// What the build takes from the Docusaurus plugins besides their routes: the bundles' additions
// (theme folders, aliases, `@generated/docusaurus.config`, PostCSS), the client modules, and, once the
// site is planned and bundled, the site model with its injected tags and (when the site's code reads it)
// its global data.

export interface BundleAdditions {
  themeDirs: string[];
  alias: Record<string, string>;
  postcss?: (css: string, file: string) => Promise<string>;
  key: string;
}

type Postcss = (plugins: unknown[]) => { process(css: string, options: { from: string }): PromiseLike<{ css: string }> };

export function bundleAdditions(params: { host: DocusaurusHost; config: SiteModel['config'] }): BundleAdditions {
  const { host } = params;
  const generatedFilesDir = host.generatedFilesDir;
  // The config as Docusaurus's client code imports it (image-zoom reads themeConfig.zoom there): JSON,
  // so functions are left out; the form receiver's settings (mail server) are the server's only.
  const configModule = path.join(generatedFilesDir, 'docusaurus.config.mjs');
  fs.mkdirSync(generatedFilesDir, { recursive: true });
  const { forms: _forms, ...clientConfig } = docusaurusSiteConfig(params.config);
  const json = JSON.stringify(clientConfig);
  if (!fs.existsSync(configModule) || fs.readFileSync(configModule, 'utf8') !== `export default ${json};\n`) fs.writeFileSync(configModule, `export default ${json};\n`);
  // `@generated/...`: createData's files (as Docusaurus's webpack alias) and `@generated/docusaurus.config`.
  const alias = { '@generated': generatedFilesDir, ...host.alias };
  let postcss: BundleAdditions['postcss'];
  if (host.postcss) {
    const processor = (host.postcss.postcss as Postcss)(host.postcss.plugins);
    postcss = async (css, file) => (await processor.process(css, { from: file })).css;
  }
  const key = createHash('sha1')
    .update(JSON.stringify({ alias, themeDirs: host.themeDirs, postcss: host.postcss?.plugins.map((p) => describePlugin(p)) }))
    .digest('hex');
  return { themeDirs: host.themeDirs, alias, ...(postcss ? { postcss } : {}), key };
}

function describePlugin(p: unknown): string {
  if (p && typeof p === 'object' && 'postcssPlugin' in p) return String((p as { postcssPlugin: unknown }).postcssPlugin);
  if (typeof p === 'function') return (p as { postcssPlugin?: string }).postcssPlugin ?? p.name;
  return typeof p;
}

/** The plugins' client modules: scripts, and stylesheets (which join the one every page links). */
export function pluginClientModules(host: DocusaurusHost | undefined): { scripts: string[]; styles: string[] } {
  const files = host?.clientModules ?? [];
  return { scripts: files.filter((f) => !/\.(css|scss|sass)$/i.test(f)), styles: files.filter((f) => /\.(css|scss|sass)$/i.test(f)) };
}

/** The site as its pages are written: each locale's injected tags, and its global data when `readsGlobalData`. */
export function extendSite(site: SiteModel, host: DocusaurusHost | undefined, readsGlobalData: boolean): SiteModel {
  const withData = readsGlobalData ? withGlobalData(site, siteGlobalData(site, host)) : site;
  if (!host) return withData;
  const htmlTags = Object.fromEntries(host.locales.filter((l) => l.tags.head || l.tags.preBody || l.tags.postBody).map((l) => [l.locale.locale, l.tags]));
  return Object.keys(htmlTags).length ? { ...withData, htmlTags } : withData;
}
