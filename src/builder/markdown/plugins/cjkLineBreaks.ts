import { walk } from '../walk.js';
import type { Root } from 'mdast';

// A line break inside a paragraph is a space in HTML. Between two Chinese (or Japanese) characters
// that space shows as a gap in the sentence, so it is removed there, as CJK typesetting expects.

const CJK = '\\u2e80-\\u2fff\\u3000-\\u303f\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
const BREAK = new RegExp(`([${CJK}])[ \\t]*\\n[ \\t]*(?=[${CJK}])`, 'g');

export function cjkLineBreaks(tree: Root): void {
  walk(tree, (node) => {
    if (node.type === 'text' && node.value.includes('\n')) node.value = node.value.replace(BREAK, '$1');
  });
}
