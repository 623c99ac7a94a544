import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { packageRoot } from '../../paths.js';
import { parseMarkdown } from '../../markdown/parse.js';
import { renderMarkdown } from '../../markdown/render.js';
import { defaultMarkdownLimits } from '../../markdown/limits.js';
import { intrinsicSize } from '../../markdown/imageSize.js';
import type { MarkdownContext } from '../../markdown/context.js';
import { ProblemCollector, SitegenError } from '../../errors.js';
import { withBase } from '../../../shared/url.js';

// A markdown file imported by site code (`import Intro from './intro.mdx'` in a React page, then
// `<Intro />`), as Docusaurus's mdx-loader makes it: a component drawing the file, with its
// `frontMatter`, `contentTitle` and `toc` as named exports. sitegen draws the markdown at bundle time
// with its markdown passes (admonitions, code blocks, heading ids; the images it names become assets
// of the bundle, by import) and the component renders that HTML, the same on the server and in the
// browser. As an imported partial, the file may not hold code (imports of components, expressions):
// that is an error at the import, saying so.

const MARKDOWN = /\.mdx?$/;

export function markdownImportPlugin(params: { baseUrl: string; staticDirs: string[] }): esbuild.Plugin {
  const theme = path.join(packageRoot(), 'src') + path.sep;
  return {
    name: 'sitegen-markdown-import',
    setup(build) {
      build.onLoad({ filter: MARKDOWN, namespace: 'file' }, (args) => {
        if (args.path.startsWith(theme)) return undefined;
        try {
          return { contents: markdownModule(args.path, params), loader: 'js', resolveDir: path.dirname(args.path) };
        } catch (e) {
          if (!(e instanceof SitegenError)) throw e;
          return {
            errors: e.problems.map((p) => ({
              text: `${p.message}${p.hint ? ` (${p.hint})` : ''}`,
              location: { file: p.file ?? args.path, line: p.line ?? 1, column: Math.max(0, (p.column ?? 1) - 1) },
            })),
          };
        }
      });
    },
  };
}

/** The JavaScript module of one markdown file: its HTML, with the url of each asset it names imported (the asset plugin names them). */
function markdownModule(file: string, params: { baseUrl: string; staticDirs: string[] }): string {
  const source = fs.readFileSync(file, 'utf8');
  const parsed = parseMarkdown({ file, source, options: { ...defaultMarkdownLimits, format: 'mdx' } });
  if (parsed.mdx) {
    throw new SitegenError('Markdown imported by site code holds code', [
      {
        message: 'sitegen draws a markdown file imported by a page or component without code (imports of components, exports, expressions)',
        file,
        hint: 'Move the code into the page or a component, or make the file a doc or a page of its own.',
      },
    ]);
  }
  const problems = new ProblemCollector();
  // Each asset is a placeholder in the HTML (letters and digits, which no url encoding changes, and
  // a hash of the file, which its text cannot hold), replaced by the url its import gives.
  const assets: string[] = [];
  const mark = `sitegenasset${crypto.createHash('sha256').update(source).digest('hex').slice(0, 16)}x`;
  const placeholder = (abs: string) => {
    let i = assets.indexOf(abs);
    if (i < 0) i = assets.push(abs) - 1;
    return `${mark}${i}x`;
  };
  const staticFile = (pathname: string) => {
    const rel = decodeURIComponent(pathname).replace(/^\/+/, '');
    return params.staticDirs.map((dir) => path.join(dir, rel)).find((f, i) => f.startsWith(params.staticDirs[i] + path.sep) && fs.existsSync(f));
  };
  const ctx: MarkdownContext = {
    file,
    lineOffset: parsed.lineOffset,
    problems,
    // Its files: images next to it become imports (assets of the bundle), root paths are the static folders'.
    addAsset: (abs) => (fs.existsSync(abs) ? placeholder(abs) : undefined),
    staticFile,
    missingStatic: (pathname) => (staticFile(pathname) ? undefined : params.staticDirs.map((d) => path.join(d, pathname))),
    resolveAbsolute: (pathname) => withBase(params.baseUrl, pathname),
    imageSize: (abs) => {
      try {
        return intrinsicSize(fs.readFileSync(abs));
      } catch {
        return undefined;
      }
    },
    // The asset plugin refuses a file outside the site as it resolves the import.
    insideSite: () => true,
    // One drawing for every locale, with the theme's own words, and a page's table of contents (h2, h3).
    locale: 'en',
    strings: {},
    tocMinLevel: 2,
    tocMaxLevel: 3,
    // Links are written as they are: a page's markdown is no doc, its relative links lead where the page's would.
    onBrokenMarkdownLinks: 'ignore',
    resolveMarkdownLink: () => undefined,
  };
  const drawn = renderMarkdown(parsed, ctx);
  if (problems.errors.length) throw new SitegenError(`Cannot draw ${file}`, problems.errors);
  const html = drawn.html.split(new RegExp(`${mark}(\\d+)x`));
  return [
    "import { createElement } from 'react';",
    ...assets.map((abs, i) => `import __asset${i} from ${JSON.stringify(`${abs}?url`)};`),
    `const __html = ${html.map((part, i) => (i % 2 ? `__asset${part}` : JSON.stringify(part))).join(' + ')};`,
    `export const frontMatter = ${JSON.stringify(parsed.frontMatter)};`,
    `export const contentTitle = ${JSON.stringify(parsed.contentTitle)};`,
    `export const toc = ${JSON.stringify(drawn.toc)};`,
    '/** The markdown, drawn: its elements in place of the component (no box of its own). */',
    "export default function MDXContent() { return createElement('div', { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html } }); }",
    '',
  ].join('\n');
}
