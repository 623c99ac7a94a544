import type { Expression, Node as EsNode, Program } from 'estree';

// The value of an MDX expression made of literals only (strings, numbers, booleans, arrays and objects
// of them): such expressions are evaluated while rendering markdown. Any other expression is code
// the site's bundle runs (see mdx/module.ts).

export class NotLiteral extends Error {}

/** The value of a program holding one literal expression; throws NotLiteral for anything else. */
export function literalValue(program: Program | undefined): unknown {
  const statement = program?.body[0];
  if (!statement) return undefined;
  if (statement.type !== 'ExpressionStatement' || program.body.length > 1) throw new NotLiteral('not a single expression');
  return evalExpression(statement.expression);
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

function evalExpression(e: Expression | EsNode): unknown {
  switch (e.type) {
    case 'Literal':
      return (e as { value: unknown }).value;
    case 'TemplateLiteral':
      if (e.expressions.length) throw new NotLiteral('template literals with ${} are not literals');
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
        if (p.type !== 'Property' || p.computed) throw new NotLiteral('computed or spread properties are not literals');
        const key = p.key.type === 'Identifier' ? p.key.name : String((p.key as { value: unknown }).value);
        out[key] = evalExpression(p.value);
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
