import { parseMarkdown } from '../../src/builder/markdown/parse.js';
import { renderMarkdown } from '../../src/builder/markdown/render.js';
import { ProblemCollector } from '../../src/builder/errors.js';
import type { MarkdownContext, RenderedMarkdown } from '../../src/builder/markdown/context.js';
import { defaultMarkdownLimits } from '../../src/builder/markdown/limits.js';
import type { MarkdownFormatOption } from '../../src/builder/markdown/format.js';

/**
 * Renders a markdown string the way a doc is rendered, with links resolved by a small map. A file in
 * the md format needs `await loadHtmlParser()` first (plugins/htmlBlocks.ts).
 */
export function md(
  source: string,
  overrides: Partial<MarkdownContext> = {},
  options: { format?: MarkdownFormatOption; file?: string; dropTitle?: boolean } = {},
): RenderedMarkdown & { problems: ProblemCollector } {
  const file = options.file ?? '/site/docs/guide/page.md';
  const parsed = parseMarkdown({ file, source, options: { ...defaultMarkdownLimits, format: options.format } });
  const problems = new ProblemCollector();
  const ctx: MarkdownContext = {
    file,
    lineOffset: parsed.lineOffset,
    locale: 'en',
    problems,
    strings: {},
    tocMinLevel: 2,
    tocMaxLevel: 3,
    onBrokenMarkdownLinks: 'warn',
    resolveMarkdownLink: (target) => (({ 'other.md': '/docs/guide/other', '../intro.md': '/docs/intro' }) as Record<string, string>)[target],
    insideSite: () => true,
    addAsset: (abs) => `/assets/files/${abs.split('/').pop()}`,
    resolveAbsolute: (p) => p,
    missingStatic: () => undefined,
    staticFile: () => undefined,
    imageSize: () => undefined,
    ...overrides,
  };
  return { ...renderMarkdown(parsed, ctx, { dropTitle: options.dropTitle }), problems };
}
