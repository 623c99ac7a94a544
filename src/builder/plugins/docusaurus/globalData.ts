import type { SiteModel } from '../api.js';
import type { DocusaurusHost } from './lifecycle.js';

// Docusaurus's global data (@docusaurus/useGlobalData) of each locale: plugin name → plugin id → data,
// what the Docusaurus plugins set with setGlobalData and what sitegen's own plugins publish under
// Docusaurus's names (ContentPlugin.globalData: the docs plugin's versions, paths and breadcrumbs). It
// reaches the browser only when the site's code reads it (the bundle holds useGlobalData): then each
// page's chrome carries its locale's, as Docusaurus's bundle carries it for every page.

export type GlobalData = Record<string, Record<string, unknown>>;

export function siteGlobalData(site: SiteModel, host: DocusaurusHost | undefined): Map<string, GlobalData> {
  const byLocale = new Map<string, GlobalData>();
  for (const locale of site.locales) {
    const data: GlobalData = {};
    for (const plugin of site.plugins) {
      if (!plugin.globalData) continue;
      for (const [name, instances] of Object.entries(plugin.globalData(locale.pluginData[plugin.name], locale))) data[name] = { ...data[name], ...instances };
    }
    const run = host?.locales.find((l) => l.locale.locale === locale.info.locale);
    for (const [name, instances] of Object.entries(run?.globalData ?? {})) data[name] = { ...data[name], ...instances };
    byLocale.set(locale.info.locale, data);
  }
  return byLocale;
}

/** The site with each locale's chrome carrying its global data (new values: the model given is not changed). */
export function withGlobalData(site: SiteModel, data: Map<string, GlobalData>): SiteModel {
  return { ...site, locales: site.locales.map((l) => ({ ...l, chrome: { ...l.chrome, globalData: data.get(l.info.locale) ?? {} } })) };
}
