import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, makeSite } from '../../../../helpers/site.js';
import { searchIndexPath } from '../../../../helpers/search.js';
import { createEngine, type Engine } from '../../../../../src/shared/search/engine.js';
import { searchRows } from '../../../../../src/shared/search/rank.js';
import type { SearchIndexFile } from '../../../../../src/shared/search/format.js';
import type { MemorySink } from '../../../../../src/builder/output/sink.js';

// Search finds the text that a markdown file's components draw at build time (a static component, an
// island's server render, the markdown handed to a component), in the section where the component
// stands; the page's description stays the markdown's own first paragraph.

let site: { dir: string; configFile: string };
let sink: MemorySink;
let engine: Engine;

beforeAll(async () => {
  site = makeSite({
    'src/components/Spec.tsx': 'export default function Spec() {\n  return <table><tbody><tr><td>Throughput</td><td>quasarflux units</td></tr></tbody></table>;\n}\n',
    'src/components/Counter.tsx':
      'import { useState } from \'react\';\n\nexport default function Counter() {\n  const [n, setN] = useState(0);\n  return <p>Clicks so far: {n} <button type="button" onClick={() => setN(n + 1)}>Add one</button></p>;\n}\n',
    'src/components/Callout.tsx':
      'export default function Callout({ children }: { children: React.ReactNode }) {\n  return <aside className="callout"><strong>Zephyrine says</strong> {children}</aside>;\n}\n',
    'docs/drawn.mdx': [
      "import Spec from '@site/src/components/Spec';",
      "import Counter from '@site/src/components/Counter';",
      "import Callout from '@site/src/components/Callout';",
      '',
      '# Drawn',
      '',
      '<Spec />',
      '',
      'The page opens with a table.',
      '',
      '## Usage',
      '',
      'Press the counter.',
      '',
      '<Counter />',
      '',
      '<Callout>',
      '',
      'Handed **marmalade** down as markdown.',
      '',
      '</Callout>',
      '',
    ].join('\n'),
    'docs/plain.md': '# Plain\n\nNothing drawn here.\n',
  });
  ({ sink } = await buildSite(site.configFile));
  const read = (rel: string) => sink.read(rel);
  const index = JSON.parse(read(searchIndexPath(read, '/assets/search/en.current.json'))!) as SearchIndexFile;
  engine = createEngine(index, async (rel) => JSON.parse(read(`assets/search/${rel}`)!));
}, 120_000);

afterAll(() => fs.rmSync(site.dir, { recursive: true, force: true }));

const hits = (query: string) => searchRows(engine, query, { limit: 8, maxPerPage: 3 });

describe('search of markdown with components', () => {
  it('finds the text a static component drew, in the section it stands in', async () => {
    const [first] = await hits('quasarflux');
    expect(first).toMatchObject({ u: '/docs/drawn', h: '', kind: 'content' });
  });

  it("finds an island's server-rendered text and markdown handed to a component, under the section's anchor", async () => {
    for (const word of ['clicks', 'zephyrine', 'marmalade']) expect((await hits(word))[0], word).toMatchObject({ u: '/docs/drawn', h: 'usage', s: 'Usage', kind: 'content' });
    // The island's button is no text of the page, as the theme's buttons are not.
    expect(await hits('add one')).toEqual([]);
  });

  it("keeps the page's description the markdown's own first paragraph", () => {
    const html = sink.read('docs/drawn/index.html')!;
    expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe('The page opens with a table.');
  });
});
