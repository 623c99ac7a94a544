import type { Element, ElementContent, Root } from 'hast';
import { codeBlock } from './code.js';
import { lineOf, type MarkdownContext } from '../context.js';
import { placeSvg } from '../../diagrams/svg.js';

/** The class of a diagram left to the readers' browsers (client/mermaid.ts draws it; render/renderSite.tsx looks for it in a render made before the drawings). */
export const PENDING_CLASS = 'mermaid-pending';

// Mermaid diagrams (`markdown.mermaid`): a ```mermaid block or `<Mermaid value="..." />` becomes a
// placeholder while the tree is built, and the last hast pass puts the diagram in its place: the SVG
// drawn at build time (diagrams/stage.ts), inlined with ids of its own on this page; or, when the
// build could not draw it, its source for mermaid to draw in the browser (client/mermaid.ts); or,
// when mermaid cannot read it, the error (per markdown.onBrokenMermaid) and the block as code. Last,
// so that the HTML parser of the md format and the raw-HTML policy never see the SVG.

const SOURCE = 'dataMermaidSource';

export function mermaidPlaceholder(source: string, at: { position?: Element['position'] }): Element {
  return { type: 'element', tagName: 'div', properties: { className: ['mermaid-diagram'], [SOURCE]: source }, children: [], position: at.position };
}

/** The source of a diagram's placeholder (before placeDiagrams), else undefined. */
export function diagramSource(node: Element): string | undefined {
  const source = node.properties[SOURCE];
  return typeof source === 'string' ? source : undefined;
}

export function placeDiagrams(tree: Root, ctx: MarkdownContext): void {
  const visit = (parent: { children: (Root['children'][number] | ElementContent)[] }) => {
    parent.children.forEach((node, i) => {
      if (node.type !== 'element') return;
      if (typeof node.properties[SOURCE] === 'string') parent.children[i] = diagram(node, node.properties[SOURCE], ctx);
      else visit(node);
    });
  };
  visit(tree);
}

function diagram(placeholder: Element, source: string, ctx: MarkdownContext): ElementContent {
  const diagrams = ctx.diagrams!;
  const result = diagrams.lookup(source);
  const position = placeholder.position;
  if (result?.svg !== undefined) {
    return { type: 'element', tagName: 'div', properties: { className: ['mermaid-diagram'] }, children: [{ type: 'raw', value: placeSvg(result.svg, diagrams.nextId()) }], position };
  }
  if (result) {
    const problem = {
      message: `Mermaid cannot draw this diagram: ${result.error}`,
      file: ctx.file,
      ...lineOf(ctx, placeholder),
      hint: 'Fix the diagram (mermaid\'s message shows where it stopped reading), or set markdown.onBrokenMermaid to "warn" to show it as code.',
    };
    if (diagrams.onBroken === 'throw') ctx.problems.error(problem);
    else if (diagrams.onBroken === 'warn') ctx.problems.warn(problem);
    return { ...codeBlock({ code: source, lang: 'mermaid' }), position };
  }
  // Not drawn at build time: mermaid draws it in the browser, from the script and config named here.
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['mermaid-diagram', PENDING_CLASS], dataMermaidScript: diagrams.scriptUrl, dataMermaidConfig: JSON.stringify(diagrams.config) },
    children: [{ type: 'element', tagName: 'pre', properties: { className: ['mermaid-source'] }, children: [{ type: 'text', value: source }] }],
    position,
  };
}
