import type { ParsedMarkdown } from '../markdown/parse.js';
import { newState, handleSpecs, prepareMarkdown, handleMarkdown } from '../parallel/handlers.js';
import { markdownJobKey, type MarkdownJob, type MarkdownResult } from '../parallel/protocol.js';
import { renderRoute, markdownJobsFor } from '../render/renderers.js';
import { contextSpec } from '../render/markdownContext.js';
import { ProblemCollector, SitegenError, type Problem } from '../errors.js';
import type { BuildCache } from '../cache.js';
import type { Diagrams } from '../diagrams/types.js';
import type { PlannedRoute, RenderedRoute, SiteModel } from '../plugins/api.js';

// The render stage for one markdown file whose text changed (dev's fast path): the routes that show
// it are rendered again, on this thread, with the site model and diagrams of the last build; every
// other file's markdown comes from the build cache. Returns new values: the routes and the files
// they copy, or the problems, or 'full' when only a full build can answer.

export type Rerendered = { kind: 'rendered'; rendered: RenderedRoute[]; assets: [out: string, abs: string][] } | { kind: 'problems'; problems: Problem[] } | { kind: 'full' };

export async function rerenderFile(params: { site: SiteModel; file: string; parsed: ParsedMarkdown; diagrams?: Diagrams; cache: BuildCache }): Promise<Rerendered> {
  const { site, file, parsed, cache } = params;
  const rendered: RenderedRoute[] = [];
  const assets: [string, string][] = [];
  for (const locale of site.locales) {
    const affected: PlannedRoute[] = locale.routes.filter((route) => markdownJobsFor(route, { site, locale }).some((j) => j.file === file));
    if (!affected.length) continue;
    const jobs = affected.flatMap((route) => markdownJobsFor(route, { site, locale })).filter((j) => j.file === file);
    const state = newState();
    state.trees.set(file, parsed);
    handleSpecs(state, [contextSpec(site, locale, params.diagrams)]);
    const unique = [...new Map(jobs.map((j) => [markdownJobKey(j), j])).values()];
    await prepareMarkdown(state, unique);
    const fresh = new Map<string, MarkdownResult>(handleMarkdown(state, unique, true).map((r, i) => [markdownJobKey(unique[i]), r]));
    const errors = [...fresh.values()].flatMap((r) => r.errors);
    if (errors.length) return { kind: 'problems', problems: errors };
    for (const r of fresh.values()) assets.push(...r.assets);
    const problems = new ProblemCollector();
    const ctx = {
      site,
      locale,
      problems,
      markdown: (job: MarkdownJob) => {
        const key = markdownJobKey(job);
        const result = fresh.get(key)?.rendered ?? cache.markdown.peek(key)?.rendered;
        // Another file's render that the cache no longer holds: let the full build do it.
        if (!result) throw new NeedsFullBuild();
        return result;
      },
    };
    try {
      for (const route of affected) rendered.push(renderRoute(route, ctx));
    } catch (e) {
      if (e instanceof NeedsFullBuild) return { kind: 'full' };
      if (e instanceof SitegenError) return { kind: 'problems', problems: e.problems.length ? e.problems : [{ message: e.message, file }] };
      throw e;
    }
    if (problems.errors.length) return { kind: 'problems', problems: problems.errors };
  }
  return rendered.length ? { kind: 'rendered', rendered, assets } : { kind: 'full' };
}

class NeedsFullBuild extends Error {}
