import type { RenderedRoute, RenderContext, PlannedRoute, SiteModel } from '../plugins/api.js';
import { renderRoute } from './renderers.js';
import { ProblemCollector, SitegenError } from '../errors.js';
import { markdownJobKey, type MarkdownResult } from '../parallel/protocol.js';
import { keyRendered, markdownKey } from './renderedKeys.js';
import type { RenderedMarkdown } from '../markdown/context.js';

// The render stage's routes made into page data (renderSite.ts renderRoutes), in the site's order,
// each as soon as the markdown renders it shows are back: with threads they come back in batches
// (parallel/executor.ts), and the routes whose renders are all back are assembled on this thread while
// the threads render the rest, instead of all of them after the last render (this thread was idle
// meanwhile, and the threads after). A route that asks for a render it did not declare
// (markdownJobsFor) before it is back waits for the end. The result is as if every route were
// assembled after all the renders: the same routes, problems and order.

export interface RouteJobs {
  locale: SiteModel['locales'][number];
  route: PlannedRoute;
  /** The keys (markdownJobKey) of the renders the route shows. */
  keys: string[];
}

export interface RouteAssembly {
  /** Renders back: the routes in order whose renders are all back are assembled now. */
  more(results: ReadonlyMap<string, MarkdownResult>): void;
  /** Every render is back (`results`): the routes left are assembled; the routes' problems go into `problems` (after those already there), in the routes' order. */
  finish(results: ReadonlyMap<string, MarkdownResult>, problems: ProblemCollector): RenderedRoute[];
}

/** Thrown by a route's render that asks for a render not back yet: it is assembled later. */
const NOT_BACK = Symbol('not back');

/** `keyed`: with a cache, each route is keyed by the renders it shows (renderedKeys.ts). */
export function assembleRoutes(params: { site: SiteModel; routeJobs: RouteJobs[]; keyed: boolean }): RouteAssembly {
  const { site, routeJobs, keyed } = params;
  const back = new Map<string, MarkdownResult>();
  /** Each route's page data (none: it failed with problems), and its problems. */
  const done: { rendered?: RenderedRoute; problems: ProblemCollector }[] = [];
  let next = 0;
  /** A route's render failed otherwise than with problems: the rest waits for `finish`, which fails with it. */
  let halted = false;

  /** Assembles route `i`; false if it asked for a render not back (`final`: every render is back). */
  const assemble = (i: number, results: ReadonlyMap<string, MarkdownResult>, final: boolean): boolean => {
    const { locale, route } = routeJobs[i];
    const problems = new ProblemCollector();
    const shown: [RenderedMarkdown, string][] = [];
    const ctx: RenderContext = {
      site,
      locale,
      problems,
      markdown: (job) => {
        const key = markdownJobKey(job);
        const r = results.get(key);
        if (!r) {
          if (!final) throw NOT_BACK;
          throw new Error(`Markdown of ${job.file} (${job.locale}) was not rendered`);
        }
        if (keyed) shown.push([r.rendered, markdownKey(r)]);
        return r.rendered;
      },
    };
    try {
      const r = renderRoute(route, ctx);
      keyRendered(r, shown);
      // The plugins' checks of every page (the docs plugin's: a <DocCardList /> outside the docs).
      for (const plugin of site.plugins) {
        const problem = plugin.checkPage?.(r);
        if (problem) problems.error(problem);
      }
      done[i] = { rendered: r, problems };
    } catch (e) {
      if (e === NOT_BACK) return false;
      if (e instanceof SitegenError) {
        for (const p of e.problems.length ? e.problems : [{ message: e.message }]) problems.error(p);
        done[i] = { problems };
        return true;
      }
      if (!final) {
        halted = true;
        return false;
      }
      throw new Error(`Rendering ${route.path} failed: ${(e as Error).message}`, { cause: e });
    }
    return true;
  };

  return {
    more(results) {
      for (const [key, r] of results) back.set(key, r);
      while (!halted && next < routeJobs.length && routeJobs[next].keys.every((k) => back.has(k)) && assemble(next, back, false)) next++;
    },
    finish(results, problems) {
      for (; next < routeJobs.length; next++) assemble(next, results, true);
      const rendered: RenderedRoute[] = [];
      for (const d of done) {
        for (const p of d.problems.errors) problems.error(p);
        for (const p of d.problems.warnings) problems.warn(p);
        if (d.rendered) rendered.push(d.rendered);
      }
      return rendered;
    },
  };
}
