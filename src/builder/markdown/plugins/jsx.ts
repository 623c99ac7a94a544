import type { Root, Element, ElementContent, Properties } from 'hast';
import type { Program } from 'estree';
import { find, html as htmlSchema } from 'property-information';
import { toHtml } from 'hast-util-to-html';
import { mdxComponents, type Props } from '../components.js';
import { isComment, literalValue, renderFunctionChild } from '../literal.js';
import { lineOf, type MarkdownContext } from '../context.js';

// MDX nodes in the hast tree become plain elements: lowercase JSX is HTML, capitalised JSX of the
// theme's registry is drawn by components.ts, literal expressions are evaluated. The file's code
// (components it imports or exports, other expressions: see mdx/module.ts) is drawn by the site's
// MDX bundle as "slots", bottom-up: a slot's markdown children are drawn first and handed to it as HTML.

interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string; data?: { estree?: Program } };
}
interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttribute[];
  children: ElementContent[];
  position?: Element['position'];
}
interface ExpressionNode {
  type: 'mdxFlowExpression' | 'mdxTextExpression' | 'mdxjsEsm';
  value: string;
  data?: { estree?: Program };
  position?: Element['position'];
}

export function compileJsx(tree: Root, ctx: MarkdownContext): void {
  let n = 0;
  const uid = () => ++n;
  tree.children = convertChildren(tree.children as ElementContent[], ctx, uid) as Root['children'];
}

function convertChildren(children: ElementContent[], ctx: MarkdownContext, uid: () => number): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    const converted = convertNode(child, ctx, uid);
    if (Array.isArray(converted)) out.push(...converted);
    else if (converted) out.push(converted);
  }
  return out;
}

function convertNode(node: ElementContent, ctx: MarkdownContext, uid: () => number): ElementContent | ElementContent[] | null {
  const type = (node as { type: string }).type;
  // Imports and exports are the file's module (mdx/module.ts): bundled, not drawn.
  if (type === 'mdxjsEsm') return null;
  // A slot is known by where it starts (a paragraph holding only a component starts there too).
  const offset = type.startsWith('mdx') ? node.position?.start.offset : undefined;
  if (offset !== undefined && ctx.slots?.has(offset)) return renderSlot(node as unknown as JsxNode, offset, ctx, uid);
  if (type === 'mdxFlowExpression' || type === 'mdxTextExpression') {
    const expr = node as unknown as ExpressionNode;
    if (isComment(expr.value)) return null;
    const value = evaluate(expr.data?.estree, expr, ctx);
    return value === undefined || value === null || value === false ? null : { type: 'text', value: String(value) };
  }
  if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
    return convertJsx(node as unknown as JsxNode, ctx, uid);
  }
  if (node.type === 'element') {
    node.children = convertChildren(node.children, ctx, uid);
  }
  return node;
}

function convertJsx(node: JsxNode, ctx: MarkdownContext, uid: () => number): ElementContent | ElementContent[] | null {
  const children = convertChildren(node.children, ctx, uid);
  if (node.name === null) return children; // a fragment: <>...</>
  const props = attributesToProps(node, ctx);
  if (/^[a-z]/.test(node.name)) {
    if (node.name === 'details') return mdxComponents.Details(props, children, ctx, uid);
    const data = ctx.html && ctx.html !== 'allow' ? { jsx: true, attributes: attributePositions(node) } : { jsx: true };
    return { type: 'element', tagName: node.name, properties: toProperties(props), children, position: node.position, data: data as Element['data'] };
  }
  const partial = ctx.partials?.[node.name];
  if (partial && ctx.renderPartial) return drawPartial(node, partial, props, ctx);
  const component = mdxComponents[node.name];
  if (!component) {
    ctx.problems.error({
      message: `Unknown component <${node.name}>`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: `Import it (\`import ${node.name} from '@site/src/components/${node.name}';\`), export it from the file, or use a theme component: ${Object.keys(mdxComponents).join(', ')} (from '@theme/<Name>').`,
    });
    return children;
  }
  try {
    return component(props, children, ctx, uid, node.position);
  } catch (e) {
    ctx.problems.error({ message: `<${node.name}>: ${(e as Error).message}`, file: ctx.file, ...lineOf(ctx, node) });
    return children;
  }
}

/**
 * An imported markdown file (`import Intro from './_intro.mdx'` then `<Intro name="x" />`), drawn in
 * this file's locale with the element's props, as Docusaurus draws it. Its headings are not in this
 * file's table of contents (nor are they in Docusaurus's); its text is searched with this file's.
 */
function drawPartial(node: JsxNode, file: string, props: Props, ctx: MarkdownContext): ElementContent | null {
  const drawn = ctx.renderPartial!(file, props);
  if ('error' in drawn) {
    ctx.problems.error({ message: `<${node.name}> (${file}): ${drawn.error}`, file: ctx.file, ...lineOf(ctx, node) });
    return null;
  }
  // Its links go to the link check at the element's line (htmlUrls.ts), as a slot's do.
  return { type: 'raw', value: drawn.html, data: { slot: true, ...(drawn.links.length ? { links: drawn.links } : {}) }, position: node.position } as unknown as ElementContent;
}

function attributesToProps(node: JsxNode, ctx: MarkdownContext): Props {
  const props: Props = {};
  for (const attr of node.attributes) {
    if (attr.type === 'mdxJsxExpressionAttribute' || !attr.name) {
      ctx.problems.error({ message: `Spread attributes are not supported in markdown (<${node.name} {...}>)`, file: ctx.file, ...lineOf(ctx, node) });
      continue;
    }
    const v = attr.value;
    // <TOCInline toc={toc} />: `toc` is the file's own table of contents (MDX's export), which the component draws.
    if (node.name === 'TOCInline' && attr.name === 'toc') {
      if (typeof v === 'object' && v && v.value.trim() !== 'toc')
        ctx.problems.error({
          message: "<TOCInline> shows the file's own headings: write toc={toc}, and choose the levels with minHeadingLevel and maxHeadingLevel",
          file: ctx.file,
          ...lineOf(ctx, node),
        });
      continue;
    }
    if (v === null || v === undefined) props[attr.name] = true;
    else if (typeof v === 'string') props[attr.name] = v;
    else props[attr.name] = evaluate(v.data?.estree, node, ctx);
  }
  return props;
}

/** Where each attribute starts, by property name: rawHtml.ts reports a refused attribute there. */
function attributePositions(node: JsxNode): Record<string, { line: number; column: number }> {
  const at: Record<string, { line: number; column: number }> = {};
  for (const attr of node.attributes) {
    const start = (attr as { position?: Element['position'] }).position?.start;
    if (attr.name && start) at[propertyInfo(attr.name).property] = start;
  }
  return at;
}

const propertyInfo = (name: string) => find(htmlSchema, name === 'class' ? 'className' : name === 'for' ? 'htmlFor' : name);

function toProperties(props: Props): Properties {
  const properties: Properties = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    const info = propertyInfo(name);
    if (name === 'style' && typeof value === 'object') {
      properties.style = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}:${typeof v === 'number' && !/^(zIndex|opacity|flex|fontWeight|lineHeight)$/.test(k) ? `${v}px` : String(v)}`)
        .join(';');
      continue;
    }
    properties[info.property] = info.spaceSeparated && typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : (value as Properties[string]);
  }
  return properties;
}

function evaluate(program: Program | undefined, node: { position?: Element['position'] }, ctx: MarkdownContext): unknown {
  try {
    return literalValue(program, ctx.props ?? {});
  } catch (e) {
    ctx.problems.error({
      message: `Unsupported expression in markdown: ${(e as Error).message}`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: `Define the name in the file (\`export const name = ...\`) or import it. The theme's components (${Object.keys(mdxComponents).join(', ')}) take literal attribute values only. To show a brace, write \\{.`,
    });
    return undefined;
  }
}

/** A slot of the file's code, drawn by the MDX bundle; its failure is an error at the usage's line. */
function renderSlot(node: JsxNode, offset: number, ctx: MarkdownContext, uid: () => number): ElementContent | null {
  // A render function child is in the slot's code (mdx/module.ts): nothing to draw beside it.
  const fn = renderFunctionChild(node.children as Parameters<typeof renderFunctionChild>[0]);
  const children = node.children?.length && !fn ? convertChildren(node.children, ctx, uid) : undefined;
  const childrenHtml = children ? toHtml({ type: 'root', children }, { allowDangerousHtml: true }) : undefined;
  const drawn = ctx.slots!.render(offset, childrenHtml);
  if ('error' in drawn) {
    const what = node.name ? `<${node.name}>` : (node.type as string).includes('Expression') ? 'The expression' : 'The fragment';
    ctx.problems.error({ message: `${what} failed to render: ${drawn.error}`, file: ctx.file, ...lineOf(ctx, node), hint: drawn.frame });
    return null;
  }
  // Marked as a slot's: search reads its text (outline.ts), as it reads no other raw markup. The urls
  // its <Link>s drew go to the link check at the element's line (htmlUrls.ts).
  return { type: 'raw', value: drawn.html, data: { slot: true, ...(drawn.links ? { links: drawn.links } : {}) }, position: node.position } as unknown as ElementContent;
}
