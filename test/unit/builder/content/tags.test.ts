import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { afterAll, describe, expect, it } from 'vitest';
import { docusaurusSlug } from '../../../../src/shared/url.js';
import { normalizeTags, readTagsFile, reportInlineTags } from '../../../../src/builder/content/tags.js';
import { categorySlug } from '../../../../src/builder/plugins/docs/sidebar.js';
import { ProblemCollector } from '../../../../src/builder/errors.js';

// Tag and category urls as Docusaurus 3 makes them: tags with lodash's kebabCase (Docusaurus's
// normalizeTag and normalizeTagsFile), generated-index categories with github-slugger (its createSlugger).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-tags-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('tag slugs', () => {
  it.each([
    ['release-v1.11', 'release-v-1-11'],
    ['Docusaurus v2.0', 'docusaurus-v-2-0'],
    ['Hello World', 'hello-world'],
    ['  spaces  around ', 'spaces-around'],
    ['camelCase', 'camel-case'],
    ['Open_Source', 'open-source'],
    ['Héllo wörld', 'hello-world'],
    ['中文标签', '中文标签'],
    ['release/v1.0', 'release-v-1-0'],
  ])('%s → %s', (label, slug) => expect(docusaurusSlug(label)).toBe(slug));

  it('puts inline tags under the tags base path; an object tag keeps its permalink', () => {
    const tags = normalizeTags({ frontMatterTags: ['release-v1.11', { label: 'Guides', permalink: '/all-guides' }, { label: 'Open Source' }], tagsFile: null, tagsBase: '/blog/tags' });
    expect(tags).toEqual([
      { label: 'release-v1.11', permalink: '/blog/tags/release-v-1-11', inline: true },
      { label: 'Guides', permalink: '/blog/tags/all-guides', description: undefined, inline: true },
      { label: 'Open Source', permalink: '/blog/tags/open-source', description: undefined, inline: true },
    ]);
  });
});

describe('tags.yml', () => {
  it("reads the locale's own tags file first (i18n/<locale>/docusaurus-plugin-content-blog-<id>/), else the folder's", () => {
    const blog = path.join(dir, 'blog-l10n');
    const zh = path.join(dir, 'i18n-zh', 'docusaurus-plugin-content-blog');
    fs.mkdirSync(blog, { recursive: true });
    fs.mkdirSync(zh, { recursive: true });
    fs.writeFileSync(path.join(blog, 'tags.yml'), 'getting-started:\n  label: Getting started\n');
    fs.writeFileSync(path.join(zh, 'tags.yml'), 'getting-started:\n  label: 入门\n');
    const problems = new ProblemCollector();
    const read = (localizedDir?: string) => readTagsFile({ contentDir: blog, localizedDir, option: undefined, optionPath: 'x', problems })!.tags['getting-started'];
    expect(read(zh)).toEqual({ label: '入门', permalink: '/getting-started', description: undefined });
    expect(read(path.join(dir, 'i18n-fr', 'none'))).toEqual({ label: 'Getting started', permalink: '/getting-started', description: undefined });
    expect(read()).toEqual({ label: 'Getting started', permalink: '/getting-started', description: undefined });
    expect(problems.errors).toEqual([]);
  });

  it('defaults the label to the capitalised key and the permalink to its slug', () => {
    const blog = path.join(dir, 'blog');
    fs.mkdirSync(blog, { recursive: true });
    fs.writeFileSync(path.join(blog, 'tags.yml'), 'hello:\n  label: Hello\n  permalink: /hello-page\n  description: Greetings\nreleaseNotes:\ndocusaurus: { description: The framework }\n');
    const problems = new ProblemCollector();
    const file = readTagsFile({ contentDir: blog, option: undefined, optionPath: 'blogs[id=blog].tags', problems })!;
    expect(problems.errors).toEqual([]);
    expect(file.tags).toEqual({
      hello: { label: 'Hello', permalink: '/hello-page', description: 'Greetings' },
      releaseNotes: { label: 'Releasenotes', permalink: '/release-notes', description: undefined },
      docusaurus: { label: 'Docusaurus', permalink: '/docusaurus', description: 'The framework' },
    });
    const tags = normalizeTags({ frontMatterTags: ['hello', 'docusaurus', 'other tag'], tagsFile: file, tagsBase: '/blog/tags' });
    expect(tags.map((t) => [t.label, t.permalink, t.inline])).toEqual([
      ['Hello', '/blog/tags/hello-page', false],
      ['Docusaurus', '/blog/tags/docusaurus', false],
      ['other tag', '/blog/tags/other-tag', true],
    ]);
    reportInlineTags({ tags, tagsFile: file, file: '/site/blog/post.md', line: 3, level: 'warn', optionPath: 'blogs[id=blog]', problems });
    expect(problems.warnings).toEqual([
      {
        message: 'Tags [other tag] are not defined in tags.yml',
        file: '/site/blog/post.md',
        line: 3,
        hint: `Add them to ${path.join(blog, 'tags.yml')}, or set blogs[id=blog].onInlineTags to 'ignore' to allow tags it does not define.`,
      },
    ]);
    reportInlineTags({ tags, tagsFile: file, file: '/site/blog/post.md', level: 'throw', optionPath: 'blogs[id=blog]', problems });
    expect(problems.errors.map((e) => e.message)).toEqual(['Tags [other tag] are not defined in tags.yml']);
  });

  it('reports no inline tags without a tags file, and a named file that is missing', () => {
    const problems = new ProblemCollector();
    expect(readTagsFile({ contentDir: path.join(dir, 'none'), option: undefined, optionPath: 'x.tags', problems })).toBeNull();
    reportInlineTags({ tags: normalizeTags({ frontMatterTags: ['a'], tagsFile: null, tagsBase: '/t' }), tagsFile: null, file: 'p.md', level: 'throw', optionPath: 'x', problems });
    expect(problems.errors).toEqual([]);
    expect(readTagsFile({ contentDir: path.join(dir, 'none'), option: 'my-tags.yml', optionPath: 'blogs[id=blog].tags', problems })).toBeNull();
    expect(problems.errors).toEqual([
      { message: `The tags file ${path.join(dir, 'none', 'my-tags.yml')} does not exist`, hint: 'Create it, or fix blogs[id=blog].tags in the config (false: no tags file).' },
    ]);
  });

  it('refuses two tags with one permalink and a value that is not a tag', () => {
    const blog = path.join(dir, 'dupes');
    fs.mkdirSync(blog, { recursive: true });
    fs.writeFileSync(path.join(blog, 'tags.yml'), 'open:\n  permalink: /source\nclosed:\n  permalink: /source\n');
    const problems = new ProblemCollector();
    readTagsFile({ contentDir: blog, option: undefined, optionPath: 'x', problems });
    expect(problems.errors.map((e) => e.message)).toEqual(['The tags "open" and "closed" have the same permalink /source']);
    fs.writeFileSync(path.join(blog, 'tags.yml'), 'open: 3\n');
    const more = new ProblemCollector();
    readTagsFile({ contentDir: blog, option: undefined, optionPath: 'x', problems: more });
    expect(more.errors).toHaveLength(1);
    expect(more.errors[0].message).toMatch(/^open: /);
  });
});

describe('generated-index category slugs', () => {
  it('slugs labels as github-slugger does, numbering repeats across the sidebars of a version', () => {
    const slugger = new GithubSlugger();
    expect(categorySlug('Tutorial - Basics', slugger)).toBe('/category/tutorial---basics');
    expect(categorySlug('Guides & Tips', slugger)).toBe('/category/guides--tips');
    expect(categorySlug('Release v1.11', slugger)).toBe('/category/release-v111');
    expect(categorySlug('Über uns', slugger)).toBe('/category/über-uns');
    expect(categorySlug('快速开始', slugger)).toBe('/category/快速开始');
    expect(categorySlug('Guides & Tips', slugger)).toBe('/category/guides--tips-1');
  });
});
