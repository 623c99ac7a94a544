import type { Root, Element, ElementContent, Properties } from 'hast';
import type { raw as Raw } from 'hast-util-raw';
import { VFile } from 'vfile';
import { mdxComponents } from '../components.js';
import type { MarkdownContext } from '../context.js';

// Raw HTML in the 'md' format (CommonMark), where `<div class="x">`, `<br>` or `<!-- x -->` are HTML
// as written, not JSX. Markdown keeps them as `raw` nodes, and one tag may open in one node and close
// in another with markdown between; an HTML parser (hast-util-raw, what rehype-raw is in Docusaurus)
// reads the whole tree back into elements. The elements written as HTML are then marked as the JSX
// elements of MDX files are (`data.jsx`), so that the markdown.html policy, script urls and url
// rewriting treat both the same; comments are dropped (Docusaurus's pages show none) and `<details>`
// becomes the theme's Details, as it does in MDX.
//
// The parser (parse5) is loaded only when a build renders a file in the md format, or one with code
// (the HTML its components drew is read for search): the render entry points await loadHtmlParser()
// first (parallel/handlers.ts prepareMarkdown).

let raw: typeof Raw | undefined;

export async function loadHtmlParser(): Promise<void> {
  raw ??= (await import('hast-util-raw')).raw;
}

/** Marks the elements made from markdown syntax across the parse (hast `data` does not survive it). */
const OWN = 'dataSitegenMarkdown';

export function parseHtmlBlocks(tree: Root, ctx: MarkdownContext): Root {
  if (!hasRaw(tree)) return tree;
  if (!raw) throw new Error('Internal error: loadHtmlParser() must be awaited before rendering a file in the md format');
  markOwn(tree);
  // The file only turns on positions (from the nodes' own); the text is not read.
  const parsed = raw(tree, { file: new VFile() }) as Root;
  parsed.children = finish(parsed.children as ElementContent[], ctx) as Root['children'];
  return parsed;
}

/** The nodes of an HTML fragment (a slot's HTML, which search reads: outline.ts). */
export function parseHtmlFragment(html: string): ElementContent[] {
  if (!raw) throw new Error('Internal error: loadHtmlParser() must be awaited before rendering a file with code');
  return (raw({ type: 'root', children: [{ type: 'raw', value: html }] }) as Root).children as ElementContent[];
}

function hasRaw(node: { type: string; children?: unknown[] }): boolean {
  if (node.type === 'raw') return true;
  return Boolean(node.children?.some((c) => hasRaw(c as { type: string })));
}

function markOwn(node: { type: string; properties?: Properties; children?: unknown[] }): void {
  if (node.type === 'element') node.properties![OWN] = true;
  if (node.children) for (const c of node.children) markOwn(c as typeof node);
}

function finish(children: ElementContent[], ctx: MarkdownContext): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'comment') continue;
    if (child.type !== 'element') {
      out.push(child);
      continue;
    }
    child.children = finish(child.children, ctx);
    // The mark comes back from the parser as an attribute's value: present, but an empty string.
    if (child.properties[OWN] !== undefined) {
      delete child.properties[OWN];
      out.push(child);
    } else if (child.tagName === 'details') {
      const className = child.properties.className;
      const props = { className: Array.isArray(className) ? className.join(' ') : undefined, open: child.properties.open === true };
      out.push(...[mdxComponents.Details(props, child.children, ctx, () => 0)].flat());
    } else {
      child.data = { ...child.data, jsx: true } as Element['data'];
      out.push(child);
    }
  }
  return out;
}
