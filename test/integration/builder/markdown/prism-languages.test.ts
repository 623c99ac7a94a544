import { describe, expect, it } from 'vitest';
import { buildSite, makeSite } from '../../../helpers/site.js';

// themeConfig.prism.additionalLanguages as Docusaurus reads it: the languages named there are
// highlighted too, on every render thread, besides the common ones sitegen always has; a language
// not named stays plain text, as in Docusaurus.
describe('themeConfig.prism.additionalLanguages', () => {
  it('highlights the languages it names, and only those', async () => {
    const doc = ['# Code', '', '```haskell', 'main :: IO ()', 'main = putStrLn "hi"', '```', '', '```erlang', '-module(hello).', '```', ''].join('\n');
    const { configFile } = makeSite({ 'docs/intro.md': doc }, { themeConfig: { prism: { additionalLanguages: ['haskell'] } }, search: { enabled: false } });
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/intro/index.html')!;
    const blocks = html
      .split('<pre')
      .slice(1)
      .map((b) => b.slice(0, b.indexOf('</pre>')));
    expect(blocks).toHaveLength(2);
    // haskell was asked for: its string and operator are tokens.
    expect(blocks[0]).toMatch(/class="token string"[^>]*>"hi"</);
    expect(blocks[0]).toContain('token operator');
    // erlang was not: plain text.
    expect(blocks[1]).not.toContain('class="token');
    expect(blocks[1]).toContain('-module(hello).');
  });
});

describe('themeConfig.prism.magicComments', () => {
  it("mark the lines of every page's code blocks with the site's classes", async () => {
    const doc = ['# Code', '', '```js', '// This will error', 'throw new Error();', '// highlight-next-line', 'ok();', '```', ''].join('\n');
    const magicComments = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
      { className: 'code-block-error-line', line: 'This will error' },
    ];
    const { configFile } = makeSite({ 'docs/intro.md': doc, 'docs/other.md': doc }, { themeConfig: { prism: { magicComments } }, search: { enabled: false } });
    const { sink } = await buildSite(configFile);
    for (const page of ['docs/intro/index.html', 'docs/other/index.html']) {
      const html = sink.read(page)!;
      expect(html).toMatch(/<span class="code-line code-block-error-line">.*throw/);
      expect(html).toMatch(/<span class="code-line code-line-hl">.*ok/);
      expect(html).not.toContain('This will error');
    }
  });
});

describe('themeConfig.prism.defaultLanguage', () => {
  it('highlights a code block that names no language in it, and leaves the others as they are', async () => {
    const doc = ['# Code', '', '```', 'kind: EdgeDevice', '```', '', '```text', 'kind: EdgeDevice', '```', ''].join('\n');
    const { configFile } = makeSite({ 'docs/intro.md': doc }, { themeConfig: { prism: { defaultLanguage: 'yaml' } }, search: { enabled: false } });
    const { sink } = await buildSite(configFile);
    const blocks = sink.read('docs/intro/index.html')!.split('<pre').slice(1);
    expect(blocks[0]).toContain('class="language-yaml"');
    expect(blocks[0]).toContain('token key atrule');
    expect(blocks[1]).not.toContain('class="token');
  });
});
