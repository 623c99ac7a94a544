import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { build } from '../../../../src/builder/build.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { MemorySink } from '../../../../src/builder/output/sink.js';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';

// `markdown.html` through a whole build: the config option reaches every markdown render, `error`
// fails the build at the file, line and column of each refused element or attribute, and a markdown
// link to javascript: is a warning in every mode.

const doc = [
  '---',
  'title: Guide',
  '---',
  '',
  'import Tabs from "@theme/Tabs";',
  'import TabItem from "@theme/TabItem";',
  '',
  'Read [this](javascript:alert(1)) first.',
  '',
  '<Tabs>',
  '  <TabItem value="a" label="A">',
  '',
  'Press <kbd>Enter</kbd> <button onClick="alert(2)">now</button>.',
  '',
  '  </TabItem>',
  '</Tabs>',
  '',
  '<details>',
  '<summary>More</summary>',
  '',
  '<img src="/img/x.png" onError="alert(3)" alt="x" />',
  '',
  '</details>',
].join('\n');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function site(html?: string): string {
  const dir = writeSite({
    'site.config.ts': `${configImport}
export default {
  title: 'Raw HTML', url: 'https://raw.test', docs: { path: 'docs', routeBasePath: 'docs' },
  ${html ? `markdown: { html: ${JSON.stringify(html)} },` : ''}
} satisfies SiteConfigInput;`,
    'docs/guide.md': doc,
    'src/pages/index.md': '# Raw HTML\n',
    'static/img/x.png': 'png',
  });
  dirs.push(dir);
  return path.join(dir, 'site.config.ts');
}

async function buildSite(html?: string) {
  const sink = new MemorySink();
  const result = await build({ configFile: site(html), sink });
  const document = sink.read('docs/guide/index.html') ?? '';
  // The markdown body of the page (the theme around it has buttons of its own).
  return { result, page: document.slice(document.indexOf('data-body'), document.indexOf('</article>')) };
}

describe('markdown.html in a build', () => {
  it('allow is the default and keeps raw HTML as written', async () => {
    const { result, page } = await buildSite();
    expect(page).toContain('<button onclick="alert(2)">now</button>');
    expect(page).toContain('onerror="alert(3)"');
    expect(page).toContain('Read <a>this</a> first.');
    expect(result.warnings.map((w) => `${path.basename(w.file!)}:${w.line}:${w.column} ${w.message}`)).toEqual(['guide.md:8:6 Dropped a link url that would run script: "javascript:alert(1)"']);
  });

  it('sanitize strips handlers and unknown elements, and theme components still work', async () => {
    const { result, page } = await buildSite('sanitize');
    expect(page).not.toMatch(/alert|onclick|onerror|now<\/button>/);
    expect(page).toContain('Press <kbd>Enter</kbd> now.');
    expect(page).toContain('role="tablist"');
    expect(page).toMatch(/<details class="details"><summary>More<\/summary><img src="\/img\/x.png" alt="x">/);
    expect(result.warnings).toHaveLength(1);
  });

  it.each([0, 2])('error fails the build with file:line:column of each element and attribute and the way out (%i worker threads)', async (threads) => {
    const error = await build({ configFile: site('error'), sink: new MemorySink(), threads }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    const problems = (error as SitegenError).problems.map((p) => `${path.relative(path.dirname(path.dirname(p.file!)), p.file!)}:${p.line}:${p.column} ${p.message}`);
    expect(problems).toEqual([
      "docs/guide.md:13:24 Raw HTML element <button> is not allowed in markdown (markdown.html is 'error')",
      "docs/guide.md:21:23 Attribute onerror on <img> is not allowed in markdown (markdown.html is 'error')",
    ]);
    expect((error as SitegenError).problems[0].hint).toMatch(/Remove it, or set `markdown: \{ html: 'sanitize' \}`/);
  });

  it('refuses an unknown mode with the key and the choices', async () => {
    await expect(build({ configFile: site('strip'), sink: new MemorySink() })).rejects.toThrow(/markdown\.html[\s\S]*allow[\s\S]*sanitize[\s\S]*error/);
  });
});
