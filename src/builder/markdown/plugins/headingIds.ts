import GithubSlugger from 'github-slugger';
import { walk } from '../walk.js';
import { toString } from 'mdast-util-to-string';
import type { Root, Heading, Text } from 'mdast';

// Heading ids as Docusaurus makes them: github-slugger over the heading's text, one slugger per
// document (so repeats get -1, -2; the case kept with markdown.anchors.maintainCase), and
// `{#custom-id}` (or `{/* #custom-id */}`) taking precedence.

export function headingIds(tree: Root, options: { maintainCase?: boolean } = {}): void {
  const slugger = new GithubSlugger();
  walk(tree, (node) => {
    if (node.type !== 'heading') return;
    const custom = takeCustomId(node);
    const id = custom ?? slugger.slug(toString(node), options.maintainCase);
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
  });
}

/**
 * Removes the heading's explicit id and returns it: a trailing `{#id}`, or the MDX comment form
 * Docusaurus also reads, `{/* #id *\/}` (valid MDX, which `{#id}` is only once escaped).
 */
function takeCustomId(node: Heading): string | undefined {
  const last = node.children[node.children.length - 1];
  if (last && (last.type as string) === 'mdxTextExpression') {
    const m = /^\s*\/\*\s*#([^\s*]+)\s*\*\/\s*$/.exec((last as unknown as { value: string }).value);
    if (!m) return undefined;
    node.children.pop();
    // The space before the comment is not part of the heading's text.
    const before = node.children[node.children.length - 1];
    if (before?.type === 'text') {
      before.value = before.value.replace(/\s+$/, '');
      if (!before.value) node.children.pop();
    }
    return m[1];
  }
  if (!last || last.type !== 'text') return undefined;
  const m = /\s*\{#([^\s}]+)\}\s*$/.exec(last.value);
  if (!m) return undefined;
  (last as Text).value = last.value.slice(0, m.index);
  if (!last.value) node.children.pop();
  return m[1];
}
