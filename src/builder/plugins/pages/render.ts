import fs from 'node:fs';
import path from 'node:path';
import {
  parseMarkdown,
  componentPageData,
  headFor,
  pageFrontMatterSchema,
  validateFrontMatter,
  readText,
  showPart,
  showSections,
  type RenderContext,
  type RenderedRoute,
  type PlannedRoute,
  type MarkdownJob,
} from '../api.js';
import type { PageRouteData } from './plan.js';

type PageRoute = PlannedRoute<PageRouteData>;

function markdownFile(route: PageRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): string {
  const { source } = route.data;
  const localized = path.resolve(ctx.site.siteDir, ctx.site.config.i18nDir, ctx.locale.info.locale, 'docusaurus-plugin-content-pages', `${source.key}${path.extname(source.file)}`);
  return !ctx.locale.isDefault && fs.existsSync(localized) ? localized : source.file;
}

export function pageMarkdownJobs(route: PageRoute, ctx: Pick<RenderContext, 'site' | 'locale'>): MarkdownJob[] {
  if (route.data.source.kind !== 'markdown') return [];
  return [{ file: markdownFile(route, ctx), locale: ctx.locale.info.locale, dropTitle: false, tocMinLevel: 2, tocMaxLevel: 3 }];
}

export function renderPageRoute(route: PageRoute, ctx: RenderContext): RenderedRoute {
  const { source } = route.data;
  const locale = ctx.locale.info.locale;
  if (source.kind === 'component') return { route, page: componentPageData({ ctx, route, component: source.key }), sourceFile: source.file, links: [], anchors: [] };
  const file = markdownFile(route, ctx);
  const parsed = ctx.site.parsed.get(file) ?? parseMarkdown({ file, source: readText(file), options: ctx.site.config.markdown });
  const fm = validateFrontMatter(pageFrontMatterSchema, parsed.frontMatter, file);
  const md = ctx.markdown(pageMarkdownJobs(route, ctx)[0]);
  const title = fm.title ?? parsed.contentTitle;
  return {
    route,
    // The body by reference (read back from disk, not read unless used).
    page: showPart(
      {
        route: route.path,
        locale,
        head: headFor({ ctx, route: route.path, title, description: fm.description, keywords: fm.keywords, image: fm.image, noindex: fm.unlisted }),
        content: { kind: 'mdxPage' as const, title: title ?? '', toc: md.toc, hideToc: fm.hide_table_of_contents === true, hasOwnTitle: Boolean(parsed.contentTitle) },
        bodyHtml: '',
        chromeKey: locale,
      },
      'bodyHtml',
      md,
      'html',
    ),
    sourceFile: file,
    links: md.links,
    anchors: md.anchors,
    search: fm.unlisted ? undefined : showSections({ url: route.path, title: title ?? '', description: fm.description, keywords: fm.keywords, breadcrumbs: [] }, md),
  };
}
