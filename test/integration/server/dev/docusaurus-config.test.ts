import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fixtureCopies } from '../../../helpers/fixtureCopies.js';
import { startDevServer } from '../../../../src/server/dev/server.js';
import { initFromDocusaurus } from '../../../../src/tools/init/initFromDocusaurus.js';
import { devEvents } from '../../../helpers/devEvents.js';

// `sitegen dev` in a Docusaurus site's folder (test/fixtures/docusaurus-live-site, copied to a temporary
// folder), with no site.config.ts and with the one `init` writes (which reads the Docusaurus config):
// either way an edit of docusaurus.config.js (its editUrl function) rebuilds and reloads the open pages
// as an edit of site.config.ts does.

const copies = fixtureCopies('docusaurus-live-site');
afterAll(() => copies.remove());

function getText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/** Serves the site in `dir`, changes the edit links' function in its docusaurus.config.js, and returns a page's text before and after the reload. */
async function editWhileServed(dir: string): Promise<[string, string]> {
  const dev = await startDevServer({ configFile: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', persist: false, log: () => undefined });
  try {
    await dev.ready;
    const page = new URL('/docs/next/trimming-wicks/', dev.url).href;
    const before = await getText(page);
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    const file = path.join(dir, 'docusaurus.config.js');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('https://edit.lamp-room.example/${locale}/', 'https://edit.lamp-room.example/v2/${locale}/'));
    await events.next((e) => e.type === 'reload');
    events.close();
    return [before, await getText(page)];
  } finally {
    await dev.close();
  }
}

describe('sitegen dev with a Docusaurus config', () => {
  it('serves the site of docusaurus.config.js with no site.config.ts, and reloads when it changes', async () => {
    const [before, after] = await editWhileServed(copies.copy('in-place'));
    expect(before).toContain('href="https://edit.lamp-room.example/en/docs/trimming-wicks.md"');
    expect(after).toContain('href="https://edit.lamp-room.example/v2/en/docs/trimming-wicks.md"');
  });

  it("reloads when the docusaurus.config.js that init's site.config.ts reads changes", async () => {
    const dir = copies.copy('init');
    await initFromDocusaurus({ dir });
    const [before, after] = await editWhileServed(dir);
    expect(before).toContain('href="https://edit.lamp-room.example/en/docs/trimming-wicks.md"');
    expect(after).toContain('href="https://edit.lamp-room.example/v2/en/docs/trimming-wicks.md"');
  });
});
