import fs from 'node:fs';
import type { SiteModel } from '../plugins/api.js';
import type { Executor } from '../parallel/executor.js';
import { markdownJobKey, type MarkdownJob, type MarkdownResult } from '../parallel/protocol.js';
import type { BuildCache } from '../cache.js';
import { cacheKey } from '../cacheKey.js';
import type { Diagrams } from '../diagrams/types.js';
import { contextSpec, fileDiagramsKey, inputKey, specForKey } from './markdownContext.js';

// The render stage's markdown renders (renderSite.tsx renderRoutes), in parts: a render is read from
// the build cache when its key holds, else made on the executor's threads. The stage renders in two
// parts while diagrams are drawn (the files that show none first, with the diagrams pending), in one
// otherwise. A part is committed (into the cache, and counted) only once the caller keeps it: a part
// rendered with the pending diagrams is keyed by their spec, which the drawings may turn out not to match.

/** One part's renders by job key: read from the cache (hits) or made (fresh, with each one's cache key). */
export interface RenderPart {
  hits: Map<string, MarkdownResult>;
  fresh: Map<string, MarkdownResult>;
  validity: Map<string, string>;
}

export interface MarkdownRenders {
  /**
   * Renders `jobs` with `diagrams` (its specs sent to the executor first); `onResults` is told of the
   * hits (`made` false), then of the renders as they come back (`made` true). `more`: the stage
   * renders another part after this one.
   */
  render(jobs: MarkdownJob[], diagrams: Diagrams | undefined, options: { more?: boolean; onResults?: (results: ReadonlyMap<string, MarkdownResult>, made: boolean) => void }): Promise<RenderPart>;
  /** The parts kept: their fresh renders into the cache, the hits and misses counted; every render by job key, in the order the stage made them in one part (the hits in `jobs`' order, then the fresh ones). */
  commit(parts: RenderPart[], jobs: MarkdownJob[]): Map<string, MarkdownResult>;
}

export function markdownRenders(params: {
  site: SiteModel;
  executor: Executor;
  cache?: BuildCache;
  mdx?: { file: string; dependencies: Map<string, string[]> };
  textKeys?: ReadonlyMap<string, string>;
}): MarkdownRenders {
  const { site, executor, cache, mdx } = params;
  const fileHash = new Map<string, string>(params.textKeys);
  const hashFile = (f: string) => fileHash.get(f) ?? fileHash.set(f, cacheKey(fs.readFileSync(f, 'utf8'))).get(f)!;
  const inputHash = new Map<string, string>();
  const hashInput = (f: string) => inputHash.get(f) ?? inputHash.set(f, inputKey(f)).get(f)!;
  const unchanged = ([f, key]: [string, string]) => hashInput(f) === key;
  const codeKey = (file: string) => (mdx?.dependencies.get(file) ?? []).map((f) => `${f}:${hashInput(f)}`).join('\n');
  /** A part went to the executor with `more`: the stage's last part ends it, even with nothing left to render. */
  let unended = false;
  return {
    async render(jobs, diagrams, options) {
      const specs = site.locales.map((l) => ({ ...contextSpec(site, l, diagrams), ...(mdx ? { mdx: { bundle: mdx.file, chrome: l.chrome } } : {}) }));
      await executor.setSpecs(specs);
      const part: RenderPart = { hits: new Map(), fresh: new Map(), validity: new Map() };
      let todo = jobs;
      if (cache) {
        // A render is reusable when its file, the format it is read with (markdown.format may change), its
        // locale's whole context (links, strings) and the local files it read (images it measured, files it
        // copied) are unchanged, and so are its diagrams' drawings. A file with code holds while the files
        // its code reaches and the page it is drawn on are unchanged: an edit of a component renders only the files that import it.
        const specHash = new Map(specs.map((s) => [s.locale, cacheKey(specForKey(s))]));
        const specOf = new Map(specs.map((s) => [s.locale, s]));
        todo = jobs.filter((job) => {
          const key = markdownJobKey(job);
          const parsed = site.parsed.get(job.file);
          const valid = cacheKey(
            hashFile(job.file),
            specHash.get(job.locale),
            parsed?.format,
            fileDiagramsKey(specOf.get(job.locale)!, parsed?.diagrams),
            codeKey(job.file),
            // The page a file with code is drawn on (its sidebar may have changed).
            ...(job.page ? [JSON.stringify(job.page)] : []),
          );
          part.validity.set(key, valid);
          const cached = cache.markdown.get(key, valid);
          if (cached && cached.inputs.every(unchanged)) {
            part.hits.set(key, cached);
            return false;
          }
          return true;
        });
      }
      const onResults = options.onResults;
      if (part.hits.size) onResults?.(part.hits, false);
      if (todo.length || (unended && !options.more)) {
        part.fresh = await executor.renderMarkdown(todo, onResults && ((batch) => onResults(batch, true)), { more: options.more });
        unended = options.more ? unended || todo.length > 0 : false;
      }
      return part;
    },
    commit(parts, jobs) {
      const results = new Map<string, MarkdownResult>();
      const keys = jobs.map(markdownJobKey);
      for (const key of keys) {
        const part = parts.find((p) => p.hits.has(key));
        if (!part) continue;
        results.set(key, part.hits.get(key)!);
        if (cache) cache.stats.markdownHits++;
      }
      for (const key of keys) {
        const part = parts.find((p) => p.fresh.has(key));
        if (!part) continue;
        const result = part.fresh.get(key)!;
        results.set(key, result);
        if (cache) {
          cache.stats.markdownMisses++;
          cache.markdown.set(key, part.validity.get(key)!, result);
        }
      }
      return results;
    },
  };
}
