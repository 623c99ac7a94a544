import type { PlannedRoute } from '../../routes/manifest.js';
import type { DocPageData, NavLink } from '../../../shared/types.js';
import type { MarkdownJob } from '../../parallel/protocol.js';
import { docNavigation } from './sidebar.js';
import { headFor } from '../../render/head.js';
import type { RenderContext, RenderedRoute } from '../../render/types.js';
import { stripTrailingSlash } from '../../../shared/url.js';
import { docsInstanceById } from './model.js';

type DocRoute = Extract<PlannedRoute, { kind: 'doc' }>;

export function docMarkdownJob(route: DocRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob {
  const { doc } = route;
  const docsConfig = ctx.site.config.docs.find((d) => d.id === route.pluginId);
  return {
    file: doc.file,
    locale: ctx.locale.info.locale,
    dropTitle: doc.frontMatter.hide_title === true,
    tocMinLevel: doc.frontMatter.toc_min_heading_level ?? docsConfig?.tocMinHeadingLevel ?? 2,
    tocMaxLevel: doc.frontMatter.toc_max_heading_level ?? docsConfig?.tocMaxHeadingLevel ?? 3,
  };
}

export function renderDocRoute(route: DocRoute, ctx: RenderContext): RenderedRoute {
  const { doc } = route;
  // The doc's own instance: its sidebar, its prev/next, its options (a route carries its plugin id).
  const docsModel = docsInstanceById(ctx.locale.docs!, route.pluginId)!;
  const docsConfig = docsModel.config;
  const md = ctx.markdown(docMarkdownJob(route, ctx));
  const nav = docNavigation(docsModel.sidebar.order, doc);
  const byId = (id: string | null | undefined): NavLink | undefined | null => {
    if (id === null) return null;
    if (id === undefined) return undefined;
    const target = docsModel.docs.byId.get(id);
    return target ? { title: target.paginationLabel, permalink: target.permalink } : undefined;
  };
  const prevOverride = byId(doc.frontMatter.pagination_prev);
  const nextOverride = byId(doc.frontMatter.pagination_next);
  const crumbs = docsModel.sidebar.breadcrumbs.get(doc.id) ?? [];
  const editUrl =
    doc.frontMatter.custom_edit_url === null
      ? undefined
      : (doc.frontMatter.custom_edit_url ?? (docsConfig.editUrl ? `${stripTrailingSlash(docsConfig.editUrl)}/${docsConfig.path}/${doc.rel}` : undefined));
  const content: DocPageData = {
    kind: 'doc',
    // Left out for the default instance, as most sites have only that one.
    ...(route.pluginId === 'default' ? {} : { pluginId: route.pluginId }),
    docId: doc.id,
    title: doc.title,
    hasOwnTitle: Boolean(doc.parsed.contentTitle) && doc.frontMatter.hide_title !== true,
    sidebarId: doc.unlisted ? undefined : docsModel.sidebarId,
    breadcrumbs: docsConfig.breadcrumbs === false ? [] : crumbs,
    toc: md.toc,
    hideToc: doc.frontMatter.hide_table_of_contents === true,
    previous: prevOverride === null ? undefined : (prevOverride ?? nav.previous),
    next: nextOverride === null ? undefined : (nextOverride ?? nav.next),
    editUrl,
    version: { name: docsModel.docs.version.name, label: docsModel.docs.version.label, isLast: docsModel.docs.version.isLast, banner: docsModel.docs.version.banner },
    tags: [],
    unlisted: doc.unlisted,
  };
  const description = doc.frontMatter.description ?? firstParagraph(md.sections);
  return {
    route,
    page: {
      route: route.path,
      locale: ctx.locale.info.locale,
      head: headFor({ ctx, route: route.path, title: doc.title, description, keywords: doc.frontMatter.keywords, image: doc.frontMatter.image, noindex: doc.unlisted, ogType: 'article' }),
      content,
      bodyHtml: md.html,
      chromeKey: ctx.locale.info.locale,
    },
    sidebar: { key: route.pluginId === 'default' ? `docs-${docsModel.sidebarId}` : `docs-${route.pluginId}-${docsModel.sidebarId}`, items: docsModel.sidebar.items },
    sourceFile: doc.file,
    links: md.links.map((l) => ({ ...l, file: doc.file })),
    anchors: md.anchors,
    search: doc.unlisted
      ? undefined
      : { url: route.path, title: doc.title, description: doc.frontMatter.description, keywords: doc.frontMatter.keywords, breadcrumbs: crumbs.map((c) => c.label), sections: md.sections },
  };
}

/** Docusaurus uses the first paragraph as the description when front matter has none. */
function firstParagraph(sections: { text: string }[]): string | undefined {
  const text = sections[0]?.text;
  if (!text) return undefined;
  return text.length > 160 ? text.slice(0, 157).replace(/\s+\S*$/, '') + '…' : text;
}
