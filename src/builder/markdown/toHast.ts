import type { Root as MdRoot } from 'mdast';
import type { Nodes as HNodes } from 'hast';
import { toHast, defaultHandlers, type Handler, type Options, type State } from 'mdast-util-to-hast';
import { walk } from './walk.js';

// mdast-util-to-hast's toHast without its first walk of the tree. That walk only finds the
// definitions of link references and footnotes, with unist-util-visit, which makes a function and
// renames it for each node (walk.ts): 48 ms of the Shifu site's cold build (`--cpu-prof`, 21:10 UTC).
// toHast is given an empty root, which that walk is done with at once, and its root handler fills
// the same maps by walk.ts's walk (the same preorder through every node with children; the first
// definition of an id, upper-cased, kept, as in its createState) before converting the tree.
// Test: test/unit/builder/markdown/toHast.test.ts compares both on definitions, footnotes and JSX.

export function mdastToHast(tree: MdRoot, options: Options): HNodes {
  const empty: MdRoot = { type: 'root', children: [] };
  // (A root handler returns a root, which Handler's type does not allow: its own root handler is typed so too.)
  const root = ((state: State, node: MdRoot) => {
    if (node === empty) {
      findDefinitions(tree, state);
      node = tree;
    }
    return defaultHandlers.root(state, node);
  }) as unknown as Handler;
  return toHast(empty, { ...options, handlers: { ...options.handlers, root } });
}

function findDefinitions(tree: MdRoot, state: State): void {
  walk(tree, (node) => {
    if (node.type !== 'definition' && node.type !== 'footnoteDefinition') return;
    const id = String(node.identifier).toUpperCase();
    if (node.type === 'definition') {
      if (!state.definitionById.has(id)) state.definitionById.set(id, node);
    } else if (!state.footnoteById.has(id)) state.footnoteById.set(id, node);
  });
}
