import type { Element, ElementContent } from 'hast';
import { isSlot, type MarkupElement, type MarkupNode } from '../../shared/markup.js';

// The hast adapter of the neutral element tree (shared/markup.ts): its properties are hast's already;
// a slot holds hast nodes, put in its place.

export function markupToHast(node: MarkupNode<ElementContent[]>): ElementContent[] {
  if (typeof node === 'string') return [{ type: 'text', value: node }];
  if (isSlot(node)) return node.slot;
  return [markupToHastElement(node)];
}

/** The one element a component's markup is. */
export function markupToHastElement(node: MarkupElement<ElementContent[]>): Element {
  return { type: 'element', tagName: node.tag, properties: { ...node.props }, children: node.children.flatMap(markupToHast) };
}
