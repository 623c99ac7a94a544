import { describe, expect, it } from 'vitest';
import { firstLine, placeSvg, prepareSvg } from '../../../../src/builder/diagrams/svg.js';

// The SVG mermaid draws, made safe to place twice on a page: every id (and what refers to it, in
// attributes and in its stylesheet) under the placeholder, and a name for assistive technology.

describe('prepareSvg and placeSvg', () => {
  it('numbers every inner id under the placeholder, references and style rules included', () => {
    const drawn =
      '<svg id="sitegen-mermaid-svg" aria-roledescription="sequence"><style>#sitegen-mermaid-svg .a{fill:#333}#arrowhead path{fill:red}</style><defs><marker id="arrowhead"></marker><linearGradient id="sitegen-mermaid-svg-g"></linearGradient></defs><line marker-end="url(#arrowhead)"></line><use href="#arrowhead"></use><use xlink:href="#arrowhead"></use></svg>';
    const prepared = prepareSvg(drawn, 'sequenceDiagram\n  A->>B: hi');
    expect(prepared).toBe(
      '<svg aria-label="sequenceDiagram" id="sitegen-mermaid-svg" aria-roledescription="sequence"><style>#sitegen-mermaid-svg .a{fill:#333}#sitegen-mermaid-svg-1 path{fill:red}</style><defs><marker id="sitegen-mermaid-svg-1"></marker><linearGradient id="sitegen-mermaid-svg-2"></linearGradient></defs><line marker-end="url(#sitegen-mermaid-svg-1)"></line><use href="#sitegen-mermaid-svg-1"></use><use xlink:href="#sitegen-mermaid-svg-1"></use></svg>',
    );
    expect(placeSvg(prepared, 'mermaid-abc123-2')).toContain('<marker id="mermaid-abc123-2-1"></marker>');
    expect(placeSvg(prepared, 'mermaid-abc123-2')).not.toContain('sitegen-mermaid-svg');
  });

  it('keeps the name mermaid gives from accTitle, and renames what labels it', () => {
    const drawn = '<svg id="sitegen-mermaid-svg" aria-labelledby="chart-title-sitegen-mermaid-svg"><title id="chart-title-sitegen-mermaid-svg">Flow</title></svg>';
    expect(prepareSvg(drawn, 'flowchart LR\n  accTitle: Flow')).toBe('<svg id="sitegen-mermaid-svg" aria-labelledby="sitegen-mermaid-svg-1"><title id="sitegen-mermaid-svg-1">Flow</title></svg>');
  });

  it('names a diagram by its first line that says something', () => {
    expect(firstLine('---\ntitle: x\n---\n%% a comment\n\n  pie title "Pets" & more\n')).toBe('pie title "Pets" & more');
    expect(prepareSvg('<svg id="sitegen-mermaid-svg"></svg>', 'pie title "A" & <b>')).toBe('<svg aria-label="pie title &quot;A&quot; &amp; &lt;b>" id="sitegen-mermaid-svg"></svg>');
  });
});
