import type { Expression, Node as EsNode, Program } from 'estree';

// The value of an MDX expression made of literals only (strings, numbers, booleans, arrays and objects
// of them): such expressions are evaluated while rendering markdown. Any other expression is code
// the site's bundle runs (see mdx/module.ts).

export class NotLiteral extends Error {}

/** The value of a program holding one literal expression; throws NotLiteral for anything else. */
export function literalValue(program: Program | undefined, props?: Record<string, unknown>): unknown {
  const statement = program?.body[0];
  if (!statement) return undefined;
  if (statement.type !== 'ExpressionStatement' || program.body.length > 1) throw new NotLiteral('not a single expression');
  return evalExpression(statement.expression, props);
}

/**
 * The prop an expression reads, `props.name` or `props['name']`, as an imported markdown file (a
 * partial) reads what its user passes it: `<Partial name="x" />` then `{props.name}` in the partial.
 */
export function propRead(e: Expression | EsNode): string | undefined {
  if (e.type !== 'MemberExpression' || e.object.type !== 'Identifier' || e.object.name !== 'props') return undefined;
  if (!e.computed && e.property.type === 'Identifier') return e.property.name;
  if (e.computed && e.property.type === 'Literal' && typeof e.property.value === 'string') return e.property.value;
  return undefined;
}

/** Whether a program is one `props.name` expression (see propRead). */
export function isPropRead(program: Program | undefined): boolean {
  const statement = program?.body[0];
  return program?.body.length === 1 && statement?.type === 'ExpressionStatement' && propRead(statement.expression) !== undefined;
}

/** Whether a program is a literal expression (or empty). */
export function isLiteral(program: Program | undefined): boolean {
  try {
    literalValue(program);
    return true;
  } catch (e) {
    if (e instanceof NotLiteral) return false;
    throw e;
  }
}

function evalExpression(e: Expression | EsNode, props?: Record<string, unknown>): unknown {
  const prop = props && propRead(e);
  if (prop !== undefined) return props![prop];
  switch (e.type) {
    case 'Literal':
      return (e as { value: unknown }).value;
    case 'TemplateLiteral':
      if (e.expressions.length) throw new NotLiteral('template literals with ${} are not literals');
      return e.quasis.map((q) => q.value.cooked).join('');
    case 'UnaryExpression':
      if (e.operator === '-') return -(evalExpression(e.argument, props) as number);
      if (e.operator === '!') return !evalExpression(e.argument, props);
      break;
    case 'ArrayExpression':
      return e.elements.map((x) => (x ? evalExpression(x, props) : undefined));
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of e.properties) {
        if (p.type !== 'Property' || p.computed) throw new NotLiteral('computed or spread properties are not literals');
        const key = p.key.type === 'Identifier' ? p.key.name : String((p.key as { value: unknown }).value);
        out[key] = evalExpression(p.value, props);
      }
      return out;
    }
    case 'Identifier':
      if (e.name === 'undefined') return undefined;
      throw new NotLiteral(`"${e.name}" is not defined`);
  }
  throw new NotLiteral(`${e.type} is not a literal`);
}

/** Whether an expression's source holds only comments (`{/* note *\/}`). */
export function isComment(expression: string): boolean {
  return /^\s*(\/\*[\s\S]*?\*\/\s*)*$/.test(expression);
}

interface TreeNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: TreeNode[];
  data?: { estree?: Program };
}

/**
 * The expression an element's children are when they are one function, as in
 * `<BrowserOnly>{() => <Chart />}</BrowserOnly>`: a render function the element calls, which the
 * element's slot keeps as its child (mdx/module.ts) instead of markdown drawn beside it (plugins/jsx.ts).
 * Works on the markdown tree and on the HTML tree made of it (a paragraph may hold the expression).
 */
export function renderFunctionChild(children: TreeNode[] | undefined): TreeNode | undefined {
  const own = (children ?? []).filter((c) => !(c.type === 'text' && !c.value?.trim()));
  if (own.length !== 1) return undefined;
  const only = own[0];
  if (only.type === 'paragraph' || (only.type === 'element' && only.tagName === 'p')) return renderFunctionChild(only.children);
  if (only.type !== 'mdxFlowExpression' && only.type !== 'mdxTextExpression') return undefined;
  const statement = only.data?.estree?.body[0];
  const isFunction = statement?.type === 'ExpressionStatement' && (statement.expression.type === 'ArrowFunctionExpression' || statement.expression.type === 'FunctionExpression');
  return isFunction && only.data!.estree!.body.length === 1 ? only : undefined;
}
