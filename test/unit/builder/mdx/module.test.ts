import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';

// What of an MDX file becomes its module (mdx/module.ts): the imports and exports on the file's own
// lines, and a slot per component of the file's code and per expression that is not a literal.

const parse = (source: string) => parseMarkdown({ file: '/site/docs/a.mdx', source });

describe('the module of a markdown file', () => {
  it('keeps imports and exports on the lines of the file, counting the front matter', () => {
    const m = parse("---\ntitle: A\n---\n\nimport Chart from './Chart';\nexport const data = [1, 2];\n\n# A\n\n<Chart data={data} />\n").mdx!;
    const lines = m.code.split('\n');
    expect(lines[4]).toBe("import Chart from './Chart';");
    expect(lines[5]).toBe('export const data = [1, 2];');
    expect(m.code).toContain('(children) => <Chart data={data} />');
    // The import's origin, resolved from the file's folder: an island is shipped as that module's export.
    expect(m.code).toContain('export const __sitegenImports = [[Chart, "/site/docs/Chart", "default"]];');
  });

  it("keeps a render function child in its element's slot: one slot, the function in its code", () => {
    for (const source of [
      "import BrowserOnly from '@docusaurus/BrowserOnly';\n\n<BrowserOnly fallback={<p>Wait</p>}>{() => <p>{window.innerWidth}</p>}</BrowserOnly>\n",
      "import BrowserOnly from '@docusaurus/BrowserOnly';\n\n<BrowserOnly>\n  {function draw() { return <p>{window.innerWidth}</p>; }}\n</BrowserOnly>\n",
    ]) {
      const m = parse(source).mdx!;
      expect(m.slots).toHaveLength(1);
      expect(m.code).toMatch(/\(children\) => <BrowserOnly.*>\{(\(\) => <p>|function draw\(\))/);
      expect(m.code).not.toContain('{children}');
    }
  });

  it('makes slots of imported and exported components, code attributes and expressions that are not literals', () => {
    const source = [
      "import { Box } from '@site/src/Box';",
      'export const Local = () => null;',
      'export const n = 3;',
      '',
      '<Box title="t" open>',
      '  Inside *markdown*',
      '</Box>',
      '',
      '<Local {...{ a: 1 }} />',
      '',
      'Count: {n * 2}, literal: {"kept"}, comment: {/* note */}',
      '',
      '<div style={{ color: n > 2 ? "red" : "blue" }}>x</div>',
      '',
      '<div className="plain">y</div>',
      '',
      'Unknown: {PORT}',
    ].join('\n');
    const m = parse(source).mdx!;
    expect(m.slots).toHaveLength(4);
    expect(m.code).toContain('<Box title={"t"} open>{children}</Box>');
    expect(m.code).toContain('<Local {...{ a: 1 }} />');
    expect(m.code).toContain('<>{n * 2}</>');
    expect(m.code).toContain('<div style={{ color: n > 2 ? "red" : "blue" }}>{children}</div>');
    expect(m.code).not.toContain('plain');
    // A name nothing defines is left to the markdown render, which reports it without bundling.
    expect(m.code).not.toContain('PORT');
  });

  it('leaves theme components of the registry to the markdown passes: a file with only those has no module', () => {
    expect(parse("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs><TabItem value=\"a\">A</TabItem></Tabs>\n").mdx).toBeUndefined();
    expect(parse('# Plain\n\nText with {"a literal"}.\n').mdx).toBeUndefined();
  });
});
