import fs from 'node:fs';
import path from 'node:path';
import type { ContentPlugin, LocalePlan, PlanContext, TranslationFile } from '../types.js';
import type { PlannedRoute } from '../../routes/manifest.js';
import { frontMatterOrigin } from '../../routes/routeSafety.js';
import { scanDocs, readCategories, loadLocaleDocs, localizedDocsPath, readTranslationFile, type DocsVersion } from './content.js';
import { generateSidebar } from './sidebar.js';
import { renderDocRoute, docMarkdownJob } from './render.js';
import { versionNames, type DocsInstance, type DocsVersionModel, type LocaleDocsInstance } from './model.js';
import { checkInstanceRoutes } from './instanceRoutes.js';

// The docs plugin: the only place docs live. Loads every docs instance of the config (`docs: [...]`)
// with its versions (folders, category files), plans each version's docs and sidebar per locale,
// renders doc routes, and names each instance's translation files (version label, category labels)
// and watched folder.

type DocRoute = Extract<PlannedRoute, { kind: 'doc' }>;

export const docsPlugin: ContentPlugin<DocsInstance[]> = {
  name: 'docs',
  routeTypes: ['doc'],

  markdownFiles({ config, siteDir, locales }) {
    const files: string[] = [];
    const others = locales.filter((l) => l !== config.i18n.defaultLocale);
    for (const docs of config.docs) {
      for (const versionName of versionNames(docs)) {
        const scan = scanDocs({ siteDir, docs });
        const localizedRoot = (locale: string) => localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName });
        for (const f of scan.files) {
          if (locales.includes(config.i18n.defaultLocale) || !others.every((l) => fs.existsSync(path.join(localizedRoot(l), f.rel)))) files.push(f.abs);
          for (const l of others) {
            const localized = path.join(localizedRoot(l), f.rel);
            if (fs.existsSync(localized)) files.push(localized);
          }
        }
      }
    }
    return files;
  },

  load({ config, siteDir }) {
    return config.docs.map((docs) => {
      const versions = versionNames(docs).map((name) => {
        const scan = scanDocs({ siteDir, docs });
        return { name, root: scan.root, files: scan.files, categories: readCategories(scan.root, scan.categoryFiles) };
      });
      return { id: docs.id, config: docs, versions };
    });
  },

  plan(ctx, instances): LocalePlan {
    const plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots'>> & LocalePlan = { routes: [], permalinks: [], contentRoots: [] };
    if (!instances.length) return plan;
    const planned = instances.map((instance) => planInstance(ctx, instance, plan));
    checkInstanceRoutes({ instances: planned, localeBase: ctx.locale.info.baseUrl, problems: ctx.problems });
    plan.docs = planned;
    return plan;
  },

  markdownJobs: (route, ctx) => [docMarkdownJob(route as DocRoute, ctx)],
  render: (route, ctx) => renderDocRoute(route as DocRoute, ctx),
  describeRoute: (route) => (route as DocRoute).doc.file,

  translations({ config, siteDir, locale }): TranslationFile[] {
    return config.docs.map((docs) => {
      const scan = scanDocs({ siteDir, docs });
      const categories = readCategories(scan.root, scan.categoryFiles);
      const current: TranslationFile['messages'] = { 'version.label': { message: docs.versions.current?.label ?? 'Next', description: 'The label for version current' } };
      for (const [dirPath, meta] of categories) {
        const label = meta.label ?? path.posix.basename(dirPath);
        current[`sidebar.${docs.sidebarId}.category.${label}`] = { message: label, description: `The label for category ${label} in sidebar ${docs.sidebarId}` };
      }
      return { file: `${localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName: 'current' })}.json`, messages: current };
    });
  },

  watchPaths: ({ config, siteDir }) => config.docs.map((docs) => path.resolve(siteDir, docs.path)),
};

/** One instance in one locale: its versions' routes and source → url entries go into `plan`; returns the version routes are planned for. */
function planInstance(ctx: PlanContext, instance: DocsInstance, plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots'>>): LocaleDocsInstance {
  const { config, locale } = ctx;
  const docsConfig = instance.config;
  const versions: DocsVersionModel[] = [];
  for (const source of instance.versions) {
    const localizedRoot = localizedDocsPath({ siteDir: ctx.siteDir, i18nDir: config.i18nDir, locale: locale.info.locale, pluginId: instance.id, versionName: source.name });
    const translations = readTranslationFile(`${localizedRoot}.json`);
    const versionConfig = docsConfig.versions[source.name] ?? {};
    const version: DocsVersion = {
      name: source.name,
      label: translations['version.label'] ?? versionConfig.label ?? 'Next',
      path: `/${docsConfig.routeBasePath.replace(/^\/|\/$/g, '')}`,
      isLast: docsConfig.lastVersion === source.name,
      banner: versionConfig.banner && versionConfig.banner !== 'none' ? versionConfig.banner : undefined,
      contentPath: source.root,
    };
    const docs = loadLocaleDocs({
      locale: locale.info.locale,
      isDefaultLocale: locale.isDefault,
      version,
      localeBase: locale.info.baseUrl,
      files: source.files,
      categories: source.categories,
      localizedRoot,
      originalRoot: source.root,
      translations,
      parse: ctx.parse,
      problems: ctx.problems,
      production: ctx.production,
      trailingSlash: config.trailingSlash,
    });
    const sidebar = generateSidebar({ docs, sidebarId: docsConfig.sidebarId, collapsible: docsConfig.sidebarCollapsible, collapsed: docsConfig.sidebarCollapsed, problems: ctx.problems });
    versions.push({ meta: version, docs, sidebars: { [docsConfig.sidebarId]: sidebar } });
    plan.contentRoots.push({ original: source.root, localized: localizedRoot });
    for (const doc of docs.docs) {
      plan.routes.push({
        kind: 'doc',
        path: doc.permalink,
        locale: locale.info.locale,
        pluginId: instance.id,
        doc,
        unlisted: doc.unlisted,
        origin: frontMatterOrigin(doc.file, doc.frontMatter, ['slug', 'id']),
      });
      plan.permalinks.push([doc.sourceFile, doc.permalink], [doc.file, doc.permalink]);
    }
  }
  // The navbar and the doc pages read the version routes are planned for: the working copy
  // ('current', the only one for now), with its one sidebar.
  const current = versions.find((v) => v.meta.name === 'current') ?? versions[0];
  return { pluginId: instance.id, config: docsConfig, docs: current.docs, sidebar: current.sidebars[docsConfig.sidebarId], sidebarId: docsConfig.sidebarId };
}
