import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildError, buildSite } from '../../../helpers/site.js';
import { repoRoot } from '../../../helpers/paths.js';
import type { MemorySink } from '../../../../src/builder/output/sink.js';

// A React page that imports an .mdx and an .md file (fixture test/fixtures/page-imports-mdx) draws
// them as components, as Docusaurus's mdx-loader makes them: the markdown with sitegen's passes
// (admonitions, code blocks, heading ids), its images as hashed assets, and its front matter and
// table of contents as named exports. The page hydrates with the same HTML (the browser bundle draws
// it too).

const fixture = path.join(repoRoot, 'test/fixtures/page-imports-mdx');
let sink: MemorySink;
let html = '';

beforeAll(async () => {
  ({ sink } = await buildSite(path.join(fixture, 'site.config.ts')));
  html = sink.read('index.html') ?? '';
}, 120_000);

describe('a React page importing markdown', () => {
  it('draws the .mdx file with the markdown passes, its exports read by the page', () => {
    expect(html).toContain('<h2 class="from-front-matter">Features</h2>');
    expect(html).toContain('<p class="toc">install</p>');
    expect(html).toMatch(/<h1[^>]*>What it does<\/h1>/);
    expect(html).toContain('<strong>telemetry</strong>');
    expect(html).toMatch(/<h2[^>]*id="install"/);
    expect(html).toMatch(/class="[^"]*admonition[^"]*"/);
    expect(html).toContain('Start with one gateway.');
    expect(html).toMatch(/<img[^>]*src="\/assets\/images\/local-[0-9a-f]{8}\.png"/);
    expect(html).not.toContain(':::tip');
  });

  it('draws the .md file, its static image under the base url', () => {
    expect(html).toContain('Plain notes, with a picture from the static folder:');
    expect(html).toMatch(/<img[^>]*src="\/img\/dot\.png"/);
  });

  it('ships the same HTML to the browser, and writes the image', () => {
    const scripts = [...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((m) => sink.read(m[1]) ?? '');
    const chunks = sink
      .paths()
      .filter((f) => f.endsWith('.js'))
      .map((f) => sink.read(f) ?? '');
    expect([...scripts, ...chunks].some((js) => js.includes('Start with one gateway.'))).toBe(true);
    const image = /src="\/(assets\/images\/local-[0-9a-f]{8}\.png)"/.exec(html)![1];
    expect(sink.read(image)).toBeDefined();
  });

  it('refuses an imported markdown file that holds code, at the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-page-mdx-'));
    fs.cpSync(fixture, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'src/content/notes.md'), "import Chart from '../Chart';\n\n<Chart />\n");
    const e = await buildError(path.join(dir, 'site.config.ts'));
    const problem = e.problems?.find((p) => p.file && path.resolve(p.file) === path.join(dir, 'src/content/notes.md'));
    expect(problem?.message).toContain('without code');
  });
});
