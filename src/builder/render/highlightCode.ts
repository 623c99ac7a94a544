import { toHtml } from 'hast-util-to-html';
import { codeBlock } from '../markdown/plugins/code.js';
import type { Highlighter } from '../../shared/codeBlock.js';

/** @theme/CodeBlock's highlighter on the server: markdown's code blocks, as HTML (their lines are raw HTML: plugins/code.ts). */
export const highlightCode: Highlighter = (params) => {
  const block = codeBlock(params);
  const className = block.properties.className as string[];
  return { className: className.join(' '), lang: (block.properties.dataLang as string | undefined) ?? undefined, html: toHtml(block.children, { allowDangerousHtml: true }) };
};
