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
  postcss?: (css: string, file: string) => string;
  key: string;
}

type Postcss = (plugins: unknown[]) => { process(css: string, options: { from: string }): { css: string } };

export function bundleAdditions(params: { host: DocusaurusHost; config: SiteModel['config']; generatedFilesDir: string }): BundleAdditions {
  const { host } = params;
  // The config as Docusaurus's client code imports it (image-zoom reads themeConfig.zoom there): JSON, so functions are left out.
  const configModule = path.join(params.generatedFilesDir, 'docusaurus.config.mjs');
  fs.mkdirSync(params.generatedFilesDir, { recursive: true });
  const json = JSON.stringify(docusaurusSiteConfig(params.config));
  if (!fs.existsSync(configModule) || fs.readFileSync(configModule, 'utf8') !== `export default ${json};\n`) fs.writeFileSync(configModule, `export default ${json};\n`);
  const alias = { '@generated/docusaurus.config': configModule, ...host.alias };
  let postcss: BundleAdditions['postcss'];
  if (host.postcss) {
    const processor = (host.postcss.postcss as Postcss)(host.postcss.plugins);
    postcss = (css, file) => processor.process(css, { from: file }).css;
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
