import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../helpers/paths.js';
import { startBrowserEarly } from '../../../../src/builder/diagrams/early.js';
import { drawAhead, drawDiagrams } from '../../../../src/builder/diagrams/stage.js';
import { DiagramStore } from '../../../../src/builder/diagrams/store.js';
import { diagramKey } from '../../../../src/builder/diagrams/key.js';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { ProblemCollector } from '../../../../src/builder/errors.js';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';

// The diagrams guessed from the texts before the parse (diagrams/early.ts) are drawn as soon as the
// browser is up, without waiting for the parse; the stage (stage.ts drawAhead) takes those drawings
// and draws only what the guess did not see, and the drawings are the bytes a build without the
// early drawing makes (test/fixtures/mermaid-site).

const dir = path.join(repoRoot, 'test/fixtures/mermaid-site');
const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

describe('diagrams drawn while the content is parsed', () => {
  it('draws the guessed diagrams before the parse ends, and the stage draws only the others, to the same bytes', async () => {
    const { config } = await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    const store = new DiagramStore(false);
    // The guess sees two.mdx only (a fenced block and a <Mermaid value>): chinese.md is the file it missed.
    const browser = startBrowserEarly({ config, texts: [read('docs/two.mdx')], store })!;
    expect(browser).toBeDefined();
    const early = await browser.drawnEarly();
    expect([...early.values()].map((r) => typeof r.svg)).toEqual(['string', 'string']);

    const parsed = ['docs/two.mdx', 'docs/chinese.md'].map((file) => parseMarkdown({ file, source: read(file) }));
    const sources = parsed.flatMap((p) => p.diagrams ?? []);
    expect(sources).toHaveLength(3);
    expect(sources.filter((s) => early.has(s))).toHaveLength(2);
    const ahead = await drawAhead({ config, parsed, store, browser });
    expect(ahead.unavailable).toBeUndefined();

    // A build that drew them all after the parse, in one batch, with no early browser.
    const fresh = await drawDiagrams({ config, parsed, store: new DiagramStore(false), problems: new ProblemCollector() });
    const expected = new Map(fresh.results);
    expect(ahead.drawn).toEqual(new Set(expected.keys()));
    for (const source of sources) {
      const key = diagramKey(fresh.drawing, source);
      expect(store.get(key)?.svg).toBeDefined();
      expect(store.get(key)).toEqual(expected.get(key));
    }
  }, 120_000);

  it('draws nothing early when a text holds a diagram the guess cannot read for sure', async () => {
    const { config } = await loadConfig({ configFile: path.join(dir, 'site.config.ts') });
    const browser = startBrowserEarly({ config, texts: [read('docs/two.mdx'), '<Mermaid value={source} />\n'], store: new DiagramStore(false) })!;
    try {
      expect((await browser.drawnEarly()).size).toBe(0);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
