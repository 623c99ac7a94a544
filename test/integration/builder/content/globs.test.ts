import { describe, expect, it } from 'vitest';
import { makeSite, buildSite } from '../../../helpers/site.js';
import { contentFileMatcher } from '../../../../src/builder/content/files.js';
import { GLOB_EXCLUDE_DEFAULT, MARKDOWN_INCLUDE_DEFAULT } from '../../../../src/shared/contentGlobs.js';

// The docs, blog and pages options `include` and `exclude` (Docusaurus's names, globs relative to the
// plugin's folder, Docusaurus's defaults): which files become pages. A set `exclude` replaces the
// default one, as in Docusaurus, so `_` files are pages again unless it lists them.

const files = {
  'docs/intro.md': '# Intro\n',
  'docs/guide.mdx': '# Guide\n',
  'docs/_partial.md': 'A partial.\n',
  'docs/_parts/piece.md': '# Piece\n',
  'docs/__tests__/fixture.md': '# Fixture\n',
  'docs/notes/private.md': '# Private\n',
  'docs/notes/public.md': '# Public\n',
  'blog/2026-01-02-hello.md': '---\ntitle: Hello\n---\n\nHi.\n\n<!-- truncate -->\n',
  'blog/drafts/2026-01-03-later.md': '---\ntitle: Later\n---\n\nSoon.\n\n<!-- truncate -->\n',
  'src/pages/about.md': '# About\n',
  'src/pages/_helper.md': 'Helper.\n',
  'src/pages/wip/next.md': '# Next\n',
  'src/pages/react.tsx': 'export default function P() { return <main>React page</main>; }\n',
};

const blogs = (extra: Record<string, unknown> = {}) => [{ id: 'blog', path: 'blog', routeBasePath: 'blog', onUntruncatedBlogPosts: 'ignore', ...extra }];
const built = async (config: Record<string, unknown>) => {
  const { configFile } = makeSite(files, config);
  const { sink } = await buildSite(configFile);
  return (route: string) => sink.files.has(route === '' ? 'index.html' : `${route}/index.html`);
};

describe('include and exclude', () => {
  it('by default take markdown, and leave out `_` files and folders and tests, as Docusaurus does', async () => {
    const has = await built({ blogs: blogs() });
    expect(['docs/intro', 'docs/guide', 'docs/notes/private', 'blog/2026/01/02/hello', 'blog/2026/01/03/drafts/later', 'about', 'wip/next', 'react'].filter((r) => !has(r))).toEqual([]);
    expect(['docs/_partial', 'docs/_parts/piece', 'docs/__tests__/fixture', '_helper'].filter(has)).toEqual([]);
  });

  it('choose the docs, posts and pages a site sets them to', async () => {
    const has = await built({
      docs: { include: ['**/*.md'], exclude: ['notes/private.md', '**/_parts/**'] },
      blogs: blogs({ exclude: [...GLOB_EXCLUDE_DEFAULT, 'drafts/**'] }),
      pages: { path: 'src/pages', include: ['**/*.md'], exclude: ['wip/**', '**/_*.md'] },
    });
    // The site's own exclude replaces the default: `_partial.md` and `__tests__` are docs again.
    expect(['docs/intro', 'docs/notes/public', 'docs/_partial', 'docs/__tests__/fixture', 'blog/2026/01/02/hello', 'about'].filter((r) => !has(r))).toEqual([]);
    expect(['docs/guide', 'docs/notes/private', 'docs/_parts/piece', 'blog/2026/01/03/drafts/later', 'wip/next', 'react', '_helper'].filter(has)).toEqual([]);
  });

  it('match paths relative to the folder, with braces, stars and globstars', () => {
    const isDoc = contentFileMatcher({ include: MARKDOWN_INCLUDE_DEFAULT, exclude: GLOB_EXCLUDE_DEFAULT });
    expect(['a.md', 'a/b.mdx', 'a/b/c.md', 'x_y.md'].filter((f) => !isDoc(f))).toEqual([]);
    expect(['_a.md', 'a/_b.md', '_a/b.md', 'a/_b/c/d.md', 'a/__tests__/b.md', 'a.txt', 'a.md.bak'].filter(isDoc)).toEqual([]);
    expect(contentFileMatcher({ include: ['guides/*.md'], exclude: [] })('guides/deep/a.md')).toBe(false);
  });
});
