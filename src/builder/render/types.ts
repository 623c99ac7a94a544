import type { PageData, SidebarItem } from '../../shared/types.js';
import type { PlannedRoute, LocaleModel } from '../routes/manifest.js';
import type { SiteModel } from '../site/model.js';
import type { ProblemCollector } from '../errors.js';
import type { AssetRegistry } from './markdownContext.js';
import type { RenderedMarkdown } from '../markdown/context.js';
import type { MarkdownJob } from '../parallel/protocol.js';

/** Input of the search index for one page. */
export interface SearchPageInput {
  url: string;
  title: string;
  description?: string;
  keywords?: string[];
  breadcrumbs: string[];
  sections: RenderedMarkdown['sections'];
}

/** What rendering one route produced, before it becomes an HTML file. */
export interface RenderedRoute {
  route: PlannedRoute;
  page: PageData;
  sidebar?: { key: string; items: SidebarItem[] };
  /** The markdown source the page was made from (link reports point at it). */
  sourceFile?: string;
  links: { url: string; line?: number; column?: number; file?: string }[];
  anchors: string[];
  search?: SearchPageInput;
}

/** A rendered route once the link check is done with it: what the HTML stage writes (and returns, as written). */
export type PageToWrite = Pick<RenderedRoute, 'route' | 'page' | 'sidebar' | 'sourceFile' | 'search'>;

export interface RenderContext {
  site: SiteModel;
  locale: LocaleModel;
  problems: ProblemCollector;
  assets: AssetRegistry;
  /** The rendered markdown of a job (rendered beforehand, in parallel). */
  markdown(job: MarkdownJob): RenderedMarkdown;
}

export type RouteRenderer<R extends PlannedRoute = PlannedRoute> = (route: R, ctx: RenderContext) => RenderedRoute;
