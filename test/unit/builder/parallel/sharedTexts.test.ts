// The shared part of identical texts (parallel/sharedTexts.ts): a parse taken by a later file of the
// same text, whichever batch of a thread brings it; never by a file whose parse depends on its place;
// a shared render's links put in place for another file, or refused where that cannot be done by text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newState, handleParse } from '../../../../src/builder/parallel/handlers.js';
import { relinked, type ResolvedLinks } from '../../../../src/builder/parallel/sharedTexts.js';
import { defaultMarkdownLimits } from '../../../../src/builder/markdown/limits.js';
import type { MarkdownResult } from '../../../../src/builder/parallel/protocol.js';

function files(texts: Record<string, string>): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-shared-'));
  return Object.fromEntries(
    Object.entries(texts).map(([rel, text]) => {
      const file = path.join(dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      return [rel, file];
    }),
  );
}

describe('parses shared by identical texts', () => {
  const text = '# Install\n\nBolt it down, then read [the guide](./guide.md).\n';

  it('gives a later batch of the thread the parse of an earlier one, as the file it is', () => {
    const f = files({ 'docs/install.md': text, 'v1/install.md': text, 'v2/install.md': text, 'v2/other.md': '# Other\n' });
    const state = newState({ compact: true });
    const [first] = handleParse(state, [f['docs/install.md']], undefined, defaultMarkdownLimits);
    const later = handleParse(state, [f['v2/other.md'], f['v1/install.md'], f['v2/install.md']], undefined, defaultMarkdownLimits);
    expect(first.from).toBeUndefined();
    expect(later.map((r) => r.from)).toEqual([undefined, 'shared', 'shared']);
    expect(later[1].meta).toEqual({ ...first.meta, file: f['v1/install.md'] });
  });

  it('parses a file of another extension, or with code or partials, on its own', () => {
    const code = "import Box from '@site/src/Box';\n\n# Boxed\n\n<Box />\n";
    const partial = "import Intro from './_intro.md';\n\n<Intro />\n";
    const f = files({ 'a/x.md': text, 'a/x.mdx': text, 'a/code.mdx': code, 'b/code.mdx': code, 'a/p.mdx': partial, 'b/p.mdx': partial, 'a/_intro.md': 'Hi\n', 'b/_intro.md': 'Hi\n' });
    const state = newState();
    const results = handleParse(state, [f['a/x.md'], f['a/x.mdx'], f['a/code.mdx'], f['b/code.mdx'], f['a/p.mdx'], f['b/p.mdx']], undefined, defaultMarkdownLimits);
    expect(results.map((r) => r.from)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(results[5].meta?.partials).toEqual({ Intro: f['b/_intro.md'] });
  });
});

describe('relinked: a shared render with the links of another file', () => {
  const rendered = (html: string, urls: string[]): MarkdownResult => ({
    rendered: { html, toc: [{ id: 'x', html: 'X', level: 2 }], anchors: ['x'], links: urls.map((url, i) => ({ url, line: i + 1, column: 1 })), sections: [] },
    errors: [],
    warnings: [],
    assets: [],
    inputs: [],
  });
  const v1 = new Map([
    ['./install.md', '/docs/1.0/install'],
    ['./guide.md', '/docs/1.0/guide'],
  ]);
  /** `result` relinked for a file of version 1.0, whose render resolved `links`. */
  const inV1 = (result: MarkdownResult, links: ResolvedLinks) => relinked({ result, links, resolve: (t) => v1.get(t), trailingSlash: undefined });

  it("puts the file's own urls where the other's were, hashes kept", () => {
    const result = rendered('<p><a href="/docs/install#a">i</a> <a href="/docs/guide">g</a> <a href="/blog">b</a></p>', ['/docs/install#a', '/docs/guide', '/blog']);
    const out = inV1(result, [
      ['./install.md', '/docs/install'],
      ['./guide.md', '/docs/guide'],
    ]);
    expect(out?.rendered.html).toBe('<p><a href="/docs/1.0/install#a">i</a> <a href="/docs/1.0/guide">g</a> <a href="/blog">b</a></p>');
    expect(out?.rendered.links.map((l) => l.url)).toEqual(['/docs/1.0/install#a', '/docs/1.0/guide', '/blog']);
    expect(out?.shared).toBe(true);
    expect(result.rendered.html).toContain('/docs/install#a');
  });

  it('swaps whole urls only: not a longer url it starts, nor one outside an href', () => {
    const html = '<a href="/docs/guide">g</a> <a href="/docs/guides">gs</a> <code>href="/docs/guide</code> /docs/guide <a href="/docs/guide#b">g</a> href="/docs/guide';
    const result = rendered(html, ['/docs/guide', '/docs/guides', '/docs/guide#b']);
    const out = inV1(result, [
      ['./guide.md', '/docs/guide'],
      ['./guide.md', '/docs/guide'],
    ]);
    expect(out?.rendered.html).toBe('<a href="/docs/1.0/guide">g</a> <a href="/docs/guides">gs</a> <code>href="/docs/guide</code> /docs/guide <a href="/docs/1.0/guide#b">g</a> href="/docs/guide');
    expect(out?.rendered.links.map((l) => l.url)).toEqual(['/docs/1.0/guide', '/docs/guides', '/docs/1.0/guide#b']);
  });

  it('refuses a url also written out, a link that does not resolve from the file, and a url HTML escapes', () => {
    const written = rendered('<a href="/docs/install">i</a> <a href="/docs/install">same, written</a>', ['/docs/install', '/docs/install']);
    expect(inV1(written, [['./install.md', '/docs/install']])).toBeUndefined();
    const one = rendered('<a href="/docs/install">i</a>', ['/docs/install']);
    expect(relinked({ result: one, links: [['./install.md', '/docs/install']], resolve: () => undefined, trailingSlash: undefined })).toBeUndefined();
    expect(relinked({ result: one, links: [['./install.md', '/docs/install']], resolve: () => '/docs/a&b', trailingSlash: undefined })).toBeUndefined();
  });
});
