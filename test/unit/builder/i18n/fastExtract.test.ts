import { describe, expect, it } from 'vitest';
import { extractFile } from '../../../../src/builder/i18n/extract.js';
import { fastExtract } from '../../../../src/builder/i18n/fastExtract.js';

// The UI strings read with esbuild and acorn (fastExtract.ts) are TypeScript's (extract.ts) to the
// letter, or not given at all (TypeScript reads the file then): JSX text and attribute strings as
// written, template literals, comments, quoted keys, lines; code esbuild changes in ways that matter
// to TypeScript's reading (parentheses, `as`, escapes) and broken rules are left to TypeScript.

const FILE = '/site/src/pages/index.tsx';

/** TypeScript's messages, which the fast reader must give; it may not decline. */
async function same(text: string, file = FILE) {
  const ts = extractFile(file, text);
  expect(ts.problems).toEqual([]);
  expect(await fastExtract(file, text)).toEqual(ts.messages);
  return ts.messages;
}

/** Left to TypeScript. */
async function declined(text: string, file = FILE) {
  // Only files that name translate( or Translate are read (extract.ts).
  expect(text).toMatch(/\bTranslate\b|\btranslate\s*\(/);
  expect(await fastExtract(file, text)).toBeUndefined();
}

describe('fastExtract', () => {
  it('reads <Translate> and translate() as TypeScript does, in its order and with its lines', async () => {
    const messages = await same(`import Translate, { translate } from '@docusaurus/Translate';
type Props = { name: string };
// translate({ id: 'in.a.comment' })
const s: string = "translate({ id: 'in.a.string' })";
export default function Page<T,>({ name }: Props): JSX.Element {
  const title = translate({ id: 'page.title', message: \`The title\`, description: 'of the page', });
  return (
    <main className="x">
      {/* <Translate id="in.jsx.comment" /> */}
      <Translate id="page.hello" description={"a greeting"}>
        Hello {'world'}   &nbsp; and
        R&amp;D{/* nothing */}!
      </Translate>
      <Translate id='it&apos;s' values={{ n: <b>{translate({ 'message': "inner", "id": 'page.inner' })}</b> }} />
      <Translate id="page.typed">{\`typed\`}</Translate>
      <Translate>中文 text</Translate>
    </main>
  );
}
`);
    expect(messages.map((m) => [m.id, m.line])).toEqual([
      ['page.title', 6],
      ['page.hello', 10],
      ['it&apos;s', 14],
      ['page.inner', 14],
      ['page.typed', 15],
      ['中文 text', 16],
    ]);
  });

  it('counts lines as TypeScript does (CRLF, CR) and reads .ts files as TypeScript (no JSX)', async () => {
    await same(`const a = 1;\r\n\r\nexport const t = () =>\r\n  translate({ message: 'Crlf' });\rtranslate({ id: 'cr' });\n`);
    await same(`export const label = (n: number): string => translate({ id: 'ts.file', message: n > 1 ? 'x' : 'y' }) + n;\nconst x = <number>(1 as unknown);\n`, '/site/src/pages/labels.ts');
  });

  it('leaves to TypeScript what esbuild changes where it matters, and broken rules', async () => {
    // TypeScript sees a parenthesized expression or an `as` where the output has a literal.
    await declined(`<Translate id="a">{('x')}</Translate>;`);
    await declined(`translate(({ id: 'x' }));`);
    await declined(`translate({ id: 'x' } as any);`);
    await declined(`translate({ id: ('x'), message: 'm' });`);
    await declined(`(translate)({ id: 'x' }); const Translate = 1;`);
    await declined(`<Translate<string> id="typed">typed</Translate>;`);
    // TypeScript's name of a key is its text: an escape is kept.
    await declined(`translate({ '\\x69d': 'q', message: 'm' });`);
    // Problems: TypeScript reports them, with its lines.
    await declined(`<Translate id="x">{name}</Translate>;`);
    await declined(`<Translate />;`);
    await declined(`translate(options);`);
    // Code esbuild cannot read.
    await declined(`<Translate id="x">a } b</Translate>;`);
  });
});
