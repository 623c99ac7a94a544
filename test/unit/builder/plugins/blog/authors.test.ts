import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postAuthors, readAuthorsMap, reportInlineAuthors } from '../../../../../src/builder/plugins/blog/authors.js';
import { ProblemCollector } from '../../../../../src/builder/errors.js';

// authors.yml as Docusaurus 3 reads it: author pages (`page: true` → the key's kebab case, `page:
// { permalink }`), socials as handles or urls, front-matter authors by key, with overrides or inline.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-authors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const yml = `yangshun:
  name: Yangshun Tay
  title: Maintainer
  url: https://example.com/y
  image_url: https://example.com/y.png
  page: true
  socials:
    x: yangshunz
    linkedin: yangshun
    stackoverflow: 82609
    newsletter: https://news.example.com
slorber:
  name: Sébastien Lorber
  page:
    permalink: '/all-sebastien-lorber-articles'
JoelMarcey:
  name: Joel
  page: true
noPage:
  name: No Page
`;

describe('authors map', () => {
  const blog = path.join(dir, 'blog');
  fs.mkdirSync(blog, { recursive: true });
  fs.writeFileSync(path.join(blog, 'authors.yml'), yml);

  it('makes author pages and social urls as Docusaurus does', () => {
    const problems = new ProblemCollector();
    const map = readAuthorsMap({ blogDir: blog, authorsMapPath: 'authors.yml', authorsBase: '/blog/authors', problems })!;
    expect(problems.errors).toEqual([]);
    expect(map.authors.get('yangshun')).toEqual({
      key: 'yangshun',
      name: 'Yangshun Tay',
      title: 'Maintainer',
      url: 'https://example.com/y',
      imageUrl: 'https://example.com/y.png',
      email: undefined,
      description: undefined,
      page: '/blog/authors/yangshun',
      socials: { x: 'https://x.com/yangshunz', linkedin: 'https://www.linkedin.com/in/yangshun/', stackoverflow: 'https://stackoverflow.com/users/82609', newsletter: 'https://news.example.com' },
    });
    expect(map.authors.get('slorber')!.page).toBe('/blog/authors/all-sebastien-lorber-articles');
    expect(map.authors.get('JoelMarcey')!.page).toBe('/blog/authors/joel-marcey');
    expect(map.authors.get('noPage')!.page).toBeUndefined();
  });

  it('has no map without the file', () => {
    expect(readAuthorsMap({ blogDir: path.join(dir, 'none'), authorsMapPath: 'authors.yml', authorsBase: '/blog/authors', problems: new ProblemCollector() })).toBeUndefined();
  });

  it('reads front-matter authors by key, with overrides and inline, and reports unknown keys and inline authors', () => {
    const problems = new ProblemCollector();
    const map = readAuthorsMap({ blogDir: blog, authorsMapPath: 'authors.yml', authorsBase: '/blog/authors', problems })!;
    const authors = postAuthors({ fm: { authors: ['slorber', { key: 'yangshun', title: 'Guest' }, { name: 'Inline Person' }, 'nobody'] }, map, file: '/b/post.md', line: () => 2, problems });
    expect(authors.map((a) => [a.key, a.name, a.title])).toEqual([
      ['slorber', 'Sébastien Lorber', undefined],
      ['yangshun', 'Yangshun Tay', 'Guest'],
      [undefined, 'Inline Person', undefined],
    ]);
    expect(problems.errors).toEqual([
      {
        message: 'Blog author "nobody" is not in authors.yml',
        file: '/b/post.md',
        line: 2,
        hint: 'Known keys: yangshun, slorber, JoelMarcey, noPage. Or write the author inline: { name, title, url, image_url }.',
      },
    ]);
    reportInlineAuthors({ authors, authorsMapPath: 'authors.yml', file: '/b/post.md', line: () => 2, level: 'warn', optionPath: 'blogs[id=blog]', problems });
    expect(problems.warnings).toEqual([
      {
        message: 'Blog authors [Inline Person] are not defined in authors.yml',
        file: '/b/post.md',
        line: 2,
        hint: "Declare them once in authors.yml and name them by key, or set blogs[id=blog].onInlineAuthors to 'ignore' to allow inline authors.",
      },
    ]);
  });

  it('refuses a social value that is a path, and two authors with one page', () => {
    const other = path.join(dir, 'bad');
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'authors.yml'), 'a:\n  name: A\n  page: { permalink: /same }\n  socials: { github: org/name }\nb:\n  name: B\n  page: { permalink: /same }\n');
    const problems = new ProblemCollector();
    readAuthorsMap({ blogDir: other, authorsMapPath: 'authors.yml', authorsBase: '/blog/authors', problems });
    expect(problems.errors.map((e) => e.message)).toEqual([
      'a.socials.github: "org/name" is neither a handle of a known platform nor an absolute url',
      'The authors "a" and "b" have the same page /blog/authors/same',
    ]);
  });
});
