// A local file a page names is published only when it lies inside the site folder (or a static
// folder): a path that climbs out of it, however written (markdown, JSX, raw HTML, percent-encoded,
// sanitized HTML), fails the build at the line that names it, and nothing of the file is in the output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';

const SECRET = 'secret-b1f3c9e2 do not publish';

/** top/secret/passwd.txt next to top/site/, whose docs/page.<ext> holds `body` at line 3. */
function project(doc: string, body: string, config: Record<string, unknown> = {}): { siteDir: string; configFile: string; secret: string } {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-outside-'));
  const siteDir = path.join(top, 'site');
  const files: Record<string, string> = {
    'secret/passwd.txt': SECRET,
    'secret/partial.md': SECRET,
    'site/site.config.ts': `export default ${JSON.stringify({ title: 'Outside', url: 'https://example.com', ...config })};\n`,
    'site/src/pages/index.md': '# Home\n',
    [`site/docs/${doc}`]: `# Page\n\n${body}\n`,
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(top, rel)), { recursive: true });
    fs.writeFileSync(path.join(top, rel), text);
  }
  return { siteDir, configFile: path.join(siteDir, 'site.config.ts'), secret: path.join(top, 'secret/passwd.txt') };
}

const cases: { name: string; doc: string; body: string; config?: Record<string, unknown> }[] = [
  { name: 'a markdown image', doc: 'page.md', body: '![p](../../secret/passwd.txt)' },
  { name: 'an MDX <img src>', doc: 'page.mdx', body: '<img src="../../secret/passwd.txt" />' },
  { name: 'an MDX <a href>', doc: 'page.mdx', body: '<a href="../../secret/passwd.txt">x</a>' },
  { name: 'a raw HTML <img> in the md format', doc: 'page.md', body: '<img src="../../secret/passwd.txt">', config: { markdown: { format: 'md' } } },
  { name: 'a raw HTML <a> in the md format', doc: 'page.md', body: '<p><a href="../../secret/passwd.txt">x</a></p>', config: { markdown: { format: 'md' } } },
  { name: 'a percent-encoded path (%2e%2e)', doc: 'page.md', body: '![p](%2e%2e/%2E%2e/secret/passwd.txt)' },
  { name: "markdown.html: 'sanitize'", doc: 'page.mdx', body: '<img src="../../secret/passwd.txt" />', config: { markdown: { html: 'sanitize' } } },
];

describe('a local file outside the site folder', () => {
  for (const c of cases) {
    it(`is refused at file:line, never published: ${c.name}`, async () => {
      const p = project(c.doc, c.body, c.config);
      const sink = new MemorySink();
      let error: (Error & { problems?: { message: string; file?: string; line?: number }[] }) | undefined;
      try {
        await build({ configFile: p.configFile, sink });
      } catch (e) {
        error = e as typeof error;
      }
      expect(error?.problems, error?.message ?? 'the build succeeded').toContainEqual(
        expect.objectContaining({ file: path.join(p.siteDir, 'docs', c.doc), line: 3, message: expect.stringContaining('outside the site folder') }),
      );
      expect([...sink.copies.values()]).not.toContain(p.secret);
      for (const f of sink.paths()) expect(sink.read(f) ?? '').not.toContain(SECRET);
    });
  }

  it('is refused when code imports it (MDX import, require), never published', async () => {
    for (const code of ["import u from '../../secret/passwd.txt';\n\n<a href={u}>x</a>", "{require('../../secret/passwd.txt').default}"]) {
      const p = project('page.mdx', code);
      const sink = new MemorySink();
      await expect(build({ configFile: p.configFile, sink })).rejects.toThrow(/passwd\.txt is outside the site folder/);
      for (const f of sink.paths()) expect(sink.read(f) ?? '').not.toContain(SECRET);
    }
  });

  it('is refused as a partial (an imported markdown file), never drawn', async () => {
    const p = project('page.mdx', "import P from '../../secret/partial.md';\n\n<P />");
    const sink = new MemorySink();
    await expect(build({ configFile: p.configFile, sink })).rejects.toThrow(/outside the site folder/);
    for (const f of sink.paths()) expect(sink.read(f) ?? '').not.toContain(SECRET);
  });

  it('is refused when a symbolic link inside the site leads out of it', async () => {
    const p = project('page.md', '![p](../files/passwd.txt)');
    fs.mkdirSync(path.join(p.siteDir, 'files'));
    fs.symlinkSync(p.secret, path.join(p.siteDir, 'files/passwd.txt'));
    const sink = new MemorySink();
    await expect(build({ configFile: p.configFile, sink })).rejects.toThrow(/outside the site folder/);
    expect([...sink.copies.values()]).not.toContain(p.secret);
  });
});

describe('a hidden file or folder of the site', () => {
  // The form receiver keeps submissions and its secret in .sitegen/forms, inside the site folder; a
  // site folder also holds .env and .git. A page that names them must not publish them.
  const hidden: [string, string, RegExp][] = [
    // Named as a file a page may publish: refused for being hidden, at its line.
    ['a text file in the forms data folder', '.sitegen/forms/notes.txt', /hidden in it/],
    ['a text file in .git', '.git/description.txt', /hidden in it/],
    // The receiver's own files and .env: refused whatever the reason given, never published.
    ['the form submissions', '.sitegen/forms/book-demo.jsonl', /./],
    ['the form secret', '.sitegen/forms/secret', /./],
    ['an .env file', '.env', /./],
  ];
  for (const [name, rel, message] of hidden) {
    it(`is refused, never published: ${name}`, async () => {
      for (const [doc, body] of [
        ['page.md', `![data](../${rel})`],
        ['page.mdx', `<a href="../${rel}">x</a>`],
        ['page.mdx', `import u from '../${rel}?url';\n\n<a href={u}>x</a>`],
      ]) {
        const p = project(doc, body);
        fs.mkdirSync(path.dirname(path.join(p.siteDir, rel)), { recursive: true });
        fs.writeFileSync(path.join(p.siteDir, rel), SECRET);
        const sink = new MemorySink();
        await expect(build({ configFile: p.configFile, sink }), body).rejects.toThrow(message);
        for (const f of sink.paths()) expect(sink.read(f) ?? '').not.toContain(SECRET);
        expect([...sink.copies.values()]).not.toContain(path.join(p.siteDir, rel));
      }
    });
  }

  it('is published from .well-known, as a static folder holds it', async () => {
    const p = project('page.mdx', '<a href="../.well-known/security.txt">key</a>');
    fs.mkdirSync(path.join(p.siteDir, '.well-known'));
    fs.writeFileSync(path.join(p.siteDir, '.well-known/security.txt'), 'Contact: mailto:a@example.com');
    const sink = new MemorySink();
    await build({ configFile: p.configFile, sink });
    expect([...sink.copies.values()]).toContain(path.join(p.siteDir, '.well-known/security.txt'));
  });
});
