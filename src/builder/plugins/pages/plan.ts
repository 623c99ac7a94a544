import { type PageSource, pageFrontMatterSchema, validateFrontMatter, type LocalePlan, type PlanContext } from '../api.js';
import { withBase } from '../../../shared/url.js';

export type PageRouteData = { source: PageSource };

// Pages plugin: every page file becomes a route in every locale (React pages translate themselves
// through <Translate>; markdown pages take a translation from i18n/<locale>/docusaurus-plugin-content-pages/).

export function planPages(ctx: PlanContext, sources: PageSource[]): LocalePlan {
  const plan: Required<Pick<LocalePlan, 'routes' | 'permalinks'>> = { routes: [], permalinks: [] };
  for (const source of sources) {
    let unlisted = false;
    if (source.kind === 'markdown') {
      const fm = validateFrontMatter(pageFrontMatterSchema, ctx.parse(source.file).frontMatter, source.file);
      if (fm.draft && ctx.production) continue;
      unlisted = fm.unlisted === true;
      plan.permalinks.push([source.file, withBase(ctx.locale.info.baseUrl, source.routePath)]);
    }
    const data: PageRouteData = { source };
    plan.routes.push({
      type: 'page',
      path: withBase(ctx.locale.info.baseUrl, source.routePath),
      locale: ctx.locale.info.locale,
      data,
      unlisted,
      origin: { file: source.file, key: 'the file path' },
    });
  }
  return plan;
}
