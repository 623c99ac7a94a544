import type { Root as MdRoot, Nodes as MdNodes, Parents as MdParents } from 'mdast';
import type { Root as HRoot, Nodes as HNodes, Parents as HParents } from 'hast';

// A preorder walk over mdast or hast, for the passes of every page. unist-util-visit does the same
// but renames a function for each node it enters (Object.defineProperty, for readable stack traces):
// on the Shifu site that was 0.3 s of the render stage, for seven walks per page.

/**
 * What a visitor may return: nothing (go on, into the node's children), or an index (the node was
 * replaced in its parent: go on from that index of the parent).
 */
export type WalkResult = void | undefined | number;

interface AnyNode {
  type: string;
  children?: AnyNode[];
}

export function walk(tree: MdRoot, visitor: (node: MdNodes, index: number | undefined, parent: MdParents | undefined) => WalkResult): void;
export function walk(tree: HRoot, visitor: (node: HNodes, index: number | undefined, parent: HParents | undefined) => WalkResult): void;
export function walk(tree: AnyNode, typedVisitor: (node: never, index: number | undefined, parent: never) => WalkResult): void {
  const visitor = typedVisitor as (node: AnyNode, index: number | undefined, parent: AnyNode | undefined) => WalkResult;
  const into = (parent: AnyNode) => {
    const children = parent.children!;
    for (let i = 0; i < children.length;) {
      const node = children[i];
      const result = visitor(node, i, parent);
      if (typeof result === 'number') {
        i = result;
        continue;
      }
      if (node.children) into(node);
      i++;
    }
  };
  visitor(tree, undefined, undefined);
  if (tree.children) into(tree);
}
