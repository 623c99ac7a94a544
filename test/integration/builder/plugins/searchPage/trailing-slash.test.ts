import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../../../src/builder/build.js';
import { createStaticHandler } from '../../../../../src/server/serve/staticServer.js';
import { searchPageUrl } from '../../../../../src/theme/components/search/searchUrl.js';
import { initFromDocusaurus } from '../../../../../src/tools/init/initFromDocusaurus.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { fixtureCopies } from '../../../../helpers/fixtureCopies.js';
import { loopbackServer, rawRequest } from '../../../../helpers/rawHttp.js';
import { pagePayload } from '../../../../helpers/site.js';

// The search page honours the site's trailingSlash (fixture test/fixtures/search-trailing-slash), as
// Docusaurus's search plugins route it: `false` writes search.html, served at /search (the search
// bar's "see all" link and the page's own url say /search?q=...); `true` writes search/index.html.
// Three ways: sitegen's config (site.config.ts, site.slash.config.ts); the same site's
// docusaurus.config.js read as it stands (a copy with no site.config.ts); the config `init` writes from it.

const fixture = path.join(repoRoot, 'test/fixtures/search-trailing-slash');
const outs: string[] = [];
// Outside the repository: the repository's own @docusaurus/core is not found above the copies.
const copies = fixtureCopies('search-trailing-slash');
afterAll(() => {
  outs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  copies.remove();
});

type Way = 'site.config.ts' | 'docusaurus.config.js' | 'init';

async function buildInto(way: Way, trailingSlash: boolean): Promise<string> {
  const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-search-slash-')), 'build');
  outs.push(path.dirname(outDir));
  if (way === 'site.config.ts') {
    await build({ configFile: path.join(fixture, trailingSlash ? 'site.slash.config.ts' : 'site.config.ts'), outDir });
    return outDir;
  }
  const dir = copies.copy(`${way}-${trailingSlash}`);
  for (const f of ['site.config.ts', 'site.slash.config.ts']) fs.rmSync(path.join(dir, f));
  const docusaurusConfig = path.join(dir, 'docusaurus.config.js');
  if (trailingSlash) fs.writeFileSync(docusaurusConfig, fs.readFileSync(docusaurusConfig, 'utf8').replace(/^  trailingSlash: false,$/m, '  trailingSlash: true,'));
  const configFile = way === 'init' ? (await initFromDocusaurus({ dir })).siteConfig : path.join(dir, 'site.config.ts');
  await build({ configFile, outDir });
  return outDir;
}

describe.each<Way>(['site.config.ts', 'docusaurus.config.js', 'init'])('the search page and trailingSlash (%s)', (way) => {
  it('false: search.html in each locale, served at /search', async () => {
    const out = await buildInto(way, false);
    expect(fs.existsSync(path.join(out, 'search.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'zh/search.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(false);
    const html = fs.readFileSync(path.join(out, 'search.html'), 'utf8');
    expect(pagePayload(html).page.route).toBe('/search');
    expect(html).toContain('<link rel="canonical" href="https://example.com/search">');
    const server = await loopbackServer(createStaticHandler({ root: out, baseUrl: '/', localePrefixes: ['/zh/'], trailingSlash: false }));
    try {
      for (const target of ['/search', '/search?q=agent', '/zh/search']) expect((await rawRequest({ port: server.port, target })).status, target).toBe(200);
    } finally {
      await server.close();
    }
    expect(searchPageUrl('/zh/', 'agent', { trailingSlash: false })).toBe('/zh/search?q=agent');
  });

  it('true: search/index.html, at /search/', async () => {
    const out = await buildInto(way, true);
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'search.html'))).toBe(false);
    expect(pagePayload(fs.readFileSync(path.join(out, 'search/index.html'), 'utf8')).page.route).toBe('/search/');
    expect(searchPageUrl('/', 'agent', { trailingSlash: true })).toBe('/search/?q=agent');
    expect(searchPageUrl('/', 'agent')).toBe('/search/?q=agent');
  });
});
