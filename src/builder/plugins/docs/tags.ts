// Docs tags pages, as Docusaurus makes them per docs version: the list of the version's tags at
// <version>/tags (when a doc of it has tags) and one page per tag at its permalink, listing its docs
// (title and description). A tag of unlisted docs only is itself unlisted (noindex, out of the list).
import type { PlannedRoute } from '../api.js';
import { headFor, joinRoute, type RenderContext, type RenderedRoute } from '../api.js';
import type { DocTagsPageData, DocTagPageData } from '../../../shared/types.js';
import type { DocMeta, LocaleDocs } from './content.js';
import { interpolate, plural } from '../../../shared/strings.js';

interface TagGroup {
  label: string;
  permalink: string;
  description?: string;
  docs: DocMeta[];
  unlisted: boolean;
}

export type DocTagsRoute = PlannedRoute<{ pluginId: string; allTagsPath: string } & ({ view: 'list'; tags: TagGroup[] } | { view: 'tag'; tag: TagGroup })> & { type: 'docTags' };

/** The tags routes of one version in one locale (none when no doc has a tag). */
export function docTagsRoutes(params: { docs: LocaleDocs; pluginId: string; tagsBasePath: string; locale: string }): DocTagsRoute[] {
  const groups = new Map<string, TagGroup>();
  for (const doc of params.docs.docs) {
    for (const tag of doc.tags) {
      // The first doc naming a permalink gives its label, as Docusaurus's groupTaggedItems does.
      const group = groups.get(tag.permalink) ?? { label: tag.label, permalink: tag.permalink, description: tag.description, docs: [], unlisted: true };
      if (!group.docs.includes(doc)) group.docs.push(doc);
      groups.set(tag.permalink, group);
    }
  }
  if (!groups.size) return [];
  const tags = [...groups.values()].map((g) => ({ ...g, unlisted: g.docs.every((d) => d.unlisted), docs: g.docs.every((d) => d.unlisted) ? g.docs : g.docs.filter((d) => !d.unlisted) }));
  const allTagsPath = joinRoute(params.docs.localeBase, params.docs.version.path, params.tagsBasePath);
  const route = (path: string, data: DocTagsRoute['data'], unlisted = false): DocTagsRoute => ({ type: 'docTags', path, locale: params.locale, data, unlisted });
  return [
    route(allTagsPath, { view: 'list', pluginId: params.pluginId, allTagsPath, tags }),
    ...tags.map((tag) => route(tag.permalink, { view: 'tag', pluginId: params.pluginId, allTagsPath, tag }, tag.unlisted)),
  ];
}

export function renderDocTagsRoute(route: DocTagsRoute, ctx: RenderContext): RenderedRoute {
  const { data } = route;
  const strings = ctx.locale.strings;
  const page = (content: DocTagsPageData | DocTagPageData, title: string, description?: string, noindex = false): RenderedRoute['page'] => ({
    route: route.path,
    locale: ctx.locale.info.locale,
    head: headFor({ ctx, route: route.path, title, description, noindex }),
    content,
    chromeKey: ctx.locale.info.locale,
  });
  if (data.view === 'list') {
    const title = strings['theme.tags.tagsPageTitle'];
    const tags = data.tags.filter((t) => !t.unlisted).map((t) => ({ label: t.label, permalink: t.permalink, count: t.docs.length }));
    tags.sort((a, b) => a.label.localeCompare(b.label));
    return { route, page: page({ kind: 'docTags', title, tags }, title), links: tags.map((t) => ({ url: t.permalink })), anchors: [] };
  }
  const { tag } = data;
  const nDocs = interpolate(plural(strings['theme.docs.tagDocListPageTitle.nDocsTagged'], tag.docs.length, ctx.locale.info.locale), { count: tag.docs.length });
  const title = interpolate(strings['theme.docs.tagDocListPageTitle'], { nDocsTagged: nDocs, tagName: tag.label });
  const docs = tag.docs
    .map((d) => ({ title: d.title, permalink: d.permalink, ...(d.frontMatter.description ? { description: d.frontMatter.description } : {}) }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return {
    route,
    page: page({ kind: 'docTag', title, ...(tag.description ? { description: tag.description } : {}), allTagsPath: data.allTagsPath, docs }, title, tag.description, tag.unlisted),
    links: [{ url: data.allTagsPath }, ...docs.map((d) => ({ url: d.permalink }))],
    anchors: [],
  };
}
