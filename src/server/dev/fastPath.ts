import { markdownParseOptions } from '../../builder/markdown/parseOptions.js';
import { parseMarkdown, type ParsedMarkdown } from '../../builder/markdown/parse.js';
import { rerenderFile } from '../../builder/pipeline/rerender.js';
import { writePages } from '../../builder/render/renderSite.js';
import { MemorySink } from '../../builder/output/sink.js';
import { SitegenError, type Problem } from '../../builder/errors.js';
import type { BuildCache } from '../../builder/cache.js';
import type { BuildResult } from '../../builder/build.js';
import { readText } from '../../builder/content/readText.js';

// The quick answer to the most common edit: the text of one markdown page changed, and nothing the
// rest of the site reads from it (front matter, title) did. Only the routes that show this file are
// rendered again, with the site model, chrome and bundles of the last build, and written into a
// small sink that the dev server serves over the last build. A full build follows right after and
// replaces these pages with its own (normally identical) ones.

export type FastResult =
  | { kind: 'updated'; sink: MemorySink; routes: string[]; ms: number }
  | { kind: 'problems'; problems: Problem[] }
  /** The edit needs a full build: a new file, front matter, a title, or a route kind this path does not know. */
  | { kind: 'full' };

export async function fastMarkdownUpdate(params: { file: string; last: BuildResult; cache: BuildCache }): Promise<FastResult> {
  const started = performance.now();
  const { file, last, cache } = params;
  const { site } = last;
  const before = site.parsed.get(file);
  if (!before) return { kind: 'full' };
  let parsed: ParsedMarkdown;
  try {
    parsed = parseMarkdown({ file, source: readText(file), options: markdownParseOptions(site.config, site.siteDir) });
  } catch (e) {
    if (e instanceof SitegenError) return { kind: 'problems', problems: e.problems.length ? e.problems : [{ message: e.message, file }] };
    throw e;
  }
  if (JSON.stringify(parsed.frontMatter) !== JSON.stringify(before.frontMatter) || parsed.contentTitle !== before.contentTitle || parsed.lineOffset !== before.lineOffset) return { kind: 'full' };
  // A diagram the last build did not draw is drawn by a full build (it starts the browser once).
  if (last.diagrams && !(parsed.diagrams ?? []).every((d) => (before.diagrams ?? []).includes(d))) return { kind: 'full' };
  // A file with code (imports, components, expressions) is drawn with the MDX bundle, which a full build makes.
  if (parsed.mdx || before.mdx) return { kind: 'full' };

  const again = await rerenderFile({ site, file, parsed, diagrams: last.diagrams, cache });
  if (again.kind !== 'rendered') return again;
  const { rendered } = again;
  const sink = new MemorySink();
  for (const [out, abs] of again.assets) sink.copy(out, abs);
  try {
    await writePages({ site, routes: rendered, sink, client: last.client, renderer: last.renderer });
  } catch (e) {
    if (e instanceof SitegenError) return { kind: 'problems', problems: e.problems };
    throw e;
  }
  return { kind: 'updated', sink, routes: rendered.map((r) => r.route.path), ms: performance.now() - started };
}
