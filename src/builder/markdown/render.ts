import type { Code, Root as MdRoot } from 'mdast';
import type { Root, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { ParsedMarkdown } from './parse.js';
import { isNonContent } from './parse.js';
import { mdastToHast } from './toHast.js';
import type { MarkdownContext, RenderedMarkdown, LinkRecord } from './context.js';
import { headingIds } from './plugins/headingIds.js';
import { cjkLineBreaks } from './plugins/cjkLineBreaks.js';
import { admonitions } from './plugins/admonitions.js';
import { rewriteLinks } from './plugins/links.js';
import { rewriteImages } from './plugins/images.js';
import { codeHandler } from './plugins/code.js';
import { compileJsx } from './plugins/jsx.js';
import { headingAnchors } from './plugins/headingAnchors.js';
import { collectOutline } from './plugins/outline.js';
import { fillInlineTocs } from './plugins/tocInline.js';
import { rewriteHtmlUrls } from './plugins/htmlUrls.js';
import { sanitizeRawHtml } from './plugins/rawHtml.js';
import { parseHtmlBlocks } from './plugins/htmlBlocks.js';
import { dropScriptUrls } from './plugins/scriptUrls.js';
import { mermaidPlaceholder, placeDiagrams } from './plugins/mermaid.js';

const MDX_NODES = ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm'] as const;

/**
 * Renders a parsed markdown file for one locale. The parsed tree is not changed (unless `lastUse`),
 * so one parse serves every locale that shows the file (a doc without translation is shown in each).
 */
export function renderMarkdown(parsed: ParsedMarkdown, ctx: MarkdownContext, options: { dropTitle?: boolean; lastUse?: boolean } = {}): RenderedMarkdown {
  // The passes change the tree; copy it unless this is the last render of the file.
  const tree = options.lastUse ? parsed.tree : (structuredClone(parsed.tree) as MdRoot);
  if (options.dropTitle) dropLeadingTitle(tree);
  const links: LinkRecord[] = [];

  // mdast passes. Order: ids before anything moves headings; admonitions before links so that links
  // inside admonition titles are rewritten too.
  headingIds(tree, { maintainCase: ctx.anchorsMaintainCase });
  cjkLineBreaks(tree);
  admonitions(tree, ctx);
  rewriteLinks(tree, ctx, links);
  rewriteImages(tree, ctx);

  // Raw HTML is only in the md format (MDX reads tags as JSX): kept as `raw` nodes for the next step,
  // which parses them, so there code blocks are hast (their tokens' spans), not HTML (plugins/code.ts).
  const md = parsed.format === 'md';
  const code = md ? { ...ctx.code, hast: true } : ctx.code;
  let hast = mdastToHast(tree, {
    allowDangerousHtml: md,
    passThrough: [...MDX_NODES],
    handlers: { code: (state, node: Code) => (ctx.diagrams && node.lang === 'mermaid' ? mermaidPlaceholder(node.value, node) : codeHandler(state, node, code)) },
  }) as Root;

  // hast passes. Elements first: raw HTML (md format) or JSX (MDX) becomes elements marked as written
  // by the author; then the raw-HTML policy and script urls (before urls are recorded for the link
  // check), then urls inside those elements (img src, a href), then anchors.
  if (md) hast = parseHtmlBlocks(hast, ctx);
  compileJsx(hast, ctx);
  sanitizeRawHtml(hast, ctx);
  dropScriptUrls(hast, ctx);
  rewriteHtmlUrls(hast, ctx, links);
  headingAnchors(hast, ctx);
  // Before the diagrams are placed: a diagram's source is text of its section for search, as it was
  // when diagrams were code blocks (its labels: "OPC UA server").
  const outline = collectOutline(hast, { min: ctx.tocMinLevel, max: ctx.tocMaxLevel });
  // <TOCInline />, once every heading has its id (and after the outline: its links are not section text).
  if (parsed.tocInline) fillInlineTocs(hast);
  // Last: the SVG goes in as raw markup that no pass above should read (plugins/mermaid.ts).
  if (ctx.diagrams) placeDiagrams(hast, ctx);

  const truncateAt = findTruncate(parsed.tree);
  let excerptHtml: string | undefined;
  if (truncateAt !== undefined) {
    const excerptTree = excerptOf(hast, parsed.tree, truncateAt);
    excerptHtml = toHtml(excerptTree, { allowDangerousHtml: true });
  }
  // Raw nodes are the HTML of the file's slots (mdx/render.tsx), drawn by React.
  return { html: toHtml(hast, { allowDangerousHtml: true }), excerptHtml, links, ...outline };
}

function dropLeadingTitle(tree: MdRoot): void {
  const i = tree.children.findIndex((n) => !isNonContent(n));
  const first = tree.children[i];
  if (first && first.type === 'heading' && first.depth === 1) tree.children.splice(i, 1);
}

/** `<!--truncate-->`: an MDX comment once preprocessed, an HTML comment in the md format. */
function findTruncate(tree: MdRoot): number | undefined {
  const i = tree.children.findIndex((n) => (n.type === 'mdxFlowExpression' && /^\s*\/\*\s*truncate\s*\*\/\s*$/.test(n.value)) || (n.type === 'html' && /^\s*<!--\s*truncate\s*-->\s*$/.test(n.value)));
  return i === -1 ? undefined : i;
}

/** The hast nodes made from the mdast nodes above the truncate marker (matched by source position). */
function excerptOf(hast: Root, mdast: MdRoot, truncateAt: number): Root {
  const marker = mdast.children[truncateAt].position?.start.offset ?? Infinity;
  const children = hast.children.filter((c) => {
    const start = (c as ElementContent).position?.start.offset;
    return start === undefined ? false : start < marker;
  });
  return { type: 'root', children };
}
