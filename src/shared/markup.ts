// A neutral element tree: the markup of a theme component written once, as plain data, and drawn by
// two adapters, to hast by the builder's markdown components (builder/markdown/markupToHast.ts) and to
// React by the theme's (theme/api/markupToReact.ts). Properties are named as hast names them
// (`className` a list, `ariaSelected`, `dataValue`, `tabIndex`), in the order the HTML writes them;
// a slot is what the caller's own children are (hast nodes, React nodes), drawn where it stands.

export type MarkupValue = string | number | boolean | string[] | undefined;
export type MarkupProps = Record<string, MarkupValue>;

export interface MarkupElement<C> {
  tag: string;
  props: MarkupProps;
  children: MarkupNode<C>[];
}

/** The caller's own content (the children an author wrote), handed through as it is. */
export interface MarkupSlot<C> {
  slot: C;
}

export type MarkupNode<C> = MarkupElement<C> | MarkupSlot<C> | string;

export const markup = <C>(tag: string, props: MarkupProps, children: MarkupNode<C>[] = []): MarkupElement<C> => ({ tag, props, children });

export const slot = <C>(content: C): MarkupSlot<C> => ({ slot: content });

export const isSlot = <C>(node: MarkupNode<C>): node is MarkupSlot<C> => typeof node === 'object' && 'slot' in node;

/** A class list: the fixed classes and an author's `className`, when given. */
export const classes = (fixed: string[], className?: unknown): string[] => [...fixed, ...(className ? [String(className)] : [])];

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const attributeName = (name: string) =>
  name === 'className'
    ? 'class'
    : /^aria[A-Z]/.test(name)
      ? `aria-${name.slice(4).toLowerCase()}`
      : /^data[A-Z]/.test(name)
        ? `data${name.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
        : name.toLowerCase();

/** The markup as an HTML string (for `dangerouslySetInnerHTML`, in the browser): slots hold HTML. */
export function markupToHtml(node: MarkupNode<string>): string {
  if (typeof node === 'string') return escapeText(node);
  if (isSlot(node)) return node.slot;
  const attributes = Object.entries(node.props)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([name, v]) => (v === true ? ` ${attributeName(name)}` : ` ${attributeName(name)}="${escapeAttribute(Array.isArray(v) ? v.join(' ') : String(v))}"`))
    .join('');
  return `<${node.tag}${attributes}>${node.children.map(markupToHtml).join('')}</${node.tag}>`;
}
