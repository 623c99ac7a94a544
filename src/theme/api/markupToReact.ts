import { createElement, type ReactNode } from 'react';
import { isSlot, type MarkupNode, type MarkupProps } from '../../shared/markup.js';

// The React adapter of the neutral element tree (shared/markup.ts): hast's property names become
// React's (`className` a string, `ariaSelected` → `aria-selected`, `dataGroupId` → `data-group-id`),
// lists are joined with spaces; a slot holds React nodes, put in its place. Other props pass as they are.

function reactProps(props: MarkupProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    const v = Array.isArray(value) ? value.join(' ') : value;
    if (name === 'className') out.className = v;
    // ARIA's names are one word (aria-labelledby), data attributes' are hyphenated (data-group-id).
    else if (/^aria[A-Z]/.test(name)) out[`aria-${name.slice(4).toLowerCase()}`] = v;
    else if (/^data[A-Z]/.test(name)) out[`data${name.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = v;
    else out[name] = v;
  }
  return out;
}

export function markupToReact(node: MarkupNode<ReactNode>): ReactNode {
  if (typeof node === 'string') return node;
  if (isSlot(node)) return node.slot;
  return createElement(node.tag, reactProps(node.props), ...node.children.map(markupToReact));
}
