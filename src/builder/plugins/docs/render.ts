import { htmlHolds, leadOf, showPart, showSections, type RenderedMarkdown, headFor, lastUpdateOf, type RenderContext, type RenderedRoute, type PlannedRoute, type MarkdownJob } from '../api.js';
import type { DocPageData, DocCategoryIndexPageData, NavLink, SidebarItem } from '../../../shared/types.js';
import { docNavigation, type GeneratedIndex } from './sidebar.js';
import path from 'node:path';
import { stripTrailingSlash } from '../../../shared/url.js';
import type { DocVersionData, HeadMeta } from '../../../shared/types.js';
import { docsInstanceById, docsVersionOf, localeDocs, type DocsVersionModel, type LocaleDocsInstance } from './model.js';
import { localizedDocsPath, type DocMeta } from './content.js';
import { cardDocs, fillDocCardLists } from './docCardList.js';
import { DOC_CARD_LIST_MARKER } from '../../../shared/docCardList.js';
import { currentSidebarCategory, sidebarCards } from '../../../shared/sidebar.js';

/** What a doc route carries: its instance, its version's name ('current', '1.0') and the doc. */
export interface DocRouteData {
  pluginId: string;
  version: string;
  doc: DocMeta;
}
export type DocRoute = PlannedRoute<DocRouteData> & { type: 'doc' };
/** A category's generated index page (the docs plugin's extension route). */
export type CategoryIndexRoute = PlannedRoute<{ pluginId: string; version: string; index: GeneratedIndex }> & { type: 'docCategoryIndex' };

export function docMarkdownJob(route: DocRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob {
  const { doc } = route.data;
  const docsConfig = ctx.site.config.docs.find((d) => d.id === route.data.pluginId);
  return {
    file: doc.file,
    locale: ctx.locale.info.locale,
    dropTitle: doc.frontMatter.hide_title === true,
    tocMinLevel: doc.frontMatter.toc_min_heading_level ?? docsConfig?.tocMinHeadingLevel ?? 2,
    tocMaxLevel: doc.frontMatter.toc_max_heading_level ?? docsConfig?.tocMaxHeadingLevel ?? 3,
    // The doc's code runs on a render thread: its hooks (useCurrentSidebarCategory, useActiveVersion) see its page and sidebar.
    ...(doc.parsed.mdx ? { page: { route: doc.permalink, sidebar: sidebarOf(route, ctx)?.sidebar.items } } : {}),
  };
}

/**
 * A doc's markdown, and when it may draw a <DocCardList /> (parse.ts's `cardList`), that of the docs
 * of its category: the cards show their descriptions (the same jobs as their own pages', rendered once).
 */
export function docMarkdownJobs(route: DocRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  const own = docMarkdownJob(route, ctx);
  const siblings = route.data.doc.parsed.cardList ? cardSiblingsOf(route, ctx) : undefined;
  return siblings ? [own, ...[...siblings.docs.values()].map((doc) => cardJob(doc, { locale: route.locale, ...route.data }, ctx))] : [own];
}

/** Where a category's cards are read: the locale, docs instance and version of their docs. */
type CardsAt = Pick<DocRoute, 'locale'> & Pick<DocRouteData, 'pluginId' | 'version'>;

/** The markdown job of a doc shown as a card: its own page's job, so it is rendered once. */
function cardJob(doc: DocMeta, at: CardsAt, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob {
  return docMarkdownJob({ type: 'doc', path: doc.permalink, locale: at.locale, data: { pluginId: at.pluginId, version: at.version, doc } }, ctx);
}

/** The descriptions of a category's cards by url: each doc's own, from its rendered markdown. */
function cardDescriptions(docs: Map<string, DocMeta> | undefined, at: CardsAt, ctx: RenderContext): (href: string) => string | undefined {
  return (href) => {
    const doc = docs?.get(href);
    return doc && docDescription(doc, ctx.markdown(cardJob(doc, at, ctx)));
  };
}

/** The doc's version, and its sidebar when it is in one. */
function sidebarOf(route: DocRoute, ctx: Pick<RenderContext, 'locale'>) {
  const version = docsVersionOf(docsInstanceById(localeDocs(ctx.locale)!, route.data.pluginId)!, route.data.version);
  const sidebarId = version.docSidebar.get(route.data.doc.id);
  return sidebarId ? { version, sidebar: version.sidebars[sidebarId] } : undefined;
}

/**
 * What a <DocCardList /> in the doc may show: the items of the doc's category (Docusaurus's
 * useCurrentSidebarCategory; undefined outside every category), and the docs of the category's items
 * or, outside every category, of the sidebar's top level (useCurrentSidebarSiblings), by url.
 */
function cardSiblingsOf(route: DocRoute, ctx: Pick<RenderContext, 'locale'>): { category: SidebarItem[] | undefined; docs: Map<string, DocMeta> } | undefined {
  const { version, sidebar } = sidebarOf(route, ctx) ?? {};
  if (!version || !sidebar) return undefined;
  const category = currentSidebarCategory(sidebar.items, route.data.doc.permalink)?.items;
  return { category, docs: cardDocs(category ?? sidebar.items, version) };
}

export function renderDocRoute(route: DocRoute, ctx: RenderContext): RenderedRoute {
  const { doc } = route.data;
  // The doc's own instance and version: its sidebar, its prev/next, its options (a route carries both).
  const instance = docsInstanceById(localeDocs(ctx.locale)!, route.data.pluginId)!;
  const docsModel = docsVersionOf(instance, route.data.version);
  const docsConfig = instance.config;
  const md = ctx.markdown(docMarkdownJob(route, ctx));
  const sidebarId = docsModel.docSidebar.get(doc.id);
  const sidebar = sidebarId ? docsModel.sidebars[sidebarId] : undefined;
  const nav = sidebar ? docNavigation(sidebar.order, doc.id) : {};
  const byId = (id: string | null | undefined): NavLink | undefined | null => {
    if (id === null) return null;
    if (id === undefined) return undefined;
    const target = docsModel.docs.byId.get(id);
    return target ? { title: target.paginationLabel, permalink: target.permalink } : undefined;
  };
  const prevOverride = byId(doc.frontMatter.pagination_prev);
  const nextOverride = byId(doc.frontMatter.pagination_next);
  const crumbs = sidebar?.breadcrumbs.get(doc.id) ?? [];
  const editUrl = doc.frontMatter.custom_edit_url === null ? undefined : (doc.frontMatter.custom_edit_url ?? docEditUrl({ ctx, instance, version: docsModel, doc }));
  const alternates = alternateDocVersions(instance, docsModel, doc.id);
  const content: DocPageData = {
    kind: 'doc',
    // Left out for the default instance, as most sites have only that one.
    ...(route.data.pluginId === 'default' ? {} : { pluginId: route.data.pluginId }),
    docId: doc.id,
    title: doc.title,
    hasOwnTitle: Boolean(doc.parsed.contentTitle) && doc.frontMatter.hide_title !== true,
    sidebarId: doc.unlisted ? undefined : sidebarId,
    breadcrumbs: docsConfig.breadcrumbs === false ? [] : crumbs,
    toc: md.toc,
    hideToc: doc.frontMatter.hide_table_of_contents === true,
    previous: prevOverride === null ? undefined : (prevOverride ?? nav.previous),
    next: nextOverride === null ? undefined : (nextOverride ?? nav.next),
    editUrl,
    ...lastUpdateOf({ options: docsConfig, given: doc.frontMatter.last_update, git: instance.lastUpdates?.get(doc.file) }),
    version: versionData(instance, docsModel),
    ...(alternates ? { alternateDocVersions: alternates } : {}),
    tags: doc.tags.map((t) => ({ label: t.label, permalink: t.permalink })),
    unlisted: doc.unlisted,
  };
  const description = docDescription(doc, md);
  // The markdown's HTML as it is (by reference: read back from disk, not read unless used), or with its lists filled.
  let filledHtml: string | undefined;
  if (htmlHolds(md, DOC_CARD_LIST_MARKER)) {
    const siblings = cardSiblingsOf(route, ctx);
    const describe = cardDescriptions(siblings?.docs, { locale: route.locale, ...route.data }, ctx);
    const filled = fillDocCardLists({ html: md.html, category: siblings?.category, describe, strings: ctx.locale.strings, locale: ctx.locale.info.locale, file: doc.file });
    filledHtml = filled.html;
    if (filled.problem) ctx.problems.error(filled.problem);
  }
  const page = {
    route: route.path,
    locale: ctx.locale.info.locale,
    head: withDocAlternates(
      headFor({
        ctx,
        route: route.path,
        title: doc.title,
        description,
        keywords: doc.frontMatter.keywords,
        image: doc.frontMatter.image,
        noindex: doc.unlisted || docsModel.meta.noIndex,
        ogType: 'article',
      }),
      { ctx, pluginId: route.data.pluginId, version: route.data.version, docId: doc.id },
    ),
    content,
    bodyHtml: filledHtml ?? '',
    chromeKey: ctx.locale.info.locale,
  };
  if (filledHtml === undefined) showPart(page, 'bodyHtml', md, 'html');
  return {
    route,
    page,
    sidebar: sidebar ? { key: sidebarKey(instance, docsModel, sidebarId!), items: sidebar.items } : undefined,
    sourceFile: doc.file,
    links: md.links,
    anchors: md.anchors,
    search: doc.unlisted
      ? undefined
      : showSections(
          { url: route.path, title: doc.title, description: doc.frontMatter.description, keywords: doc.frontMatter.keywords, breadcrumbs: crumbs.map((c) => c.label), indexedBy: 'indexDocs' as const },
          md,
        ),
  };
}

/** The page's version as the theme reads it: badge and class only where the instance has versions. */
function versionData(instance: LocaleDocsInstance, version: DocsVersionModel): DocVersionData {
  const { name, label, isLast, banner, badge, className } = version.meta;
  return { name, label, isLast, ...(banner ? { banner } : {}), ...(instance.versions.length > 1 ? { badge, className } : {}) };
}

/** The doc's url in each other version that has a doc of the same id; undefined for an unversioned instance. */
function alternateDocVersions(instance: LocaleDocsInstance, version: DocsVersionModel, docId: string): Record<string, string> | undefined {
  if (instance.versions.length < 2) return undefined;
  const out: Record<string, string> = {};
  for (const other of instance.versions) {
    if (other === version) continue;
    const same = other.docs.byId.get(docId);
    if (same && !same.unlisted) out[other.meta.name] = same.permalink;
  }
  return out;
}

/** A generated index's url in each other version with an index of the same slug (Docusaurus matches them by that id). */
function alternateIndexVersions(instance: LocaleDocsInstance, version: DocsVersionModel, slug: string): Record<string, string> | undefined {
  if (instance.versions.length < 2) return undefined;
  const out: Record<string, string> = {};
  for (const other of instance.versions) {
    if (other === version) continue;
    const same = Object.values(other.sidebars)
      .flatMap((s) => s.indexes)
      .find((i) => i.slug === slug);
    if (same) out[other.meta.name] = same.permalink;
  }
  return out;
}

/**
 * hreflang alternates of a doc: the same doc (same id, same version) in each other locale that has it,
 * at its url there (a translation may set its own slug); a locale without it gets none. A locale not
 * built in this run (`--locale`) keeps the url of the same path.
 */
function withDocAlternates(head: HeadMeta, params: { ctx: RenderContext; pluginId: string; version: string | undefined; docId: string }): HeadMeta {
  const alternates = head.alternates.flatMap((alt) => {
    const other = params.ctx.site.locales.find((l) => l.info.locale === alt.locale);
    const otherDocs = other && localeDocs(other);
    if (!otherDocs) return [alt];
    const instance = docsInstanceById(otherDocs, params.pluginId);
    const same = instance && docsVersionOf(instance, params.version).docs.byId.get(params.docId);
    return same ? [same.permalink === alt.href ? alt : { ...alt, href: same.permalink }] : [];
  });
  return alternates.every((a, i) => a === head.alternates[i]) && alternates.length === head.alternates.length ? head : { ...head, alternates };
}

/**
 * The edit link: editUrl + the doc's path from the site folder, as Docusaurus builds it: a released
 * version's doc is in versioned_docs/version-<name>/ (in the docs folder with editCurrentVersion);
 * with editLocalizedFiles, a translated doc's is its translation's, in i18n/<locale>/ (the current
 * version's translations with editCurrentVersion).
 */
function docEditUrl(params: { ctx: RenderContext; instance: LocaleDocsInstance; version: DocsVersionModel; doc: DocMeta }): string | undefined {
  const { instance, version, doc, ctx } = params;
  const docsConfig = instance.config;
  if (!docsConfig.editUrl) return undefined;
  const fromSite = (dir: string) => path.relative(ctx.site.siteDir, dir).split(path.sep).join('/');
  if (typeof docsConfig.editUrl === 'function') {
    // Docusaurus's arguments: the version's folder from the site, the doc's path in it, its url.
    const url = docsConfig.editUrl({
      version: version.meta.name,
      versionDocsDirPath: fromSite(version.meta.contentPath),
      docPath: doc.rel,
      permalink: doc.permalink,
      locale: ctx.locale.info.locale,
    });
    return typeof url === 'string' && url ? url : undefined;
  }
  const current = version.meta.name === 'current' || docsConfig.editCurrentVersion;
  const folder =
    docsConfig.editLocalizedFiles && doc.translated
      ? fromSite(
          localizedDocsPath({
            siteDir: ctx.site.siteDir,
            i18nDir: ctx.site.config.i18nDir,
            locale: ctx.locale.info.locale,
            pluginId: instance.pluginId,
            versionName: current ? 'current' : version.meta.name,
          }),
        )
      : current
        ? docsConfig.path
        : fromSite(version.meta.contentPath);
  return `${stripTrailingSlash(docsConfig.editUrl)}/${folder}/${doc.rel}`;
}

/**
 * The key of a sidebar's items in the output (pages of one sidebar share them): the instance's id names
 * it, but for the default one, and so does the version where the instance has several (each has its own sidebars).
 */
function sidebarKey(instance: LocaleDocsInstance, version: DocsVersionModel, sidebarId: string): string {
  const id = instance.pluginId === 'default' ? sidebarId : `${instance.pluginId}-${sidebarId}`;
  return instance.versions.length > 1 ? `docs-${version.meta.name}-${id}` : `docs-${id}`;
}

/** A doc's description, as Docusaurus gives it: its front matter's, else its first paragraph. */
function docDescription(doc: DocMeta, md: RenderedMarkdown): string | undefined {
  return doc.frontMatter.description ?? firstParagraph(md);
}

/** Docusaurus uses the first paragraph as the description when front matter has none. */
function firstParagraph(md: RenderedMarkdown): string | undefined {
  const text = leadOf(md);
  if (!text) return undefined;
  return text.length > 160 ? text.slice(0, 157).replace(/\s+\S*$/, '') + '…' : text;
}

/** The markdown of the docs a generated index shows as cards: their descriptions come from it. */
export function categoryIndexMarkdownJobs(route: CategoryIndexRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  const { pluginId, index } = route.data;
  return [...index.cardDocs.values()].map((doc) => cardJob(doc, { locale: route.locale, pluginId, version: route.data.version }, ctx));
}

/** A category's generated index: its title, description and items as cards, in the category's sidebar. */
export function renderCategoryIndexRoute(route: CategoryIndexRoute, ctx: RenderContext): RenderedRoute {
  const { pluginId, index } = route.data;
  // The index's own instance and version: the sidebar holding it, its prev/next, its options.
  const instance = docsInstanceById(localeDocs(ctx.locale)!, pluginId)!;
  const docsModel = docsVersionOf(instance, route.data.version);
  const sidebarId = Object.keys(docsModel.sidebars).find((id) => docsModel.sidebars[id].indexes.includes(index))!;
  const sidebar = docsModel.sidebars[sidebarId];
  const nav = docNavigation(sidebar.order, index.permalink);
  const crumbs = sidebar.breadcrumbs.get(index.permalink) ?? [];
  const alternates = alternateIndexVersions(instance, docsModel, index.slug);
  const describe = cardDescriptions(index.cardDocs, { locale: route.locale, pluginId, version: route.data.version }, ctx);
  const cards = sidebarCards(index.category.items, describe);
  const content: DocCategoryIndexPageData = {
    kind: 'docCategoryIndex',
    ...(pluginId === 'default' ? {} : { pluginId }),
    title: index.title,
    description: index.description,
    sidebarId,
    breadcrumbs: instance.config.breadcrumbs === false ? [] : crumbs,
    cards,
    previous: nav.previous,
    next: nav.next,
    version: versionData(instance, docsModel),
    indexId: index.slug,
    ...(alternates ? { alternateDocVersions: alternates } : {}),
  };
  return {
    route,
    page: {
      route: route.path,
      locale: ctx.locale.info.locale,
      head: headFor({
        ctx,
        route: route.path,
        title: index.title,
        description: index.description,
        keywords: index.keywords,
        image: index.image,
        noindex: docsModel.meta.noIndex,
        ogType: 'website',
      }),
      content,
      chromeKey: ctx.locale.info.locale,
    },
    sidebar: { key: sidebarKey(instance, docsModel, sidebarId), items: sidebar.items },
    links: cards.map((c) => ({ url: c.href })),
    anchors: [],
  };
}
