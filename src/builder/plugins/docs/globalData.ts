import { joinRoute } from '../api.js';
import type { LocaleDocsInstance } from './model.js';

// What Docusaurus's docs plugin publishes as global data (plugin-content-docs/lib/globalData.js), read
// by `useGlobalData()['docusaurus-plugin-content-docs']` and by the site's code through
// `usePluginData('docusaurus-plugin-content-docs', id)`: per instance its path, its versions (each with
// its docs' ids, paths and sidebars, its sidebars' first links, its drafts) and `breadcrumbs`.

const stripTrailingSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function docsGlobalData(instances: LocaleDocsInstance[] | undefined, localeBase: string): Record<string, Record<string, unknown>> {
  if (!instances?.length) return {};
  const byId: Record<string, unknown> = {};
  for (const instance of instances) {
    byId[instance.pluginId] = {
      path: stripTrailingSlash(joinRoute(localeBase, instance.config.routeBasePath)) || '/',
      versions: instance.versions.map((v) => ({
        name: v.meta.name,
        label: v.meta.label,
        isLast: v.meta.isLast,
        path: stripTrailingSlash(joinRoute(localeBase, v.meta.path)) || '/',
        mainDocId: v.mainDoc?.id ?? v.docs.docs[0]?.id,
        docs: v.docs.docs.map((d) => ({ id: d.id, path: d.permalink, sidebar: v.docSidebar.get(d.id) })),
        draftIds: [...v.docs.drafts],
        sidebars: Object.fromEntries(
          Object.entries(v.sidebars).map(([id, sidebar]) => {
            const first = sidebar.order[0];
            return [id, first ? { link: { path: first.permalink, label: first.title } } : {}];
          }),
        ),
      })),
      breadcrumbs: instance.config.breadcrumbs,
    };
  }
  return { 'docusaurus-plugin-content-docs': byId };
}
