import fs from 'node:fs';
import path from 'node:path';
import type { ContentPlugin, LocalePlan, PlanContext, TranslationFile } from '../types.js';
import { frontMatterOrigin } from '../../routes/routeSafety.js';
import { scanDocs, readCategories, loadLocaleDocs, localizedDocsPath, readTranslationFile, type DocsVersion } from './content.js';
import { renderDocRoute, docMarkdownJob, renderCategoryIndexRoute, categoryIndexMarkdownJobs, type CategoryIndexRoute } from './render.js';
import { versionNames, type DocsInstance, type DocsVersionModel, type LocaleDocsInstance } from './model.js';
import { checkInstanceRoutes } from './instanceRoutes.js';
import { loadSidebars, planSidebars, sidebarTranslations } from './sidebars.js';
import { readVersionsFile, unbuiltVersionsWarning } from './versionsFile.js';
import { withBase } from '../../../shared/url.js';

// The docs plugin: the only place docs live. Loads every docs instance of the config (`docs: [...]`)
// with its versions (folders, category files) and its sidebars file, plans each version's docs and
// sidebars per locale, renders doc routes and generated category indexes, and names each instance's
// translation files (version label, sidebar labels) and watched files.

export const docsPlugin: ContentPlugin<DocsInstance[]> = {
  name: 'docs',
  routeTypes: ['doc', 'docCategoryIndex'],

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
      const unbuiltVersions = docs.disableVersioning ? undefined : readVersionsFile({ siteDir, pluginId: docs.id });
      return { id: docs.id, config: docs, versions, sidebars: loadSidebars({ siteDir, docs }), unbuiltVersions };
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

  markdownJobs: (route, ctx) => (route.kind === 'doc' ? [docMarkdownJob(route, ctx)] : categoryIndexMarkdownJobs(route as CategoryIndexRoute, ctx)),
  render: (route, ctx) => (route.kind === 'doc' ? renderDocRoute(route, ctx) : renderCategoryIndexRoute(route as CategoryIndexRoute, ctx)),
  describeRoute: (route) => (route.kind === 'doc' ? route.doc.file : `the generated index of category "${(route as CategoryIndexRoute).data.index.category.label}"`),

  translations({ config, siteDir, locale }): TranslationFile[] {
    return config.docs.map((docs) => {
      const scan = scanDocs({ siteDir, docs });
      const categories = readCategories(scan.root, scan.categoryFiles);
      const current: TranslationFile['messages'] = { 'version.label': { message: docs.versions.current?.label ?? 'Next', description: 'The label for version current' } };
      Object.assign(current, sidebarTranslations({ siteDir, docs, categories }));
      return { file: `${localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName: 'current' })}.json`, messages: current };
    });
  },

  // Each instance's folder and, when it has one, its sidebars file.
  watchPaths: ({ config, siteDir }) => config.docs.flatMap((docs) => [path.resolve(siteDir, docs.path), ...(docs.sidebarPath ? [path.resolve(siteDir, docs.sidebarPath)] : [])]),
};

/** One instance in one locale: its versions' routes and source → url entries go into `plan`; returns the version routes are planned for. */
function planInstance(ctx: PlanContext, instance: DocsInstance, plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots'>>): LocaleDocsInstance {
  const { config, locale } = ctx;
  const docsConfig = instance.config;
  if (instance.unbuiltVersions && locale.isDefault)
    ctx.problems.warn(unbuiltVersionsWarning(instance.unbuiltVersions, withBase(locale.info.baseUrl, docsConfig.routeBasePath).replace(/(.)\/$/, '$1')));
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
    const model = planSidebars({ instance, docs, siteBaseUrl: config.baseUrl, problems: ctx.problems });
    versions.push({ meta: version, docs, ...model });
    for (const index of Object.values(model.sidebars).flatMap((sidebar) => sidebar.indexes)) {
      plan.routes.push({ kind: 'extension', type: 'docCategoryIndex', path: index.permalink, locale: locale.info.locale, data: { pluginId: instance.id, index } } satisfies CategoryIndexRoute);
    }
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
  // ('current', the only one for now), with its sidebars.
  const current = versions.find((v) => v.meta.name === 'current') ?? versions[0];
  return { pluginId: instance.id, config: docsConfig, ...current };
}
