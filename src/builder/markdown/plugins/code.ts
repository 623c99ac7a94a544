import type { Code } from 'mdast';
import type { Element, ElementContent, Root } from 'hast';
import type { State } from 'mdast-util-to-hast';
import { highlight, highlightHast } from '../highlight.js';
import { escapeText, spanHtml, type HighlightedLine } from '../tokenHtml.js';
import { lineNumbersOf, type LineNumbers } from '../../../shared/lineNumbers.js';
import { slot } from '../../../shared/markup.js';
import { codeBlockMarkup } from '../../../shared/codeBlock.js';
import { markupToHastElement } from '../markupToHast.js';

// Code blocks are highlighted at build time (no highlighter ships to the browser). Meta: title="...",
// {1,3-5} line ranges, showLineNumbers (=N to start at N); magic comments (Docusaurus's themeConfig.prism.magicComments,
// by default highlight-next-line / highlight-start / highlight-end) give the lines they mark a class.

/** A magic comment: a comment line naming `line` marks the next line, `block.start` to `block.end` the lines between, with `className`. */
export interface MagicComment {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

/** Docusaurus's class of highlighted lines: sitegen's theme styles it as `code-line-hl`. */
const HIGHLIGHTED = 'theme-code-block-highlighted-line';
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [{ className: HIGHLIGHTED, line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } }];
const lineClass = (className: string) => (className === HIGHLIGHTED ? 'code-line-hl' : className);

/** themeConfig.prism's options of code blocks: magic comments, and the language of a block that names none. */
export interface CodeOptions {
  magicComments?: MagicComment[];
  defaultLanguage?: string;
}

function parseCodeMeta(meta: string | null | undefined): { title?: string; lines: Set<number>; numbers?: LineNumbers } {
  const m = meta ?? '';
  const title = /title=(["'])(.*?)\1/.exec(m)?.[2];
  const lines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(m)?.[1];
  if (ranges) {
    for (const part of ranges.split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (!Number.isFinite(a)) continue;
      for (let i = a; i <= (Number.isFinite(b) ? b : a); i++) lines.add(i);
    }
  }
  return { title, lines, numbers: lineNumbersOf(m) };
}

/** A line that is only a comment (any of the usual comment forms), and its text. */
const COMMENT_LINE = /^\s*(?:\/\/|#|--|<!--|\{?\/\*|;;?|%)\s*(.*?)\s*(?:-->|\*\/\}?)?\s*$/;

export function codeHandler(_state: State, node: Code, options?: CodeOptions & { hast?: boolean }): Element {
  return codeBlock({ code: node.value, lang: node.lang ?? undefined, meta: node.meta ?? undefined, ...options });
}

/**
 * The HTML of a code block's lines as a raw node, with their text for the readers of the tree's text
 * (search: codeText), who would not find it in the HTML.
 */
interface CodeLinesNode {
  type: 'raw';
  value: string;
  data: { codeText: string };
}

/** The text of a code block's lines (a CodeLinesNode); undefined for any other node. */
export function codeLinesText(node: Root | ElementContent): string | undefined {
  return (node as { type: string }).type === 'raw' ? (node.data as { codeText?: string } | undefined)?.codeText : undefined;
}

/** hast-util-to-string's text of a node (its text nodes), with the text of the code lines in it. */
export function codeText(node: Root | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (!('children' in node)) return codeLinesText(node) ?? '';
  let text = '';
  for (const c of node.children) text += codeText(c as ElementContent);
  return text;
}

/**
 * The lines as one raw node of HTML: each as shared/codeBlock.ts codeLineMarkup draws it, in the bytes
 * hast-util-to-html writes of its hast (tokenHtml.ts). Serialized as hast, the ~9,000 line spans of the
 * Shifu site's code cost 55 ms of a cold node's CPU, these strings 2-3 ms (checked by code.test.ts).
 */
function linesNode(lines: readonly HighlightedLine[], classes: (line: number) => string[]): ElementContent {
  let html = '';
  let text = '';
  lines.forEach((line, i) => {
    html += spanHtml(['code-line', ...classes(i + 1)], (line.html ?? escapeText(line.text)) + '\n');
    text += line.text + '\n';
  });
  const node: CodeLinesNode = { type: 'raw', value: html, data: { codeText: text } };
  return node as unknown as ElementContent;
}

/**
 * A code block's element. Its lines are HTML (a raw node: linesNode), unless `hast`: spans of
 * tokens, for a tree an HTML parser reads again (the md format's, plugins/htmlBlocks.ts).
 */
export function codeBlock(params: { code: string; lang?: string; meta?: string; title?: string; hast?: boolean } & CodeOptions): Element {
  const meta = parseCodeMeta(params.meta);
  const title = params.title ?? meta.title;
  const magic = params.magicComments ?? DEFAULT_MAGIC_COMMENTS;
  // The directives, by comment text; {1,3-5} in the meta marks lines with the first magic comment's class, as in Docusaurus.
  const directives = new Map<string, { className: string; kind: 'line' | 'start' | 'end' }>();
  for (const m of magic) {
    if (m.line) directives.set(m.line, { className: m.className, kind: 'line' });
    if (m.block) directives.set(m.block.start, { className: m.className, kind: 'start' }).set(m.block.end, { className: m.className, kind: 'end' });
  }
  const classes = new Map<number, Set<string>>();
  const mark = (line: number, className: string) => (classes.get(line) ?? classes.set(line, new Set()).get(line)!).add(lineClass(className));
  if (magic[0]) for (const line of meta.lines) mark(line, magic[0].className);
  // Magic comments: drop them and mark the lines they point at.
  const kept: string[] = [];
  const next = new Set<string>();
  const open = new Map<string, number>();
  for (const line of params.code.replace(/\n$/, '').split('\n')) {
    const text = COMMENT_LINE.exec(line)?.[1];
    const directive = text === undefined ? undefined : directives.get(text);
    if (directive) {
      if (directive.kind === 'line') next.add(directive.className);
      else open.set(directive.className, Math.max(0, (open.get(directive.className) ?? 0) + (directive.kind === 'start' ? 1 : -1)));
      continue;
    }
    kept.push(line);
    for (const className of next) mark(kept.length, className);
    for (const [className, depth] of open) if (depth > 0) mark(kept.length, className);
    next.clear();
  }
  const lang = (params.lang || params.defaultLanguage || '').toLowerCase();
  const classesOf = (line: number) => [...(classes.get(line) ?? [])];
  const lines = params.hast
    ? highlightHast(kept.join('\n'), lang).map((children, i) => ({ content: [slot(children)], classes: classesOf(i + 1) }))
    : slot([linesNode(highlight(kept.join('\n'), lang), classesOf)]);
  const block = codeBlockMarkup<ElementContent[]>({ lang, title, numbers: meta.numbers, lines });
  return markupToHastElement(block);
}
