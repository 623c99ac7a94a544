// Two pages never share a url in silence: a percent-encoded dot segment in a slug (which would land on
// another page's file, or the home page's) is refused at its line, duplicates are found between
// decoded routes, and routes that differ only by case (one file on macOS and Windows) are warned of.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildError, buildSite, makeSite } from '../../../helpers/site.js';

describe('a percent-encoded dot segment in a slug', () => {
  for (const slug of ['/%2e%2e/docs/zreal', '/%2E%2e', '/a/%2E/zreal']) {
    it(`is refused at the slug's line: ${slug}`, async () => {
      const { dir, configFile } = makeSite({ 'docs/zreal.md': '# Real\n', 'docs/evil.md': `---\ntitle: Evil\nslug: ${slug}\n---\n# Evil\n` });
      const e = await buildError(configFile);
      expect(e.problems).toContainEqual(
        expect.objectContaining({
          file: path.join(dir, 'docs/evil.md'),
          line: 3,
          message: `front matter "slug" makes the route "/docs${slug}", which has a percent-encoded "." or ".." segment (it would be written over another page's file)`,
        }),
      );
    });
  }
});

describe('duplicate routes', () => {
  it('are found between routes that are the same once decoded', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\nslug: /a/b\n---\n# A\n', 'docs/b.md': '---\nslug: /a%2Fb\n---\n# B\n' });
    const { result } = await buildSite(configFile);
    expect(result.warnings.map((w) => w.message)).toEqual([
      `Duplicate route "/docs/a%2Fb": two pages are written to the same url, ${path.join(dir, 'docs/a.md')} and ${path.join(dir, 'docs/b.md')}; the last one wins`,
    ]);
  });

  it('are found between routes that are the same once their dot segments are resolved', async () => {
    const { dir, configFile } = makeSite({ 'docs/zreal.md': '# Real\n', 'docs/evil.md': '---\nslug: /../docs/zreal\n---\n# Evil\n' });
    const { result } = await buildSite(configFile);
    expect(result.warnings.map((w) => w.message)).toEqual([
      `Duplicate route "/docs/zreal": two pages are written to the same url, ${path.join(dir, 'docs/evil.md')} and ${path.join(dir, 'docs/zreal.md')}; the last one wins`,
    ]);
  });

  it('that differ only by case are one warning naming both files, and the build goes on', async () => {
    const { dir, configFile } = makeSite({ 'docs/Guide.md': '# Guide\n', 'docs/guide.md': '# guide\n' });
    const { result, sink } = await buildSite(configFile);
    const messages = result.warnings.map((w) => w.message).filter((m) => m.includes('only by case'));
    expect(messages).toEqual([
      `Routes "/docs/Guide" and "/docs/guide" differ only by case: ${path.join(dir, 'docs/Guide.md')} and ${path.join(dir, 'docs/guide.md')} are written to one file on macOS and Windows, where the last one wins`,
    ]);
    expect(sink.paths()).toEqual(expect.arrayContaining(['docs/Guide/index.html', 'docs/guide/index.html']));
  });
});
