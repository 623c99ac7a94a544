import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { createBuildCache } from '../../../../src/builder/cache.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { makeSite, buildSite, buildError } from '../../../helpers/site.js';
import { searchIndexPath } from '../../../helpers/search.js';
import { createEngine } from '../../../../src/shared/search/engine.js';
import { searchRows } from '../../../../src/shared/search/rank.js';
import type { SearchIndexFile } from '../../../../src/shared/search/format.js';

// Imported markdown files (partials), as Docusaurus sites share text between docs:
// `import Shared from './_shared.mdx'` and `<Shared name="x" />` draw the file there, in the page's
// locale, `{props.name}` reading what the element passes.

const files = {
  'docs/intro.mdx': 'import Shared from \'./_shared.mdx\';\n\n# Intro\n\n<Shared name="World" />\n\nAfter.\n',
  'docs/_shared.mdx': "import Note from '@site/docs/_note.md';\n\nHello **{props.name}**, this is shared. See [the other page](./other.md).\n\n:::tip\n\nA tip.\n\n:::\n\n<Note />\n",
  'docs/_note.md': 'A note from a partial of a partial.\n',
  'docs/other.md': '# Other\n',
};

const body = (html: string) => html.slice(html.indexOf('<h1'), html.indexOf('</article>'));

describe('partials (imported markdown files)', () => {
  it("draws one where it is used, with its props, in the page's locale (links, admonition titles), its own partials too; its text is searched; it is no page", async () => {
    const { configFile } = makeSite(files, { i18n: { defaultLocale: 'en', locales: ['en', 'zh-Hans'] } });
    const { sink } = await buildSite(configFile);
    const en = body(sink.read('docs/intro/index.html')!);
    expect(en).toContain('<p>Hello <strong>World</strong>, this is shared. See <a href="/docs/other">the other page</a>.</p>');
    expect(en).toMatch(/<div class="theme-admonition theme-admonition-tip alert alert--success">.*tip<\/div>/s);
    expect(en).toContain('<p>A note from a partial of a partial.</p>');
    expect(en.indexOf('A note from')).toBeLessThan(en.indexOf('<p>After.</p>'));
    const zh = body(sink.read('zh-Hans/docs/intro/index.html')!);
    expect(zh).toContain('<a href="/zh-Hans/docs/other">the other page</a>');
    expect(zh).toMatch(/<div class="theme-admonition theme-admonition-tip alert alert--success">.*提示<\/div>/s);
    const read = (rel: string) => sink.read(rel);
    const engine = createEngine(JSON.parse(read(searchIndexPath(read, '/assets/search/en.current.json'))!) as SearchIndexFile, async (rel) => JSON.parse(read(`assets/search/${rel}`)!));
    expect((await searchRows(engine, 'shared', { limit: 8, maxPerPage: 3 }))[0]).toMatchObject({ u: '/docs/intro' });
    expect(sink.read('docs/_shared/index.html')).toBeUndefined();
  });

  it('checks its links, at the line of its use', async () => {
    const { configFile, dir } = makeSite({ ...files, 'docs/_note.md': 'See [nowhere](/docs/nowhere).\n' });
    const error = await buildError(configFile);
    const broken = error.problems?.find((p) => p.message.includes('/docs/nowhere'));
    expect(broken).toMatchObject({ file: path.join(dir, 'docs/intro.mdx'), line: 5 });
  });

  it('fails at the line of its use when it is missing, uses itself or holds code', async () => {
    const missing = makeSite({ 'docs/intro.mdx': "import Gone from './_gone.mdx';\n\n# Intro\n\n<Gone />\n" });
    expect((await buildError(missing.configFile)).problems?.find((p) => p.message.includes('_gone.mdx'))).toMatchObject({ line: 5, message: expect.stringContaining('there is no such file') });
    const loop = makeSite({ 'docs/intro.mdx': "import A from './_a.mdx';\n\n# Intro\n\n<A />\n", 'docs/_a.mdx': "import A from './_a.mdx';\n\nA\n\n<A />\n" });
    expect((await buildError(loop.configFile)).problems?.find((p) => p.message.includes('uses itself'))).toBeDefined();
    const code = makeSite({
      'docs/intro.mdx': "import A from './_a.mdx';\n\n# Intro\n\n<A />\n",
      'docs/_a.mdx': "import Thing from '@site/src/Thing';\n\n<Thing />\n",
      'src/Thing.js': 'export default function Thing() { return null; }\n',
    });
    expect((await buildError(code.configFile)).problems?.find((p) => p.message.includes('holds code'))).toMatchObject({ line: 5 });
  });

  it('redraws the page that uses it when it changes, between builds that share a cache', async () => {
    const { configFile, dir } = makeSite(files);
    const cache = createBuildCache();
    const first = new MemorySink();
    await build({ configFile, sink: first, cache });
    fs.writeFileSync(path.join(dir, 'docs/_note.md'), 'A changed note.\n');
    const second = new MemorySink();
    await build({ configFile, sink: second, cache });
    expect(body(second.read('docs/intro/index.html')!)).toContain('<p>A changed note.</p>');
  });
});
