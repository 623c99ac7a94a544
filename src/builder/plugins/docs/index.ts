import fs from 'node:fs';
import path from 'node:path';
import {
  frontMatterOrigin,
  readTranslationFile,
  joinRoute,
  readTagsFile,
  shownHtmlHolds,
  gitLastUpdates,
  lastUpdatesUnavailable,
  type ContentPlugin,
  type LocalePlan,
  type PlanContext,
  type TranslationFile,
} from '../api.js';
import { scanDocs, readCategories, loadLocaleDocs, localizedDocsPath, type DocMeta } from './content.js';
import { docTagsRoutes, renderDocTagsRoute, type DocTagsRoute } from './tags.js';
import { renderDocRoute, docMarkdownJobs, renderCategoryIndexRoute, categoryIndexMarkdownJobs, type CategoryIndexRoute, type DocRoute } from './render.js';
import type { DocsInstance, DocsVersionModel, LocaleDocsInstance, VersionSource } from './model.js';
import { checkInstanceRoutes } from './instanceRoutes.js';
import { docsPlugins, ownIndexVersions } from './localeChrome.js';
import { docsNavbarItemTypes } from './navbarItems.js';
import { docsGlobalData } from './globalData.js';
import { docCardListOutsideDocs } from './docCardList.js';
import { DOC_CARD_LIST_MARKER } from '../../../shared/docCardList.js';
import { numberPrefixParser } from './numberPrefix.js';
import { loadSidebars, planSidebars, sidebarTranslations } from './sidebars.js';
import { readVersions } from './versions.js';
import { versionsFilePath, versionedDocsPath, versionedSidebarsPath } from './versionLayout.js';
import type { DocsConfig } from './options.js';
import type { GeneratedSidebar } from './sidebar.js';

// The docs plugin: the only place docs live. Loads every docs instance of the config (`docs: [...]`)
// with its versions (versions.ts: folders, category files, sidebars file each), plans each version's
// docs and sidebars per locale, renders doc routes and generated category indexes, and names each
// version's translation files (version label, sidebar labels) and the watched files.

export const docsPlugin: ContentPlugin<DocsInstance[]> = {
  name: 'docs',
  routeTypes: ['doc', 'docCategoryIndex', 'docTags'],
  navbarItemTypes: docsNavbarItemTypes,
  // A doc fills its lists (render.ts); any other page has none to fill.
  // A body read back from disk and not read yet is known by the markers it holds (markdown/context.ts).
  checkPage: (r) => (shownHtmlHolds(r.page, 'bodyHtml', DOC_CARD_LIST_MARKER) === false ? undefined : docCardListOutsideDocs({ bodyHtml: r.page.bodyHtml, sourceFile: r.sourceFile })),

  // From the folders load() read: each docs folder is scanned once per build.
  markdownFiles({ config, siteDir, locales }, instances) {
    const files: string[] = [];
    const others = locales.filter((l) => l !== config.i18n.defaultLocale);
    for (const instance of instances) {
      for (const version of instance.versions) {
        const localizedRoot = (locale: string) => localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: instance.id, versionName: version.name });
        for (const f of version.files) {
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
      const versions = readVersions({ siteDir, docs }).map((meta) => loadVersion({ siteDir, docs, meta }));
      // One git log over the instance's folders and its translations' (each locale's plugin folder, every version in it): each doc's last commit.
      const translations = config.i18n.locales.map((locale) => path.dirname(localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName: 'current' })));
      const lastUpdates = docs.showLastUpdateTime || docs.showLastUpdateAuthor ? gitLastUpdates([...versions.map((v) => v.root), ...translations], siteDir) : undefined;
      return { id: docs.id, config: docs, versions, ...(lastUpdates ? { lastUpdates } : {}) };
    });
  },

  plan(ctx, instances): LocalePlan {
    const plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots'>> & LocalePlan = {
      routes: [],
      permalinks: [],
      contentRoots: [],
      // A site without docs lists no instance in the chrome (an empty list, not the implicit default one).
      chrome: { docsPlugins: docsPlugins([], ctx.locale.info.baseUrl) },
    };
    if (!instances.length) return plan;
    const planned = instances.map((instance) => planInstance(ctx, instance, plan));
    checkInstanceRoutes({ instances: planned, localeBase: ctx.locale.info.baseUrl, problems: ctx.problems });
    plan.localeData = planned;
    plan.searchContexts = planned.flatMap(ownIndexVersions);
    plan.chrome = { docsPlugins: docsPlugins(planned, ctx.locale.info.baseUrl) };
    return plan;
  },

  globalData: (localeData, locale) => docsGlobalData(localeData as LocaleDocsInstance[] | undefined, locale.info.baseUrl),

  markdownJobs: (route, ctx) => (route.type === 'doc' ? docMarkdownJobs(route as DocRoute, ctx) : route.type === 'docTags' ? [] : categoryIndexMarkdownJobs(route as CategoryIndexRoute, ctx)),
  render: (route, ctx) =>
    route.type === 'doc'
      ? renderDocRoute(route as DocRoute, ctx)
      : route.type === 'docTags'
        ? renderDocTagsRoute(route as DocTagsRoute, ctx)
        : renderCategoryIndexRoute(route as CategoryIndexRoute, ctx),
  describeRoute: (route) =>
    route.type === 'doc'
      ? (route as DocRoute).data.doc.file
      : route.type === 'docTags'
        ? `the docs tags page ${route.path}`
        : `the generated index of category "${(route as CategoryIndexRoute).data.index.category.label}"`,

  // One file per version (current.json, version-<name>.json): its label and its sidebars' labels.
  translations({ config, siteDir, locale }): TranslationFile[] {
    return config.docs.flatMap((docs) =>
      readVersions({ siteDir, docs }).map((version) => {
        const scan = scanDocs({ siteDir, docs, root: version.contentPath });
        const categories = readCategories(scan.root, scan.categoryFiles);
        const messages: TranslationFile['messages'] = { 'version.label': { message: version.label, description: `The label for version ${version.name}` } };
        Object.assign(messages, sidebarTranslations({ docs, sidebarPath: version.sidebarPath, categories, files: scan.files.map((f) => f.rel) }));
        return { file: `${localizedDocsPath({ siteDir, i18nDir: config.i18nDir, locale, pluginId: docs.id, versionName: version.name })}.json`, messages };
      }),
    );
  },

  // Each instance's folder, sidebars file and versioning files (versions.json, versioned docs and sidebars).
  watchPaths: ({ config, siteDir }) =>
    config.docs.flatMap((docs) => {
      const at = { siteDir, pluginId: docs.id, versionName: '' };
      return [
        path.resolve(siteDir, docs.path),
        ...(docs.sidebarPath ? [path.resolve(siteDir, docs.sidebarPath)] : []),
        versionsFilePath(at),
        path.dirname(versionedDocsPath(at)),
        path.dirname(versionedSidebarsPath(at)),
      ];
    }),
};

/** A version's sources: its folder's files and category files, its sidebars file read and checked. */
function loadVersion(params: { siteDir: string; docs: DocsConfig; meta: DocsInstance['versions'][number]['meta'] }): VersionSource {
  const { meta } = params;
  const scan = scanDocs({ siteDir: params.siteDir, docs: params.docs, root: meta.contentPath });
  return { meta, name: meta.name, root: scan.root, files: scan.files, categories: readCategories(scan.root, scan.categoryFiles), sidebars: loadSidebars(meta.sidebarPath) };
}

/** One instance in one locale: each version's routes and source → url entries go into `plan`; returns its versions' models. */
function planInstance(ctx: PlanContext, instance: DocsInstance, plan: Required<Pick<LocalePlan, 'routes' | 'permalinks' | 'contentRoots'>>): LocaleDocsInstance {
  const { config, locale } = ctx;
  const versions: DocsVersionModel[] = [];
  for (const source of instance.versions) {
    const localizedRoot = localizedDocsPath({ siteDir: ctx.siteDir, i18nDir: config.i18nDir, locale: locale.info.locale, pluginId: instance.id, versionName: source.name });
    const translations = readTranslationFile(`${localizedRoot}.json`);
    const version = { ...source.meta, label: translations['version.label'] ?? source.meta.label };
    const docs = loadLocaleDocs({
      locale: locale.info.locale,
      isDefaultLocale: locale.isDefault,
      version,
      localeBase: locale.info.baseUrl,
      files: source.files,
      categories: source.categories,
      prefixes: numberPrefixParser(instance.config.numberPrefixParser),
      localizedRoot,
      originalRoot: source.root,
      translations,
      parse: ctx.parse,
      problems: ctx.problems,
      production: ctx.production,
      trailingSlash: config.trailingSlash,
      tags: {
        file: readTagsFile({ contentDir: source.root, option: instance.config.tags, optionPath: `docs[id=${instance.id}].tags`, problems: ctx.problems }),
        base: joinRoute(locale.info.baseUrl, version.path, instance.config.tagsBasePath),
        onInlineTags: instance.config.onInlineTags,
        optionPath: `docs[id=${instance.id}]`,
      },
    });
    plan.routes.push(...docTagsRoutes({ docs, pluginId: instance.id, tagsBasePath: instance.config.tagsBasePath, locale: locale.info.locale }));
    const model = planSidebars({ instance, sidebarsConfig: source.sidebars, docs, siteBaseUrl: config.baseUrl, problems: ctx.problems });
    versions.push({ meta: version, docs, ...model, mainDoc: mainDoc(docs.docs, model.sidebars) });
    for (const index of Object.values(model.sidebars).flatMap((sidebar) => sidebar.indexes)) {
      plan.routes.push({
        type: 'docCategoryIndex',
        path: index.permalink,
        locale: locale.info.locale,
        data: { pluginId: instance.id, version: source.name, index },
        origin: index.origin,
      } satisfies CategoryIndexRoute);
    }
    plan.contentRoots.push({ original: source.root, localized: localizedRoot });
    for (const doc of docs.docs) {
      plan.routes.push({
        type: 'doc',
        path: doc.permalink,
        locale: locale.info.locale,
        data: { pluginId: instance.id, version: source.name, doc },
        // A version but the last of a versioned instance has its own search index (localeChrome.ts).
        ...(instance.versions.length > 1 && !source.meta.isLast ? { searchContext: { pluginId: instance.id, version: source.name } } : {}),
        unlisted: doc.unlisted,
        origin: frontMatterOrigin(doc.file, doc.frontMatter, ['slug', 'id']),
      });
      plan.permalinks.push([doc.sourceFile, doc.permalink], [doc.file, doc.permalink]);
    }
  }
  // The navbar's doc items link into the last version unless the reader is in (or prefers) another.
  const last = versions.find((v) => v.meta.isLast) ?? versions[0];
  if (instance.lastUpdates?.unavailable && locale.isDefault) {
    ctx.problems.warn(lastUpdatesUnavailable({ unavailable: instance.lastUpdates.unavailable, what: 'docs', option: `docs[id=${instance.id}]` }));
  }
  return { pluginId: instance.id, config: instance.config, ...last, versions, ...(instance.lastUpdates ? { lastUpdates: instance.lastUpdates.files } : {}) };
}

/**
 * A version's main doc, where its version links lead when the doc being read is not in it (as in
 * Docusaurus): the doc at the version's root (slug "/"), else the first doc of its first sidebar, else its first doc.
 */
function mainDoc(docs: DocMeta[], sidebars: Record<string, GeneratedSidebar>): DocMeta | undefined {
  const home = docs.find((d) => d.slug === '/');
  if (home) return home;
  const firstId = Object.values(sidebars)[0]?.order.find((entry) => !entry.key.startsWith('/'))?.key;
  return (firstId ? docs.find((d) => d.id === firstId) : undefined) ?? docs[0];
}
