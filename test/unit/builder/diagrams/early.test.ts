import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessDiagrams } from '../../../../src/builder/diagrams/early.js';
import { parseMarkdown } from '../../../../src/builder/markdown/parse.js';
import { repoRoot } from '../../../helpers/paths.js';

// The guess that starts the browser before the parse (diagrams/early.ts): on the files with diagrams
// it must find what the parser finds, or else a build whose diagrams are all kept starts a browser
// for nothing, or one that draws waits for the browser after the parse.

function markdownUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('guessDiagrams', () => {
  it("finds the parser's diagrams in the Shifu site and the mermaid fixture", () => {
    const files = ['content', 'i18n', 'test/fixtures/mermaid-site'].flatMap((d) => markdownUnder(path.join(repoRoot, d)));
    let withDiagrams = 0;
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      if (!/mermaid/i.test(source)) continue;
      const parsed = parseMarkdown({ file, source }).diagrams ?? [];
      if (parsed.length) withDiagrams++;
      expect(guessDiagrams(source), file).toEqual(parsed);
    }
    expect(withDiagrams).toBeGreaterThanOrEqual(6);
  });

  it('skips fenced blocks of other languages, even those showing a mermaid block', () => {
    const text = '# Example\n\n````md\n```mermaid\ngraph LR\n  A --> B\n```\n````\n\n```mermaid\ngraph TD\n  C --> D\n```\n';
    expect(guessDiagrams(text)).toEqual(['graph TD\n  C --> D']);
    expect(guessDiagrams('- item\n\n  ```mermaid\n  graph LR\n    A --> B\n  ```\n')).toEqual(['graph LR\n  A --> B']);
  });

  it('gives up on what it cannot read for sure', () => {
    expect(guessDiagrams('> ```mermaid\n> graph LR\n> ```\n')).toBeUndefined();
    expect(guessDiagrams('<Mermaid value={source} />\n')).toBeUndefined();
  });
});
