import { Children, isValidElement, useContext, type ReactNode } from 'react';
import { HeadContext, type HeadCollector } from '../context.js';

// Docusaurus's @docusaurus/Head for React pages: the <title>, <meta> and <link> tags a page puts in its
// document head, collected while the page renders on the server (the HTML of each route is complete
// without JavaScript). A page's canonical link and robots meta replace the ones the route would get;
// its description and keywords do what @theme/Layout's props do; other meta and link tags are added.
// Any other element is an error naming it, not a silent drop. Renders nothing in the page.

type Attrs = Record<string, string>;

function attrsOf(props: Record<string, unknown>): Attrs {
  const attrs: Attrs = {};
  for (const [key, value] of Object.entries(props)) if (key !== 'children' && (typeof value === 'string' || typeof value === 'number')) attrs[key] = String(value);
  return attrs;
}

function collect(head: HeadCollector, node: ReactNode): void {
  Children.forEach(node, (child) => {
    if (child === null || child === undefined || typeof child === 'boolean') return;
    if (!isValidElement(child) || typeof child.type !== 'string')
      throw new Error(`<Head> accepts only <title>, <meta> and <link> elements; found ${isValidElement(child) ? 'a component' : JSON.stringify(child)}`);
    const props = child.props as Record<string, unknown>;
    const attrs = attrsOf(props);
    if (child.type === 'title') head.title = Children.toArray(props.children as ReactNode).join('');
    else if (child.type === 'meta' && attrs.name === 'description') head.description = attrs.content;
    else if (child.type === 'meta' && attrs.name === 'keywords') head.keywords = (attrs.content ?? '').split(',').map((k) => k.trim());
    else if (child.type === 'meta' && attrs.name === 'robots') head.robots = attrs.content;
    else if (child.type === 'link' && attrs.rel === 'canonical') head.canonical = attrs.href;
    else if (child.type === 'meta' || child.type === 'link') (head.tags ??= []).push({ tag: child.type, attrs });
    else throw new Error(`<Head> accepts only <title>, <meta> and <link> elements; found <${child.type}>. Put scripts and styles in the page's module or the site's customCss.`);
  });
}

export default function Head({ children }: { children?: ReactNode }) {
  const head = useContext(HeadContext);
  if (head) collect(head, children);
  return null;
}
