import path from 'node:path';
import type { Root } from 'mdast';
import type { Program } from 'estree';
import { isComment, isLiteral, isPropRead, renderFunctionChild } from '../markdown/literal.js';
import { mdxComponents, themeModules } from '../markdown/components.js';

// What of an MDX file is code: its imports and exports, the JSX elements of components it imports
// or exports, and the expressions that are not literals. This turns them into one JavaScript module
// per markdown file, which the site's MDX bundle (mdx/bundle.ts) holds: each such element or
// expression becomes a "slot", a function the build calls to render that place of the page with
// React (mdx/render.tsx). Everything else stays markdown, rendered by the markdown passes.

/** The code of one markdown file; absent for a file without any (most files). */
export interface MdxModule {
  /**
   * The module's source (JSX): the file's imports and exports on the lines where the file has them
   * (so that esbuild's messages and the source map point at the markdown's own lines), then the slots
   * (`__sitegenSlot<offset>`, and all of them as `__sitegenSlots`).
   */
  code: string;
  /** The start offsets (in the markdown body) of the nodes the module renders. */
  slots: number[];
}

interface Attribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: string; value: string; data?: { estree?: Program } };
}
interface Node {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: Attribute[];
  children?: Node[];
  data?: { estree?: Program };
  position?: { start: { line: number; offset?: number } };
}

/** The module of a parsed MDX file, or undefined when the file holds no code beyond theme imports. */
export function mdxModule(params: {
  file: string;
  tree: Root;
  lineOffset: number;
  /** The site's component scope (src/theme/MDXComponents): a capitalised name nothing binds is its component. */
  scope?: boolean;
}): MdxModule | undefined {
  const { file, tree, lineOffset } = params;
  const lines: string[] = [];
  const bound = new Set<string>();
  const imports: string[] = [];
  // Imports of theme components drawn by React when their attributes are code, by local name: their lines.
  const drawnByCode = new Map<string, { first: number; lines: string[] }>();
  // Local names of imported markdown files (partials): never the scope's components.
  const partialNames = new Set<string>();
  for (const node of tree.children as Node[]) {
    if (node.type !== 'mdxjsEsm' || !node.value || !node.position) continue;
    const first = node.position.start.line + lineOffset;
    const text = node.value.split('\n');
    const keep = text.map(() => true);
    for (const statement of node.data?.estree?.body ?? []) {
      const source = statement.type === 'ImportDeclaration' ? String(statement.source.value) : undefined;
      if (source !== undefined && source in themeModules) {
        // Theme components of the registry are drawn by the markdown passes, not by the bundle; but
        // <DocCardList items={...} /> by its React component, its import kept then (below).
        if (!statement.loc) continue;
        const own = text.slice(statement.loc.start.line - node.position.start.line, statement.loc.end.line - node.position.start.line + 1);
        for (let l = statement.loc.start.line; l <= statement.loc.end.line; l++) keep[l - node.position.start.line] = false;
        if (CODE_DRAWN.has(source) && statement.type === 'ImportDeclaration')
          for (const s of statement.specifiers) drawnByCode.set(s.local.name, { first: first + statement.loc.start.line - node.position.start.line, lines: own });
        continue;
      }
      if (statement.type === 'ImportDeclaration' && isPartialSource(source!)) {
        // An imported markdown file (a partial) is drawn by the markdown passes, in this file's context.
        if (statement.loc) for (let l = statement.loc.start.line; l <= statement.loc.end.line; l++) keep[l - node.position.start.line] = false;
        for (const sp of statement.specifiers) partialNames.add(sp.local.name);
        continue;
      }
      if (statement.type === 'ImportDeclaration') {
        const resolved = source!.startsWith('./') || source!.startsWith('../') ? path.resolve(path.dirname(file), source!) : source!;
        for (const s of statement.specifiers) {
          bound.add(s.local.name);
          if (s.type !== 'ImportNamespaceSpecifier') {
            const name = s.type === 'ImportDefaultSpecifier' ? 'default' : s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value);
            imports.push(`[${s.local.name}, ${JSON.stringify(resolved)}, ${JSON.stringify(name)}]`);
          }
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
        const d = statement.declaration;
        if (d.type === 'VariableDeclaration') for (const v of d.declarations) for (const n of patternNames(v.id)) bound.add(n);
        else if (d.id) bound.add(d.id.name);
      }
    }
    text.forEach((t, i) => {
      if (keep[i]) lines[first - 1 + i] = t;
    });
  }
  const slots: string[] = [];
  const offsets: number[] = [];
  // Components of the scope the file uses: bound to the scope's, below.
  const fromScope = new Set<string>();
  const visit = (node: Node) => {
    const root = node.name?.split('.')[0];
    if (
      params.scope &&
      root &&
      /^[A-Z]/.test(root) &&
      !bound.has(root) &&
      !partialNames.has(root) &&
      !(root in mdxComponents) &&
      (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')
    ) {
      fromScope.add(root);
      bound.add(root);
    }
    const byCode = node.name && drawnByCode.get(node.name);
    if (byCode && hasCodeAttribute(node)) {
      // Its import joins the module, on its own lines.
      byCode.lines.forEach((t, i) => (lines[byCode.first - 1 + i] = t));
      bound.add(node.name!);
    }
    const code = slotCode(node, bound);
    if (code !== undefined && node.position?.start.offset !== undefined) {
      offsets.push(node.position.start.offset);
      slots.push(`export const __sitegenSlot${node.position.start.offset} = (children) => ${code};`);
      // Its render function is part of its code: not a slot of its own.
      if (renderFunctionChild(node.children as Parameters<typeof renderFunctionChild>[0])) return;
    }
    for (const c of node.children ?? []) visit(c);
  };
  visit(tree as unknown as Node);
  if (!lines.some((l) => l) && !slots.length) return undefined;
  const code = [
    ...Array.from(lines, (l) => l ?? ''),
    // The scope's components, each a component that names what is missing when the scope lacks it.
    ...(fromScope.size
      ? [
          `import __sitegenScope from '@theme/MDXComponents';`,
          `const __sitegenFromScope = (name) => __sitegenScope?.[name] ?? (() => { throw new Error(\`<\${name}> is neither imported in this file nor a component of src/theme/MDXComponents\`); });`,
          ...[...fromScope].map((name) => `const ${name} = __sitegenFromScope(${JSON.stringify(name)});`),
        ]
      : []),
    // Each slot an export of its own: the browser bundle imports only those of islands, and esbuild
    // leaves out what no island uses (the other slots' components, __sitegenImports).
    ...slots,
    `export const __sitegenSlots = {${offsets.map((o) => `${o}: __sitegenSlot${o}`).join(', ')}};`,
    // The imported bindings and where they come from: an interactive component is shipped as its module's export.
    `export const __sitegenImports = [${imports.join(', ')}];`,
    '',
  ].join('\n');
  return { code, slots: offsets };
}

/** The JSX a slot renders, or undefined when the node is markdown's to draw. */
function slotCode(node: Node, bound: Set<string>): string | undefined {
  if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
    if (isComment(node.value ?? '') || isLiteral(node.data?.estree) || unboundName(node.data?.estree, bound)) return undefined;
    // `{props.name}`: what a partial's user passed it, filled in by the markdown passes.
    if (!bound.has('props') && isPropRead(node.data?.estree)) return undefined;
    return `<>{${node.value}}</>`;
  }
  if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name) return undefined;
  const attributes = node.attributes ?? [];
  const component = bound.has(node.name.split('.')[0]);
  const code = hasCodeAttribute(node);
  // A lowercase element is HTML, drawn by markdown unless an attribute is code (`style={styles.x}`).
  if (!component && !(code && /^[a-z]/.test(node.name))) return undefined;
  const attrs = attributes
    .map((a) => {
      if (a.type === 'mdxJsxExpressionAttribute') return `{${a.value as string}}`;
      if (a.value === null || a.value === undefined) return a.name!;
      return typeof a.value === 'string' ? `${a.name}={${JSON.stringify(a.value)}}` : `${a.name}={${a.value.value}}`;
    })
    .join(' ');
  const open = `${node.name}${attrs ? ' ' + attrs : ''}`;
  // A render function as the only child is the element's own code, not markdown drawn beside it.
  const fn = renderFunctionChild(node.children as Parameters<typeof renderFunctionChild>[0]);
  if (fn) return `<${open}>{${fn.value}}</${node.name}>`;
  return node.children?.length ? `<${open}>{children}</${node.name}>` : `<${open} />`;
}

/** Whether an import names a markdown file: a partial, drawn by the markdown passes (markdown/plugins/jsx.ts). */
export function isPartialSource(source: string): boolean {
  return /\.mdx?$/i.test(source);
}

/**
 * The partials a parsed file imports: each default import of a `.md` / `.mdx` file, by its local
 * name, with the path as written (parse.ts resolves it).
 */
export function partialImports(tree: Root): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const node of tree.children as Node[]) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || !isPartialSource(String(statement.source.value))) continue;
      for (const sp of statement.specifiers) if (sp.type === 'ImportDefaultSpecifier') found[sp.local.name] = String(statement.source.value);
    }
  }
  return Object.keys(found).length ? found : undefined;
}

/** Registry components (markdown/components.ts) that their React component draws when an attribute is code. */
const CODE_DRAWN = new Set(['@theme/DocCardList']);

function hasCodeAttribute(node: Node): boolean {
  return (node.attributes ?? []).some((a) => a.type === 'mdxJsxExpressionAttribute' || (a.value && typeof a.value === 'object' && !isLiteral(a.value.data?.estree)));
}

/** `{PORT}` where nothing defines PORT: left to the markdown render, which names it undefined (no bundle needed). */
function unboundName(program: Program | undefined, bound: Set<string>): boolean {
  const statement = program?.body[0];
  return statement?.type === 'ExpressionStatement' && statement.expression.type === 'Identifier' && !bound.has(statement.expression.name);
}

type Pattern = import('estree').Pattern;
function patternNames(p: Pattern): string[] {
  switch (p.type) {
    case 'Identifier':
      return [p.name];
    case 'ObjectPattern':
      return p.properties.flatMap((x) => patternNames(x.type === 'RestElement' ? x.argument : x.value));
    case 'ArrayPattern':
      return p.elements.flatMap((x) => (x ? patternNames(x) : []));
    case 'RestElement':
      return patternNames(p.argument);
    case 'AssignmentPattern':
      return patternNames(p.left);
    default:
      return [];
  }
}
