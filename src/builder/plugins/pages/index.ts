import path from 'node:path';
import type { ContentPlugin, PlannedRoute } from '../api.js';
import { planPages, type PageRouteData } from './plan.js';
import { scanPages } from './scan.js';
import { renderPageRoute, pageMarkdownJobs } from './render.js';

// The pages plugin: React pages (.tsx/.jsx, each a chunk of the bundles) and markdown pages of the
// `pages` folder, one route per file in every locale.

type PageRoute = PlannedRoute<PageRouteData>;

export const pagesPlugin: ContentPlugin = {
  name: 'pages',
  routeTypes: ['page'],
  markdownFiles: ({ config, siteDir }) =>
    scanPages({ siteDir, pages: config.pages })
      .filter((p) => p.kind === 'markdown')
      .map((p) => p.file),
  plan: (ctx) => planPages(ctx),
  markdownJobs: (route, ctx) => pageMarkdownJobs(route as PageRoute, ctx),
  render: (route, ctx) => renderPageRoute(route as PageRoute, ctx),
  describeRoute: (route) => (route as PageRoute).data.source.file,
  watchPaths: ({ config, siteDir }) => (config.pages ? [path.resolve(siteDir, config.pages.path)] : []),
};
