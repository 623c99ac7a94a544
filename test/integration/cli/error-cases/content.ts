// Rows of the error table: content and config whose error blamed the wrong file or no line, and bad
// input that was accepted without a word.
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorCase } from './types.js';

/** Writes a small site into `dir`: its files, `site.config.ts` written as given (so that lines are known). */
function site(dir: string, files: Record<string, string>): { args: string[] } {
  for (const [rel, text] of Object.entries({ 'src/pages/index.md': '# Home\n', ...files })) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return { args: ['build'] };
}

const config = (lines: string[]) => ['export default {', "  title: 'Test Site',", "  url: 'https://example.com',", ...lines, '};', ''].join('\n');
const blogConfig = config(['  docs: false,', "  blogs: [{ id: 'default', path: 'blog', routeBasePath: 'blog' }],"]);
const post = (fm: string) => `---\ntitle: A post\ndate: 2024-01-01\n${fm}\n---\n\nText.\n`;

export const contentCases: ErrorCase[] = [
  {
    name: 'a permalink error of the blog’s tags.yml names tags.yml and its line, not the post',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': blogConfig,
        'blog/tags.yml': 'one:\n  label: One\n  permalink: /same\ntwo:\n  label: Two\n  permalink: /same\n',
        'blog/2024-01-01-post.md': post('tags: [one, two]'),
      }),
    exitCode: 1,
    stderr: ['<dir>/blog/tags.yml:6', /permalink/],
    notStderr: ['2024-01-01-post.md'],
  },
  {
    name: 'a permalink error of authors.yml names authors.yml and its line, not the config',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': blogConfig,
        'blog/authors.yml': 'ann:\n  name: Ann\n  page:\n    permalink: /same\nbob:\n  name: Bob\n  page:\n    permalink: /same\n',
        'blog/2024-01-01-post.md': post('authors: [ann, bob]'),
      }),
    exitCode: 1,
    stderr: ['<dir>/blog/authors.yml:8', /permalink|page/],
    notStderr: ['site.config.ts'],
  },
  {
    name: 'a tags.yml permalink leading out of the site names tags.yml and its line, not the post',
    setup: (dir) => site(dir, { 'site.config.ts': blogConfig, 'blog/tags.yml': 'one:\n  label: One\n  permalink: /../../../outside\n', 'blog/2024-01-01-post.md': post('tags: [one]') }),
    exitCode: 1,
    stderr: ['<dir>/blog/tags.yml:3', 'the permalink of tag "one"'],
    notStderr: ['2024-01-01-post.md'],
  },
  {
    name: 'an authors.yml page permalink leading out of the site names authors.yml and its line, not the config',
    setup: (dir) =>
      site(dir, { 'site.config.ts': blogConfig, 'blog/authors.yml': 'ann:\n  name: Ann\n  page:\n    permalink: /../../../outside\n', 'blog/2024-01-01-post.md': post('authors: [ann]') }),
    exitCode: 1,
    stderr: ['<dir>/blog/authors.yml:4', 'the page of author "ann"'],
    notStderr: ['made from the config'],
  },
  {
    name: 'a slug error of a _category_.json names the file and the line of "slug", not the config',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': config([]),
        'docs/intro.md': '# Intro\n',
        'docs/guide/_category_.json': '{\n  "label": "Guide",\n  "link": {\n    "type": "generated-index",\n    "slug": "/../../outside"\n  }\n}\n',
        'docs/guide/a.md': '# A\n',
      }),
    exitCode: 1,
    stderr: ['<dir>/docs/guide/_category_.json:5', /slug/],
    notStderr: ['site.config.ts'],
  },
  {
    name: 'a generated-index slug of a sidebars file leading out of the site names the sidebars file, not the config',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': config(["  docs: { sidebarPath: './sidebars.js' },"]),
        'sidebars.js': "export default { main: [{ type: 'category', label: 'Guide', link: { type: 'generated-index', slug: '/../../outside' }, items: ['intro'] }] };\n",
        'docs/intro.md': '# Intro\n',
      }),
    exitCode: 1,
    stderr: ['<dir>/sidebars.js', 'link.slug'],
    notStderr: ['made from the config'],
  },
  {
    name: 'a bad routeBasePath names the config file and its line, not a doc',
    setup: (dir) => site(dir, { 'site.config.ts': config(["  docs: { routeBasePath: '../../outside' },"]), 'docs/intro.md': '# Intro\n' }),
    exitCode: 1,
    stderr: ['<dir>/site.config.ts:4', /routeBasePath/],
    notStderr: ['intro.md'],
  },
  {
    name: 'a missing customCss names the config’s customCss line and the path as written, not a cache folder',
    setup: (dir) => site(dir, { 'site.config.ts': config(['  docs: false,', "  themeConfig: { customCss: ['./src/css/nope.css'] },"]) }),
    exitCode: 1,
    stderr: ['<dir>/site.config.ts:5', './src/css/nope.css'],
    notStderr: [/\.cache|cache\//],
  },
  {
    name: 'a config importing a missing package names the import’s line and says to install it',
    setup: (dir) =>
      site(dir, {
        'site.config.ts':
          "// The site's settings.\nimport thing from 'no-such-package-xyz';\n\nexport default { title: 'Test Site', url: 'https://example.com', docs: false, customFields: { thing } };\n",
      }),
    exitCode: 1,
    stderr: ['<dir>/site.config.ts:2', 'npm install no-such-package-xyz'],
  },
  {
    name: 'a React page that throws while rendering names the page file and the line of the throw',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': config(['  docs: false,']),
        'src/pages/x.tsx':
          "import React from 'react';\n\nexport default function X() {\n  const items: string[] | undefined = undefined;\n  if (!items) throw new Error('no items to show');\n  return <p>{items.length}</p>;\n}\n",
      }),
    exitCode: 1,
    stderr: ['<dir>/src/pages/x.tsx:5', 'no items to show'],
  },
  {
    name: 'a React page whose call into the theme throws names the line of the call in the page, not the theme',
    setup: (dir) =>
      site(dir, {
        'site.config.ts': config(['  docs: false,']),
        'src/pages/x.tsx':
          "import React from 'react';\nimport { useActivePlugin } from '@docusaurus/plugin-content-docs/client';\n\nexport default function X() {\n  useActivePlugin({ failfast: true });\n  return <p>x</p>;\n}\n",
      }),
    exitCode: 1,
    stderr: ['<dir>/src/pages/x.tsx:5', 'docs plugin not enabled'],
  },
  {
    name: 'a missing favicon is a warning naming the config and the paths looked at',
    setup: (dir) => site(dir, { 'site.config.ts': config(['  docs: false,', "  favicon: 'img/favicon.ico',"]), 'static/.keep': '' }),
    exitCode: 0,
    stderr: [/warn/i, '<dir>/site.config.ts:5', 'favicon', '<dir>/static/img/favicon.ico'],
  },
  {
    name: 'a missing static folder is a warning naming staticDirectories',
    setup: (dir) => site(dir, { 'site.config.ts': config(['  docs: false,', "  staticDirectories: ['static', 'nope'],"]), 'static/.keep': '' }),
    exitCode: 0,
    stderr: [/warn/i, '<dir>/site.config.ts:5', 'staticDirectories', '"nope"'],
  },
  {
    name: '--threads abc is refused',
    setup: (dir) => ({ args: [...site(dir, { 'site.config.ts': config(['  docs: false,']) }).args, '--threads', 'abc'] }),
    exitCode: 1,
    stderr: ['--threads takes a whole number ≥ 0', '"abc"'],
  },
  {
    name: '--cache-max-size abc is refused',
    setup: (dir) => ({ args: [...site(dir, { 'site.config.ts': config(['  docs: false,']) }).args, '--cache-max-size', 'abc'] }),
    exitCode: 1,
    stderr: ['--cache-max-size takes a number of megabytes above 0', '"abc"', '--cache-max-size 200'],
  },
  {
    name: 'a cacheMaxSize of 0 is refused at its line of the config',
    setup: (dir) => site(dir, { 'site.config.ts': config(['  docs: false,', '  cacheMaxSize: 0,']) }),
    exitCode: 1,
    stderr: ['<dir>/site.config.ts:5', 'cacheMaxSize', 'a number of megabytes above 0'],
  },
  {
    name: 'an unknown container directive (:::nope) is a warning at its file:line',
    setup: (dir) => site(dir, { 'site.config.ts': config([]), 'docs/intro.md': '# Intro\n\nText.\n\n:::nope\nInside.\n:::\n' }),
    exitCode: 0,
    stderr: [/warn/i, '<dir>/docs/intro.md:5', ':::nope'],
  },
];
