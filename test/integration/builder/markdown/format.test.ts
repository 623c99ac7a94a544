import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, type MemoryBuild } from '../../../helpers/buildFixture.js';
import { makeSite, buildError, buildSite } from '../../../helpers/site.js';
import { cliBuild } from '../../../helpers/cliBuild.js';
import { repoRoot } from '../../../helpers/paths.js';
import { build } from '../../../../src/builder/build.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { createBuildCache } from '../../../../src/builder/cache.js';

// markdown.format through whole builds. test/fixtures/format-site is a site written for MDX 1 with
// `format: 'detect'`: its .md files (docs, a blog post, a page) are CommonMark with raw HTML, its .mdx
// files JSX, and front matter switches single files; its old versions.json is ignored through
// disableVersioning. Then 'md' for every file, and the errors an author meets, through the CLI.

const fixture = path.join(repoRoot, 'test/fixtures/format-site');

/** The markdown body of a page (what the article shows, without the theme around it). */
function body(site: MemoryBuild, route: string): string {
  const html = site.sink.read(`${route}/index.html`);
  if (!html) throw new Error(`no page at ${route}`);
  const start = html.indexOf('data-body="">');
  return html.slice(start + 'data-body="">'.length, html.indexOf('</article>', start));
}

describe('a site written for MDX 1, built with format: detect', () => {
  let built: MemoryBuild;

  beforeAll(async () => {
    built = await buildInMemory(path.join(fixture, 'site.config.ts'));
  }, 120_000);

  it('reads the .md doc as CommonMark: braces are text, HTML is HTML, comments and scripts are gone', () => {
    const html = body(built, 'docs/legacy');
    expect(html).toContain(
      '<p>Set {GATEWAY_HOST} to the address of your gateway, and keep {curly braces} as they are.\nA line<br>break, and a picture <img src="/img/dot.png" alt="dot"> without a closing slash.</p>',
    );
    expect(html).toContain(
      '<p>Reach the project at <a href="https://gateway.example/docs" target="_blank" rel="noopener noreferrer">https://gateway.example/docs</a> or mail <a href="mailto:team@gateway.example">team@gateway.example</a>.</p>',
    );
    expect(html).toContain('<div class="callout" data-kind="tip">\n<p>Markdown <strong>inside</strong> an HTML block still renders.</p>\n</div>');
    expect(html).toContain('<td>{3}</td>');
    expect(html).not.toContain('Written for the old parser');
    // markdown.html is 'sanitize' in the fixture: raw HTML is held to it as JSX is.
    expect(html).toContain('<p>Handlers on raw HTML are stripped by the sanitize policy.</p>');
    expect(html).not.toMatch(/onclick|<script|hijacked/);
  });

  it('keeps heading ids, admonitions, code blocks and details working in the md format', () => {
    const html = body(built, 'docs/legacy');
    expect(html).toContain('<h2 id="gateway-options" class="anchor">Options<a href="#gateway-options"');
    expect(html).toMatch(
      /<div class="theme-admonition theme-admonition-note alert alert--secondary">.*Keep braces<\/div><div class="admonition-content">\s*<p>An admonition with \{TOKEN\} in its body.<\/p>/s,
    );
    expect(html).toContain('<div class="code-title">gateway.json</div>');
    expect(html).toContain('<span class="token string">"{GATEWAY_HOST}"</span>');
    expect(html).toContain('<details class="details">\n<summary>Troubleshooting</summary>\n<p>Check the logs with <code>kubectl logs</code>.</p>\n</details>');
    const page = built.result.site.locales[0].routes.find((r) => r.path === '/docs/legacy');
    expect(page).toBeDefined();
  });

  it('reads the .mdx doc as MDX: expressions, theme components, and a linked file copied as an asset', () => {
    const html = body(built, 'docs/interactive');
    expect(html).toContain('<p>The answer is forty-two.</p>');
    expect(html).toContain('<div class="theme-tabs-container tabs-container">');
    expect(html).toMatch(/<a href="(\/assets\/files\/wiring-[0-9a-f]+\.pdf)">Wiring diagram<\/a>/);
    const asset = /<a href="\/(assets\/files\/wiring-[0-9a-f]+\.pdf)">/.exec(html)![1];
    expect(built.sink.read(asset)).toBe('%PDF-1.4 fixture\n');
  });

  it('lets front matter choose per file: format: mdx in a .md file, mdx.format: md in an .mdx file', () => {
    expect(body(built, 'docs/jsx-in-md')).toContain('<div class="theme-admonition theme-admonition-info alert alert--info"><div class="admonition-heading">Forced</div>');
    expect(body(built, 'docs/jsx-in-md')).toContain('so an expression is evaluated.');
    expect(body(built, 'docs/plain')).toBe('<p>An <code>.mdx</code> file read as CommonMark: {NOT_AN_EXPRESSION} and <span class="raw">raw HTML</span>.</p></div>');
  });

  it('applies to blog posts (with their <!--truncate--> excerpt) and markdown pages too', () => {
    const list = body(built, 'blog');
    expect(list).toContain('<p>The {RELEASE} is out.</p>');
    expect(list).not.toContain('Everything below the marker');
    expect(body(built, 'blog/2024/03/01/release')).toContain('Everything below the marker is only on the post page.');
    expect(body(built, 'about')).toContain('<div class="team">We answer at {OFFICE_HOURS}.</div>');
  });

  it('renders the same on worker threads, where trees wait as compact JSON with start positions only', async () => {
    const sink = new MemorySink();
    await build({ configFile: path.join(fixture, 'site.config.ts'), sink, threads: 2 });
    const pages = built.sink.paths().filter((p) => p.endsWith('.html'));
    expect(sink.paths().filter((p) => p.endsWith('.html'))).toEqual(pages);
    for (const p of pages) expect(sink.read(p), p).toBe(built.sink.read(p));
  }, 120_000);

  it('ignores versions.json and versioned_docs/ with disableVersioning: docs/ is served at the docs root, without a warning', () => {
    const docRoutes = built.result.site.locales[0].routes.filter((r) => r.type === 'doc').map((r) => r.path);
    expect(docRoutes.sort()).toEqual(['/docs/interactive', '/docs/jsx-in-md', '/docs/legacy', '/docs/plain']);
    expect(built.sink.paths().some((p) => p.includes('0.9'))).toBe(false);
    expect(built.result.warnings).toEqual([]);
  });
});

describe("format: 'md' for every file", () => {
  it('reads .mdx files as CommonMark too, where the default MDX fails on the expression', async () => {
    const files = { 'docs/a.mdx': '# A\n\nUse {PORT} with <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n' };
    const { configFile } = makeSite(files, { markdown: { format: 'md' } });
    const { sink } = await buildSite(configFile);
    expect(sink.read('docs/a/index.html')).toContain('<p>Use {PORT} with <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>');
    const e = await buildError(makeSite(files).configFile);
    expect(e.problems!.map((p) => p.message)).toContain('Unsupported expression in markdown: "PORT" is not defined');
  });
});

describe('a rebuild with the cache of the previous build (sitegen dev)', () => {
  it('parses and renders again the files whose format the config changed', async () => {
    const { configFile } = makeSite({ 'docs/a.md': "# A\n\nThe value is {'forty'}.\n" });
    const cache = createBuildCache();
    const first = new MemorySink();
    await build({ configFile, sink: first, cache });
    expect(first.read('docs/a/index.html')).toContain('<p>The value is forty.</p>');
    fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace('"title"', '"markdown": { "format": "detect" },\n  "title"'));
    const second = new MemorySink();
    await build({ configFile, sink: second, cache });
    expect(second.read('docs/a/index.html')).toContain("<p>The value is {'forty'}.</p>");
  }, 60_000);
});

describe('errors', () => {
  // As `sitegen build --out-dir <dir>/out` builds (test/helpers/cliBuild.ts).
  const run = (dir: string, configFile: string) => cliBuild(configFile, { outDir: path.join(dir, 'out') });

  it('a front matter format that is not md, mdx or detect: exit 1 at its line', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\ntitle: A\nformat: markdown\n---\n# A\n' });
    const r = await run(dir, configFile);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'docs/a.md')}:3: format: expected "md", "mdx" or "detect", found "markdown"`);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it("raw HTML of an md file under markdown.html: 'error': exit 1 at the element's line", async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n\nFine text.\n\n<iframe srcdoc="<b>x</b>"></iframe>\n' }, { markdown: { format: 'detect', html: 'error' } });
    const r = await run(dir, configFile);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'docs/a.md')}:5:1: Attribute srcdoc on <iframe> is not allowed in markdown (markdown.html is 'error')`);
  });

  it('an MDX parse error says how to read the file as CommonMark instead', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '# A\n\nSee <https://example.com>.\n' });
    const r = await run(dir, configFile);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(dir, 'docs/a.md')}:3:`);
    expect(r.stderr).toContain("`format: md` in its front matter, or `markdown: { format: 'detect' }` in the site config");
  });
});
