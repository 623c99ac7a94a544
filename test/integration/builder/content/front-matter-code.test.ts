// Content is not code: front matter in JavaScript (`---js`, `---javascript`) would run through
// gray-matter's eval. Whatever the format and raw HTML settings, `build` and `check-links` refuse it at
// the file's first line without running it, and a YAML tag that constructs a function is refused too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildError, makeSite } from '../../../helpers/site.js';
import { runCliInProcess } from '../../../helpers/cliInProcess.js';

/** A doc whose front matter, if run, writes `marker`. */
function codeDoc(language: string, marker: string): string {
  return `---${language}\nmodule.exports = (require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), { title: 't' })\n---\n\n# Hello\n`;
}

const settings = [
  { language: 'js', format: 'mdx', html: 'allow' },
  { language: 'javascript', format: 'md', html: 'allow' },
  { language: 'js', format: 'detect', html: 'sanitize' },
  { language: 'JS ', format: 'md', html: 'error' },
] as const;

describe('front matter that is code', () => {
  for (const s of settings) {
    it(`is refused at file:1 by build, never run (---${s.language.trim()}, format ${s.format}, html ${s.html})`, async () => {
      const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-marker-')), 'ran');
      const { dir, configFile } = makeSite({ 'docs/intro.md': codeDoc(s.language, marker) }, { markdown: { format: s.format, html: s.html } });
      const err = await buildError(configFile);
      expect(err.problems).toContainEqual(
        expect.objectContaining({
          file: path.join(dir, 'docs/intro.md'),
          line: 1,
          message: `front matter in \`---${s.language.trim()}\` is code, and sitegen never runs content: write YAML front matter`,
        }),
      );
      expect(fs.existsSync(marker)).toBe(false);
    });
  }

  it('is refused by check-links (exit 1, the message at file:1, no stack trace), never run', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-marker-')), 'ran');
    const { dir } = makeSite({ 'docs/intro.mdx': codeDoc('js', marker) });
    const res = await runCliInProcess(['check-links'], { cwd: dir, env: { CI: '1' } });
    const output = res.stdout + res.stderr;
    expect(res.status, output).toBe(1);
    expect(output).toContain('docs/intro.mdx:1: front matter in `---js` is code, and sitegen never runs content: write YAML front matter');
    expect(output).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('is refused even when the same text was read before without options (gray-matter caches those)', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-marker-')), 'ran');
    const source = codeDoc('js', marker).replace(/require\([^)]*\)\.writeFileSync\([^)]*\), /, '');
    const matter = (await import('gray-matter')).default;
    expect(matter(source).data).toEqual({ title: 't' });
    const { configFile } = makeSite({ 'docs/intro.md': source });
    expect((await buildError(configFile)).problems).toContainEqual(expect.objectContaining({ line: 1, message: expect.stringContaining('is code') }));
  });

  it('refuses a YAML tag that constructs a function, at its line', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-marker-')), 'ran');
    const { dir, configFile } = makeSite({
      'docs/intro.md': `---\ntitle: t\nx: !!js/function "function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'x') }"\n---\n\n# Hello\n`,
    });
    const err = await buildError(configFile);
    expect(err.problems).toContainEqual(expect.objectContaining({ file: path.join(dir, 'docs/intro.md'), line: 3, message: expect.stringContaining('js/function') }));
    expect(fs.existsSync(marker)).toBe(false);
  });
});
