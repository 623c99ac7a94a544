import { describe, expect, it } from 'vitest';
import { buildSite, makeSite } from '../helpers/site.js';

// themeConfig.prism.additionalLanguages as Docusaurus reads it: the languages named there are
// highlighted too (with the grammars they build on, e.g. php on markup-templating), on every render
// thread; a language not named stays plain text, as in Docusaurus.
describe('themeConfig.prism.additionalLanguages', () => {
  it('highlights the languages it names, and only those', async () => {
    const doc = ['# Code', '', '```php', '<?php echo $greeting; ?>', '```', '', '```rust', 'fn main() { let x = 1; }', '```', ''].join('\n');
    const { configFile } = makeSite({ 'docs/intro.md': doc }, { themeConfig: { prism: { additionalLanguages: ['php'] } }, search: { enabled: false } });
    const { sink } = await buildSite(configFile);
    const html = new TextDecoder().decode(sink.files.get('docs/intro/index.html') as Uint8Array);
    const blocks = html.split('<pre').slice(1);
    expect(blocks).toHaveLength(2);
    // php: its variable and the markup-templating delimiters are tokens.
    expect(blocks[0]).toMatch(/class="token variable"[^>]*>\$greeting</);
    expect(blocks[0]).toContain('token delimiter');
    // rust was not asked for: plain text.
    expect(blocks[1]).not.toContain('class="token');
    expect(blocks[1]).toContain('fn main() { let x = 1; }');
  });
});
