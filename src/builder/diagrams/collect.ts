// The diagrams a markdown file holds, found when it is parsed (on the parser's thread), so that the
// build can draw every diagram of the site in one batch before the pages are rendered.
import type { Root } from 'mdast';

type Node = { type: string; lang?: string | null; value?: string; name?: string | null; attributes?: unknown[]; children?: Node[] };
type Attribute = { type: string; name?: string; value?: unknown };

/** ```mermaid blocks and `<Mermaid value="..." />` elements, in document order. */
export function collectDiagrams(tree: Root): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if (node.type === 'code' && node.lang === 'mermaid') found.push(node.value ?? '');
    else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Mermaid') {
      const source = mermaidValue(node.attributes as Attribute[]);
      if (source !== undefined) found.push(source);
    }
    if (node.children) for (const c of node.children) walk(c);
  };
  walk(tree as unknown as Node);
  return found;
}

/** The `value` of `<Mermaid>`: a string, or a template literal without `${}` (as the JSX pass reads it). */
export function mermaidValue(attributes: Attribute[]): string | undefined {
  const attr = attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'value');
  if (!attr) return undefined;
  if (typeof attr.value === 'string') return attr.value;
  const expr = (
    attr.value as { data?: { estree?: { body: { type: string; expression?: { type: string; expressions?: unknown[]; quasis?: { value: { cooked: string } }[]; value?: unknown } }[] } } } | null
  )?.data?.estree?.body[0]?.expression;
  if (expr?.type === 'TemplateLiteral' && !expr.expressions?.length) return expr.quasis!.map((q) => q.value.cooked).join('');
  if (expr?.type === 'Literal' && typeof expr.value === 'string') return expr.value;
  return undefined;
}
