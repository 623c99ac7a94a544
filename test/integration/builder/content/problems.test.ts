import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, buildError, buildSite } from '../../../helpers/site.js';
import { cliBuild } from '../../../helpers/cliBuild.js';

// Content problems that used to pass silently or point at the wrong place, each in a small site:
// front matter errors at their line, missing static images, files that are not UTF-8, symbolic
// links, duplicate routes.

describe('front matter errors name the line', () => {
  const shapes: [string, string, number, RegExp][] = [
    ['a YAML syntax error', '---\ntitle: A\ndescription: "unclosed\nslug: /a\n---\n# A\n', 4, /unexpected end of the stream within a double quoted scalar/],
    ['bad indentation after blank and comment lines', '---\n\n# about\ntitle: A\nkeywords:\n  - a\n - b\n---\n# A\n', 7, /bad indentation/],
    ['a YAML error after a BOM, with CRLF line ends', '\uFEFF---\r\ntitle: A\r\nslug: : x\r\n---\r\n# A\r\n', 3, /a key node is missed/],
    [
      'an invalid value of a known key',
      '---\ntitle: A\n\n# position in the sidebar\nsidebar_position: second\nslug: /a\n---\n# A\n',
      5,
      /^sidebar_position: expected number, found the string "second"/,
    ],
    ['an invalid item of a known list', '---\ntitle: A\nkeywords:\n  - a\n  - 3\n---\n# A\n', 5, /^keywords\.1: expected string, found number 3/],
    ['an invalid value after a BOM', '\uFEFF---\ntitle: A\nhide_title: maybe\n---\n# A\n', 3, /^hide_title: expected boolean/],
  ];
  for (const [name, source, line, message] of shapes) {
    it(name, async () => {
      const { dir, configFile } = makeSite({ 'docs/a.md': source });
      const e = await buildError(configFile);
      const p = e.problems!.find((q) => q.file === path.join(dir, 'docs/a.md'));
      expect(p, e.message).toBeDefined();
      expect(p!.message).toMatch(message);
      expect(p!.line).toBe(line);
    });
  }

  it('exits 1 with file:line and no stack trace', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\ntitle: A\nsidebar_position: second\n---\n# A\n' });
    const run = await cliBuild(configFile, { outDir: path.join(dir, 'out') });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(dir, 'docs/a.md')}:3: sidebar_position: expected number`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});

describe('a missing root-relative image', () => {
  it('is the same error as a missing relative image, at its line', async () => {
    const { dir, configFile } = makeSite({
      'docs/a.md': '# A\n\n![logo](/img/logo.png)\n\n![missing](/img/missing.png)\n\n![rel](./missing.png)\n',
      'static/img/logo.png': 'png',
    });
    const e = await buildError(configFile);
    const file = path.join(dir, 'docs/a.md');
    const images = e.problems!.filter((p) => p.message.startsWith('Image not found'));
    expect(images).toEqual([
      expect.objectContaining({ file, line: 5, message: `Image not found: "/img/missing.png" (looked for ${path.join(dir, 'static/img/missing.png')})` }),
      expect.objectContaining({ file, line: 7, message: `Image not found: "./missing.png" (looked for ${path.join(dir, 'docs/missing.png')})` }),
    ]);
    expect(images[0].hint).toBe(images[1].hint);
  });

  it('is looked for in every static folder, and found with the base url written out', async () => {
    const { configFile } = makeSite(
      { 'docs/a.md': '# A\n\n![one](/img/one.png) ![two](/two.png) ![full](/base/img/one.png)\n', 'public/img/one.png': 'png', 'assets/two.png': 'png' },
      { baseUrl: '/base/', staticDirectories: ['public', 'assets'] },
    );
    const { sink } = await buildSite(configFile);
    const html = sink.read('docs/a/index.html')!;
    expect(html).toContain('src="/base/img/one.png"');
    expect(html).toContain('src="/base/two.png"');
    const { dir, configFile: other } = makeSite({ 'docs/a.md': '# A\n\n![gone](/img/gone.png)\n', 'public/x.txt': 'x' }, { staticDirectories: ['public', 'more'] });
    const e = await buildError(other);
    expect(e.problems!.find((p) => p.message.startsWith('Image not found'))!.message).toBe(
      `Image not found: "/img/gone.png" (looked for ${path.join(dir, 'public/img/gone.png')}, ${path.join(dir, 'more/img/gone.png')})`,
    );
  });
});

describe('a file that is not UTF-8', () => {
  it('fails with the file, the byte offset and the line (not mojibake)', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n\nfine\n' });
    const file = path.join(dir, 'docs/b.md');
    // "Café" in Latin-1 on line 3: the é is the byte 0xe9 at offset 8 ("# B\n\nCaf" is 8 bytes).
    fs.writeFileSync(file, Buffer.concat([Buffer.from('# B\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    const e = await buildError(configFile);
    const p = e.problems!.find((q) => q.file === file);
    expect(p).toMatchObject({ line: 3, message: 'invalid UTF-8 at byte offset 8 (0xe9 0x20 0x61 0x75)' });
    expect(p!.hint).toMatch(/Save the file as UTF-8/);
  });

  it('names a UTF-16 file, and a category file, too', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n' });
    fs.writeFileSync(path.join(dir, 'docs/c.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# C\n', 'utf16le')]));
    let e = await buildError(configFile);
    expect(e.problems!.find((q) => q.file === path.join(dir, 'docs/c.md'))!.message).toBe('invalid UTF-8 at byte offset 0 (0xff 0xfe 0x23 0x00); the file looks like UTF-16');
    fs.rmSync(path.join(dir, 'docs/c.md'));
    fs.writeFileSync(path.join(dir, 'docs/_category_.json'), Buffer.from([0x7b, 0x22, 0x6c, 0x61, 0x62, 0x65, 0x6c, 0x22, 0x3a, 0x22, 0xe4, 0x22, 0x7d]));
    e = await buildError(configFile);
    expect(e.problems).toEqual([expect.objectContaining({ file: path.join(dir, 'docs/_category_.json'), line: 1, message: expect.stringMatching(/^invalid UTF-8 at byte offset 10 /) })]);
  });
});

describe('symbolic links in content', () => {
  it('are followed inside the site folder: files and folders, docs, pages and static files', async () => {
    const { dir, configFile } = makeSite(
      { 'docs/a.md': '# A\n\n![shared](/img/shared.png)\n', 'shared/guide.md': '# Shared guide\n', 'shared/more/deep.md': '# Deep\n', 'shared/shared.png': 'png', 'pages-src/about.md': '# About\n' },
      { pages: { path: 'src/pages' } },
    );
    fs.symlinkSync('../shared/guide.md', path.join(dir, 'docs/guide.md'));
    fs.symlinkSync(path.join(dir, 'shared/more'), path.join(dir, 'docs/more'));
    fs.mkdirSync(path.join(dir, 'static/img'), { recursive: true });
    fs.symlinkSync('../../shared/shared.png', path.join(dir, 'static/img/shared.png'));
    fs.mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
    fs.symlinkSync('../../pages-src/about.md', path.join(dir, 'src/pages/about.md'));
    const { sink } = await buildSite(configFile);
    expect(sink.read('docs/guide/index.html')).toContain('Shared guide');
    expect(sink.read('docs/more/deep/index.html')).toContain('Deep');
    expect(sink.read('about/index.html')).toContain('About');
    expect(sink.read('docs/a/index.html')).toContain('src="/img/shared.png"');
  });

  it('that point outside the site, at nothing or back at their own folder are refused, each named with its target', async () => {
    const outside = makeSite({ 'secret.md': '# Secret\n' });
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n' });
    fs.symlinkSync(path.join(outside.dir, 'secret.md'), path.join(dir, 'docs/secret.md'));
    fs.symlinkSync('./nothing.md', path.join(dir, 'docs/dangling.md'));
    fs.symlinkSync('..', path.join(dir, 'docs/loop'));
    const e = await buildError(configFile);
    expect(e.message).toContain('Symbolic links that cannot be followed');
    expect(e.problems).toEqual([
      expect.objectContaining({ file: path.join(dir, 'docs/dangling.md'), message: 'symbolic link to "./nothing.md", which does not exist' }),
      expect.objectContaining({ file: path.join(dir, 'docs/loop'), message: `symbolic link to ".." (${fs.realpathSync(dir)}) loops back to a folder that contains it` }),
      expect.objectContaining({
        file: path.join(dir, 'docs/secret.md'),
        message: `symbolic link points outside the site folder: "${path.join(outside.dir, 'secret.md')}" (${fs.realpathSync(path.join(outside.dir, 'secret.md'))})`,
      }),
    ]);
  });

  it('that loop through each other are refused instead of walked forever', async () => {
    const { dir, configFile } = makeSite({ 'docs/a/x.md': '# X\n', 'docs/b/y.md': '# Y\n' });
    fs.symlinkSync('../b', path.join(dir, 'docs/a/to-b'));
    fs.symlinkSync('../a', path.join(dir, 'docs/b/to-a'));
    const e = await buildError(configFile);
    expect(e.problems!.length).toBeGreaterThan(0);
    expect(e.problems!.every((p) => p.message.includes('loops back to a folder that contains it'))).toBe(true);
  });
});

describe('duplicate routes', () => {
  it('name both files', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\nslug: /same\n---\n# A\n', 'docs/b.md': '---\nslug: /same\n---\n# B\n' });
    const { result } = await buildSite(configFile);
    expect(result.warnings.map((w) => w.message)).toEqual([
      `Duplicate route "/docs/same": two pages are written to the same url, ${path.join(dir, 'docs/a.md')} and ${path.join(dir, 'docs/b.md')}; the last one wins`,
    ]);
  });

  it("include a page that replaces a blog's list, in every locale, and fail the build with onDuplicateRoutes: 'throw'", async () => {
    const files = { 'docs/a.md': '# A\n', 'blog/2024-01-01-hello.md': '# Hello\n\ntext\n', 'src/pages/news.md': '# Our news\n' };
    const config = {
      blogs: [{ id: 'news', path: 'blog', routeBasePath: 'news', onUntruncatedBlogPosts: 'ignore' }],
      pages: { path: 'src/pages' },
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
    };
    const { dir, configFile } = makeSite(files, config);
    const { result } = await buildSite(configFile);
    const page = path.join(dir, 'src/pages/news.md');
    expect(result.warnings.map((w) => w.message)).toEqual([
      `Duplicate route "/news": two pages are written to the same url, the post list of the blog "news" (blog/) and ${page}; the last one wins`,
      `Duplicate route "/fr/news": two pages are written to the same url, the post list of the blog "news" (blog/) and ${page}; the last one wins`,
    ]);
    const strict = makeSite(files, { ...config, onDuplicateRoutes: 'throw' });
    const e = await buildError(strict.configFile);
    expect(e.problems!.map((p) => p.message)).toContain(
      `Duplicate route "/news": two pages are written to the same url, the post list of the blog "news" (blog/) and ${path.join(strict.dir, 'src/pages/news.md')}; the last one wins`,
    );
  });
});
