import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../../src/builder/build.js';
import { createStaticHandler } from '../../../../src/server/serve/staticServer.js';
import { repoRoot } from '../../../helpers/paths.js';
import { loopbackServer, rawRequest } from '../../../helpers/rawHttp.js';

// static/ under every locale's prefix (fixture test/fixtures/locale-static), as Docusaurus copies it
// into each locale's build: the page's relative `img/a.png` is /zh/img/a.png on the Chinese home
// page, a file of the output there, served, and a link to it is not broken.

const fixture = path.join(repoRoot, 'test/fixtures/locale-static');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function buildInto(locale?: string): Promise<string> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-locale-static-'));
  temps.push(temp);
  const outDir = path.join(temp, 'build');
  await build({ configFile: path.join(fixture, 'site.config.ts'), outDir, locale });
  return outDir;
}

const source = fs.readFileSync(path.join(fixture, 'static/img/a.png'));

describe('static files in every locale', () => {
  it('are written under each locale prefix and served there', async () => {
    const out = await buildInto();
    for (const file of ['img/a.png', 'zh/img/a.png']) expect(fs.readFileSync(path.join(out, file)).equals(source), file).toBe(true);
    expect(fs.existsSync(path.join(out, 'zh/robots-extra.txt'))).toBe(true);
    expect(fs.readFileSync(path.join(out, 'zh/index.html'), 'utf8')).toContain('<img class="relative" src="img/a.png"');
    const server = await loopbackServer(createStaticHandler({ root: out, baseUrl: '/', localePrefixes: ['/zh/'] }));
    try {
      const res = await rawRequest({ port: server.port, target: '/zh/img/a.png' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    } finally {
      await server.close();
    }
  });

  it('also when one locale is built alone', async () => {
    const out = await buildInto('zh');
    expect(fs.readFileSync(path.join(out, 'zh/img/a.png')).equals(source)).toBe(true);
  });
});
