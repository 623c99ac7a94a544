import { describe, expect, it } from 'vitest';
import { Parser, type Node } from 'acorn';
import jsx from 'acorn-jsx';
import { scanTranslations } from '../../../../src/builder/i18n/scanCode.js';
import { fastExtract } from '../../../../src/builder/i18n/fastExtract.js';
import { extractFile } from '../../../../src/builder/i18n/extract.js';

// The scan of esbuild's output (scanCode.ts) finds exactly the <Translate> elements and translate()
// calls acorn's parse finds, and reads them as acorn does, or gives up (acorn parses the file then):
// strings, templates, regular expressions, comments and JSX text that look like code are not code;
// a `/` or `<` whose meaning depends on what it cannot tell makes it give up.

type AnyNode = Node & Record<string, unknown>;
const JsxParser = Parser.extend(jsx());

/** acorn's Translate elements and translate calls of `code`, by start. */
function acornFinds(code: string): { type: string; start: number }[] {
  const out: { type: string; start: number }[] = [];
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as AnyNode;
    if (node.type === 'JSXElement' && ((node.openingElement as AnyNode).name as AnyNode).name === 'Translate') out.push({ type: node.type, start: node.start });
    if (node.type === 'CallExpression' && (node.callee as AnyNode).type === 'Identifier' && (node.callee as AnyNode).name === 'translate') out.push({ type: node.type, start: node.start });
    for (const [k, v] of Object.entries(node)) if (k !== 'type') walk(v);
  };
  walk(JsxParser.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }));
  return out.sort((a, b) => a.start - b.start);
}

const scanned = (code: string) => scanTranslations(code)?.map(({ node }) => ({ type: node.type, start: node.start }));

describe('scanTranslations', () => {
  it('finds what acorn finds, and not what only looks like it', () => {
    const code = `import Translate, { translate } from "@docusaurus/Translate";
const s = "translate({ id: 'in.a.string' })", t = 'a <Translate id="x"/>';
const re = /translate\\({ id: "re" }\\)<Translate/g, half = total / 2 / count, less = a < b && c <= d && (e <<f) > 1;
const tpl = \`<Translate id="tpl"/> \${translate({ id: "in.a.hole", message: "hole" })} translate({})\`;
export default function Page({ items }) {
  if (items.length) /x/.test(items[0]);
  return <main className="translate(" data-x='<Translate/>'>
      {/* <Translate id="in.a.comment" /> */}
      not code: translate( &lt;Translate /&gt; {"a string"}
      <Translate id="page.hello" description={"a greeting"}>
        Hello {"world"} and R&amp;D{
          /* nothing */
        }!
      </Translate>
      {items.map((i) => <li key={i}><Translate id="item" values={{ n: <b>{translate({ message: "inner", "id": \`page.inner\` }, { n: i })}</b> }} /></li>)}
      <>
        <Translate>中文 text</Translate>
      </>
    </main>;
}
class C { #translate = 1; m() { return obj.translate({ id: "member" }) + this.#translate; } }
`;
    const found = scanned(code);
    expect(found).toBeDefined();
    expect(found!.sort((a, b) => a.start - b.start)).toEqual(acornFinds(code));
    expect(found!.map((f) => f.type)).toEqual(['CallExpression', 'JSXElement', 'JSXElement', 'CallExpression', 'JSXElement']);
  });

  it('reads elements and calls as acorn does (attributes, children, properties)', () => {
    const [element, call] = scanTranslations(`x = <Translate id='a' description={\`d\`} {...rest} ns:id="n" flag>A {"b"}{}</Translate>; translate({ "id": "i", message: 'm', });`)!;
    const opening = element.node.openingElement as AnyNode;
    expect((opening.attributes as AnyNode[]).map((a) => [a.type, (a.name as AnyNode | undefined)?.type, (a.value as AnyNode | null | undefined)?.type])).toEqual([
      ['JSXAttribute', 'JSXIdentifier', 'Literal'],
      ['JSXAttribute', 'JSXIdentifier', 'JSXExpressionContainer'],
      ['JSXSpreadAttribute', undefined, undefined],
      ['JSXAttribute', 'JSXNamespacedName', 'Literal'],
      ['JSXAttribute', 'JSXIdentifier', undefined],
    ]);
    expect((element.node.children as AnyNode[]).map((c) => c.raw ?? (c.expression as AnyNode).type)).toEqual(['A ', 'Literal', 'JSXEmptyExpression']);
    expect(call.call).toEqual({
      props: [
        { key: 'id', quotedKey: true, value: 'i', template: false },
        { key: 'message', quotedKey: false, value: 'm', template: false },
      ],
      next: ')',
    });
  });

  it('gives up where it cannot tell what acorn would read', () => {
    for (const code of [
      // A `/` or `<` after a `}`, a comment or a contextual word: a regular expression or an operator?
      `function f() {}\n/x/.test(a);`,
      `x = a /* c */ / 2;`,
      `for (const a of /x/.exec(b)) ;`,
      `if (a) {} <div/>;`,
      // Calls it does not read, or that may not be calls of the function.
      `translate(options);`,
      `translate?.({ id: "x" });`,
      `new translate({ id: "x" });`,
      `\\u0074ranslate({ id: "x" });`,
      `@translate({ id: "x" }) class A {}`,
      `translate({ id: "x\\u0041" });`,
      // JSX it does not read: an element as an attribute's value, a comment in a tag.
      `x = <Translate id=<b/>>t</Translate>;`,
      `x = <Translate /* c */ id="a">t</Translate>;`,
      `x = <Translate id="a">a > b</Translate>;`,
    ]) {
      expect(scanTranslations(code), code).toBeUndefined();
    }
  });
});

describe('fastExtract through the scan', () => {
  it('answers as TypeScript does for calls written otherwise than esbuild prints them', async () => {
    const file = '/site/src/pages/index.tsx';
    const text = `import { translate } from '@docusaurus/Translate';
export const a = translate(
  // the title
  { id: 'a.title', message: \`Title\`, description: "of a" /* kept */, },
  { n: 1 },
);
export const b = translate ({ 'id': 'b', message: 'B' });
`;
    const ts = extractFile(file, text);
    expect(ts.problems).toEqual([]);
    expect(await fastExtract(file, text)).toEqual(ts.messages);
    expect(ts.messages.map((m) => [m.id, m.line])).toEqual([
      ['a.title', 2],
      ['b', 7],
    ]);
  });

  it('leaves to TypeScript a call whose original differs in a way that matters', async () => {
    const file = '/site/src/pages/index.tsx';
    // TypeScript sees an `as` (its first argument is no object literal): a problem, which it reports.
    const text = `const a = translate({ id: 'x' } as const, { n: 1 });\n`;
    expect(extractFile(file, text).problems).toHaveLength(1);
    expect(await fastExtract(file, text)).toBeUndefined();
  });
});
