import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../../../src/builder/build.js';
import { createStaticHandler } from '../../../../../src/server/serve/staticServer.js';
import { searchPageUrl } from '../../../../../src/theme/components/search/searchUrl.js';
import { repoRoot } from '../../../../helpers/paths.js';
import { loopbackServer, rawRequest } from '../../../../helpers/rawHttp.js';
import { pagePayload } from '../../../../helpers/site.js';

// The search page honours the site's trailingSlash (fixture test/fixtures/search-trailing-slash), as
// Docusaurus's search plugins route it: `false` writes search.html, served at /search (the search
// bar's "see all" link and the page's own url say /search?q=...); `true` writes search/index.html.

const fixture = path.join(repoRoot, 'test/fixtures/search-trailing-slash');
const outs: string[] = [];
afterAll(() => outs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function buildInto(config: string): Promise<string> {
  const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-search-slash-')), 'build');
  outs.push(path.dirname(outDir));
  await build({ configFile: path.join(fixture, config), outDir });
  return outDir;
}

describe('the search page and trailingSlash', () => {
  it('false: search.html in each locale, served at /search', async () => {
    const out = await buildInto('site.config.ts');
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
    const out = await buildInto('site.slash.config.ts');
    expect(fs.existsSync(path.join(out, 'search/index.html'))).toBe(true);
    expect(pagePayload(fs.readFileSync(path.join(out, 'search/index.html'), 'utf8')).page.route).toBe('/search/');
    expect(searchPageUrl('/', 'agent', { trailingSlash: true })).toBe('/search/?q=agent');
    expect(searchPageUrl('/', 'agent')).toBe('/search/?q=agent');
  });
});
