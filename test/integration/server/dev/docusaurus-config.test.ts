import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fixtureCopies } from '../../../helpers/fixtureCopies.js';
import { startDevServer, type DevServer } from '../../../../src/server/dev/server.js';
import { devEvents } from '../../../helpers/devEvents.js';

// `sitegen dev` in a Docusaurus site's folder with no site.config.ts (test/fixtures/docusaurus-live-site,
// copied to a temporary folder): it serves the site its docusaurus.config.js describes, and an edit of
// that file rebuilds and reloads the open pages as an edit of site.config.ts does.

const copies = fixtureCopies('docusaurus-live-site');
const dir = copies.copy('dev');
let dev: DevServer;

beforeAll(async () => {
  dev = await startDevServer({ configFile: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', persist: false, log: () => undefined });
  await dev.ready;
});

afterAll(async () => {
  await dev?.close();
  copies.remove();
});

function getText(target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(target, dev.url), (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe('sitegen dev with a Docusaurus config', () => {
  it('serves its site and reloads when docusaurus.config.js changes', async () => {
    expect(await getText('/docs/next/trimming-wicks/')).toContain('Lamp Room Notes');
    const events = await devEvents(dev.url);
    await events.next((e) => e.type === 'hello');
    const file = path.join(dir, 'docusaurus.config.js');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("title: 'Lamp Room Notes'", "title: 'Lamp Room Journal'"));
    await events.next((e) => e.type === 'reload' && e.paths === 'all');
    expect(await getText('/docs/next/trimming-wicks/')).toContain('Lamp Room Journal');
    events.close();
  });
});
