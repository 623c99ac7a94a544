import fs from 'node:fs';
import { parseMarkdown, stillParsedAs, type MarkdownParseOptions, type ParsedMarkdown } from '../markdown/parse.js';
import { renderMarkdown } from '../markdown/render.js';
import type { MarkdownContext } from '../markdown/context.js';
import type { AssetRegistry } from '../render/markdownContext.js';
import { ProblemCollector, SitegenError } from '../errors.js';

// Imported markdown files (partials: `import Intro from './_intro.mdx'`, then `<Intro name="x" />`),
// drawn where a file uses them, in that file's locale and with the element's props, on the thread
// that renders the file. Each is read there and parsed once per thread (a partial is a small file, and
// is no page: the parse stage never sees it); the render records its text as an input, so that a cached render
// of the file is redrawn once a partial changes. A partial may use partials; one that holds code
// (imports of components, expressions other than `props.name`) is refused at its use.

/** The file's context, with what draws its partials (unchanged for a file that imports none). */
export function withPartials(params: {
  ctx: MarkdownContext;
  parsed: ParsedMarkdown;
  /** The context of another file of the same render (its locale, problems and assets). */
  contextFor: (file: string, lineOffset: number) => MarkdownContext;
  assets: AssetRegistry;
  problems: ProblemCollector;
  parseOptions: MarkdownParseOptions;
  /** The partials being drawn, outermost first: a partial that uses itself is refused. */
  stack?: string[];
}): MarkdownContext {
  const { ctx, parsed } = params;
  if (!parsed.partials) return ctx;
  const stack = params.stack ?? [parsed.file];
  return {
    ...ctx,
    partials: parsed.partials,
    renderPartial(file, props) {
      if (stack.includes(file)) return { error: `it uses itself (${[...stack, file].join(' → ')})` };
      if (fs.existsSync(file) && !ctx.insideSite(file))
        return { error: `it is outside the site folder or hidden in it (${file}): a page draws only files of the site, never a hidden one. Copy it into the site folder.` };
      let source: string;
      try {
        source = params.assets.readText(file);
      } catch {
        return { error: 'there is no such file. Import a markdown file by a path relative to this file, or as "@site/<path from the site folder>".' };
      }
      let partial: ParsedMarkdown;
      try {
        partial = parsedPartial(file, source, params.parseOptions);
      } catch (e) {
        if (!(e instanceof SitegenError)) throw e;
        for (const p of e.problems) params.problems.error(p);
        return { html: '', links: [] };
      }
      if (partial.mdx)
        return {
          error:
            'it holds code (components it imports, expressions other than props.name): sitegen draws imported markdown without code. Move the code into the file that uses it, or into a component.',
        };
      const own: MarkdownContext = { ...params.contextFor(file, partial.lineOffset), tocMinLevel: ctx.tocMinLevel, tocMaxLevel: ctx.tocMaxLevel, props };
      // The parse is kept for the partial's next use: the render works on a copy of its tree.
      const drawn = renderMarkdown(partial, withPartials({ ...params, ctx: own, parsed: partial, stack: [...stack, file] }));
      return { html: drawn.html, links: drawn.links.map((l) => l.url) };
    },
  };
}

/**
 * A partial's parse, kept on this thread while its text and the parse options stand: a partial is
 * used by many pages, in every locale, and is parsed once (one entry per partial file).
 */
const partials = new Map<string, { source: string; parsed: ParsedMarkdown }>();

function parsedPartial(file: string, source: string, options: MarkdownParseOptions): ParsedMarkdown {
  const kept = partials.get(file);
  if (kept && kept.source === source && stillParsedAs(kept.parsed, options)) return kept.parsed;
  const parsed = parseMarkdown({ file, source, options });
  partials.set(file, { source, parsed });
  return parsed;
}
