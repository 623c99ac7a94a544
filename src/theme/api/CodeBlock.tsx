import { createContext, useContext } from 'react';
import { contentId } from './contentId.js';
import { lineNumbersMeta, lineNumbersOf } from '../../shared/lineNumbers.js';
import { codeBlockMarkup, type Highlighter, type HighlightedCode } from '../../shared/codeBlock.js';
import { markupToHtml } from '../../shared/markup.js';

// Docusaurus's @theme/CodeBlock in site code, with the markup of markdown's code blocks (the runtime
// adds the copy button). The highlighter is the builder's, given through HighlightContext while the
// server renders: no highlighter ships to the browser. Hydration keeps the highlighted HTML the
// server wrote (read back from the page, found by an id made from the code); a block first shown by a client-side navigation has the
// same markup without the token colours.

export interface CodeBlockProps {
  children?: string;
  language?: string;
  title?: string;
  metastring?: string;
  /** Number the lines: from 1, or from the number given (Docusaurus's `showLineNumbers={3}`). */
  showLineNumbers?: boolean | number;
  className?: string;
}

export type { Highlighter, HighlightedCode } from '../../shared/codeBlock.js';

export const HighlightContext = createContext<Highlighter | null>(null);

/** The block's markup without highlighting (shared/codeBlock.ts): what the browser draws when it has no server HTML to keep. */
function plain(params: { code: string; lang?: string; meta?: string; title?: string }): HighlightedCode {
  const lang = params.lang?.toLowerCase() ?? '';
  const lines = params.code
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => ({ content: [l] }));
  const block = codeBlockMarkup<string>({ lang, title: params.title, numbers: lineNumbersOf(params.meta), lines });
  return { className: (block.props.className as string[]).join(' '), lang: lang || undefined, html: block.children.map(markupToHtml).join('') };
}

export default function CodeBlock({ children = '', language, title, metastring, showLineNumbers, className }: CodeBlockProps) {
  const highlighter = useContext(HighlightContext);
  const params = {
    code: typeof children === 'string' ? children : String(children),
    lang: language ?? className?.replace(/^language-/, ''),
    meta: [metastring, lineNumbersMeta(showLineNumbers)].filter(Boolean).join(' '),
    title,
  };
  const block = highlighter ? highlighter(params) : plain(params);
  // Blocks of the same code have the same markup: any of them will do.
  const id = contentId('code', JSON.stringify(params));
  const html = highlighter || typeof document === 'undefined' ? block.html : (document.querySelector(`[data-code-id="${id}"]`)?.innerHTML ?? block.html);
  return <div data-code-id={id} className={block.className} data-lang={block.lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
