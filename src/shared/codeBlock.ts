// A code block as @theme/CodeBlock draws it from a highlighter: the builder's (render/highlightCode.ts,
// markdown's code blocks) while the server renders, none in the browser (theme/api/CodeBlock.tsx).
import { markup, type MarkupElement, type MarkupNode, type MarkupSlot } from './markup.js';
import { lineNumbersStyle, type LineNumbers } from './lineNumbers.js';

export interface HighlightedCode {
  className: string;
  lang?: string;
  html: string;
}

export type Highlighter = (params: { code: string; lang?: string; meta?: string; title?: string }) => HighlightedCode;

/** One line of a block: its content (highlighted tokens, or the text) and the classes magic comments gave it. */
export interface CodeLine<C> {
  content: MarkupNode<C>[];
  classes?: string[];
}

/** One line of a block: a span of class `code-line` and its classes, holding its content and a newline. */
function codeLineMarkup<C>(line: CodeLine<C>): MarkupElement<C> {
  return markup<C>('span', { className: ['code-line', ...(line.classes ?? [])] }, [...line.content, '\n']);
}

/**
 * The markup of a code block, written once: markdown's code blocks (builder/markdown/plugins/code.ts,
 * whose hast the server's highlighter also gives @theme/CodeBlock) and the block the browser draws
 * without a highlighter (theme/api/CodeBlock.tsx). `lang` lowercased, empty for none. `lines` may be
 * a slot holding the lines drawn already, each as codeLineMarkup draws it (the builder's highlighted
 * lines, written as HTML: builder/markdown/plugins/code.ts).
 */
export function codeBlockMarkup<C>(params: { lang: string; title?: string; numbers?: LineNumbers; lines: CodeLine<C>[] | MarkupSlot<C> }): MarkupElement<C> {
  const { lang, title, numbers } = params;
  const lines = Array.isArray(params.lines) ? params.lines.map(codeLineMarkup) : [params.lines];
  const pre = markup<C>('pre', { className: ['prism-code', 'code-pre', ...(numbers ? ['line-numbers'] : [])], tabIndex: 0 }, [
    markup('code', { className: lang ? [`language-${lang}`] : [], style: lineNumbersStyle(numbers) }, lines),
  ]);
  return markup('div', { className: ['theme-code-block', 'code-block', ...(lang ? [`language-${lang}`] : [])], dataLang: lang || undefined }, [
    ...(title ? [markup<C>('div', { className: ['code-title'] }, [title])] : []),
    pre,
  ]);
}
