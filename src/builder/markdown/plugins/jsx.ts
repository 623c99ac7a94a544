import type { Root, Element, ElementContent, Properties } from 'hast';
import type { Program, Expression, Node as EsNode } from 'estree';
import { find, html as htmlSchema } from 'property-information';
import { mdxComponents, themeModules, type Props } from '../components.js';
import { isComment } from '../parse.js';
import { lineOf, type MarkdownContext } from '../context.js';

// MDX nodes in the hast tree become plain elements: lowercase JSX is HTML, capitalised JSX is looked up
// in the component registry, `@theme/*` imports are checked against it, and expressions are limited to
// literals (a markdown file is content, not a program). Anything else is an error with its line.

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
  if (type === 'mdxjsEsm') {
    checkEsm(node as unknown as ExpressionNode, ctx);
    return null;
  }
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
  const component = mdxComponents[node.name];
  if (!component) {
    ctx.problems.error({
      message: `Unknown component <${node.name}>`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: `Components available in markdown: ${Object.keys(mdxComponents).join(', ')} (import them from '@theme/<Name>').`,
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

function attributesToProps(node: JsxNode, ctx: MarkdownContext): Props {
  const props: Props = {};
  for (const attr of node.attributes) {
    if (attr.type === 'mdxJsxExpressionAttribute' || !attr.name) {
      ctx.problems.error({ message: `Spread attributes are not supported in markdown (<${node.name} {...}>)`, file: ctx.file, ...lineOf(ctx, node) });
      continue;
    }
    const v = attr.value;
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

function checkEsm(node: ExpressionNode, ctx: MarkdownContext): void {
  const program = node.data?.estree;
  for (const statement of program?.body ?? []) {
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      if (!(source in themeModules)) {
        ctx.problems.error({
          message: `Cannot import "${source}" in markdown`,
          file: ctx.file,
          ...lineOf(ctx, statement.loc ? { position: { start: { line: statement.loc.start.line + (node.position?.start.line ?? 1) - 1, column: statement.loc.start.column + 1 } } } : node),
          hint: `Only theme components can be imported: ${Object.keys(themeModules).join(', ')}.`,
        });
      }
    } else {
      ctx.problems.error({
        message: `Exports and statements are not supported in markdown (${statement.type})`,
        file: ctx.file,
        ...lineOf(ctx, node),
        hint: 'Move code into a React page under the pages folder, or use a theme component.',
      });
    }
  }
}

function evaluate(program: Program | undefined, node: { position?: Element['position'] }, ctx: MarkdownContext): unknown {
  const statement = program?.body[0];
  if (!statement || statement.type !== 'ExpressionStatement') return undefined;
  try {
    return evalExpression(statement.expression);
  } catch (e) {
    ctx.problems.error({
      message: `Unsupported expression in markdown: ${(e as Error).message}`,
      file: ctx.file,
      ...lineOf(ctx, node),
      hint: 'Only literal values (strings, numbers, booleans, arrays and objects of them) are allowed in {...}. To show a brace, write \\{.',
    });
    return undefined;
  }
}

function evalExpression(e: Expression | EsNode): unknown {
  switch (e.type) {
    case 'Literal':
      return (e as { value: unknown }).value;
    case 'TemplateLiteral':
      if (e.expressions.length) throw new Error('template literals with ${} are not allowed');
      return e.quasis.map((q) => q.value.cooked).join('');
    case 'UnaryExpression':
      if (e.operator === '-') return -(evalExpression(e.argument) as number);
      if (e.operator === '!') return !evalExpression(e.argument);
      break;
    case 'ArrayExpression':
      return e.elements.map((x) => (x ? evalExpression(x) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of e.properties) {
        if (p.type !== 'Property' || p.computed) throw new Error('computed or spread properties are not allowed');
        const key = p.key.type === 'Identifier' ? p.key.name : String((p.key as { value: unknown }).value);
        out[key] = evalExpression(p.value);
      }
      return out;
    }
    case 'Identifier':
      if (e.name === 'undefined') return undefined;
      throw new Error(`"${e.name}" is not defined`);
  }
  throw new Error(`${e.type} is not a literal`);
}
