import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import type { Root as MdRoot } from 'mdast';
import type { Root as HRoot } from 'hast';
import { ProblemCollector } from '../../../../../src/builder/errors.js';
import type { MarkdownContext } from '../../../../../src/builder/markdown/context.js';

// The smallest pipeline a markdown pass needs, for the unit test of each pass: markdown (with
// directives, and MDX when asked) to mdast, mdast to hast, hast to HTML, and a render context whose
// every callback a test can replace. The whole pipeline is tested through test/helpers/markdown.ts.

const mdParser = unified().use(remarkParse).use(remarkDirective).freeze();
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkDirective).freeze();

export function mdast(source: string, options: { mdx?: boolean } = {}): MdRoot {
  return (options.mdx ? mdxParser : mdParser).parse(source);
}

/** mdast to hast as render.ts does it, MDX nodes passed through for plugins/jsx.ts. */
export function hast(tree: MdRoot): HRoot {
  const mdx = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm'] as const;
  return toHast(tree, { passThrough: [...mdx] }) as HRoot;
}

export const html = (tree: HRoot): string => toHtml(tree, { allowDangerousHtml: true });

/** A context for /site/docs/guide/page.md with no front matter, resolving nothing but what a test gives. */
export function renderContext(overrides: Partial<MarkdownContext> = {}): MarkdownContext & { problems: ProblemCollector } {
  const problems = new ProblemCollector();
  const none = () => undefined;
  return Object.assign(
    {
      file: '/site/docs/guide/page.md',
      lineOffset: 0,
      locale: 'en',
      strings: {},
      tocMinLevel: 2,
      tocMaxLevel: 3,
      onBrokenMarkdownLinks: 'warn' as const,
      resolveMarkdownLink: none,
      insideSite: () => true,
      addAsset: (abs: string) => `/assets/${abs.split('/').pop()}`,
      resolveAbsolute: (p: string) => `/base${p}`,
      missingStatic: none,
      staticFile: none,
      imageSize: none,
    },
    overrides,
    { problems },
  );
}

/** Each problem as `line:column message`, the way a reader finds it in the file. */
export const at = (problems: { line?: number; column?: number; message: string }[]): string[] => problems.map((p) => `${p.line}:${p.column} ${p.message}`);
