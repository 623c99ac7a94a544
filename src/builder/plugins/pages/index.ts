import path from 'node:path';
import { scanPages, type PageSource, type ContentPlugin, type PlannedRoute } from '../api.js';
import { planPages, type PageRouteData } from './plan.js';
import { renderPageRoute, pageMarkdownJobs } from './render.js';

// The pages plugin: React pages (.tsx/.jsx, each a chunk of the bundles) and markdown pages of the
// `pages` folder, one route per file in every locale.

type PageRoute = PlannedRoute<PageRouteData>;

export const pagesPlugin: ContentPlugin<PageSource[]> = {
  name: 'pages',
  routeTypes: ['page'],
  // The pages folder is read once per build; its markdown files are parsed, and each file is a route per locale.
  load: ({ config, siteDir }) => scanPages({ siteDir, pages: config.pages }),
  markdownFiles: (_ctx, sources) => sources.filter((p) => p.kind === 'markdown').map((p) => p.file),
  plan: (ctx, sources) => planPages(ctx, sources),
  markdownJobs: (route, ctx) => pageMarkdownJobs(route as PageRoute, ctx),
  render: (route, ctx) => renderPageRoute(route as PageRoute, ctx),
  describeRoute: (route) => (route as PageRoute).data.source.file,
  watchPaths: ({ config, siteDir }) => (config.pages ? [path.resolve(siteDir, config.pages.path)] : []),
};
