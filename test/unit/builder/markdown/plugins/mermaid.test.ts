import { beforeAll, describe, expect, it } from 'vitest';
import { md } from '../../../../helpers/markdown.js';
import { loadHtmlParser } from '../../../../../src/builder/markdown/plugins/htmlBlocks.js';
import type { DiagramContext } from '../../../../../src/builder/markdown/context.js';
import type { DiagramResult } from '../../../../../src/builder/diagrams/types.js';

// Diagrams put in place by the last hast pass: the drawn SVG with the page's ids, the source for the
// browser when the build did not draw it, a broken one reported per onBrokenMermaid and shown as code.

beforeAll(loadHtmlParser);

function diagrams(results: Record<string, DiagramResult>, overrides: Partial<DiagramContext> = {}): DiagramContext {
  let n = 0;
  return { lookup: (s) => results[s], nextId: () => `d-${++n}`, onBroken: 'throw', config: { theme: 'default' }, scriptUrl: '/m.js', ...overrides };
}

const svg = '<svg id="sitegen-mermaid-svg"><marker id="sitegen-mermaid-svg-arrow"></marker><path marker-end="url(#sitegen-mermaid-svg-arrow)"></path></svg>';

describe('mermaid diagrams in markdown', () => {
  it('inlines the drawn SVG with ids of its own for each diagram, in md and MDX files alike', () => {
    const source = 'Intro.\n\n```mermaid\ngraph LR\n```\n\n```mermaid\ngraph LR\n```\n';
    for (const format of ['md', 'mdx'] as const) {
      const r = md(source, { diagrams: diagrams({ 'graph LR': { svg } }) }, { format });
      expect(r.html).toBe(
        '<p>Intro.</p>\n<div class="mermaid-diagram"><svg id="d-1"><marker id="d-1-arrow"></marker><path marker-end="url(#d-1-arrow)"></path></svg></div>\n<div class="mermaid-diagram"><svg id="d-2"><marker id="d-2-arrow"></marker><path marker-end="url(#d-2-arrow)"></path></svg></div>',
      );
    }
  });

  it('draws <Mermaid value> as a ```mermaid block', () => {
    const r = md("import Mermaid from '@theme/Mermaid';\n\n<Mermaid value={`graph LR`} />\n", { diagrams: diagrams({ 'graph LR': { svg } }) });
    expect(r.problems.errors).toEqual([]);
    expect(r.html).toContain('<div class="mermaid-diagram"><svg id="d-1">');
  });

  it('leaves a diagram the build did not draw to the browser, with the script and config to draw it', () => {
    const r = md('```mermaid\ngraph LR\n  A --> B\n```\n', { diagrams: diagrams({}) });
    expect(r.html).toBe(
      '<div class="mermaid-diagram mermaid-pending" data-mermaid-script="/m.js" data-mermaid-config="{&#x22;theme&#x22;:&#x22;default&#x22;}"><pre class="mermaid-source">graph LR\n  A --> B</pre></div>',
    );
  });

  it('reports a broken diagram at the line of its block (or of <Mermaid>) and shows it as code', () => {
    // MDX takes the indentation off the lines of an expression: the <Mermaid> source has none.
    const broken = { 'graph LR\n  A -->': { error: 'Parse error on line 2' }, 'graph LR\nA -->': { error: 'Parse error on line 2' } };
    const r = md("import Mermaid from '@theme/Mermaid';\n\nText.\n\n```mermaid\ngraph LR\n  A -->\n```\n\n<Mermaid value={`graph LR\n  A -->`} />\n", { diagrams: diagrams(broken) });
    expect(r.problems.errors.map((p) => [p.line, p.message])).toEqual([
      [5, 'Mermaid cannot draw this diagram: Parse error on line 2'],
      [10, 'Mermaid cannot draw this diagram: Parse error on line 2'],
    ]);
    expect(r.html).toContain('<div class="theme-code-block code-block language-mermaid" data-lang="mermaid">');
    const warned = md('```mermaid\ngraph LR\n  A -->\n```\n', { diagrams: diagrams(broken, { onBroken: 'warn' }) });
    expect([warned.problems.errors.length, warned.problems.warnings.length]).toEqual([0, 1]);
    const ignored = md('```mermaid\ngraph LR\n  A -->\n```\n', { diagrams: diagrams(broken, { onBroken: 'ignore' }) });
    expect([ignored.problems.errors.length, ignored.problems.warnings.length]).toEqual([0, 0]);
  });

  it('shows mermaid blocks as code when markdown.mermaid is off', () => {
    const r = md('```mermaid\ngraph LR\n```\n');
    expect(r.html).toContain('<div class="theme-code-block code-block language-mermaid" data-lang="mermaid">');
  });
});
