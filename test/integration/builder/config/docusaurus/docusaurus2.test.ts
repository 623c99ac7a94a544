import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../../../src/builder/build.js';
import { MemorySink } from '../../../../../src/builder/output/sink.js';
import { SitegenError } from '../../../../../src/builder/errors.js';
import { initFromDocusaurus } from '../../../../../src/tools/init/initFromDocusaurus.js';
import { fixtureCopies } from '../../../../helpers/fixtureCopies.js';

// A Docusaurus 2 site (test/fixtures/docusaurus2-site: package.json asks for @docusaurus/core 2.4.3)
// whose .md is written for MDX 1 (`{` and `<` in text, an unclosed `<br>`) and whose .mdx has `{` and
// `<` in its text, which MDX 1 showed as written (code ran only in JSX blocks, attributes and
// import/export), builds without a hand-set markdown.format, both ways (in its folder; with the config
// `init` writes), with one notice saying how its markdown is read. The same files as a Docusaurus 3
// site fail, as Docusaurus 3 fails them.

// Outside the repository: no @docusaurus/core is installed above the copies, so package.json decides.
const copies = fixtureCopies('docusaurus2-site');
afterAll(() => copies.remove());
const copySite = copies.copy;

const NOTICE =
  'a Docusaurus 2 site (package.json asks for @docusaurus/core 2.4.3): its markdown is read as Docusaurus 2 (MDX 1) read it, with markdown.format "detect" and markdown.mdx1: .md files as CommonMark, .mdx files as MDX with { and < in text as text';

function expectMdx1Pages(sink: MemorySink): void {
  const home = sink.read('index.html')!;
  expect(home).toContain('High water at the bar is {roughly} forty minutes after the harbour mouth.<br>');
  expect(home).toContain('When the range is &#x3C; 2 m the neaps are near');
  expect(sink.read('harbour/index.html')).toContain('<strong>3<!-- --> m</strong>');
  const braces = sink.read('braces/index.html')!;
  expect(braces).toContain(
    "<p>Use {curly} braces around a chart's {datum}, and a {b} too: MDX 1 showed them as written.\nA chart at 1:{scale} has depth &#x3C; 5 m over the bar, <code>{in code}</code> as ever.</p>",
  );
  // A JSX block's expressions and a tag's attribute expressions run, as in MDX 1; the markdown between blank lines inside a component is text.
  expect(braces).toContain('<div class="tide-note"><p>Spring range: 5 m</p></div>');
  expect(braces).toMatch(/<button [^>]*data-value="metric">Metres<\/button>/);
  expect(braces).toContain('<p>Depths in {metres}.</p>');
}

describe('a Docusaurus 2 site', () => {
  it('builds in its folder with its .md files read as CommonMark, and one notice saying so', async () => {
    const dir = copySite('in-place');
    const sink = new MemorySink();
    const result = await build({ configFile: path.join(dir, 'site.config.ts'), sink });
    expect(result.warnings.filter((w) => w.message.includes('Docusaurus 2'))).toEqual([{ message: NOTICE, file: path.join(dir, 'package.json') }]);
    expectMdx1Pages(sink);
  });

  it('builds with the config init writes, which sets markdown.format', async () => {
    const dir = copySite('init');
    const init = await initFromDocusaurus({ dir });
    expect(init.notice).toBe(NOTICE);
    expect(fs.readFileSync(init.siteConfig, 'utf8')).toContain('format: "detect",\n    mdx1: true,');
    const sink = new MemorySink();
    const result = await build({ configFile: init.siteConfig, sink });
    expect(result.warnings).toEqual([]);
    expectMdx1Pages(sink);
  });

  it('is read as MDX 3 when the site is a Docusaurus 3 one, which refuses that markdown', async () => {
    const dir = copySite('docusaurus3');
    const pkg = path.join(dir, 'package.json');
    fs.writeFileSync(pkg, fs.readFileSync(pkg, 'utf8').replaceAll('2.4.3', '^3.10.2'));
    const failed = await build({ configFile: path.join(dir, 'site.config.ts'), sink: new MemorySink() }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SitegenError);
    expect((failed as SitegenError).problems[0].file).toBe(path.join(dir, 'docs/reading-tables.md'));
  });
});
