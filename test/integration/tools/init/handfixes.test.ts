import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../../src/builder/build.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { initFromDocusaurus } from '../../../../src/tools/init/initFromDocusaurus.js';
import { repoRoot } from '../../../helpers/paths.js';

// A Docusaurus site written as real sites write it (fixture test/fixtures/docusaurus-handfixes),
// built through `init --from-docusaurus` and as it stands, with none of the hand fixes sites needed before
// (issue 41): "collapsed": "true" in its sidebars (and another sidebars error, at its line),
// require('/static/img/...') and an import of '/img/...' in MDX, a font url with ?#iefix and an image
// url with a #hash in its CSS, a React page importing .mdx and .md, and a relative img/ under the /zh/
// prefix. (The search page's trailingSlash and serve's CSP have their own fixtures, built the same two
// ways: trailing-slash.test.ts, serve-csp-site.test.ts.)

const fixture = path.join(repoRoot, 'test/fixtures/docusaurus-handfixes');

// Both ways a Docusaurus site is built: through the site.config.ts init writes, and as it stands (its
// docusaurus.config.js read at every build, no config of ours).
describe.each([
  ['after init', true],
  ['as it stands, with no config of ours', false],
] as const)('a Docusaurus site %s', (_way, throughInit) => {
  let siteDir: string;
  let outDir: string;
  let result: BuildResult;
  let configFile: string;

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-handfixes-'));
    fs.cpSync(fixture, siteDir, { recursive: true });
    configFile = throughInit ? (await initFromDocusaurus({ dir: siteDir })).siteConfig : path.join(siteDir, 'docusaurus.config.js');
    outDir = path.join(siteDir, 'build');
    result = await build({ configFile, outDir });
  }, 180_000);

  afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

  const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');

  it('builds, warning once about the sidebars string', () => {
    const sidebars = result.warnings.filter((w) => path.basename(w.file ?? '') === 'sidebars.js');
    expect(sidebars.map((w) => [path.basename(w.file ?? ''), w.line, w.message.split(':')[0]])).toEqual([['sidebars.js', 3, 'docs > items[1]']]);
    if (throughInit) expect(result.warnings).toHaveLength(1);
  });

  it('resolves the root require and import, the font and image urls and the page importing MDX and markdown', () => {
    const intro = read('docs/intro.html');
    expect(intro).toMatch(/<img class="logo" src="\/assets\/images\/dot-[0-9a-f]{8}\.png"/);
    expect(intro).toMatch(/<img class="imported" src="\/assets\/images\/dot-[0-9a-f]{8}\.png"/);
    const css = fs
      .readdirSync(path.join(outDir, 'assets/css'))
      .map((f) => read(`assets/css/${f}`))
      .join('');
    expect(css).toMatch(/url\(\/assets\/fonts\/icons-[0-9a-f]{8}\.eot\?#iefix\)/);
    expect(css).toMatch(/url\(\/assets\/images\/dot-[0-9a-f]{8}\.png#center\)/);
    expect(read('index.html')).toContain('Welcome to the <strong>hand fixes</strong> site.');
    expect(read('index.html')).toContain('Plain <strong>markdown</strong> notes, imported by the home page.');
  });

  it('writes the static files under the /zh/ prefix too', () => {
    expect(read('zh/index.html')).toContain('<img class="relative" src="img/dot.png"');
    expect(fs.existsSync(path.join(outDir, 'zh/img/dot.png'))).toBe(true);
  });

  it('fails on a sidebars value Docusaurus refuses too, at its line in sidebars.js', async () => {
    const file = path.join(siteDir, 'sidebars.js');
    const written = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, written.replace("collapsed: 'true'", "collapsed: 'yes'"));
      const failed = await build({ configFile, outDir: path.join(siteDir, 'build-refused') }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(SitegenError);
      expect((failed as SitegenError).problems.map((p) => [p.file, p.line, p.message.split(':').slice(0, 2).join(':')])).toEqual([[file, 3, 'docs > items[1]: collapsed']]);
    } finally {
      fs.writeFileSync(file, written);
    }
  });
});
